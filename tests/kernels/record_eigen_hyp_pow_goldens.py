"""Record bit-exact goldens for tfshim.kernels.eigen_trig (sinh, cosh) / eigen_pow from real TensorFlow.

Run under the TF oracle python::

    PYTHONPATH=. ~/.cache/tfshim-tf-oracle/bin/python tests/kernels/record_eigen_hyp_pow_goldens.py

It writes ``tests/kernels/goldens/eigen_hyp_pow.npz``: inputs and TF's outputs of ``tf.math.sinh``,
``tf.math.cosh`` (float16/32/64) and ``tf.pow`` (float32/64) for one big tensor (packet path), many
7-element tensors and 0-d tensors (scalar path), the special-value cross product for pow (packet and
1-element), and broadcasting shapes whose packet/scalar split is per block row (tiled executor).
The input generators are shared with the live tests.
"""

from __future__ import annotations

import os

import numpy as np

try:  # imported by the tests as tests.kernels.*, or run as a script
    from .record_goldens import make_inputs, save_goldens, special_values
except ImportError:
    from record_goldens import make_inputs, save_goldens, special_values

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "eigen_hyp_pow.npz")

HYP_DTYPES = ("float16", "float32", "float64")
POW_DTYPES = ("float32", "float64")
HYP_OPS = ("sinh", "cosh")

# Broadcasting cases (x shape, y shape): collapsed rank >= 2 and larger than one Eigen block, so
# TF's scalar tail falls at the end of every block run, not only at the end of the tensor.
BCAST_CASES = {
    "float32": (((2, 13000), (2, 1)), ((7, 2003), (2003,)), ((6000, 3), (6000, 1)), ((2, 2, 6001), (2, 1, 1))),
    "float64": (((3, 9000), (3, 1)), ((7, 2003), (2003,)), ((2, 2, 6001), (2, 1, 1)), ((4000, 3), (1, 3))),
}


def hyp_ranges(dt, n: int, seed: int) -> np.ndarray:
    """Dense inputs around sinh/cosh branch points (|x| near 2^-28, ln2/2, 1, 22, 88.7/709.8, overflow)."""
    rng = np.random.default_rng(seed)
    q = n // 6
    lim = 92.0 if np.dtype(dt) != np.float64 else 712.0
    parts = [
        rng.uniform(-25, 25, q),
        rng.uniform(-1.1, 1.1, q),
        rng.uniform(-lim, lim, q),
        np.copysign(10.0 ** rng.uniform(-12, 0, q), rng.uniform(-1, 1, q)),
        rng.uniform(lim - 6, lim, q) * rng.choice([-1.0, 1.0], q),
        rng.uniform(17, 23, n - 5 * q),
    ]
    return np.concatenate(parts).astype(dt)


