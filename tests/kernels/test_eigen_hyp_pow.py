"""Bitwise tests of tfshim.kernels.eigen_trig (sinh, cosh) / eigen_pow against goldens recorded from TF 2.21.

Goldens come from ``tests/kernels/record_eigen_hyp_pow_goldens.py`` (run under real TF); see the
``__meta__`` entry for the CPU/TF/glibc build they were recorded on.  NaN bit patterns are compared too.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from tfshim.kernels import eigen_pow as ep
from tfshim.kernels import eigen_trig as eh

from .bitcheck import assert_bits_equal, golden_fixture
from .record_eigen_hyp_pow_goldens import BCAST_CASES, HYP_DTYPES, HYP_OPS, POW_DTYPES, bcast_inputs

golden = golden_fixture("eigen_hyp_pow")


def test_metadata(golden):
    meta = json.loads(str(golden["__meta__"]))
    assert meta["tensorflow"].startswith("2.21")


@pytest.mark.parametrize("dtype", HYP_DTYPES)
@pytest.mark.parametrize("op", HYP_OPS)
def test_hyperbolic(golden, op, dtype):
    f = getattr(eh, op)
    x = golden[f"hyp/{dtype}/x"]
    assert_bits_equal(f(x), golden[f"hyp/{dtype}/{op}"], f"{op}/{dtype}", x)
    xt = golden[f"hyp/{dtype}/xtail"]
    got = np.concatenate([f(xt[i : i + 7]) for i in range(0, xt.size, 7)])
    assert_bits_equal(got, golden[f"hyp/{dtype}/{op}/tail"], f"{op}/{dtype} tail", xt)
    assert_bits_equal(f(xt[3]), golden[f"hyp/{dtype}/{op}/0d"], f"{op}/{dtype} 0-d", xt[3])


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_pow_packet(golden, dtype):
    x, y = golden[f"pow/{dtype}/x"], golden[f"pow/{dtype}/y"]
    assert x.size % 8 == 0
    assert_bits_equal(ep.pow(x, y), golden[f"pow/{dtype}/out"], f"pow/{dtype}", x, y)


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_pow_tail(golden, dtype):
    x, y = golden[f"pow/{dtype}/xtail"], golden[f"pow/{dtype}/ytail"]
    got = np.concatenate([ep.pow(x[i : i + 7], y[i : i + 7]) for i in range(0, x.size, 7)])
    assert_bits_equal(got, golden[f"pow/{dtype}/tail"], f"pow/{dtype} tail", x, y)


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_pow_specials(golden, dtype):
    s = golden[f"pow/{dtype}/specials"]
    gx, gy = (g.ravel() for g in np.meshgrid(s, s, indexing="ij"))
    pad = (-gx.size) % 8
    one = np.ones(pad, dtype)
    got = ep.pow(np.concatenate([gx, one]), np.concatenate([gy, one]))[: gx.size]
    assert_bits_equal(got, golden[f"pow/{dtype}/specials/out"], f"pow/{dtype} specials (packet)", gx, gy)
    sel = np.arange(0, gx.size, 17)
    got = np.concatenate([ep.pow(gx[i : i + 1], gy[i : i + 1]) for i in sel])
    assert_bits_equal(got, golden[f"pow/{dtype}/specials/tail"], f"pow/{dtype} specials (scalar)", gx[sel], gy[sel])


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_pow_scalar_operands(golden, dtype):
    # The core pairs sit right after the make_inputs pairs in the packet inputs.
    n = golden[f"pow/{dtype}/x"].size // 2
    cx, cy = golden[f"pow/{dtype}/x"][n:], golden[f"pow/{dtype}/y"][n:]
    assert_bits_equal(ep.pow(cx[5], cy[:203]), golden[f"pow/{dtype}/left"], f"pow/{dtype} 0-d x", cx[5], cy[:203])
    assert_bits_equal(ep.pow(cx[:203], cy[7]), golden[f"pow/{dtype}/right"], f"pow/{dtype} 0-d y", cx[:203], cy[7])
    assert_bits_equal(ep.pow(cx[9], cy[9]), golden[f"pow/{dtype}/0d"], f"pow/{dtype} 0-d", cx[9], cy[9])


@pytest.mark.parametrize("dtype", POW_DTYPES)
@pytest.mark.parametrize("case", range(4))
def test_pow_broadcast(golden, dtype, case):
    xs, ys = BCAST_CASES[dtype][case]
    x, y = bcast_inputs(dtype, xs, ys)
    assert_bits_equal(ep.pow(x, y), golden[f"pow/{dtype}/bcast{case}"], f"pow/{dtype} {xs} ^ {ys}", x, y)
    assert_bits_equal(ep.pow(y, x), golden[f"pow/{dtype}/bcast{case}/swap"], f"pow/{dtype} {ys} ^ {xs}", y, x)


def test_packet_mask_blocks():
    # Flat cases: global tail.  (2, 13000) float32 with a (2, 1) operand: blocks of one row-part
    # of 11851 (cost model: 40000 / 3.375), so each row has two runs: 11851 (tail 3) and 1149 (tail 5).
    m = ep.packet_mask((13,), (13,), np.float32)
    assert m.sum() == 8
    m = ep.packet_mask((2, 13000), (2, 1), np.float32)
    assert (~m).sum() == 16
    assert not m[0, 11848:11851].any() and m[0, 11851 : 11851 + 1144].all() and not m[0, -5:].any()
    # Collapsed rank 1 ((1, 9) vs (9,) is flat): global split.
    assert (~ep.packet_mask((1, 9), (9,), np.float32)).sum() == 1
