"""tfshim.kernels.glibc (glibc 2.36's libm vectorised) against glibc itself, bit for bit, NaN bits included.

The reference is the process's libm through ctypes, called as ``eigen_math._libm_c`` calls it for TF's scalar
path (arguments passed as raw bits, the call under TF's FTZ|DAZ), on the same inputs.  The emulation
reproduces glibc 2.36 on an x86-64 CPU with FMA (the machine the TF recordings come from), so the test skips
elsewhere (``eigen_math._reference_libm``).  Where it passes, ``_libm`` may take either path (it uses ctypes for
a few elements there).

``TFSHIM_GLIBC_N`` inputs per function and dtype (default 2^17; run with 1000000 for the full check): random bit
patterns (every class: NaN payloads, subnormals, infinities), the function's domain in linear and logarithmic
scale, and special values with their neighbours; pow and atan2 also on the cross product of special values.
During development the float32 functions were also checked on all 2^32 inputs.
"""

from __future__ import annotations

import ctypes
import os

import numpy as np
import pytest

from tfshim.kernels import eigen_math as em
from tfshim.kernels import glibc

pytestmark = pytest.mark.skipif(
    em._LIBM is None or not em._reference_libm(), reason="the process's libm is not glibc 2.36 with FMA variants"
)

N = int(os.environ.get("TFSHIM_GLIBC_N", 1 << 17))
UINT = {np.dtype(np.float32): np.uint32, np.dtype(np.float64): np.uint64}
# |x| scale of the interesting domain, per function
SCALE = {"exp": 120, "expm1": 40, "log": 4, "log1p": 2, "sin": 200, "cos": 200, "tan": 200, "tanh": 25, "atan": 20,
         "asin": 1.1, "acos": 1.1, "atan2": 10, "sinh": 100, "cosh": 100, "pow": 4}  # fmt: skip
# thresholds the implementations branch on (bit patterns of float32 / float64 values), probed with neighbours
EDGES = {
    np.float32: [0x42B17217, 0xC2CFF1B4, 0xC2CE8ECF, 0x42B17180, 0x42B17218, 0x4195B844, 0x3EB17218, 0x3F851592,
                 0x33000000, 0x3ED413D7, 0xBE95F620, 0x5A000000, 0x31000000, 0x24800000, 0x3F490FDA, 0x42F00000,
                 0x39800000, 0x3F2CA140, 0x39000000, 0x41B00000, 0x24000000, 0x3EE00000, 0x3F300000, 0x3F980000,
                 0x401C0000, 0x4C000000, 0x3F79999A, 0x32800000, 0x42B2D4FC, 0x31800000, 0x3F000000],
    np.float64: [0x40862E42FEFA39EF, 0x4043687A00000000, 0x3FD62E4200000000, 0x3FF0A2B200000000,
                 0x3C90000000000000, 0x3FDA827A00000000, 0xBFD2BEC400000000, 0x4340000000000000, 0x3E20000000000000,
                 0x3FEE000000000000, 0x3FF1090000000000, 0x4080000000000000, 0x4090000000000000, 0x3C9FFFFFFFFFFFFF,
                 0x4036000000000000, 0x3C80000000000000, 0x408633CE8FB9F87D, 0x3E30000000000000, 0x43E0000000000000,
                 0x3BE0000000000000, 0xC08F400000000000, 0xC0874910D52D3051],
}  # fmt: skip


def bits(a: np.ndarray) -> np.ndarray:
    return a.view(UINT[a.dtype])


def specials(dt) -> np.ndarray:
    """Zeros, infinities, NaNs with payloads and signs, subnormals, extremes, small integers, pi/2 multiples,
    every power of two and the EDGES, each with its two neighbours on both sides."""
    fi = np.finfo(dt)
    base = [0.0, 1.0, 2.0, 3.0, 0.5, 10.0, np.pi / 2, np.pi, 1e4 * np.pi, fi.tiny, fi.max, fi.smallest_subnormal]
    pw = 2.0 ** np.arange(fi.minexp - fi.nmant, fi.maxexp, dtype=np.float64)
    v = np.concatenate([np.array(base, dt), pw.astype(dt), np.array(EDGES[dt], UINT[np.dtype(dt)]).view(dt)])
    v = np.concatenate([v, -v])
    u = bits(v).astype(np.int64)
    near = np.concatenate([u + d for d in (-2, -1, 0, 1, 2)]).astype(UINT[np.dtype(dt)])
    qbit, top = (1 << 22, 0x7F800000) if dt == np.float32 else (1 << 51, 0x7FF0000000000000)
    nans = np.array([top | 1, top | qbit, top | qbit | 0x1234, top | (qbit - 1)], UINT[np.dtype(dt)])
    nans = np.concatenate([nans, nans | (UINT[np.dtype(dt)](1) << UINT[np.dtype(dt)](8 * np.dtype(dt).itemsize - 1))])
    return np.concatenate([near, nans]).view(dt)


