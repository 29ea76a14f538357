"""tfshim's performance workloads against a hand-written NumPy baseline and real TF.

    python tests/benchmarks/run.py            # all workloads, medians, ratios to NumPy
    python tests/benchmarks/run.py --quick    # fewer repeats

Each framework runs in its own fresh process (importing TF slows NumPy in the same process): hand NumPy, tfshim
with its compiled kernels, tfshim with TFSHIM_PURE=1 (the NumPy kernels), and real TF when this Python has it (else
the TF oracle's Python, ~/.cache/tfshim-tf-oracle/bin/python, if it exists). Not part of the test run: no test
asserts a timing.
"""

from __future__ import annotations

import json
import os
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
ORACLE = Path.home() / ".cache" / "tfshim-tf-oracle" / "bin" / "python"
REPEATS = 3 if "--quick" in sys.argv else 7


def median_time(fn: Callable[[], Any], repeats: int = REPEATS, warm_up: bool = True) -> float:
    if warm_up:
        fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


# ----- 1. import -------------------------------------------------------------------------------
def import_time(module: str, python: str = sys.executable, env: dict | None = None) -> float:
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        subprocess.run([python, "-c", f"import {module}"], check=True, capture_output=True,
                       env={"PYTHONPATH": str(ROOT), "TF_CPP_MIN_LOG_LEVEL": "3", **(env or {})})
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


# ----- 7. CNN step -------------------------------------------------------------------------------------
XC = rng.standard_normal((64, 28, 28, 1)).astype(np.float32)
YC = rng.integers(0, 10, 64).astype(np.int32)
KC_0 = (rng.standard_normal((3, 3, 1, 32)) * 0.3).astype(np.float32)
WC_0 = (rng.standard_normal((26 * 26 * 32, 10)) * 0.01).astype(np.float32)


def cnn(tf: Any) -> Callable[[], Any]:
    """conv2d 28x28x1 -> 32 filters 3x3 (VALID) + relu, dense head to 10 classes, batch 64: 5 SGD steps."""

    def run() -> Any:
        k, bk = tf.Variable(KC_0), tf.Variable(np.zeros(32, np.float32))
        w, b = tf.Variable(WC_0), tf.Variable(np.zeros(10, np.float32))
        x, y = tf.constant(XC), tf.constant(YC)
        for _ in range(5):
            with tf.GradientTape() as g:
                h = tf.nn.relu(tf.nn.conv2d(x, k, strides=1, padding="VALID") + bk)
                logits = tf.matmul(tf.reshape(h, (64, -1)), w) + b
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
            grads = g.gradient(loss, [k, bk, w, b])
            for v, gr in zip([k, bk, w, b], grads):
                v.assign_sub(0.1 * gr)
        return loss

    return run


def cnn_numpy() -> Any:
    k, bk, w, b = KC_0.copy(), np.zeros(32, np.float32), WC_0.copy(), np.zeros(10, np.float32)
    cols = np.lib.stride_tricks.sliding_window_view(XC[..., 0], (3, 3), axis=(1, 2)).reshape(64 * 26 * 26, 9)
    for _ in range(5):
        a = (cols @ k.reshape(9, 32) + bk).reshape(64, -1)
        h = np.maximum(a, 0)
        logits = h @ w + b
        z = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(z)
        p = e / e.sum(axis=1, keepdims=True)
        loss = np.mean(np.log(e.sum(axis=1)) - z[np.arange(64), YC])
        d = p.copy()
        d[np.arange(64), YC] -= 1
        d /= 64
        gw, gb = h.T @ d, d.sum(0)
        da = ((d @ w.T) * (a > 0)).reshape(-1, 32)
        gk, gbk = (cols.T @ da).reshape(3, 3, 1, 32), da.sum(0)
        k -= 0.1 * gk
        bk -= 0.1 * gbk
        w -= 0.1 * gw
        b -= 0.1 * gb
    return loss


# ----- 8. memory ----------------------------------------------------------------------------------------
# ----- 8. Keras fit: MLP 20-64-2, SGD, batch 32, 10 epochs on 10,000 samples (timed once: tens of seconds) --
XF = rng.standard_normal((10_000, 20)).astype(np.float32)
YF = (XF[:, :10].sum(axis=1) > XF[:, 10:].sum(axis=1)).astype(np.int64)


def fit(tf: Any) -> Callable[[], Any]:
    def run() -> Any:
        tf.keras.utils.set_random_seed(0)
        model = tf.keras.Sequential([tf.keras.Input((20,)), tf.keras.layers.Dense(64, activation="relu"),
                                     tf.keras.layers.Dense(2)])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.05),
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
        return model.fit(XF, YF, epochs=10, batch_size=32, verbose=0)

    return run


def fit_numpy() -> Any:
    """The same MLP and SGD steps written by hand in NumPy (no metrics, no callbacks)."""
    r = np.random.default_rng(0)
    w1, b1 = (r.standard_normal((20, 64)) * 0.1).astype(np.float32), np.zeros(64, np.float32)
    w2, b2 = (r.standard_normal((64, 2)) * 0.1).astype(np.float32), np.zeros(2, np.float32)
    for _ in range(10):
        perm = r.permutation(len(XF))
        for i in range(0, len(XF), 32):
            idx = perm[i:i + 32]
            x, y = XF[idx], YF[idx]
            a = x @ w1 + b1
            h = np.maximum(a, 0)
            z = h @ w2 + b2
            p = np.exp(z - z.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(y)), y] -= 1
            d = p / len(y)
            dh = (d @ w2.T) * (a > 0)
            w2 -= 0.05 * (h.T @ d)
            b2 -= 0.05 * d.sum(0)
            w1 -= 0.05 * (x.T @ dh)
            b1 -= 0.05 * dh.sum(0)
    return w1