def pow_core(dt, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Finite pairs whose result is an ordinary number (generic_pow_impl's main path)."""
    rng = np.random.default_rng(seed)
    q = n // 4
    f64 = np.dtype(dt) == np.float64
    e = 700.0 if f64 else 85.0
    x = np.concatenate([
        rng.uniform(0, 4, q),
        np.exp(rng.uniform(-e, e, q)),
        rng.uniform(-3, 3, q),
        rng.uniform(0.9, 1.1, n - 3 * q),
    ])  # fmt: skip
    y = np.concatenate([
        rng.uniform(-30, 30, q),
        rng.uniform(-1.5, 1.5, q),
        rng.integers(-40, 40, q).astype(np.float64),
        rng.uniform(-1e4, 1e4, n - 3 * q),
    ])  # fmt: skip
    with np.errstate(over="ignore"):
        return x.astype(dt), y.astype(dt)


def pow_specials(dt) -> np.ndarray:
    """special_values plus integers (odd/even), half-integers, the huge-|y| threshold and NaN payloads."""
    d = np.dtype(dt)
    extra = [3.0, -3.0, 0.25, 1.5, -1.5, 2.5, 7.44e8, 7.5e8, 2.0**24 + 1, 3.2e18, 1 + 2.0**-23, 1 - 2.0**-24,
             -150.0, 1074.0]  # fmt: skip
    with np.errstate(over="ignore"):
        e = np.array(extra, np.float64).astype(d)
    u = np.uint32 if d == np.float32 else np.uint64
    pay = (0x7FA00001, 0xFFC00123) if d == np.float32 else (0x7FF4000000000001, 0xFFF8000000000123)
    return np.concatenate([special_values(d), e, np.array(pay, u).view(d)])


def bcast_inputs(dt, xs: tuple, ys: tuple) -> tuple[np.ndarray, np.ndarray]:
    """Deterministic broadcasting inputs, periodic along rows (so the outputs compress well)."""
    d = np.dtype(dt)
    nx, ny = int(np.prod(xs)), int(np.prod(ys))
    base = 0.25 + (np.arange(61) * 0.6180339887) % 2.75
    x = base[np.arange(nx) % 61].reshape(xs).astype(d)
    y = (-4.7 + (np.arange(13) * 0.7548776662) % 9.4)[np.arange(ny) % 13].reshape(ys).astype(d)
    return x, y


# np.asarray: TF caches eager constants made from Python/NumPy *scalars* by value, so after
# tf.constant(0.0) a later tf.constant(np.float64(-0.0)) returns the +0.0 tensor; 0-d arrays are not cached.
def tf_pow(tf, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return tf.pow(tf.constant(np.asarray(x)), tf.constant(np.asarray(y))).numpy()


def tf_unary(tf, name: str, x: np.ndarray) -> np.ndarray:
    return getattr(tf.math, name)(tf.constant(np.asarray(x))).numpy()


def in_tensors(fn, *arrays: np.ndarray, width: int = 7) -> np.ndarray:
    """Evaluate flat inputs as consecutive tensors of `width` (< packet size) elements: scalar path."""
    n = arrays[0].size
    return np.concatenate([fn(*(a[i : i + width] for a in arrays)) for i in range(0, n, width)])


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    data: dict[str, np.ndarray] = {}
    n_hyp = {"float16": 1024, "float32": 512, "float64": 384}
    for dt in HYP_DTYPES:
        x = np.concatenate([make_inputs(dt, n_hyp[dt], seed=21)[: n_hyp[dt]], hyp_ranges(dt, n_hyp[dt], seed=22)])
        xt = make_inputs(dt, 210, seed=23)[:210]
        data[f"hyp/{dt}/x"] = x
        data[f"hyp/{dt}/xtail"] = xt
        for op in HYP_OPS:
            data[f"hyp/{dt}/{op}"] = tf_unary(tf, op, x)
            data[f"hyp/{dt}/{op}/tail"] = in_tensors(lambda v, op=op: tf_unary(tf, op, v), xt)
            data[f"hyp/{dt}/{op}/0d"] = tf_unary(tf, op, xt[3])
    n_pow = {"float32": 512, "float64": 256}
    for dt in POW_DTYPES:
        n = n_pow[dt]
        x = make_inputs(dt, n, seed=31)[:n]
        y = make_inputs(dt, n, seed=32)[:n]
        cx, cy = pow_core(dt, n, seed=33)
        px, py = np.concatenate([x, cx]), np.concatenate([y, cy])
        data[f"pow/{dt}/x"], data[f"pow/{dt}/y"] = px, py
        data[f"pow/{dt}/out"] = tf_pow(tf, px, py)
        tx, ty = px[::3][:210], py[1::3][:210]
        data[f"pow/{dt}/xtail"], data[f"pow/{dt}/ytail"] = tx, ty
        data[f"pow/{dt}/tail"] = in_tensors(lambda a, b: tf_pow(tf, a, b), tx, ty)
        s = pow_specials(dt)
        gx, gy = (g.ravel() for g in np.meshgrid(s, s, indexing="ij"))
        pad = (-gx.size) % 8
        one = np.ones(pad, dt)
        data[f"pow/{dt}/specials"] = s
        data[f"pow/{dt}/specials/out"] = tf_pow(tf, np.concatenate([gx, one]), np.concatenate([gy, one]))[: gx.size]
        sel = np.arange(0, gx.size, 17)
        data[f"pow/{dt}/specials/tail"] = in_tensors(lambda a, b: tf_pow(tf, a, b), gx[sel], gy[sel], width=1)
        # 0-d operands (Left/Right functors) and 0-d results.
        data[f"pow/{dt}/left"] = tf_pow(tf, cx[5], cy[:203])
        data[f"pow/{dt}/right"] = tf_pow(tf, cx[:203], cy[7])
        data[f"pow/{dt}/0d"] = tf_pow(tf, cx[9], cy[9])
        for i, (xs, ys) in enumerate(BCAST_CASES[dt]):
            bx, by = bcast_inputs(dt, xs, ys)
            data[f"pow/{dt}/bcast{i}"] = tf_pow(tf, bx, by)
            data[f"pow/{dt}/bcast{i}/swap"] = tf_pow(tf, by, bx)
    save_goldens(GOLDEN_PATH, data, tf)


if __name__ == "__main__":
    main()
