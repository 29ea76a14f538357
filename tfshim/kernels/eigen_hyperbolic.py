"""Bit-exact NumPy emulations of TensorFlow 2.21's CPU ``Sinh`` and ``Cosh`` kernels.

What TF runs (read from the shipped headers, confirmed on the binary and by measurement):

* ``tensorflow/core/kernels/cwise_ops.h``: ``functor::sinh/cosh = base<T, Eigen::internal::scalar_sinh_op/
  scalar_cosh_op>``.  Their ``PacketAccess`` is ``packet_traits<T>::HasSinh/HasCosh``, which is 0 for AVX
  (``GenericPacketMath.h``; only SYCL sets it), so there is **no packet path**: every element goes through
  the scalar functor ``numext::sinh/cosh`` = glibc ``sinhf``/``coshf`` (float), ``sinh``/``cosh`` (double).
  ``libtensorflow_cc.so.2`` imports exactly those four symbols.  Half computes ``half(::sinhf(float(x)))``.
  Measured: glibc called element by element under FTZ|DAZ reproduces TF on 131k inputs per dtype, NaN
  bits included.
* The wheel links the system glibc, so this module reproduces **glibc 2.36 (Debian 12) on an x86-64 CPU
  with FMA** (the reference machine): its libm selects FMA-compiled variants through ifuncs
  (``sysdeps/x86_64/fpu/multiarch``).  Disassembled there (``gdb``, libc6-dbg symbols):

  - ``__ieee754_sinhf``/``__ieee754_coshf``: fdlibm ``e_sinhf.c``/``e_coshf.c`` (float arithmetic);
    they call ``__expm1f`` (fdlibm ``s_expm1f.c``, no FMA variant) and ``__ieee754_expf`` = ifunc ->
    ``__expf_fma`` (``sysdeps/ieee754/flt-32/e_expf.c`` compiled with -mfma: the compiler fused
    ``z = InvLn2N*x + Shift``, ``r = InvLn2N*x - kd`` and all three polynomial steps into FMAs).
  - ``__ieee754_sinh``/``__ieee754_cosh``: fdlibm ``e_sinh.c``/``e_cosh.c`` (no FMA), calling ``__expm1``
    = ifunc -> ``__expm1_fma`` (fdlibm ``s_expm1.c`` with 8 contracted FMAs) and ``__ieee754_exp`` =
    ifunc -> ``__ieee754_exp_fma`` (``sysdeps/ieee754/dbl-64/e_exp.c``, 6 FMAs).

  Every FMA is emulated exactly (``_fma64``: Dekker product + Boldo-Melquiond round-to-odd sum).  The
  glibc tables (``__exp2f_data``, ``__exp_data``) are regenerated at import from their definitions
  (2^(k/N) rounded, relative tail) and equal the bytes of the installed libm.
* All of it runs with MXCSR FTZ|DAZ set, as every TF kernel does (``eigen_math._tf_fpenv``).

A machine with another glibc (>= 2.41 ships CORE-MATH correctly rounded ``sinhf``/``coshf``) or without
FMA makes TF itself print different last bits; this module follows the reference machine.
"""

from __future__ import annotations

from decimal import Decimal, getcontext

import numpy as np

from tfshim.kernels.eigen_math import _F16, _F32, _F64, _tf_fpenv

__all__ = ["sinh", "cosh"]

f32 = np.float32
f64 = np.float64
u32 = np.uint32
u64 = np.uint64


# ---------------------------------------------------------------------------
# Exact double FMA.
# ---------------------------------------------------------------------------


def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Knuth's TwoSum: s = fl(a+b), a + b = s + e exactly."""
    s = a + b
    bb = s - a
    e = (a - (s - bb)) + (b - bb)
    return s, e


