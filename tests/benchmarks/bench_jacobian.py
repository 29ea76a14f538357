"""Benchmark (not a test): the vectorised jacobian of tanh(W @ x), x in R^100, against a Python
loop of 100 gradient calls. tfshim's jacobian runs ONE batched backward pass; the loop runs 100.

    python tests/benchmarks/bench_jacobian.py        # prints both timings and the ratio (must be >= 10)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import tfshim as tf  # noqa: E402

N = 100


def _activation(z: tf.Tensor) -> tf.Tensor:
    # tanh and matmul may still be landing in math_ops / linalg_ops: fall back to what exists.
    if hasattr(tf, "tanh"):
        return tf.tanh(z)
    e = tf.exp(-2.0 * z)
    return (1.0 - e) / (1.0 + e)


def _matvec(w: tf.Tensor, x: tf.Tensor) -> tf.Tensor:
    if hasattr(tf, "matmul"):
        return tf.reshape(tf.matmul(w, tf.reshape(x, [N, 1])), [N])
    return tf.reduce_sum(w * x, axis=1)


def _forward(w: tf.Tensor, x: tf.Tensor, persistent: bool) -> tuple:
    tape = tf.GradientTape(persistent=persistent)
    with tape:
        tape.watch(x)
        y = _activation(_matvec(w, x))
    return tape, y


def vectorised(w: tf.Tensor, x: tf.Tensor) -> np.ndarray:
    tape, y = _forward(w, x, persistent=False)
    return tape.jacobian(y, x).numpy()


def looped(w: tf.Tensor, x: tf.Tensor) -> np.ndarray:
    tape, y = _forward(w, x, persistent=True)
    eye = np.eye(N, dtype=np.float32)
    rows = [tape.gradient(y, x, output_gradients=tf.constant(eye[i])).numpy() for i in range(N)]
    return np.stack(rows)


def best_of(fn: object, repeat: int, *args: object) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> int:
    rng = np.random.default_rng(0)
    w = tf.constant(rng.standard_normal((N, N)).astype(np.float32) / 10)
    x = tf.constant(rng.standard_normal(N).astype(np.float32))
    np.testing.assert_allclose(vectorised(w, x), looped(w, x), rtol=1e-5, atol=1e-6)
    tv = best_of(vectorised, 20, w, x)
    tl = best_of(looped, 5, w, x)
    ratio = tl / tv
    print(f"jacobian of tanh(W @ x), n={N}: vectorised {tv * 1e3:.2f} ms, loop of {N} gradients "
          f"{tl * 1e3:.2f} ms, ratio {ratio:.1f}x")
    return 0 if ratio >= 10 else 1


if __name__ == "__main__":
    sys.exit(main())
