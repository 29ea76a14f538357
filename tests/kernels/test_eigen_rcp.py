"""Bitwise tests of tfshim.kernels.eigen_rcp against goldens recorded from TF 2.21 (no TF needed).

Goldens come from ``tests/kernels/record_eigen_rcp_goldens.py``.  float32/float16 Reciprocal, Rsqrt
and Erfc packets depend on the CPU's VRCPPS/VRSQRTPS tables; the shipped tables and the goldens are
from the same (Intel) CPU, so these tests check the emulation, not the machine they run on.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from tfshim.kernels import eigen_pow
from tfshim.kernels import eigen_rcp as er

from .bitcheck import assert_bits_equal, bits, golden_fixture
from .record_eigen_rcp_goldens import (
    DTYPES,
    OPS,
    SIZE_OPS,
    SIZES,
    rcp_table_inputs,
    rsqrt_table_inputs,
    shim_ops,
)

SHIM = shim_ops()
golden = golden_fixture("eigen_rcp")


def test_metadata(golden):
    meta = json.loads(str(golden["__meta__"]))
    assert meta["tensorflow"].startswith("2.21")
    assert meta["machine"] == "x86_64"


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", sorted(OPS))
def test_packet_path(golden, op, dtype):
    x = golden[f"{dtype}/x"]
    assert x.size % 8 == 0
    assert_bits_equal(SHIM[op](x), golden[f"{dtype}/{op}"], f"{op}/{dtype}", x)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", sorted(OPS))
def test_scalar_tail_path(golden, op, dtype):
    x = golden[f"{dtype}/xtail"]
    got = np.concatenate([SHIM[op](x[i : i + 7]) for i in range(0, x.size, 7)])
    assert_bits_equal(got, golden[f"{dtype}/{op}/tail"], f"{op}/{dtype}/tail", x)


@pytest.mark.parametrize("dtype", ("float32", "float64"))
def test_pow_random_exponents(golden, dtype):
    x, y = golden[f"{dtype}/x"], golden[f"{dtype}/powy"]
    assert_bits_equal(eigen_pow.pow(x, y), golden[f"{dtype}/pow"], f"pow/{dtype}", x)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", SIZE_OPS)
def test_sizes_and_shapes(golden, op, dtype):
    xt = golden[f"{dtype}/xtail"]
    f = SHIM[op]
    for n in SIZES:
        assert_bits_equal(f(xt[:n]), golden[f"sizes/{dtype}/{op}/{n}"], f"{op}/{dtype}/n={n}", xt[:n])
    x2 = xt[:63].reshape(7, 9)
    assert_bits_equal(f(x2), golden[f"sizes/{dtype}/{op}/2d"], f"{op}/{dtype}/2d", x2)
    x0 = np.asarray(xt[5])
    assert_bits_equal(f(x0), golden[f"sizes/{dtype}/{op}/0d"], f"{op}/{dtype}/0d", x0)


def test_every_rcp_table_entry(golden):
    x = rcp_table_inputs()
    assert_bits_equal(er.reciprocal(x), golden["table/reciprocal"], "reciprocal/table", x)


def test_every_rsqrt_table_entry(golden):
    x = rsqrt_table_inputs()
    assert_bits_equal(er.rsqrt(x), golden["table/rsqrt"], "rsqrt/table", x)


# ---------------------------------------------------------------------------
# Properties of the instruction model (no goldens needed).
# ---------------------------------------------------------------------------


def _f32(*bit_patterns: int) -> np.ndarray:
    return np.array(bit_patterns, dtype=np.uint32).view(np.float32)


def test_tables_decode():
    t = er._decode_tables(er._TABLES_B64)
    assert t.shape == (4096,) and t.max() < 4096
    assert np.all(np.diff(t[:2048].astype(int)) <= 0)  # 1/x decreases on [1, 2)
    assert np.all(np.diff(t[2048:3072].astype(int)) <= 0)
    assert np.all(np.diff(t[3072:].astype(int)) <= 0)


@pytest.mark.parametrize("which", ("rcp", "rsqrt"))
def test_approximation_error_bound(which):
    # Intel SDM: |relative error| <= 1.5 * 2^-12 for VRCPPS / VRSQRTPS.
    x = np.abs(rcp_table_inputs((1, 60, 126, 127, 128, 200, 252)))
    approx = er._rcpps(x) if which == "rcp" else er._rsqrtps(x)
    exact = 1.0 / x.astype(np.float64) if which == "rcp" else 1.0 / np.sqrt(x.astype(np.float64))
    assert np.max(np.abs(approx / exact - 1.0)) <= 1.5 * 2.0**-12


def test_rcpps_specials():
    x = _f32(0x0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x00000001, 0x807FFFFF, 0x7F000000)
    got = bits(er._rcpps(x))
    want = [0x7F800000, 0xFF800000, 0x0, 0x80000000, 0x7FC00000, 0x7FC00001, 0x7F800000, 0xFF800000, 0x0]
    assert [hex(v) for v in got] == [hex(v) for v in want]


def test_rsqrtps_specials():
    x = _f32(0x0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00001, 0x00000001, 0xBF800000, 0x3F800000)
    got = bits(er._rsqrtps(x))
    want = [0x7F800000, 0xFF800000, 0x0, 0xFFC00000, 0x7FC00001, 0x7F800000, 0xFFC00000, 0x3F7FF000]
    assert [hex(v) for v in got] == [hex(v) for v in want]


def test_newton_step_specials():
    x = _f32(0x0, 0x80000000, 0x7F800000, 0xFF800000, 0x00000001)
    assert [hex(v) for v in bits(er.preciprocal_f32(x))] == ["0x7f800000", "0xff800000", "0x0", "0x80000000"] + [
        "0x7f800000"
    ]
    # rsqrt(-0) = -inf, rsqrt(+inf) = +0, rsqrt(subnormal) = +inf (DAZ), rsqrt(-1) = default NaN
    x = _f32(0x80000000, 0x7F800000, 0x00000001, 0xBF800000)
    assert [hex(v) for v in bits(er.prsqrt_f32(x))] == ["0xff800000", "0x0", "0x7f800000", "0xffc00000"]


def test_packet_primitives_any_shape():
    x = np.linspace(0.1, 50.0, 60, dtype=np.float32).reshape(3, 4, 5)
    for f in (er.preciprocal_f32, er.prsqrt_f32):
        r = f(x)
        assert r.shape == x.shape and r.dtype == np.float32
        assert np.array_equal(bits(r).ravel(), bits(f(x.ravel())))
    # within 2 ulps of the exact result after the Newton step
    assert np.max(np.abs(er.preciprocal_f32(x) * x.astype(np.float64) - 1)) < 2.5 * 2.0**-24


@pytest.mark.parametrize("dtype", DTYPES)
def test_public_functions_keep_dtype_and_shape(dtype):
    x = np.linspace(-3, 3, 24, dtype=dtype).reshape(2, 3, 4)
    for f in list(SHIM.values()):
        for v in (x, x[0, 0, 0]):
            r = f(np.asarray(v))
            assert r.dtype == np.dtype(dtype) and r.shape == np.shape(v)
