"""Live differential test: tfshim.kernels.eigen_rcp vs real TensorFlow, bit for bit (NaN bits too).

Skips unless TensorFlow is importable (run it under the TF oracle python,
``~/.cache/tfshim-tf-oracle/bin/python -m pytest tests/kernels/test_eigen_rcp_vs_tf.py``).
float32/float16 Reciprocal, Rsqrt and Erfc packets use VRCPPS/VRSQRTPS, whose bits are CPU specific:
the shipped tables are from an Intel Xeon (Sapphire Rapids class). On a CPU with other tables TF itself computes
other last bits, and those packet results are compared to the instructions' error bound instead
(tests/differential/cpu_tables.py); test_eigen_rcp.py checks them bit for bit against TF-on-Intel goldens.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")

from tests.differential import cpu_tables  # noqa: E402
from tfshim.kernels import eigen_pow  # noqa: E402
from tfshim.kernels import eigen_rcp as er  # noqa: E402

from .bitcheck import assert_bits_equal  # noqa: E402
from .record_eigen_rcp_goldens import OPS, rcp_table_inputs, rsqrt_table_inputs, shim_ops  # noqa: E402
from .record_goldens import make_inputs, tf_apply, tf_apply_tail  # noqa: E402

N_PACKET = 131072  # >= 100k inputs per op per dtype, packet path
N_TAIL = 1400  # plus 200 seven-element tensors (scalar path)
SHIM = shim_ops()
DTYPES = ("float16", "float32", "float64")
_INPUTS: dict = {}


def _inputs(dtype: str) -> tuple[np.ndarray, np.ndarray]:
    if dtype not in _INPUTS:
        _INPUTS[dtype] = (make_inputs(dtype, N_PACKET, seed=11), make_inputs(dtype, N_TAIL, seed=12)[:N_TAIL])
    return _INPUTS[dtype]


def _check(got, want, x, what: str) -> None:
    got = np.asarray(got)
    if got.dtype in (np.float16, np.float32) and got.size >= 8 and not what.startswith("pow") and (
        not what.endswith(("tail", "0d"))
    ) and (
        not cpu_tables.tf_uses_intel_tables(tf)
    ):  # a packet from this CPU's vrcpps/vrsqrtps, whose tables are not Intel's
        cpu_tables.assert_within_table_bound(got, want, what)
        return
    assert_bits_equal(got, want, what, x)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", sorted(OPS))
def test_packet_path_vs_tf(op, dtype):
    x, _ = _inputs(dtype)
    assert x.size >= 100_000 and x.size % 8 == 0
    _check(SHIM[op](x), tf_apply(tf, OPS[op], x), x, f"{op}/{dtype}")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", sorted(OPS))
def test_scalar_tail_vs_tf(op, dtype):
    _, xt = _inputs(dtype)
    got = np.concatenate([SHIM[op](xt[i : i + 7]) for i in range(0, xt.size, 7)])
    _check(got, tf_apply_tail(tf, OPS[op], xt), xt, f"{op}/{dtype}/tail")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", sorted(OPS))
def test_small_tensors_and_0d_vs_tf(op, dtype):
    _, xt = _inputs(dtype)
    for n in range(1, 18):
        for start in (0, 40, 400):
            v = xt[start : start + n]
            _check(SHIM[op](v), tf_apply(tf, OPS[op], v), v, f"{op}/{dtype}/n={n}")
    for i in range(0, 60, 3):
        v = np.asarray(xt[i])
        _check(SHIM[op](v), tf_apply(tf, OPS[op], v), v, f"{op}/{dtype}/0d")
    v = xt[:63].reshape(7, 9)
    _check(SHIM[op](v), tf_apply(tf, OPS[op], v), v, f"{op}/{dtype}/2d")


# Biased exponents: the smallest normals, around 1, and the flush-to-zero boundary of VRCPPS.
_EXPONENTS = (1, 2, 3, 64, 125, 126, 127, 128, 129, 190, 251, 252, 253, 254)


def test_every_rcp_table_entry_vs_tf():
    x = rcp_table_inputs(_EXPONENTS)
    _check(er.reciprocal(x), tf_apply(tf, OPS["reciprocal"], x), x, "reciprocal/table")
    _check(er.erfc(x), tf_apply(tf, OPS["erfc"], x), x, "erfc/table")
    h = x[np.abs(x) < 65504].astype(np.float16)
    h = h[: h.size - h.size % 8]
    _check(er.reciprocal(h), tf_apply(tf, OPS["reciprocal"], h), h, "reciprocal/table/float16")


def test_every_rsqrt_table_entry_vs_tf():
    x = rsqrt_table_inputs(_EXPONENTS)
    _check(er.rsqrt(x), tf_apply(tf, OPS["rsqrt"], x), x, "rsqrt/table")
    xn = -x  # negative inputs: the default NaN
    _check(er.rsqrt(xn), tf_apply(tf, OPS["rsqrt"], xn), xn, "rsqrt/table/negative")


@pytest.mark.parametrize("dtype", ("float32", "float64"))
def test_pow_vs_tf(dtype):
    x, xt = _inputs(dtype)
    y = make_inputs(dtype, N_PACKET, seed=13)[: x.size]
    _check(eigen_pow.pow(x, y), tf.math.pow(tf.constant(x), tf.constant(y)).numpy(), x, f"pow/{dtype}")
    rng = np.random.default_rng(5)
    xa = np.abs(x)
    ya = rng.uniform(-30, 30, x.size).astype(dtype)
    _check(eigen_pow.pow(xa, ya), tf.math.pow(tf.constant(xa), tf.constant(ya)).numpy(), xa, f"pow/{dtype}/positive")
    for yv in (0.5, -1.0, 2.0, 3.0):
        want = tf.math.pow(tf.constant(x), tf.constant(yv, dtype)).numpy()
        _check(eigen_pow.pow(x, np.asarray(yv, dtype)), want, x, f"pow/{dtype}/y={yv}")
    yt = make_inputs(dtype, N_TAIL, seed=14)[:N_TAIL]
    for i in range(0, 70, 7):
        a, b = xt[i : i + 7], yt[i : i + 7]
        _check(eigen_pow.pow(a, b), tf.math.pow(tf.constant(a), tf.constant(b)).numpy(), a, f"pow/{dtype}/tail")
