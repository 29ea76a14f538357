"""Bitwise tests of tfshim.kernels.eigen_math against goldens recorded from TF 2.21.

Goldens come from ``tests/kernels/record_goldens.py`` (run under real TF); see
the ``__meta__`` entry for the CPU/TF build they were recorded on.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from tfshim.kernels import eigen_math as em

from .bitcheck import assert_bits_equal, bits, golden_fixture

OPS = ("exp", "log", "tanh", "sigmoid", "log1p", "expm1", "sin", "cos", "softplus", "erf", "sqrt", "elu", "selu")
DTYPES = ("float16", "float32", "float64")
SIZE_OPS = ("exp", "log", "tanh", "sigmoid", "sin", "expm1")
SIZES = (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 100)

golden = golden_fixture("eigen_math")


def test_metadata(golden):
    meta = json.loads(str(golden["__meta__"]))
    assert meta["tensorflow"].startswith("2.21")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", OPS)
def test_packet_path(golden, op, dtype):
    x = golden[f"{dtype}/x"]
    assert x.size % 8 == 0  # whole tensor goes through the packet kernel
    assert_bits_equal(getattr(em, op)(x), golden[f"{dtype}/{op}"], f"{op}/{dtype}", x)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", OPS)
def test_scalar_tail_path(golden, op, dtype):
    # Recorded as 7-element tensors: every element takes the scalar path.
    x = golden[f"{dtype}/xtail"]
    got = np.concatenate([getattr(em, op)(x[i : i + 7]) for i in range(0, x.size, 7)])
    assert_bits_equal(got, golden[f"{dtype}/{op}/tail"], f"{op}/{dtype}/tail", x)


@pytest.mark.parametrize("dtype", ("float32", "float64"))
@pytest.mark.parametrize("op", SIZE_OPS)
def test_sizes_and_shapes(golden, op, dtype):
    xs = golden[f"sizes/{dtype}/x"]
    f = getattr(em, op)
    for n in SIZES:
        assert_bits_equal(f(xs[:n]), golden[f"sizes/{dtype}/{op}/{n}"], f"{op}/{dtype}/n={n}", xs[:n])
    x2 = xs[:63].reshape(7, 9)
    assert_bits_equal(f(x2), golden[f"sizes/{dtype}/{op}/2d"], f"{op}/{dtype}/2d", x2)
    x0 = np.asarray(xs[5])
    got = f(x0)
    assert got.shape == ()
    assert_bits_equal(got, golden[f"sizes/{dtype}/{op}/0d"], f"{op}/{dtype}/0d", x0)


def test_special_values_float32():
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45], np.float32)
    x = np.concatenate([x, [1.0]]).astype(np.float32)  # one full packet
    assert bits(em.exp(x))[:4].tolist() == [0x3F800000, 0x3F800000, 0x7F800000, 0]
    assert bits(em.log(x))[:4].tolist() == [0xFF800000, 0xFF800000, 0x7F800000, 0xFFFFFFFF]
    # DAZ: subnormals read as zero, as in TF.
    assert bits(em.log(x))[5] == 0xFF800000
    assert bits(em.sqrt(x))[5] == 0


def test_dtype_and_empty():
    for dt in (np.float16, np.float32, np.float64):
        e = np.zeros((0, 3), dt)
        for op in OPS:
            r = getattr(em, op)(e)
            assert r.shape == (0, 3) and r.dtype == dt
    with pytest.raises(TypeError):
        em.exp(np.zeros(3, np.int32))