def _split(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Veltkamp splitting into two 26-bit halves."""
    g = f64(134217729.0) * a
    hi = g - (g - a)
    return hi, a - hi


def _two_prod(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Dekker's product: p = fl(a*b), a*b = p + e exactly (no overflow/underflow in our ranges)."""
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    return p, e


def _fma64(a, b, c) -> np.ndarray:
    """Correctly rounded a*b + c (one rounding), i.e. x86 ``vfmadd``.

    Boldo & Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms using rounding
    to odd" (IEEE TC 2008): uh+ul = a*b, th+tl = c+uh, v = RO(tl+ul), result = RN(th+v).
    Checked against the hardware FMA (glibc ``fma``) on 10^6 random and cancelling triples.
    """
    a, b, c = np.asarray(a, f64), np.asarray(b, f64), np.asarray(c, f64)
    uh, ul = _two_prod(a, b)
    th, tl = _two_sum(c, uh)
    s, e = _two_sum(tl, ul)
    # Round to odd: an inexact sum with an even significand moves one ulp towards the error.
    even = (s.view(u64) & u64(1)) == 0
    fix = (e != 0) & even
    if fix.any():
        s = np.where(fix, np.nextafter(s, np.where(e > 0, np.inf, -np.inf)), s)
    return th + s


# ---------------------------------------------------------------------------
# glibc tables, rebuilt from their definitions.
# ---------------------------------------------------------------------------


def _pow2_table(n: int, shift: int, relative_tail: bool) -> np.ndarray:
    getcontext().prec = 40
    out = []
    for k in range(n):
        t = Decimal(2) ** (Decimal(k) / Decimal(n))
        h = float(t)
        hb = int(np.array(h, f64).view(u64))
        if relative_tail:  # e_exp_data.c: 2^(k/N) ~= H[k] * (1 + T[k])
            out.append(int(np.array(float((t - Decimal(h)) / Decimal(h)), f64).view(u64)))
        out.append((hb - (k << shift)) % (1 << 64))
    return np.array(out, dtype=u64)


_EXP2F_TAB = _pow2_table(32, 47, False)  # __exp2f_data.tab, EXP2F_TABLE_BITS = 5
_EXP_TAB = _pow2_table(128, 45, True)  # __exp_data.tab, EXP_TABLE_BITS = 7

# __exp2f_data (expf uses the *_scaled members).
_EXPF_INVLN2N = f64.fromhex("0x1.71547652b82fep+5")
_EXPF_SHIFT = f64.fromhex("0x1.8p+52")
_EXPF_C = (
    f64.fromhex("0x1.c6af84b912394p-20"),
    f64.fromhex("0x1.ebfce50fac4f3p-13"),
    f64.fromhex("0x1.62e42ff0c52d6p-6"),
)
# __exp_data
_EXP_INVLN2N = f64.fromhex("0x1.71547652b82fep+7")
_EXP_NEGLN2HI = f64.fromhex("-0x1.62e42fefa0000p-8")
_EXP_NEGLN2LO = f64.fromhex("-0x1.cf79abc9e3b3ap-47")
_EXP_C2, _EXP_C3, _EXP_C4, _EXP_C5 = (
    f64.fromhex("0x1.ffffffffffdbdp-2"),
    f64.fromhex("0x1.555555555543cp-3"),
    f64.fromhex("0x1.55555cf172b91p-5"),
    f64.fromhex("0x1.1111167a4d017p-7"),
)
_EXP_SHIFT = f64.fromhex("0x1.8p+52")


# ---------------------------------------------------------------------------
# float: __expf_fma, __expm1f, __ieee754_sinhf / __ieee754_coshf.
# ---------------------------------------------------------------------------


def _expf_fma(x: np.ndarray) -> np.ndarray:
    """glibc ``__expf_fma`` main path for finite float32 x in [0, 88.72] (all sinhf/coshf pass)."""
    xd = x.astype(f64)
    kd = _fma64(_EXPF_INVLN2N, xd, _EXPF_SHIFT)
    ki = kd.view(u64)
    kd = kd - _EXPF_SHIFT
    r = _fma64(_EXPF_INVLN2N, xd, -kd)
    t = _EXP2F_TAB[(ki & u64(31)).astype(np.intp)] + (ki << u64(47))
    s = t.view(f64)
    z = _fma64(_EXPF_C[0], r, _EXPF_C[1])
    r2 = r * r
    y = _fma64(r, _EXPF_C[2], f64(1.0))
    y = _fma64(z, r2, y)
    return (y * s).astype(f32)


_F_LN2_HI = f32(6.9313812256e-01)  # 0x3f317180
_F_LN2_LO = f32(9.0580006145e-06)  # 0x3717f7d1
_F_INVLN2 = f32(1.4426950216e00)  # 0x3fb8aa3b
_F_Q = (f32(-3.3333335072e-02), f32(1.5873016091e-03), f32(-7.9365076090e-05), f32(4.0082177293e-06),
        f32(-2.0109921195e-07))  # fmt: skip


def _expm1f_pos(x: np.ndarray) -> np.ndarray:
    """fdlibm ``__expm1f`` (glibc s_expm1f.c, plain SSE) for float32 x in [0, 22) (the sinhf/coshf range)."""
    hx = x.view(u32) & u32(0x7FFFFFFF)
    one = f32(1.0)
    red = hx > u32(0x3EB17218)
    k1 = red & (hx < u32(0x3F851592))
    kn = red & ~k1
    # k = (int)(invln2*x + 0.5), truncated; hi = x - k*ln2_hi (exact product), lo = k*ln2_lo.
    kf = np.trunc(_F_INVLN2 * x + f32(0.5))
    kf = np.where(kn, kf, np.where(k1, one, f32(0.0)))
    hi = np.where(kn, x - kf * _F_LN2_HI, x - _F_LN2_HI)
    lo = np.where(kn, kf * _F_LN2_LO, _F_LN2_LO)
    xr = np.where(red, hi - lo, x)
    c = np.where(red, (hi - xr) - lo, f32(0.0))
    k = kf.astype(np.int32)
    hfx = f32(0.5) * xr
    hxs = xr * hfx
    q1, q2, q3, q4, q5 = _F_Q
    r1 = one + hxs * (q1 + hxs * (q2 + hxs * (q3 + hxs * (q4 + hxs * q5))))
    t = f32(3.0) - r1 * hfx
    e = hxs * ((r1 - t) / (f32(6.0) - xr * t))
    res_k0 = xr - (xr * e - hxs)
    e2 = (xr * (e - c) - c) - hxs
    res_k1 = np.where(xr < f32(-0.25), f32(-2.0) * (e2 - (xr + f32(0.5))), one + f32(2.0) * (xr - e2))
    # 2 <= k <= 22: t = 1 - 2^-k, y = t - (e - x); k >= 23: y = (x - (e + 2^-k)) + 1; then add k to y's exponent.
    kk = np.clip(k, 2, 56)
    t_small = (u32(0x3F800000) - (u32(0x1000000) >> kk.astype(u32))).view(f32)
    t_big = ((u32(0x7F) - kk.astype(u32)) << u32(23)).view(f32)
    y = np.where(kk < 23, t_small - (e2 - xr), (xr - (e2 + t_big)) + one)
    y = (y.view(u32) + (kk.astype(u32) << u32(23))).view(f32)
    out = np.where(k == 0, res_k0, np.where(k == 1, res_k1, y))
    tiny = hx < u32(0x33000000)  # |x| < 2^-25: x - ((huge+x) - (huge+x))
    huge = f32(1.0e30)
    return np.where(tiny, x - ((huge + x) - (huge + x)), out)


def _sinhf(x: np.ndarray) -> np.ndarray:
    """glibc ``__ieee754_sinhf`` (fdlibm e_sinhf.c)."""
    ix = x.view(u32) & u32(0x7FFFFFFF)
    ax = np.abs(x)
    h = np.where(x.view(np.int32) < 0, f32(-0.5), f32(0.5))
    out = x + x  # Inf/NaN (x+x quiets a NaN, keeps its payload)
    m = ix < u32(0x41B00000)  # |x| < 22
    if m.any():
        t = _expm1f_pos(ax[m])
        hm = h[m]
        one = f32(1.0)
        small = ix[m] < u32(0x3F800000)
        v = np.where(small, hm * ((t + t) - (t * t) / (t + one)), hm * (t + t / (t + one)))
        out[m] = np.where(ix[m] < u32(0x31800000), x[m], v)  # |x| < 2^-28: x itself
    m = (ix >= u32(0x41B00000)) & (ix < u32(0x42B17180))
    if m.any():
        out[m] = h[m] * _expf_fma(ax[m])
    m = (ix >= u32(0x42B17180)) & (ix <= u32(0x42B2D4FC))
    if m.any():
        w = _expf_fma(f32(0.5) * ax[m])
        out[m] = (h[m] * w) * w
    m = (ix > u32(0x42B2D4FC)) & (ix < u32(0x7F800000))
    out[m] = x[m] * f32(1.0e37)  # overflow: +-inf
    return out


def _coshf(x: np.ndarray) -> np.ndarray:
    """glibc ``__ieee754_coshf`` (fdlibm e_coshf.c)."""
    ix = x.view(u32) & u32(0x7FFFFFFF)
    ax = np.abs(x)
    one, half = f32(1.0), f32(0.5)
    out = x * x  # Inf/NaN
    m = ix < u32(0x3EB17218)
    if m.any():
        t = _expm1f_pos(ax[m])
        w = one + t
        out[m] = np.where(ix[m] < u32(0x24000000), one, one + (t * t) / (w + w))
    m = (ix >= u32(0x3EB17218)) & (ix < u32(0x41B00000))
    if m.any():
        t = _expf_fma(ax[m])
        out[m] = half * t + half / t
    m = (ix >= u32(0x41B00000)) & (ix < u32(0x42B17180))
    if m.any():
        out[m] = half * _expf_fma(ax[m])
    m = (ix >= u32(0x42B17180)) & (ix <= u32(0x42B2D4FC))
    if m.any():
        w = _expf_fma(half * ax[m])
        out[m] = (half * w) * w
    m = (ix > u32(0x42B2D4FC)) & (ix < u32(0x7F800000))
    out[m] = f32(np.inf)
    return out


# ---------------------------------------------------------------------------
# double: __ieee754_exp_fma, __expm1_fma, __ieee754_sinh / __ieee754_cosh.
# ---------------------------------------------------------------------------


def _exp_fma_pos(x: np.ndarray) -> np.ndarray:
    """glibc ``__ieee754_exp_fma`` for finite float64 x in [2^-54, 1024) (sinh/cosh only pass x >= 0.34)."""
    kd = _fma64(x, _EXP_INVLN2N, _EXP_SHIFT)
    ki = kd.view(u64)
    kd = kd - _EXP_SHIFT
    r = _fma64(kd, _EXP_NEGLN2HI, x)
    r = _fma64(kd, _EXP_NEGLN2LO, r)
    idx = (u64(2) * (ki & u64(127))).astype(np.intp)
    tail = _EXP_TAB[idx].view(f64)
    sbits = _EXP_TAB[idx + 1] + (ki << u64(45))
    a = _fma64(r, _EXP_C3, _EXP_C2)
    rt = r + tail
    r2 = r * r
    b = _fma64(r, _EXP_C5, _EXP_C4)
    c = _fma64(a, r2, rt)
    tmp = _fma64(r2 * r2, b, c)
    # |x| >= 512 (top12 == 0x408): specialcase() for k > 0, scale biased down by 2^1009.
    big = x >= f64(512.0)
    sbits = np.where(big, sbits - (u64(1009) << u64(52)), sbits)
    scale = sbits.view(f64)
    y = _fma64(scale, tmp, scale)
    return np.where(big, y * f64.fromhex("0x1p1009"), y)


_D_LN2_HI = f64.fromhex("0x1.62e42fee00000p-1")
_D_LN2_LO = f64.fromhex("0x1.a39ef35793c76p-33")
_D_INVLN2 = f64.fromhex("0x1.71547652b82fep+0")
_D_Q1 = f64.fromhex("-0x1.11111111110f4p-5")
_D_Q2 = f64.fromhex("0x1.a01a019fe5585p-10")
_D_Q3 = f64.fromhex("-0x1.4ce199eaadbb7p-14")
_D_Q4 = f64.fromhex("0x1.0cfca86e65239p-18")
_D_Q5 = f64.fromhex("-0x1.afdb76e09c32dp-23")


def _expm1_fma_pos(x: np.ndarray) -> np.ndarray:
    """glibc ``__expm1_fma`` (fdlibm s_expm1.c built with -mfma) for float64 x in [2^-54, 22)."""
    hx = (x.view(u64) >> u64(32)).astype(u32) & u32(0x7FFFFFFF)
    one = f64(1.0)
    red = hx > u32(0x3FD62E42)
    k1 = red & (hx < u32(0x3FF0A2B2))
    kn = red & ~k1
    kf = np.trunc(_D_INVLN2 * x + f64(0.5))  # (int)(invln2*x + 0.5): multiply and add not fused
    kf = np.where(kn, kf, np.where(k1, one, f64(0.0)))
    hi = np.where(kn, x - kf * _D_LN2_HI, x - _D_LN2_HI)  # k*ln2_hi is exact: the fused form is equal
    lo = np.where(kn, kf * _D_LN2_LO, _D_LN2_LO)
    xr = np.where(red, hi - lo, x)
    c = np.where(red, (hi - xr) - lo, f64(0.0))
    k = kf.astype(np.int64)
    hfx = f64(0.5) * xr
    hxs = xr * hfx
    r_1 = _fma64(hxs, _D_Q1, one)
    r_2 = _fma64(hxs, _D_Q3, _D_Q2)
    r_3 = _fma64(hxs, _D_Q5, _D_Q4)
    h2 = hxs * hxs
    r1 = _fma64(h2 * h2, r_3, _fma64(h2, r_2, r_1))
    t = _fma64(-r1, hfx, f64(3.0))
    e = ((r1 - t) / _fma64(-xr, t, f64(6.0))) * hxs
    res_k0 = xr - _fma64(e, xr, -hxs)
    e2 = _fma64(e - c, xr, -c) - hxs
    res_k1 = np.where(xr < f64(-0.25), (e2 - (xr + f64(0.5))) * f64(-2.0), one + f64(2.0) * (xr - e2))
    kk = np.clip(k, 2, 56).astype(u64)
    t_small = ((u64(0x3FF00000) - (u64(0x200000) >> kk)) << u64(32)).view(f64)
    t_big = ((u64(0x3FF) - kk) << u64(52)).view(f64)
    y = np.where(kk < 20, t_small - (e2 - xr), (xr - (e2 + t_big)) + one)
    y = (y.view(u64) + (kk << u64(52))).view(f64)
    return np.where(k == 0, res_k0, np.where(k == 1, res_k1, y))


def _hi_word(x: np.ndarray) -> np.ndarray:
    return (x.view(u64) >> u64(32)).astype(u32) & u32(0x7FFFFFFF)


_D_OVF_BITS = u64(0x408633CE8FB9F87D)  # |x| <= this: exp(|x|/2)^2 / 2 is finite


def _sinh64(x: np.ndarray) -> np.ndarray:
    """glibc ``__ieee754_sinh`` (fdlibm e_sinh.c)."""
    ix = _hi_word(x)
    ax = np.abs(x)
    abits = ax.view(u64)
    h = np.where(x.view(np.int64) < 0, f64(-0.5), f64(0.5))
    one = f64(1.0)
    out = x + x  # Inf/NaN
    m = ix < u32(0x40360000)  # |x| < 22
    if m.any():
        t = _expm1_fma_pos(ax[m])
        hm = h[m]
        small = ix[m] < u32(0x3FF00000)
        v = np.where(small, hm * ((t + t) - (t * t) / (t + one)), hm * (t + t / (t + one)))
        out[m] = np.where(ix[m] < u32(0x3E300000), x[m], v)  # |x| < 2^-28: x itself
    m = (ix >= u32(0x40360000)) & (ix < u32(0x40862E42))
    if m.any():
        out[m] = h[m] * _exp_fma_pos(ax[m])
    m = (ix >= u32(0x40862E42)) & (abits <= _D_OVF_BITS)
    if m.any():
        w = _exp_fma_pos(f64(0.5) * ax[m])
        out[m] = (h[m] * w) * w
    m = (abits > _D_OVF_BITS) & (ix < u32(0x7FF00000))
    out[m] = x[m] * f64(1.0e307)
    return out


def _cosh64(x: np.ndarray) -> np.ndarray:
    """glibc ``__ieee754_cosh`` (fdlibm e_cosh.c)."""
    ix = _hi_word(x)
    ax = np.abs(x)
    abits = ax.view(u64)
    one, half = f64(1.0), f64(0.5)
    out = x * x  # Inf/NaN
    m = ix <= u32(0x3FD62E42)
    if m.any():
        t = _expm1_fma_pos(ax[m])
        w = one + t
        out[m] = np.where(ix[m] < u32(0x3C800000), one, one + (t * t) / (w + w))
    m = (ix > u32(0x3FD62E42)) & (ix < u32(0x40360000))
    if m.any():
        t = _exp_fma_pos(ax[m])
        out[m] = half * t + half / t
    m = (ix >= u32(0x40360000)) & (ix < u32(0x40862E42))
    if m.any():
        out[m] = half * _exp_fma_pos(ax[m])
    m = (ix >= u32(0x40862E42)) & (abits <= _D_OVF_BITS)
    if m.any():
        w = _exp_fma_pos(half * ax[m])
        out[m] = (half * w) * w
    m = (abits > _D_OVF_BITS) & (ix < u32(0x7FF00000))
    out[m] = f64(np.inf)
    return out


# ---------------------------------------------------------------------------
# Public ops.
# ---------------------------------------------------------------------------


def _run(x, f32_fn, f64_fn, name: str) -> np.ndarray:
    x = np.asarray(x)
    dt = x.dtype
    if dt == _F16:
        # Half: half(::sinhf(float(x))); the float->half rounding happens outside the FTZ window,
        # like Eigen's bit-exact half conversion.
        r = _run(x.astype(_F32), f32_fn, f64_fn, name)
        with np.errstate(over="ignore"):
            return r.astype(_F16)
    if dt not in (_F32, _F64):
        raise TypeError(f"{name}: unsupported dtype {dt}")
    flat = np.ascontiguousarray(x).reshape(-1)
    fn = f32_fn if dt == _F32 else f64_fn
    with np.errstate(all="ignore"), _tf_fpenv():
        out = fn(flat.copy())
    return out.reshape(x.shape)


def sinh(x: np.ndarray) -> np.ndarray:
    """tf.math.sinh: glibc 2.36 ``sinhf``/``sinh`` (FMA ifunc variants) on every element (no packet path)."""
    return _run(x, _sinhf, _sinh64, "sinh")


def cosh(x: np.ndarray) -> np.ndarray:
    """tf.math.cosh: glibc 2.36 ``coshf``/``cosh`` (FMA ifunc variants) on every element (no packet path)."""
    return _run(x, _coshf, _cosh64, "cosh")
