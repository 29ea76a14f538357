"""Live differential test: tfshim.kernels.eigen_trig vs real TensorFlow, bit for bit (NaN bits too).

float16/float32 atan and atan2 packets divide with VRCPPS: on a CPU whose tables are not Intel's they are
compared to the instructions' error bound (tests/differential/cpu_tables.py); test_eigen_trig.py checks them bit
for bit against TF-on-Intel goldens.

Skips unless TensorFlow is importable (run under the TF oracle python,
``~/.cache/tfshim-tf-oracle/bin/python -m pytest tests/kernels/test_eigen_trig_vs_tf.py``).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")

from tests.differential import cpu_tables  # noqa: E402
from tfshim.kernels import eigen_trig as et  # noqa: E402

from .bitcheck import assert_bits_equal  # noqa: E402
from .record_eigen_trig_goldens import atan2_inputs, tf_op, tf_op_tail, trig_inputs  # noqa: E402
from .record_goldens import make_inputs  # noqa: E402
from .test_eigen_trig import CASES, DTYPES  # noqa: E402  (the float64 xfails too)

N_PACKET = 131072  # >= 100k inputs per op and dtype, packet path (whole make_inputs set)
N_DOMAIN = 131072  # plus as many inputs concentrated in the asin/acos/atan/tan branch ranges
N_TAIL = 1400  # plus 200 seven-element tensors (scalar path)


def _check(got: np.ndarray, want: np.ndarray, x: np.ndarray, what: str) -> None:
    assert got.shape == want.shape and got.dtype == want.dtype, what
    if what.startswith("atan") and got.dtype == np.float32 and got.size >= 8 and not what.endswith(("tail", "0d")) and (
        not cpu_tables.tf_uses_intel_tables(tf)
    ):  # packets through this CPU's vrcpps, whose table is not Intel's
        cpu_tables.assert_within_table_bound(got, want, what)
        return
    assert_bits_equal(got, want, what, x)


_CACHE: dict = {}


def _unary_inputs(dtype: str) -> tuple[np.ndarray, np.ndarray]:
    if dtype not in _CACHE:
        x = np.concatenate([make_inputs(dtype, N_PACKET, seed=11), trig_inputs(dtype, N_DOMAIN, seed=21)])
        _CACHE[dtype] = (x, trig_inputs(dtype, N_TAIL, seed=12))
    return _CACHE[dtype]


@pytest.mark.parametrize("op,dtype", CASES)
def test_unary_bit_exact_vs_tf(op, dtype):
    x, xt = _unary_inputs(dtype)
    assert x.size >= 200_000 and x.size % 8 == 0
    f = getattr(et, op)
    _check(f(x), tf_op(tf, op, x), x, f"{op}/{dtype}")
    got_t = np.concatenate([f(xt[i : i + 7]) for i in range(0, xt.size, 7)])
    _check(got_t, tf_op_tail(tf, op, xt), xt, f"{op}/{dtype}/tail")
    # 0-d tensors (0-d arrays: TF caches Python-float scalars by value, so -0.0 could alias 0.0)
    x0 = xt[:64]
    got0 = np.array([f(np.array(v)) for v in x0])
    _check(got0, np.array([tf_op(tf, op, np.array(v)) for v in x0]), x0, f"{op}/{dtype}/0d")
    # odd sizes and a 2-D shape: packets then tail over the flat tensor
    for n in (1, 3, 8, 13, 31, 1003):
        _check(f(x[-n:]), tf_op(tf, op, x[-n:]), x[-n:], f"{op}/{dtype}/n={n}")
    x2 = x[1000 : 1000 + 7 * 37].reshape(7, 37)
    _check(f(x2), tf_op(tf, op, x2), x2, f"{op}/{dtype}/2d")


@pytest.mark.parametrize("dtype", DTYPES)
def test_atan2_bit_exact_vs_tf(dtype):
    y, x = atan2_inputs(dtype, N_PACKET + N_DOMAIN, seed=31)
    _check(et.atan2(y, x), tf_op(tf, "atan2", y, x), x, f"atan2/{dtype}")
    yt, xt = atan2_inputs(dtype, N_TAIL, seed=32)
    got_t = np.concatenate([et.atan2(yt[i : i + 7], xt[i : i + 7]) for i in range(0, yt.size, 7)])
    _check(got_t, tf_op_tail(tf, "atan2", yt, xt), xt, f"atan2/{dtype}/tail")
    got0 = np.array([et.atan2(np.array(a), np.array(b)) for a, b in zip(yt[:64], xt[:64])])
    want0 = np.array([tf_op(tf, "atan2", np.array(a), np.array(b)) for a, b in zip(yt[:64], xt[:64])])
    _check(got0, want0, xt[:64], f"atan2/{dtype}/0d")


BCAST_SHAPES = (
    ((37,), ()), ((), (37,)), ((5, 1), (1, 7)), ((5, 7), (7,)), ((7,), (5, 7)), ((3, 5, 1), (1, 1, 9)),
    ((2, 3, 4, 5), (5,)), ((2, 3, 4, 5), (3, 1, 1)), ((1,), (19,)), ((19,), (1,)), ((13, 11), (13, 1)),
    ((2, 1, 3, 1, 5), (1, 4, 1, 2, 1)), ((1001,), (1,)), ((2, 2, 2, 2, 2, 3), (3,)),
)  # fmt: skip


@pytest.mark.parametrize("dtype", DTYPES)
def test_atan2_broadcast_vs_tf(dtype):
    """Broadcast shapes (scalar_left/right and TensorBroadcastingOp evaluators) split the *output*
    into packets + tail exactly like same-shape inputs: atan2 of the broadcast arrays matches."""
    ys, xs = atan2_inputs(dtype, 4096, seed=41)
    for sy, sx in BCAST_SHAPES:
        y = ys[: int(np.prod(sy))].reshape(sy)
        x = xs[-int(np.prod(sx)) :].reshape(sx)
        yb, xb = np.broadcast_arrays(y, x)
        got = et.atan2(np.ascontiguousarray(yb), np.ascontiguousarray(xb))
        _check(got, tf_op(tf, "atan2", y, x), xb, f"atan2/{dtype}/bcast {sy} {sx}")


def test_large_multithreaded_tensor():
    """A tensor big enough for TF's thread pool: blocks are packet aligned, only the global tail is scalar."""
    rng = np.random.default_rng(7)
    x = (rng.standard_normal(1_000_003) * 3).astype(np.float32)
    _check(et.atan(x), tf_op(tf, "atan", x), x, "atan/float32/1M+3")
    y = rng.standard_normal(x.size).astype(np.float32)
    _check(et.atan2(y, x), tf_op(tf, "atan2", y, x), x, "atan2/float32/1M+3")
