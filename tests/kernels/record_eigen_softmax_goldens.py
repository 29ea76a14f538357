"""Record bit-exact goldens for tfshim.kernels.eigen_softmax (Softmax, LogSoftmax, SoftmaxCrossEntropyWithLogits,
SparseSoftmaxCrossEntropyWithLogits) from real TF.

Run under the TF oracle python::

    ~/.cache/tfshim-tf-oracle/bin/python tests/kernels/record_eigen_softmax_goldens.py

It writes ``tests/kernels/goldens/eigen_softmax.npz``: per dtype, TF's six outputs (softmax, log_softmax,
xent loss and backprop, sparse xent loss and backprop) in full for the small ``FULL`` shapes (concatenated)
and special values, and as SHA-256 digests (16 bytes) for the ``DIGEST`` shapes that cross Eigen's tiling
block sizes and reduction-tree leaves (so the file stays small).
Inputs come from an integer generator (``case_inputs``), identical on every platform and NumPy version.
The same cases and helpers serve the live test ``test_eigen_softmax_vs_tf.py``.
"""

from __future__ import annotations

import hashlib
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "eigen_softmax.npz")

try:
    from .record_goldens import save_goldens
except ImportError:  # run as a script
    sys.path.insert(0, HERE)
    from record_goldens import save_goldens

DTYPES = ("float16", "float32", "float64")
OUTPUTS = ("softmax", "log_softmax", "xent_loss", "xent_backprop", "sparse_loss", "sparse_backprop")
# Small shapes (outputs kept in full) and "specials" (+-inf, NaN, huge and underflowing logits).
FULL = ((1, 1), (1, 7), (3, 10), (9, 8), (13, 17), (2, 40))
# Shapes around Eigen's tiled block sizes (half/float/double: softmax exp 6464/-/2539 coefficients, xent
# backprop 5079/4507/1777), reduction-tree leaves (class counts > 1600 / 8192 / 4096) and the batch tail.
DIGEST = ((100, 33), (3000, 7), (700, 13), (3, 2540), (2, 1778), (2, 4600), (2, 5100), (1, 6500), (5, 1803),
          (3, 8195), (3, 4099), (37, 300), (129, 65))


def case_inputs(dt, shape: tuple, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(logits, labels, sparse labels) from a 64-bit LCG: logits in [-8, 8), labels rows summing to ~1."""
    dt = np.dtype(dt)
    n = int(np.prod(shape))
    i = np.arange(3 * n + shape[0], dtype=np.uint64)
    with np.errstate(over="ignore"):
        u = (i + np.uint64(seed * 7919 + 1)) * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
        u ^= u >> np.uint64(29)
        u *= np.uint64(6364136223846793005)
    f = (u >> np.uint64(11)).astype(np.float64) * 2.0**-53  # [0, 1), exact
    logits = (f[:n] * 16.0 - 8.0).reshape(shape)
    if seed % 3 == 1:  # wide range: underflowing exp
        logits = logits * 20.0
    labels = f[n : 2 * n].reshape(shape)
    labels = labels / np.cumsum(labels, axis=1)[:, -1:]  # a sequential sum: NumPy's pairwise sum varies by version
    sparse = ((u[2 * n : 2 * n + shape[0]] >> np.uint64(33)) % np.uint64(shape[1])).astype(np.int32)
    return logits.astype(dt), labels.astype(dt), sparse


def probe_inputs(dt) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """15 rows of exp(x) ~ 0 except a 0 (the max) and one value whose packet and glibc exp differ enough to
    change 1 + exp(x).  Row r probes column K/2 - 8 + r, where a reduction-tree leaf ends (K just over
    P * 1024, for half P * 200, classes); 15 rows also give the log a batch % P tail."""
    dt = np.dtype(dt)
    k = {"float16": 1603, "float32": 8195, "float64": 4099}[dt.name]
    x = np.full((15, k), -200.0, dt)
    x[:, 0] = 0
    cols = k // 2 - 8 + np.arange(15)
    x[np.arange(15), cols] = -0.052 if dt.name == "float64" else -0.05
    return x, np.full(x.shape, 1.0 / k, dt), cols.astype(np.int32)


def log_probe_inputs(dt) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """9 rows [0, t]: log(1 + exp(t)) differs between Eigen's packet log (rows 0-7) and glibc's (row 8)."""
    dt = np.dtype(dt)
    x = np.zeros((9, 2), dt)
    x[:, 1] = -0.018 if dt.name == "float64" else -0.092
    return x, np.full(x.shape, 0.5, dt), np.zeros(9, np.int32)


def special_inputs(dt) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    dt = np.dtype(dt)
    big = float(np.finfo(dt).max)
    rows = [[0.0, 1.0, 2.0, 3.0, -1.0], [np.inf, 0.0, 1.0, 2.0, 3.0], [-np.inf, 0.0, 1.0, -np.inf, 2.0],
            [-np.inf] * 5, [np.inf, np.inf, 0.0, 1.0, 2.0], [np.nan, 0.0, 1.0, 2.0, 3.0], [big, -big, 0.0, big, 1.0],
            [0.0, -80.0, -87.3, -90.0, -745.0], [0.0, -16.0, -17.5, -20.0, -30.0]]  # fmt: skip
    with np.errstate(over="ignore"):
        x = np.array(rows, np.float64).astype(dt)
    labels = np.full(x.shape, 0.2, dt)
    labels[0, 0] = np.inf
    return x, labels, np.array([2, 1, 0, 3, 2, 4, 0, 1, 3], np.int32)


def tf_outputs(tf, x: np.ndarray, labels: np.ndarray, sparse: np.ndarray) -> list[np.ndarray]:
    xent = tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=x, labels=labels)
    sxent = tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=x, labels=sparse)
    return [t.numpy() for t in (tf.raw_ops.Softmax(logits=x), tf.raw_ops.LogSoftmax(logits=x), *xent, *sxent)]


def shim_outputs(x: np.ndarray, labels: np.ndarray, sparse: np.ndarray) -> list[np.ndarray]:
    from tfshim.kernels import eigen_softmax as es

    return [es.softmax(x), es.log_softmax(x), *es.softmax_xent(x, labels), *es.sparse_softmax_xent(x, sparse)]


def digest(a: np.ndarray) -> np.ndarray:
    """The first 16 bytes of the SHA-256 of dtype, shape and bits."""
    a = np.ascontiguousarray(a)
    return np.frombuffer(hashlib.sha256(f"{a.dtype.str}{a.shape}".encode() + a.tobytes()).digest()[:16], np.uint8)


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    data: dict[str, np.ndarray] = {}
    for dt in DTYPES:
        full = [tf_outputs(tf, *case_inputs(dt, shape, k)) for k, shape in enumerate(FULL)]
        for j, name in enumerate(OUTPUTS):  # one flat array per output: the FULL cases in order
            data[f"{dt}/{name}"] = np.concatenate([outs[j].ravel() for outs in full])
        for case, inputs in (("specials", special_inputs), ("logprobe", log_probe_inputs)):
            for name, out in zip(OUTPUTS, tf_outputs(tf, *inputs(dt))):
                data[f"{dt}/{case}/{name}"] = out
        data[f"{dt}/sha256"] = np.stack(
            [np.stack([digest(o) for o in tf_outputs(tf, *case_inputs(dt, shape, 100 + k))])
             for k, shape in enumerate(DIGEST)])
        data[f"{dt}/probe/sha256"] = np.stack([digest(o) for o in tf_outputs(tf, *probe_inputs(dt))])
    save_goldens(GOLDEN_PATH, data, tf)


if __name__ == "__main__":
    main()
