"""tfshim's performance workloads against a hand-written NumPy baseline (and real TF when importable).

    python tests/benchmarks/run.py            # all workloads, medians, ratios to NumPy
    python tests/benchmarks/run.py --quick    # fewer repeats

Run it under a Python with TensorFlow installed (e.g. the tf-oracle venv with PYTHONPATH=.) to add TF's column.
Not part of the test run: no test asserts a timing.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import tfshim  # noqa: E402

try:
    import tensorflow as real_tf  # type: ignore[import-not-found]
except ImportError:
    real_tf = None

REPEATS = 3 if "--quick" in sys.argv else 7


def median_time(fn: Callable[[], Any], repeats: int = REPEATS) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


# ----- 1. import -------------------------------------------------------------------------------
def import_time(module: str, python: str = sys.executable) -> float:
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        subprocess.run([python, "-c", f"import {module}"], check=True, capture_output=True,
                       env={"PYTHONPATH": str(ROOT), "TF_CPP_MIN_LOG_LEVEL": "3"})
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


# ----- 2. per-op overhead ------------------------------------------------------------------------
def per_op(tf: Any) -> Callable[[], Any]:
    def run() -> Any:
        x = tf.Variable(1.0001)
        with tf.GradientTape() as g:
            y = x * 1.0
            for _ in range(1000):
                y = y * x + 1.0
        return g.gradient(y, x)

    return run


def per_op_numpy() -> Any:
    x = np.float32(1.0001)
    ys = [x]
    y = x
    for _ in range(1000):
        y = y * x + np.float32(1.0)
        ys.append(y)
    g, dx = np.float32(1.0), np.float32(0.0)
    for i in range(1000, 0, -1):
        dx += g * ys[i - 1]
        g = g * x
    return dx + g


# ----- 3. MLP step ------------------------------------------------------------------------------------
rng = np.random.default_rng(0)
X = rng.standard_normal((64, 784)).astype(np.float32)
Y = rng.integers(0, 10, 64).astype(np.int32)
W1_0 = (rng.standard_normal((784, 128)) * 0.05).astype(np.float32)
W2_0 = (rng.standard_normal((128, 10)) * 0.05).astype(np.float32)


def mlp(tf: Any) -> Callable[[], Any]:
    def run() -> Any:
        w1, b1 = tf.Variable(W1_0), tf.Variable(np.zeros(128, np.float32))
        w2, b2 = tf.Variable(W2_0), tf.Variable(np.zeros(10, np.float32))
        x, y = tf.constant(X), tf.constant(Y)
        for _ in range(20):
            with tf.GradientTape() as g:
                h = tf.nn.relu(tf.matmul(x, w1) + b1)
                logits = tf.matmul(h, w2) + b2
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
            grads = g.gradient(loss, [w1, b1, w2, b2])
            for v, gr in zip([w1, b1, w2, b2], grads):
                v.assign_sub(0.1 * gr)
        return loss

    return run


def mlp_numpy() -> Any:
    w1, b1, w2, b2 = W1_0.copy(), np.zeros(128, np.float32), W2_0.copy(), np.zeros(10, np.float32)
    for _ in range(20):
        a = X @ w1 + b1
        h = np.maximum(a, 0)
        logits = h @ w2 + b2
        z = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(z)
        p = e / e.sum(axis=1, keepdims=True)
        loss = np.mean(np.log(e.sum(axis=1)) - z[np.arange(64), Y])
        d = p.copy()
        d[np.arange(64), Y] -= 1
        d /= 64
        gw2, gb2 = h.T @ d, d.sum(0)
        dh = (d @ w2.T) * (a > 0)
        gw1, gb1 = X.T @ dh, dh.sum(0)
        w1 -= 0.1 * gw1
        b1 -= 0.1 * gb1
        w2 -= 0.1 * gw2
        b2 -= 0.1 * gb2
    return loss


# ----- 4. elementwise on 1e6 ------------------------------------------------------------------------
E = rng.standard_normal(10**6).astype(np.float32)


def elementwise(tf: Any) -> Callable[[], Any]:
    x = tf.constant(E)

    def run() -> Any:
        with tf.GradientTape() as g:
            g.watch(x)
            y = tf.reduce_sum(tf.tanh(x) * tf.exp(-x * x) + x ** 2)
        return g.gradient(y, x)

    return run


def elementwise_numpy() -> Any:
    x = E
    t = np.tanh(x)
    e = np.exp(-x * x)
    _ = np.sum(t * e + x**2)
    return (1 - t * t) * e + t * e * (-2 * x) + 2 * x


# ----- 5. matmul ---------------------------------------------------------------------------------------
A = rng.standard_normal((1024, 1024)).astype(np.float32)
B = rng.standard_normal((1024, 1024)).astype(np.float32)


def matmul(tf: Any) -> Callable[[], Any]:
    a, b = tf.constant(A), tf.constant(B)

    def run() -> Any:
        with tf.GradientTape() as g:
            g.watch([a, b])
            y = tf.reduce_sum(tf.matmul(a, b))
        return g.gradient(y, [a, b])

    return run


def matmul_numpy() -> Any:
    _ = np.sum(A @ B)
    ones = np.ones((1024, 1024), np.float32)
    return ones @ B.T, A.T @ ones


# ----- 6. jacobian ------------------------------------------------------------------------------------
WJ = rng.standard_normal((100, 100)).astype(np.float32) * 0.1
XJ = rng.standard_normal((100, 1)).astype(np.float32)


def jacobian(tf: Any) -> Callable[[], Any]:
    w, x = tf.constant(WJ), tf.constant(XJ)

    def run() -> Any:
        with tf.GradientTape() as g:
            g.watch(x)
            y = tf.tanh(tf.matmul(w, x))
        return g.jacobian(y, x)

    return run


def jacobian_numpy() -> Any:
    y = np.tanh(WJ @ XJ)
    return ((1 - y * y) * WJ).reshape(100, 1, 100, 1)


# ----- 7. Keras fit: MLP, 10 epochs on 10,000 samples ---------------------------------------------------
XF = rng.standard_normal((10_000, 20)).astype(np.float32)
YF = (XF[:, :10].sum(axis=1) > XF[:, 10:].sum(axis=1)).astype(np.int64)

FIT_SCRIPT = """
import time, numpy as np
def run(tf, x, y):
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((20,)), tf.keras.layers.Dense(64, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    t0 = time.perf_counter()
    model.fit(x, y, epochs=10, batch_size=32, verbose=0)
    return time.perf_counter() - t0
"""


def fit_time_tfshim() -> float:
    scope: dict = {}
    exec(FIT_SCRIPT, scope)  # noqa: S102 - the same code runs in TF's process below
    return min(scope["run"](tfshim, XF, YF) for _ in range(2))


def fit_time_tf() -> float | None:
    """TF's fit in its own process (TF's threads and graph caches would otherwise share this one)."""
    python = sys.executable if real_tf is not None else None
    if python is None:
        return None
    code = (FIT_SCRIPT + "\nimport sys, tensorflow as tf\nrng = np.random.default_rng(0)\n"
            "x = np.load(sys.argv[1]); y = np.load(sys.argv[2])\n"
            "print(min(run(tf, x, y) for _ in range(2)))\n")
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        np.save(f"{d}/x.npy", XF)
        np.save(f"{d}/y.npy", YF)
        out = subprocess.run([python, "-c", code, f"{d}/x.npy", f"{d}/y.npy"], capture_output=True, text=True,
                             env={"TF_CPP_MIN_LOG_LEVEL": "3", "PATH": "/usr/bin:/bin"})
    return float(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else None


def fit_numpy() -> float:
    """The same MLP and SGD steps written by hand in NumPy (no metrics, no callbacks)."""
    t0 = time.perf_counter()
    r = np.random.default_rng(0)
    w1 = (r.standard_normal((20, 64)) * 0.1).astype(np.float32)
    b1 = np.zeros(64, np.float32)
    w2 = (r.standard_normal((64, 2)) * 0.1).astype(np.float32)
    b2 = np.zeros(2, np.float32)
    for _ in range(10):
        perm = r.permutation(len(XF))
        for i in range(0, len(XF), 32):
            idx = perm[i:i + 32]
            x, y = XF[idx], YF[idx]
            a = x @ w1 + b1
            h = np.maximum(a, 0)
            z = h @ w2 + b2
            z = z - z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            d = p
            d[np.arange(len(y)), y] -= 1
            d /= len(y)
            dh = (d @ w2.T) * (a > 0)
            w2 -= 0.05 * (h.T @ d)
            b2 -= 0.05 * d.sum(0)
            w1 -= 0.05 * (x.T @ dh)
            b1 -= 0.05 * dh.sum(0)
    return time.perf_counter() - t0


# ----- 8. memory ----------------------------------------------------------------------------------------
def peak_memory(fn: Callable[[], Any]) -> int:
    fn()
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    rows = []
    np_import = import_time("numpy")
    shim_import = import_time("tfshim")
    tf_import = import_time("tensorflow") if real_tf is not None else None
    rows.append(("import", shim_import, np_import, tf_import))
    workloads = [("per-op chain (1000 steps)", per_op, per_op_numpy), ("MLP step x20", mlp, mlp_numpy),
                 ("1e6 elementwise fwd+bwd", elementwise, elementwise_numpy),
                 ("1024^2 matmul, both grads", matmul, matmul_numpy),
                 ("jacobian tanh(W@x), n=100", jacobian, jacobian_numpy)]
    for name, make, baseline in workloads:
        try:
            shim_t = median_time(make(tfshim))
        except Exception as e:  # noqa: BLE001 - report, keep going
            print(f"{name}: tfshim failed: {type(e).__name__}: {e}")
            continue
        np_t = median_time(baseline)
        tf_t = median_time(make(real_tf)) if real_tf is not None else None
        rows.append((name, shim_t, np_t, tf_t))
    try:
        rows.append(("Keras fit MLP, 10 ep x 10k", fit_time_tfshim(), fit_numpy(), fit_time_tf()))
    except Exception as e:  # noqa: BLE001 - report, keep going
        print(f"Keras fit: tfshim failed: {type(e).__name__}: {e}")
    print(f"{'workload':32} {'tfshim':>10} {'numpy':>10} {'ratio':>8} {'TF':>10} {'TF ratio':>9}")
    for name, s, n, t in rows:
        tf_cols = f"{t * 1e3:9.2f}ms {t / n:8.1f}x" if t is not None else f"{'-':>10} {'-':>9}"
        print(f"{name:32} {s * 1e3:8.2f}ms {n * 1e3:8.2f}ms {s / n:7.2f}x {tf_cols}")
    per_op_us = rows[1][1] / 2000 * 1e6 if len(rows) > 1 else float("nan")
    print(f"per recorded op (fwd+bwd): {per_op_us:.2f} us")
    shim_peak = peak_memory(elementwise(tfshim))
    np_peak = peak_memory(elementwise_numpy)
    print(f"peak memory, 1e6 elementwise: tfshim {shim_peak / 2**20:.1f} MiB, numpy {np_peak / 2**20:.1f} MiB, "
          f"ratio {shim_peak / np_peak:.2f}x")


if __name__ == "__main__":
    main()
