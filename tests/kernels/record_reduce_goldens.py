"""Record bit-exact goldens for tfshim.kernels.eigen_reduce from real TensorFlow.

Run under the TF oracle python (``/work/shared/tools/tf-oracle``)::

    tf-oracle tests/kernels/record_reduce_goldens.py

Writes ``tests/kernels/goldens/reduce.npz``: SHA-256 digests of TF's output bytes for every
case of ``cases()``; inputs are regenerated from the per-case seed.
"""

from __future__ import annotations

import hashlib
import itertools
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "reduce.npz")

OPS = ("sum", "mean", "prod", "max", "min")
DTYPES = ("float16", "float32", "float64")
# Full-reduction sizes: leaf/tree boundaries (8*1024 float32, 4*1024 float64,
# 8*200 half) and the cost-model switch to 2 threads (float32 108389, float64
# 54194, half 131765).
SIZES = (
    list(range(1, 21))
    + [31, 32, 33, 64, 100, 1000, 1599, 1601, 4095, 4097, 8191, 8193, 10**4, 16385]
    + [54193, 54195, 10**5, 108387, 108389, 131765, 258461, 10**6]
)
SHAPES = ((3, 5), (16, 8), (17, 33), (100, 31), (3, 9000), (9000, 3), (3, 17, 5), (4, 20, 9), (2, 3, 5000),
          (5, 6, 7, 8), (33, 2, 16))


def make_input(op: str, dtype: str, shape: tuple, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if op == "prod":
        return (1 + 0.01 * rng.standard_normal(shape)).astype(dtype)
    return (3 * rng.standard_normal(shape)).astype(dtype)


def cases() -> list:
    """(op, dtype, shape, axes or None, seed)."""
    out = []
    seed = 0
    for dt in DTYPES:
        for n in SIZES:
            for op in OPS:
                if op in ("max", "min") and n > 10**4:
                    continue
                seed += 1
                out.append((op, dt, (n,), None, seed))
        for shape in SHAPES:
            for r in range(1, len(shape) + 1):
                for axes in itertools.combinations(range(len(shape)), r):
                    for op in ("sum", "mean", "prod", "max"):
                        seed += 1
                        out.append((op, dt, shape, axes, seed))
    return out


def tf_reduce(tf, op: str, x: np.ndarray, axes) -> np.ndarray:
    fn = {"sum": tf.reduce_sum, "mean": tf.reduce_mean, "prod": tf.reduce_prod, "max": tf.reduce_max,
          "min": tf.reduce_min}[op]
    return fn(x, axis=None if axes is None else list(axes)).numpy()


def digest(a: np.ndarray) -> bytes:
    """SHA-256 of the output's raw bytes: a bitwise comparison in 32 bytes."""
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).digest()


def main() -> None:
    import tensorflow as tf

    outs = [tf_reduce(tf, op, make_input(op, dt, shape, seed), axes) for op, dt, shape, axes, seed in cases()]
    digests = np.frombuffer(b"".join(digest(o) for o in outs), np.uint8).reshape(-1, 32)
    shapes = np.array([str(o.shape) for o in outs])
    np.savez_compressed(GOLDEN_PATH, digests=digests, shapes=shapes, tf_version=np.array(tf.__version__))
    print(f"wrote {len(outs)} cases to {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