def peak_memory(fn: Callable[[], Any]) -> int:
    fn()
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


WORKLOADS = [("per-op chain (1000 steps)", per_op, per_op_numpy), ("MLP step x20", mlp, mlp_numpy),
             ("1e6 elementwise fwd+bwd", elementwise, elementwise_numpy),
             ("1024^2 matmul, both grads", matmul, matmul_numpy),
             ("jacobian tanh(W@x), n=100", jacobian, jacobian_numpy), ("CNN step x5 (conv 3x3x32)", cnn, cnn_numpy),
             ("Keras fit, 10 epochs x 10k", fit, fit_numpy)]
ONCE = {"Keras fit, 10 epochs x 10k"}  # timed once, not the median of REPEATS


def worker(framework: str) -> None:
    """Runs every workload on one framework in this (fresh) process; prints {name: seconds} as JSON."""
    sys.path.insert(0, str(ROOT))
    if framework == "numpy":
        fw = None
    elif framework == "tf":
        import tensorflow as fw  # type: ignore[import-not-found, no-redef]
    else:
        import tfshim as fw  # type: ignore[no-redef]
    out: dict = {}
    for name, make, baseline in WORKLOADS:
        try:
            once = name in ONCE
            out[name] = median_time(baseline if fw is None else make(fw), 1 if once else REPEATS, warm_up=not once)
        except Exception as e:  # noqa: BLE001 - report, keep going
            out[name] = f"{type(e).__name__}: {e}"
    out["peak"] = peak_memory(elementwise_numpy if fw is None else elementwise(fw))
    if framework.startswith("tfshim"):
        from tfshim.kernels import native

        out["kernels"] = native.describe()
    print("RESULT " + json.dumps(out))


def _tf_python() -> str | None:
    probe = subprocess.run([sys.executable, "-c", "import importlib.util as u; print(bool(u.find_spec('tensorflow')))"],
                           capture_output=True, text=True)
    if probe.stdout.strip() == "True":
        return sys.executable
    return str(ORACLE) if ORACLE.exists() else None


def run_worker(framework: str, python: str, env: dict) -> dict:
    args = [python, __file__, "--worker", framework] + (["--quick"] if "--quick" in sys.argv else [])
    proc = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3",
                                                                     "PYTHONPATH": str(ROOT), **env})
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    raise RuntimeError(f"{framework} worker failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")


def main() -> None:
    tf_python = _tf_python()
    cols = [("tfshim", "tfshim", sys.executable, {"TFSHIM_PURE": "0"}),
            ("pure", "tfshim", sys.executable, {"TFSHIM_PURE": "1"})]
    if tf_python is not None:
        cols.append(("TF", "tf", tf_python, {}))
    res = {"numpy": run_worker("numpy", sys.executable, {})}
    for label, fw, python, env in cols:
        res[label] = run_worker(fw if fw == "tf" else "tfshim", python, env)
    imports = {"numpy": import_time("numpy"), "tfshim": import_time("tfshim", env={"TFSHIM_PURE": "0"}),
               "pure": import_time("tfshim", env={"TFSHIM_PURE": "1"})}
    if tf_python is not None:
        imports["TF"] = import_time("tensorflow", tf_python)
    print(f"tfshim: {res['tfshim'].get('kernels')}; pure: {res['pure'].get('kernels')}"
          + (f"; TF: {tf_python}" if tf_python else "; TF: not found"))
    labels = [c[0] for c in cols]
    head = f"{'workload':28} {'numpy':>9}" + "".join(f" {lb:>9} {'ratio':>6}" for lb in labels)
    print(head)

    def row(name: str, values: dict) -> None:
        n = values["numpy"]
        cells = []
        for lb in labels:
            v = values.get(lb)
            cells.append(f" {v * 1e3:7.2f}ms {v / n:5.1f}x" if isinstance(v, float) else f" {'failed':>9} {'':>6}")
        print(f"{name:28} {n * 1e3:7.2f}ms" + "".join(cells))

    row("import", imports)
    for name, _, _ in WORKLOADS:
        row(name, {k: v[name] for k, v in res.items()})
    for lb in labels:
        v = res[lb]["per-op chain (1000 steps)"]
        if isinstance(v, float):
            print(f"per recorded op (fwd+bwd), {lb}: {v / 2000 * 1e6:.2f} us")
    print("peak memory (tracemalloc: NumPy allocations; TF's own are not traced), 1e6 elementwise: " + ", ".join(
        f"{k} {v['peak'] / 2**20:.1f} MiB ({v['peak'] / res['numpy']['peak']:.2f}x)" for k, v in res.items()
        if k != "TF"))
    for lb in labels:
        for name, v in res[lb].items():
            if isinstance(v, str) and name != "kernels":
                print(f"{lb}: {name}: {v}")


if __name__ == "__main__":
    if "--worker" in sys.argv:
        worker(sys.argv[sys.argv.index("--worker") + 1])
    else:
        main()
