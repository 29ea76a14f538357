"""tf.pow's shortcuts for a 0-d exponent of 1 or 0 (kernels/eigen_pow.py) give generic_pow's own bits: the
full emulation (generic_pow on the packet elements, glibc on the tail) computed here without them."""

from __future__ import annotations

import numpy as np
import pytest

from tfshim.kernels import eigen_pow, fpenv
from tfshim.kernels.eigen_math import _PACKET, _libm

from .bitcheck import assert_bits_equal

rng = np.random.default_rng(20261205)


def _inputs(dt: type) -> list:
    u = np.uint32 if dt == np.float32 else np.uint64
    bits = rng.integers(0, np.iinfo(u).max, 4003, dtype=u).view(dt)
    special = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, -np.nan, 1e-40, -1e-310, 2.5, -3.0], dt)
    with np.errstate(all="ignore"):
        nan_payload = np.array([0x7F800001, 0xFFC01234], np.uint32).view(np.float32).astype(dt)
    return [bits, special, nan_payload, rng.standard_normal(17).astype(dt), dt(0.3).reshape(()),
            rng.standard_normal((5, 7)).astype(dt).T, np.zeros((0,), dt)]


def _full(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    flat = np.ascontiguousarray(x).reshape(-1)
    k = flat.size - flat.size % _PACKET[x.dtype]
    out = np.empty_like(flat)
    with np.errstate(all="ignore"):
        out[:k] = eigen_pow._generic_pow(flat[:k], np.full(k, y, x.dtype))
        out[k:] = _libm("pow", flat[k:], np.full(flat.size - k, y, x.dtype))
    return out.reshape(x.shape)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
@pytest.mark.parametrize("y", [1.0, 0.0, -0.0])
def test_pow_shortcuts_are_generic_pow(dt, y):
    for x in _inputs(dt):
        with fpenv.flush_denormals():
            got = eigen_pow.pow(x, np.array(y, dt))
            want = _full(x, np.array(y, dt))
        assert got.shape == x.shape
        assert_bits_equal(got, want, f"pow(x, {y}) {np.dtype(dt).name}", x)