def inputs(name: str, dt, rng: np.random.Generator) -> np.ndarray:
    q = max(N // 4, 1)
    ut = UINT[np.dtype(dt)]
    raw = rng.integers(0, np.iinfo(ut).max, q, dtype=ut, endpoint=True).view(dt)
    s = SCALE[name]
    lin = rng.uniform(-s, s, q).astype(dt)
    log = (np.exp(rng.uniform(-40, np.log(s), q)) * rng.choice([-1.0, 1.0], q)).astype(dt)
    sp = specials(dt)
    rest = rng.uniform(-s, s, max(N - 3 * q - sp.size, 0)).astype(dt)
    return np.concatenate([sp, raw, lin, log, rest])


def pairs(name: str, dt, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Cross product of special values (both orders), random pairs, and for pow integer and huge exponents."""
    sp = specials(dt)[:: max(specials(dt).size // 700, 1)]
    gx, gy = (g.ravel() for g in np.meshgrid(sp, sp, indexing="ij"))
    x, y = inputs(name, dt, rng), inputs(name, dt, rng)
    rng.shuffle(y)
    if name == "pow":
        k = x.size // 4
        y[:k] = np.round(rng.uniform(-40, 40, k))  # integer exponents: odd/even signs of negative bases
        y[k : 2 * k] = (rng.standard_normal(k) * 1e3).astype(dt)
        x[k : 2 * k] = (1 + rng.standard_normal(k) * 1e-3).astype(dt)  # near 1: cancellation in log
    n = max(N - gx.size, 0)
    return np.concatenate([gx, x[:n]]), np.concatenate([gy, y[:n]])


def check(name: str, got: np.ndarray, want: np.ndarray, *args: np.ndarray) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape
    bad = np.flatnonzero(bits(got) != bits(want))
    if bad.size:
        i = bad[:6]
        shown = ", ".join(f"{[hex(int(bits(a)[j])) for a in args]} -> {hex(int(bits(got)[j]))}, glibc "
                          f"{hex(int(bits(want)[j]))}" for j in i)  # fmt: skip
        raise AssertionError(f"{name} {got.dtype}: {bad.size}/{got.size} differ: {shown}")


CASES = [(name, dt) for name, fns in glibc.FUNCS.items() for dt, fn in zip(("float32", "float64"), fns) if fn]


@pytest.mark.parametrize("name,dt", CASES)
def test_matches_glibc(name, dt):
    dt = np.dtype(dt).type
    rng = np.random.default_rng(abs(hash((name, dt.__name__))) % 2**32)
    fn = glibc.FUNCS[name][dt == np.float64]
    args = pairs(name, dt, rng) if name in ("pow", "atan2") else (inputs(name, dt, rng),)
    with em._tf_fpenv():
        got = fn(*args)
    check(name, got, em._libm_c(name, *args), *args)


def test_sincosf_matches_glibc():
    x = inputs("sin", np.float32, np.random.default_rng(5))[: 1 << 14]
    fn = em._LIBM.sincosf
    fn.restype, fn.argtypes = None, [ctypes.c_float, ctypes.c_void_p, ctypes.c_void_p]
    s, c = np.empty_like(x), np.empty_like(x)
    cx = [ctypes.c_float.from_buffer_copy(x[i : i + 1]) for i in range(x.size)]
    with em._tf_fpenv():
        for i, v in enumerate(cx):
            fn(v, s[i:].ctypes.data, c[i:].ctypes.data)
        gs, gc = glibc.sincosf(x)
    check("sincosf sin", gs, s, x)
    check("sincosf cos", gc, c, x)


def test_libm_dispatch():
    """_libm: kernels/glibc.py beyond _CTYPES_MAX elements (any shape, 0-d too), with its FTZ/DAZ input rules."""
    x = np.tile(np.array([0.5, -1e-310, 3.0, 700.0, np.nan, -2.0, 1e-300, -0.0]), 8).reshape(4, 16)
    assert x.size > em._CTYPES_MAX
    for name in ("exp", "log", "expm1", "log1p", "tanh", "sinh"):
        want = em._libm_c(name, em._flush(x.ravel()) if name in em._F64_DAZ_INPUT else x.ravel())
        check(name, em._libm(name, x).ravel(), want, x.ravel())
        check(name, em._libm(name, x[:1, :3]).ravel(), want[:3], x.ravel()[:3])
    assert em._libm("exp", np.float32(1.0).reshape(())).shape == ()
    y = np.tile(np.array([1e-40, -3.0, 0.25, np.inf], np.float32), 16)
    check("pow", em._libm("pow", y, y[::-1].copy()), em._libm_c("pow", y, y[::-1].copy()), y)
