"""Helpers shared by the kernel tests: the recorded goldens and bit-for-bit comparison.

``golden = golden_fixture("eigen_math")`` in a test module gives its tests a module-scoped ``golden``
fixture: the arrays of ``goldens/eigen_math.npz`` by name (``load_goldens``).  ``assert_bits_equal``
compares dtype, shape and every element's bits (NaN payloads and signs, signed zeros), and on a
mismatch shows how many elements differ, where, the inputs there and both values and bit patterns.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

GOLDENS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "goldens")

_UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def load_goldens(name: str) -> dict[str, np.ndarray]:
    """Every array of ``goldens/<name>.npz``, read into memory, by key."""
    with np.load(os.path.join(GOLDENS_DIR, f"{name}.npz")) as d:
        return {k: d[k] for k in d.files}


def golden_fixture(name: str):
    """A module-scoped ``golden`` fixture returning ``load_goldens(name)``."""

    @pytest.fixture(scope="module", name="golden")
    def golden():
        return load_goldens(name)

    return golden


def bits(a) -> np.ndarray:
    """The bit patterns of a 16/32/64-bit array as unsigned integers of the same width."""
    a = np.asarray(a)
    return a.view(_UINT[a.dtype.itemsize])


def _at(a, shape: tuple, i: np.ndarray) -> np.ndarray:
    """The elements of input ``a`` at flat positions ``i`` of the (broadcast) output."""
    a = np.asarray(a)
    try:
        return np.broadcast_to(a, shape).ravel()[i]
    except ValueError:  # not broadcastable to the output: its own flat positions
        return a.ravel()[i[i < a.size]]


def assert_bits_equal(got, want, what: str, *inputs, nan_bits: bool = True) -> None:
    """Assert ``got`` has ``want``'s dtype and shape and the same bits in every element.

    ``got`` must be a NumPy array or scalar (it is not converted); ``inputs``, if given, are shown
    at the first differing positions.  ``nan_bits=False``: a NaN matches any NaN (sign and payload
    not compared); every other element is still compared bit for bit.
    """
    want = np.asarray(want)
    assert got.dtype == want.dtype, f"{what}: dtype {got.dtype} != {want.dtype}"
    assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
    g, w = np.asarray(got).ravel(), want.ravel()
    bad = bits(g) != bits(w)
    if not nan_bits:
        bad &= ~(np.isnan(g) & np.isnan(w))
    bad = np.flatnonzero(bad)
    if bad.size:
        i = bad[:5]
        ins = f" inputs={[_at(a, got.shape, i) for a in inputs]!r}" if inputs else ""
        raise AssertionError(
            f"{what}: {bad.size}/{g.size} differ at {i};{ins} got={g[i]!r} want={w[i]!r} "
            f"gotbits={[hex(v) for v in bits(g)[i]]} wantbits={[hex(v) for v in bits(w)[i]]}"
        )
