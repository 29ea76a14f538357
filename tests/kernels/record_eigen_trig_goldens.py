"""Record bit-exact goldens for tfshim.kernels.eigen_trig (tan, asin, acos, atan, atan2) from real TF.

Run under the TF oracle python::

    ~/.cache/tfshim-tf-oracle/bin/python tests/kernels/record_eigen_trig_goldens.py

It writes ``tests/kernels/goldens/eigen_trig.npz``: per dtype, inputs and TF's outputs for (a) one
tensor whose size is a multiple of 8 (float32/float64 packet path), (b) 7-element tensors (scalar
tail path), (c) a few sizes around the packet width, 0-d tensors and broadcast atan2 shapes.  The
input generators are shared with the live test ``test_eigen_trig_vs_tf.py``.
"""

from __future__ import annotations

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "eigen_trig.npz")

try:
    from .record_goldens import make_inputs, save_goldens
except ImportError:  # run as a script
    sys.path.insert(0, HERE)
    from record_goldens import make_inputs, save_goldens

DTYPES = ("float16", "float32", "float64")
UNARY = ("tan", "asin", "acos", "atan")
OPS = UNARY + ("atan2",)
SIZES = (1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 33)
# (y shape, x shape) pairs for broadcast atan2: TF's scalar_left/right and broadcasting evaluators.
BCAST = (((9,), ()), ((), (11,)), ((5, 1), (1, 7)), ((5, 7), (7,)), ((3, 1, 5), (1, 4, 1)), ((19,), (1,)))


def trig_inputs(dt, n: int, seed: int) -> np.ndarray:
    """Half wide-range inputs (make_inputs: bit patterns, ranges, specials), half in [-1, 1]
    with every asin/acos/atan/tan branch boundary covered (|x| near 2^-k, 0.5, 0.75, 0.92, 1)."""
    dt = np.dtype(dt)
    rng = np.random.default_rng(seed + 1000)
    wide = make_inputs(dt, n - n // 2, seed)
    m = n - wide.size
    q = max(1, m // 4)
    parts = [
        rng.uniform(-1.0, 1.0, q),
        np.copysign(1.0 - 10.0 ** rng.uniform(-16, -0.3, q), rng.uniform(-1, 1, q)),  # near +-1
        np.copysign(10.0 ** rng.uniform(-30, 0, q), rng.uniform(-1, 1, q)),  # small
        np.copysign(rng.uniform(0.0, 3.0, q), rng.uniform(-1, 1, q)),  # atan/tan reductions
    ]
    with np.errstate(over="ignore"):
        dom = np.concatenate(parts).astype(dt)
    x = np.concatenate([wide, dom])[:n]
    return np.ascontiguousarray(np.resize(x, n))


def atan2_specials(dt) -> tuple[np.ndarray, np.ndarray]:
    """All pairs of a small special set: zeros, infinities, NaN, +-1, subnormals, extremes."""
    dt = np.dtype(dt)
    fi = np.finfo(dt)
    s = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, float(fi.smallest_subnormal), -float(fi.tiny) / 2,
         float(fi.max), -float(fi.max), 3.0, -0.5, 1e-30]  # fmt: skip
    with np.errstate(over="ignore", under="ignore"):
        v = np.array(s, dtype=np.float64).astype(dt)
    yy, xx = np.meshgrid(v, v, indexing="ij")
    return yy.ravel().copy(), xx.ravel().copy()


def atan2_inputs(dt, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    ys, xs = atan2_specials(dt)
    y = np.concatenate([ys, trig_inputs(dt, n, seed)])[:n]
    x = np.concatenate([xs, trig_inputs(dt, n, seed + 7)[::-1]])[:n]
    return np.ascontiguousarray(y), np.ascontiguousarray(x)


def tf_op(tf, name: str, *args: np.ndarray) -> np.ndarray:
    return getattr(tf.math, name)(*[tf.constant(a) for a in args]).numpy()


def tf_op_tail(tf, name: str, *args: np.ndarray, width: int = 7) -> np.ndarray:
    """Evaluate in tensors of ``width`` (< 8) elements: every element takes the scalar path."""
    out = np.empty_like(args[0])
    for i in range(0, args[0].size, width):
        out[i : i + width] = tf_op(tf, name, *[a[i : i + width] for a in args])
    return out


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    data: dict[str, np.ndarray] = {}
    n_packet = {"float16": 1024, "float32": 1024, "float64": 768}
    n_tail = 196
    for dt in DTYPES:
        x = trig_inputs(dt, n_packet[dt], seed=1)
        y, x2 = atan2_inputs(dt, n_packet[dt], seed=2)
        xt = trig_inputs(dt, n_tail, seed=3)
        yt, xt2 = atan2_inputs(dt, n_tail, seed=4)
        data[f"{dt}/x"], data[f"{dt}/xtail"] = x, xt
        data[f"{dt}/atan2/y"], data[f"{dt}/atan2/x"] = y, x2
        data[f"{dt}/atan2/ytail"], data[f"{dt}/atan2/xtail"] = yt, xt2
        for op in UNARY:
            data[f"{dt}/{op}"] = tf_op(tf, op, x)
            data[f"{dt}/{op}/tail"] = tf_op_tail(tf, op, xt)
        data[f"{dt}/atan2"] = tf_op(tf, "atan2", y, x2)
        data[f"{dt}/atan2/tail"] = tf_op_tail(tf, "atan2", yt, xt2)
        # 0-d tensors (passed as 0-d arrays: TF caches Python-float scalars by value, -0.0 == 0.0)
        x0 = xt[:24]
        data[f"{dt}/x0d"] = x0
        for op in UNARY:
            data[f"{dt}/{op}/0d"] = np.array([tf_op(tf, op, np.array(v)) for v in x0])
        data[f"{dt}/atan2/0d"] = np.array(
            [tf_op(tf, "atan2", np.array(a), np.array(b)) for a, b in zip(yt[:24], xt2[:24])]
        )
    for dt in ("float32", "float64"):
        xs = trig_inputs(dt, 64, seed=5)
        ys = trig_inputs(dt, 64, seed=6)
        data[f"sizes/{dt}/x"], data[f"sizes/{dt}/y"] = xs, ys
        for nn in SIZES:
            data[f"sizes/{dt}/atan/{nn}"] = tf_op(tf, "atan", xs[:nn])
            data[f"sizes/{dt}/atan2/{nn}"] = tf_op(tf, "atan2", ys[:nn], xs[:nn])
        data[f"sizes/{dt}/atan/2d"] = tf_op(tf, "atan", xs[:63].reshape(7, 9))
        for i, (sy, sx) in enumerate(BCAST):
            yb = ys[: int(np.prod(sy))].reshape(sy)
            xb = xs[: int(np.prod(sx))].reshape(sx)
            data[f"bcast/{dt}/{i}"] = tf_op(tf, "atan2", yb, xb)
    save_goldens(GOLDEN_PATH, data, tf)


if __name__ == "__main__":
    main()
