"""Bit-exact NumPy emulations of TF 2.21's CPU kernels for Tan, Asin, Acos, Atan and Atan2.

What TF's kernels call (``cwise_ops.h``: ``functor::tan = scalar_tan_op`` ..., ``atan2 =
Eigen::internal::scalar_atan2_op<T, T>``), read from the Eigen headers the 2.21 wheel ships and
confirmed by disassembling ``libtensorflow_cc.so.2`` (AVX, no FMA, ``vrcpps``/``vdivps``):

========  ===============================================  ==========================================
op        float32 (Packet8f, tail = glibc via ctypes)      float64 (Packet4d, tail = glibc)
========  ===============================================  ==========================================
tan       no packet (``HasTan`` unset): glibc ``tanf``      no packet: glibc ``tan`` (``__tan_fma``)
          for *every* element
asin      ``pasin_float`` / tail ``asinf``                  no packet: glibc ``__ieee754_asin_fma``
acos      ``pacos_float`` / tail ``acosf``                  no packet: glibc ``__ieee754_acos_fma``
atan      ``generic_atan`` (``preciprocal`` = vrcpps +      ``generic_atan`` (``preciprocal`` = 1/x)
          one Newton step) / tail ``atanf``                / tail glibc ``atan``
atan2     generic ``patan2`` (vdivps + generic_atan) /      generic ``patan2`` / tail glibc ``atan2``
          tail ``atan2f``
========  ===============================================  ==========================================

float16 has no packet kernel for any of them (``packet_traits<half>`` sets none of
HasTan/HasASin/HasACos/HasATan), so every half element is ``half(::tanf(float(x)))`` etc.
(Eigen's Half.h), including ``atan2`` (``half(::atan2f(float(a), float(b))))``).

Where TF runs glibc on every element (float32 tan, float16 all five) the glibc 2.36 algorithm is
reimplemented vectorised: ``tanf`` (s_tanf.c + k_tanf.c), ``asinf``/``acosf``/``atanf``/``atan2f``
(the fdlibm float versions, for float16).  float64 tan/asin/acos (glibc's IBM code with ~30 KB of
tables, over the wheel budget) are NumPy's: not bit-exact on ~1% of inputs (compat/DIFFERENCES.md).

All kernels run under TF's MXCSR FTZ|DAZ (``_tf_fpenv``), exactly like glibc does inside TF.
NaN results carry TF's bits: quiet(input) for NaN inputs; out-of-domain asin/acos give 0xffffffff
(float32 packets: ``por`` with the invalid mask), 0xffc00000 (float32 acos packets: sqrt of a
negative), 0x7fc00000 / 0x7ff8000000000000 (glibc's SVID wrapper: half and float64 and the float32
tail); tan(+-inf) is the x86 default NaN (``x - x``).

Packet / tail split: the first floor(n/P)*P elements of the flat *output* (P = 8 float32, 4
float64) take the packet kernel, the rest the scalar one.  Measured on TF: this also holds for
atan2 with broadcast operands (scalar_left/scalar_right and TensorBroadcastingOp evaluators), so
the caller broadcasts ``y`` and ``x`` to the output shape first and calls ``atan2`` on the result.

Hardware/library dependence: the float32 atan/atan2 packets use ``eigen_rcp``'s Intel VRCPPS
model.  Validated: tanf on all 2^32 floats, the float32 packets on all 2^32 floats against TF.
"""

from __future__ import annotations

import ctypes

import numpy as np

from tfshim.kernels import fpenv
from tfshim.kernels.eigen_math import (
    _F16,
    _F32,
    _F64,
    _HAVE_FENV,
    _LIBM,
    _LIBM_CACHE,
    _PACKET,
    _flush,
    _libm,
    _RawDouble,
    _RawFloat,
    _tf_fpenv,
)

__all__ = ["tan", "asin", "acos", "atan", "atan2"]

f32 = np.float32
f64 = np.float64
u32 = np.uint32
u64 = np.uint64
i32 = np.int32
i64 = np.int64

_SIGN32 = u32(0x80000000)
_ABS32 = u32(0x7FFFFFFF)
_SIGN64 = u64(0x8000000000000000)
_ABS64 = u64(0x7FFFFFFFFFFFFFFF)
_QNAN32 = u32(0x00400000)
_QNAN64 = u64(0x0008000000000000)


def _bits(x: np.ndarray) -> np.ndarray:
    return x.view(u32 if x.dtype == _F32 else u64)


def _as(b: np.ndarray, dt: np.dtype) -> np.ndarray:
    return b.view(dt)


def _const_nan(bits: int, dt: np.dtype) -> np.ndarray:
    return np.array(bits, u32 if dt == _F32 else u64).view(dt)


def _quiet(x: np.ndarray) -> np.ndarray:
    """x86 NaN propagation: the NaN operand with its quiet bit set."""
    if x.dtype == _F32:
        return (x.view(u32) | _QNAN32).view(_F32)
    return (x.view(u64) | _QNAN64).view(_F64)


def _mask_bits(m: np.ndarray, dt: np.dtype) -> np.ndarray:
    """Boolean -> all-ones/all-zeros lane mask (as SIMD compares produce)."""
    if dt == _F32:
        return np.where(m, u32(0xFFFFFFFF), u32(0))
    return np.where(m, u64(0xFFFFFFFFFFFFFFFF), u64(0))


# ===========================================================================
# Eigen packet kernels (GenericPacketMathFunctions.h / GenericPacketMath.h),
# non-FMA AVX: pmadd(a, b, c) = a*b + c rounded twice.
# ===========================================================================


def _preciprocal_f32(a: np.ndarray) -> np.ndarray:
    """Eigen preciprocal<Packet8f> (EIGEN_FAST_MATH): vrcpps + one Newton step.

    generic_reciprocal_newton_step: tmp = 1 - a*r (two roundings); the compiled kernel then
    computes r + select(tmp == tmp, r*tmp, -0.0).  The vrcpps approximation itself comes from
    ``tfshim.kernels.eigen_rcp`` (hardware-table emulation).
    """
    fn = _rcp_impl()
    if fn is not None:
        return fn(a)
    # Fallback without the vrcpps model: the correctly rounded reciprocal, which differs from
    # TF's refined vrcpps value in the last bit for some inputs (atan of |x| > 1 only).
    with np.errstate(divide="ignore"):
        return f32(1.0) / a


_RCP: list = []


def _rcp_impl():
    if not _RCP:
        try:
            from tfshim.kernels.eigen_rcp import preciprocal_f32
        except ImportError:  # pragma: no cover - until eigen_rcp is available
            preciprocal_f32 = None
        _RCP.append(preciprocal_f32)
    return _RCP[0]


def _patan_reduced_f32(x: np.ndarray) -> np.ndarray:
    x2 = x * x
    p = (f32(1.12026982009410858154296875e-01) * x2 + f32(7.296695709228515625e-01)) * x2 + f32(
        8.109951019287109375e-01
    )
    q = ((f32(1.00917108356952667236328125e-02) * x2 + f32(2.8318560123443603515625e-01)) * x2 + f32(1.0)) * x2 + f32(
        8.109951019287109375e-01
    )
    return x * (p / q)


_ATAN64_ALPHA = (
    2.6667153866462208e-05,
    3.0917513112462781e-03,
    5.2574296781008604e-02,
    3.0409318473444424e-01,
    7.5365702534987022e-01,
    8.2704055405494614e-01,
    3.3004361289279920e-01,
)
_ATAN64_BETA = (
    2.7311202462436667e-04,
    1.0899150928962708e-02,
    1.1548932646420353e-01,
    4.9716458728465573e-01,
    1.0,
    9.3705509168587852e-01,
    3.3004361289279920e-01,
)


def _polevl(x: np.ndarray, coeffs: tuple, t: type) -> np.ndarray:
    y = t(coeffs[0]) * x + t(coeffs[1])
    for c in coeffs[2:]:
        y = y * x + t(c)
    return y


def _patan_reduced_f64(x: np.ndarray) -> np.ndarray:
    x2 = x * x
    p = _polevl(x2, _ATAN64_ALPHA, f64)
    q = _polevl(x2, _ATAN64_BETA, f64)
    return x * (p / q)


def _patan_packet(x_in: np.ndarray) -> np.ndarray:
    """Eigen generic_atan: |x| > 1 -> pi/2 - atan(1/|x|); sign restored by xor."""
    dt = x_in.dtype
    b = _bits(x_in)
    sign = b & (_SIGN32 if dt == _F32 else _SIGN64)
    abs_x = (b & (_ABS32 if dt == _F32 else _ABS64)).view(dt)
    large = dt.type(1.0) < abs_x
    if dt == _F32:
        rec = _preciprocal_f32(abs_x) if large.any() else abs_x
        x = np.where(large, rec, abs_x)
        p = _patan_reduced_f32(x)
        pio2 = f32(np.pi / 2)
    else:
        with np.errstate(divide="ignore"):
            x = np.where(large, f64(1.0) / abs_x, abs_x)
        p = _patan_reduced_f64(x)
        pio2 = f64(np.pi / 2)
    res = np.where(large, pio2 - p, p)
    return (_bits(res) ^ sign).view(dt)


def _patan2_packet(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Eigen generic patan2 (GenericPacketMath.h) as compiled: vdivps + generic_atan + shift.

    The compiler turned ``pcmp_eq(por(x, y), 0)`` into an *integer* test of the OR'ed bits
    (so it ignores DAZ), while ``pabs(x) == pabs(y)`` is a float compare (DAZ applies).
    """
    dt = y.dtype
    sm, am = (_SIGN32, _ABS32) if dt == _F32 else (_SIGN64, _ABS64)
    by, bx = _bits(y), _bits(x)
    pi = dt.type(np.pi)
    x_neg = (bx & sm) != 0
    res_sign = (by ^ bx) & sm
    shift = (_bits(np.where(x_neg, pi, dt.type(0.0))) | (by & sm)).view(dt)
    same = np.abs(x) == np.abs(y)
    zero = ((by | bx) & am) == 0
    arg = y / x
    arg = np.where(same, (_bits(np.ones_like(arg)) | res_sign).view(dt), arg)
    arg = np.where(zero, res_sign.view(dt), arg)
    out = shift + _patan_packet(arg)
    # NaN inputs: vdivps(y, x) yields y's NaN if y is NaN, else x's (quieted), and it propagates
    # unchanged; set explicitly as NumPy's SIMD divide may pick the other operand.
    return np.where(np.isnan(y), _quiet(y), np.where(np.isnan(x), _quiet(x), out))


def _pasin_f32(x_in: np.ndarray) -> np.ndarray:
    """Eigen pasin_float: |x| > 0.5 -> pi/2 - 2 asin(sqrt((1-|x|)/2)); |x| > 1 -> por(NaN mask)."""
    b = x_in.view(u32)
    sign = b & _SIGN32
    abs_x = (b & _ABS32).view(_F32)
    invalid = f32(1.0) < abs_x
    half = f32(0.5)
    x_large = np.sqrt(half - half * abs_x)
    large = half < abs_x
    x = np.where(large, x_large, abs_x)
    x2 = x * x
    p = f32(5.08838854730129241943359375e-2) * x2 + f32(3.95139865577220916748046875e-2)
    p = p * x2 + f32(7.550220191478729248046875e-2)
    p = p * x2 + f32(0.16664917767047882080078125)
    p = p * x2 + f32(1.00000011920928955078125)
    p = p * x
    p = np.where(large, f32(np.pi / 2) - (p + p), p)
    out = (p.view(u32) ^ sign) | _mask_bits(invalid, _F32)
    # NaN input: every operation propagates the (quieted) input NaN; the sign is xor'ed back.
    return np.where(np.isnan(x_in), _quiet(x_in).view(u32), out).view(_F32)


def _pacos_f32(x_in: np.ndarray) -> np.ndarray:
    """Eigen pacos_float: acos(|x|) = sqrt(1-|x|) * P(|x|); x < 0 -> pi - that."""
    neg = (x_in.view(u32) & _SIGN32) != 0
    abs_x = np.abs(x_in)
    x2 = x_in * x_in
    p_even = f32(2.36423197202384471893310546875e-3) * x2 + f32(2.717843465507030487060546875e-2)
    p_odd = f32(-1.1368644423782825469970703125e-2) * x2 + f32(-4.8969544470310211181640625e-2)
    p_even = p_even * x2 + f32(8.8804088532924652099609375e-2)
    p_odd = p_odd * x2 + f32(-0.214591205120086669921875)
    p_even = p_even * x2 + f32(1.57079637050628662109375)
    p = p_odd * abs_x + p_even
    denom = np.sqrt(f32(1.0) - abs_x)
    result = denom * p
    out = np.where(neg, f32(np.pi) - result, result)
    # |x| > 1: sqrt of a negative gives the x86 default NaN 0xffc00000, which propagates;
    # a NaN input propagates as sqrt(1 - |x|) = quiet(|x|) (sign cleared).
    out = np.where(abs_x > f32(1.0), _const_nan(0xFFC00000, _F32), out)
    return np.where(np.isnan(x_in), _quiet(abs_x), out)


# ===========================================================================
# glibc 2.36 float functions (flt-32), vectorised.  Plain SSE float/double
# arithmetic: these objects have no FMA multiarch variant.
# ===========================================================================

# s_sincosf.h reduce_fast / reduce_large (used by tanf's rem_pio2f).
_HPI_INV = float.fromhex("0x1.45F306DC9C883p+23")  # 2/pi * 2^24
_HPI = float.fromhex("0x1.921FB54442D18p0")
_PI63 = float.fromhex("0x1.921FB54442D18p-62")
_INV_PIO4 = np.array(
    [
        0xA2, 0xA2F9, 0xA2F983, 0xA2F9836E, 0xF9836E4E, 0x836E4E44, 0x6E4E4415, 0x4E441529,
        0x441529FC, 0x1529FC27, 0x29FC2757, 0xFC2757D1, 0x2757D1F5, 0x57D1F534, 0xD1F534DD,
        0xF534DDC0, 0x34DDC0DB, 0xDDC0DB62, 0xC0DB6295, 0xDB629599, 0x6295993C, 0x95993C43,
        0x993C4390, 0x3C439041,
    ],
    dtype=np.uint64,
)  # fmt: skip


def _rem_pio2f(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """s_tanf.c rem_pio2f: (y0, y1, n) with x = n*pi/2 + y0 + y1, |y| <= pi/4."""
    xi = x.view(u32)
    dx = x.astype(f64)
    r = dx * f64(_HPI_INV)
    with np.errstate(invalid="ignore"):
        n = (r.astype(i32) + i32(0x800000)) >> i32(24)
    dr = dx - n.astype(f64) * f64(_HPI)
    large = ((xi >> u32(20)) & u32(0x7FF)) >= u32(0x42F)  # abstop12(x) >= abstop12(120.0f)
    if large.any():
        xl = xi[large].astype(u64)
        idx = ((xl >> u64(26)) & u64(15)).astype(np.intp)
        shift = (xl >> u64(23)) & u64(7)
        m = ((xl & u64(0xFFFFFF)) | u64(0x800000)) << shift  # fits in 32 bits
        m32 = u64(0xFFFFFFFF)
        res0 = (m * _INV_PIO4[idx]) & m32  # uint32 product
        res1 = m * _INV_PIO4[idx + 4]
        res2 = m * _INV_PIO4[idx + 8]
        res0 = (res2 >> u64(32)) | (res0 << u64(32))
        res0 = res0 + res1
        nl = (res0 + (u64(1) << u64(61))) >> u64(62)
        res0 = res0 - (nl << u64(62))
        d = res0.view(i64).astype(f64) * f64(_PI63)
        d = np.where((xl >> u64(31)) != 0, -d, d)
        dr = dr.copy()
        n = n.copy()
        dr[large] = d
        n[large] = nl.astype(i32)
    y0 = dr.astype(f32)
    y1 = (dr - y0.astype(f64)).astype(f32)
    return y0, y1, n


_TANF_T = tuple(
    f32(v)
    for v in (
        "3.3333334327e-01",
        "1.3333334029e-01",
        "5.3968254477e-02",
        "2.1869488060e-02",
        "8.8632395491e-03",
        "3.5920790397e-03",
        "1.4562094584e-03",
        "5.8804126456e-04",
        "2.4646313977e-04",
        "7.8179444245e-05",
        "7.1407252108e-05",
        "-1.8558637748e-05",
        "2.5907305826e-05",
    )
)
_PIO4F = f32("7.8539812565e-01")
_PIO4LOF = f32("3.7748947079e-08")


def _kernel_tanf(x: np.ndarray, y: np.ndarray, iy: np.ndarray) -> np.ndarray:
    """k_tanf.c __kernel_tanf(x, y, iy), iy = +1 (tan) or -1 (-1/tan); float arithmetic."""
    one = f32(1.0)
    hx = x.view(i32)
    ix = hx & i32(0x7FFFFFFF)
    ivf = iy.astype(f32)
    big = ix >= i32(0x3F2CA140)  # |x| >= 0.6744
    flip = big & (hx < 0)
    xb = np.where(flip, -x, x)
    yb = np.where(flip, -y, y)
    z = _PIO4F - xb
    w = _PIO4LOF - yb
    xr = z + w
    x = np.where(big, xr, x)
    y = np.where(big, f32(0.0), y)
    sgnf = (i32(1) - ((hx >> i32(30)) & i32(2))).astype(f32)  # +1 / -1
    # |reduced x| < 2^-13 after the pi/4 fold: short formula
    tinyb = big & (np.abs(xr) < f32(2.0**-13))
    tiny_res = (sgnf * ivf) * (one - (f32(2.0) * ivf) * xr)
    z = x * x
    w = z * z
    t = _TANF_T
    r = t[1] + w * (t[3] + w * (t[5] + w * (t[7] + w * (t[9] + w * t[11]))))
    v = z * (t[2] + w * (t[4] + w * (t[6] + w * (t[8] + w * (t[10] + w * t[12])))))
    s = z * x
    r = y + z * (s * (r + v) + y)
    r = r + t[0] * s
    w = x + r
    big_res = sgnf * (ivf - f32(2.0) * (x - (w * w / (w + ivf) - r)))
    # iy == -1, small |x|: -1/(x+r) computed accurately
    zc = (w.view(u32) & u32(0xFFFFF000)).view(f32)
    vc = r - (zc - x)
    a = -one / w
    tc = (a.view(u32) & u32(0xFFFFF000)).view(f32)
    sc = one + tc * zc
    cot_res = tc + a * (sc + tc * vc)
    res = np.where(iy == 1, w, cot_res)
    res = np.where(big, np.where(tinyb, tiny_res, big_res), res)
    # |x| < 2^-13 (before the fold): x, or -1/x (or 1/|x| for x == 0 with iy == -1)
    small = ix < i32(0x39000000)
    if small.any():
        inv0 = one / np.abs(x)
        small_res = np.where(iy == 1, x, np.where(ix == 0, inv0, -one / x))
        res = np.where(small, small_res, res)
    return res


def _glibc_tanf(x: np.ndarray) -> np.ndarray:
    """glibc tanf (s_tanf.c) for a float32 array, under FTZ/DAZ."""
    ix = x.view(u32) & _ABS32
    y0, y1, n = _rem_pio2f(np.where(ix < u32(0x7F800000), x, f32(0.0)))
    iy = i32(1) - ((n & i32(1)) << i32(1))
    direct = ix <= u32(0x3F490FDA)
    y0 = np.where(direct, x, y0)
    y1 = np.where(direct, f32(0.0), y1)
    iy = np.where(direct, i32(1), iy)
    res = _kernel_tanf(y0, y1, iy)
    return np.where(ix >= u32(0x7F800000), x - x, res)  # NaN: quiet NaN; inf: default NaN


def _atanf_core(x: np.ndarray) -> np.ndarray:
    """s_atanf.c __atanf (fdlibm float)."""
    one = f32(1.0)
    hx = x.view(i32)
    ix = hx & i32(0x7FFFFFFF)
    ax = np.abs(x)
    c15 = f32(1.5)
    r0 = (f32(2.0) * ax - one) / (f32(2.0) + ax)
    r1 = (ax - one) / (ax + one)
    r2 = (ax - c15) / (one + c15 * ax)
    with np.errstate(divide="ignore"):
        r3 = -one / ax
    id_ = np.where(
        ix < i32(0x3EE00000),
        -1,
        np.where(ix < i32(0x3F300000), 0, np.where(ix < i32(0x3F980000), 1, np.where(ix < i32(0x401C0000), 2, 3))),
    )
    xr = np.select([id_ == -1, id_ == 0, id_ == 1, id_ == 2], [x, r0, r1, r2], r3)
    z = xr * xr
    w = z * z
    a = _ATANF_AT
    s1 = z * (a[0] + w * (a[2] + w * (a[4] + w * (a[6] + w * (a[8] + w * a[10])))))
    s2 = w * (a[1] + w * (a[3] + w * (a[5] + w * (a[7] + w * a[9]))))
    small_res = xr - xr * (s1 + s2)
    idc = np.clip(id_, 0, 3)
    zr = _ATANF_HI[idc] - ((xr * (s1 + s2) - _ATANF_LO[idc]) - xr)
    zr = np.where(hx < 0, -zr, zr)
    res = np.where(id_ < 0, small_res, zr)
    res = np.where(ix < i32(0x31000000), x, res)
    huge = np.where(hx > 0, _ATANF_HI[3] + _ATANF_LO[3], -_ATANF_HI[3] - _ATANF_LO[3])
    res = np.where(ix >= i32(0x4C000000), huge, res)
    return np.where(ix > i32(0x7F800000), x + x, res)


_ATANF_HI = np.array(["4.6364760399e-01", "7.8539812565e-01", "9.8279368877e-01", "1.5707962513e+00"], f32)
_ATANF_LO = np.array(["5.0121582440e-09", "3.7748947079e-08", "3.4473217170e-08", "7.5497894159e-08"], f32)
_ATANF_AT = tuple(
    f32(v)
    for v in (
        "3.3333334327e-01",
        "-2.0000000298e-01",
        "1.4285714924e-01",
        "-1.1111110449e-01",
        "9.0908870101e-02",
        "-7.6918758452e-02",
        "6.6610731184e-02",
        "-5.8335702866e-02",
        "4.9768779427e-02",
        "-3.6531571299e-02",
        "1.6285819933e-02",
    )
)

_ASINF_P = tuple(
    f32(v) for v in ("1.666675248e-1", "7.495297643e-2", "4.547037598e-2", "2.417951451e-2", "4.216630880e-2")
)
_PIO2_HIF = f32(1.57079637050628662109375)
_PIO2_LOF = f32(-4.37113900018624283e-8)
_PIO4_HIF = f32(0.785398185253143310546875)


def _glibc_asinf(x: np.ndarray) -> np.ndarray:
    """e_asinf.c __ieee754_asinf (fdlibm + Moshier polynomial), via the SVID wrapper asinf."""
    one = f32(1.0)
    hx = x.view(i32)
    ix = hx & i32(0x7FFFFFFF)
    p0, p1, p2, p3, p4 = _ASINF_P
    t = x * x
    w = t * (p0 + t * (p1 + t * (p2 + t * (p3 + t * p4))))
    small_res = x + x * w
    w = one - np.abs(x)
    t = w * f32(0.5)
    p = t * (p0 + t * (p1 + t * (p2 + t * (p3 + t * p4))))
    with np.errstate(invalid="ignore"):
        s = np.sqrt(t)
    t_hi = _PIO2_HIF - (f32(2.0) * (s + s * p) - _PIO2_LOF)
    wc = (s.view(u32) & u32(0xFFFFF000)).view(f32)
    c = (t - wc * wc) / (s + wc)
    pp = f32(2.0) * s * p - (_PIO2_LOF - f32(2.0) * c)
    q = _PIO4_HIF - f32(2.0) * wc
    t_mid = _PIO4_HIF - (pp - q)
    tt = np.where(ix >= i32(0x3F79999A), t_hi, t_mid)
    big_res = np.where(hx > 0, tt, -tt)
    res = np.where(ix < i32(0x3F000000), np.where(ix < i32(0x32000000), x, small_res), big_res)
    res = np.where(ix == i32(0x3F800000), x * _PIO2_HIF + x * _PIO2_LOF, res)
    # |x| > 1 (and NaN): the wrapper returns __kernel_standard's +qNaN; a NaN input gives x+x.
    res = np.where(ix > i32(0x3F800000), _const_nan(0x7FC00000, _F32), res)
    return np.where(ix > i32(0x7F800000), x + x, res)


_ACOSF = {
    k: f32(v)
    for k, v in dict(
        pi="3.1415925026e+00",
        pio2_hi="1.5707962513e+00",
        pio2_lo="7.5497894159e-08",
        pS0="1.6666667163e-01",
        pS1="-3.2556581497e-01",
        pS2="2.0121252537e-01",
        pS3="-4.0055535734e-02",
        pS4="7.9153501429e-04",
        pS5="3.4793309169e-05",
        qS1="-2.4033949375e+00",
        qS2="2.0209457874e+00",
        qS3="-6.8828397989e-01",
        qS4="7.7038154006e-02",
    ).items()
}


def _glibc_acosf(x: np.ndarray) -> np.ndarray:
    """e_acosf.c __ieee754_acosf (fdlibm float), via the SVID wrapper acosf."""
    c = _ACOSF
    one, two, half = f32(1.0), f32(2.0), f32(0.5)
    hx = x.view(i32)
    ix = hx & i32(0x7FFFFFFF)

    def pq(z: np.ndarray) -> np.ndarray:
        p = z * (c["pS0"] + z * (c["pS1"] + z * (c["pS2"] + z * (c["pS3"] + z * (c["pS4"] + z * c["pS5"])))))
        q = one + z * (c["qS1"] + z * (c["qS2"] + z * (c["qS3"] + z * c["qS4"])))
        return p / q

    z = x * x
    r = pq(z)
    small_res = c["pio2_hi"] - (x - (c["pio2_lo"] - x * r))
    with np.errstate(invalid="ignore"):
        zn = (one + x) * half
        sn = np.sqrt(zn)
        wn = pq(zn) * sn - c["pio2_lo"]
        neg_res = c["pi"] - two * (sn + wn)
        zp = (one - x) * half
        sp = np.sqrt(zp)
        df = (sp.view(u32) & u32(0xFFFFF000)).view(f32)
        cc = (zp - df * df) / (sp + df)
        wp = pq(zp) * sp + cc
        pos_res = two * (df + wp)
    small_res = np.where(ix <= i32(0x32800000), c["pio2_hi"] + c["pio2_lo"], small_res)
    res = np.where(ix < i32(0x3F000000), small_res, np.where(hx < 0, neg_res, pos_res))
    res = np.where(ix == i32(0x3F800000), np.where(hx > 0, f32(0.0), c["pi"] + two * c["pio2_lo"]), res)
    res = np.where(ix > i32(0x3F800000), _const_nan(0x7FC00000, _F32), res)
    return np.where(ix > i32(0x7F800000), x + x, res)


_ATAN2F_PI_O_4 = f32("7.8539818525e-01")
_ATAN2F_PI_O_2 = f32("1.5707963705e+00")
_ATAN2F_PI = f32("3.1415927410e+00")
_ATAN2F_PI_LO = f32("-8.7422776573e-08")
_ATAN2F_TINY = f32("1.0e-30")


def _glibc_atan2f(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """e_atan2f.c __ieee754_atan2f (fdlibm float) and the atan2f wrapper."""
    tiny, pi, pi_o_2, pi_o_4, pi_lo = _ATAN2F_TINY, _ATAN2F_PI, _ATAN2F_PI_O_2, _ATAN2F_PI_O_4, _ATAN2F_PI_LO
    hx = x.view(i32)
    hy = y.view(i32)
    ix = hx & i32(0x7FFFFFFF)
    iy = hy & i32(0x7FFFFFFF)
    m = ((hy >> i32(31)) & i32(1)) | ((hx >> i32(30)) & i32(2))
    k = (iy - ix) >> i32(23)
    with np.errstate(all="ignore"):
        q = np.abs(y / x)
    z = np.where(k > 60, pi_o_2 + f32(0.5) * pi_lo, np.where((hx < 0) & (k < -60), f32(0.0), _atanf_core(q)))
    zneg = (z.view(u32) ^ _SIGN32).view(f32)
    gen = np.select([m == 0, m == 1, m == 2], [z, zneg, pi - (z - pi_lo)], (z - pi_lo) - pi)
    # special cases, in the order e_atan2f.c tests them (later tests apply only if earlier fail)
    pi_t, pio2_t = pi + tiny, pi_o_2 + tiny
    m_pi = np.where(m == 2, pi_t, -pi - tiny)
    res = gen
    yinf = iy == i32(0x7F800000)
    res = np.where(yinf, np.where(hy < 0, -pi_o_2 - tiny, pio2_t), res)
    xinf = ix == i32(0x7F800000)
    both_cases = [pi_o_4 + tiny, -pi_o_4 - tiny, f32(3.0) * pi_o_4 + tiny]
    both = np.select([m == 0, m == 1, m == 2], both_cases, f32(-3.0) * pi_o_4 - tiny)
    xinf_res = np.where(yinf, both, np.select([m == 0, m == 1], [f32(0.0), f32(-0.0)], m_pi))
    res = np.where(xinf, xinf_res, res)
    res = np.where(ix == 0, np.where(hy < 0, -pi_o_2 - tiny, pio2_t), res)
    res = np.where(iy == 0, np.where(m < 2, y, m_pi), res)
    res = np.where(hx == i32(0x3F800000), _atanf_core(y), res)
    # x or y NaN: x + y, i.e. x86's first NaN operand (x), quieted (set explicitly: NumPy's SIMD
    # add does not keep a fixed operand order).
    nan_res = np.where(ix > i32(0x7F800000), _quiet(x), _quiet(y))
    return np.where((ix > i32(0x7F800000)) | (iy > i32(0x7F800000)), nan_res, res)


# ===========================================================================
# Drivers: packet body / scalar tail split, FTZ/DAZ, float16 via float32.
# ===========================================================================


def _libm2(name: str, y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """glibc atan2f/atan2 on the few tail elements (TF's scalar functor: std::atan2)."""
    dt = y.dtype
    cname = name + ("f" if dt == _F32 else "")
    key = (cname, "binary")
    fn = _LIBM_CACHE.get(key)
    ct = ctypes.c_float if dt == _F32 else ctypes.c_double
    if fn is None and _LIBM is not None:
        fn = getattr(_LIBM, cname)
        fn.restype, fn.argtypes = (_RawFloat if dt == _F32 else _RawDouble), [ct, ct]
        _LIBM_CACHE[key] = fn
    if fn is None:  # pragma: no cover - non-glibc platforms
        with np.errstate(all="ignore"):
            return np.arctan2(y, x)
    with fpenv.unflushed():  # the C float conversion must not flush subnormal arguments
        args = [(ct(a), ct(b)) for a, b in zip(y.tolist(), x.tolist())]
    with _tf_fpenv():
        res = [fn(a, b) for a, b in args]
    return np.frombuffer(b"".join(bytes(r) for r in res), dtype=dt).copy()


def _whole(fn, *xs: np.ndarray) -> np.ndarray:
    """A kernel TF evaluates with the C library on every element: no packet/tail split."""
    flats = [np.ascontiguousarray(v).reshape(-1) for v in xs]
    with np.errstate(all="ignore"), _tf_fpenv():
        out = fn(*flats)
    return out.reshape(np.shape(xs[0]))


def _to_half(v: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return v.astype(_F16)


def _split(packet, tail, *xs: np.ndarray) -> np.ndarray:
    """TensorExecutor: packet kernel on the first floor(n/P)*P elements, scalar on the rest."""
    flats = [np.ascontiguousarray(v).reshape(-1) for v in xs]
    n = flats[0].size
    k = n - n % _PACKET[flats[0].dtype]
    out = np.empty_like(flats[0])
    with np.errstate(all="ignore"):
        if k:
            with _tf_fpenv():
                src = [f[:k] if _HAVE_FENV else _flush(f[:k]) for f in flats]
                res = packet(*src)
                out[:k] = res if _HAVE_FENV else _flush(res)
        if k < n:
            out[k:] = tail(*[f[k:] for f in flats])
    return out.reshape(np.shape(xs[0]))


_TINY64 = np.finfo(np.float64).tiny
_SVID_NAN64 = 0x7FF8000000000000  # glibc's SVID wrapper NaN for |x| > 1


def _np_fn(fn, tiny_value, nan_bits: int = _SVID_NAN64):
    """float64 tan/asin/acos: TF calls glibc's IBM tan/asin/acos per element; reproducing them needs
    ~30 KB of glibc tables, over the wheel budget, so NumPy's (last-bit differences on ~1% of inputs),
    with glibc's results for subnormal x (x, or pi/2 for acos) and its NaNs (quiet(x); +qNaN out of
    the domain; tan(inf) is x - x, the x86 default NaN)."""

    def run(v: np.ndarray) -> np.ndarray:
        with fpenv.unflushed():
            r = fn(v)
            r = np.where(np.abs(v) < _TINY64, tiny_value(v), r)
        r = np.where(np.isnan(r), _const_nan(nan_bits, _F64), r)
        return np.where(np.isnan(v), _quiet(v), r)

    return run


def _unary(x, f16_fn, f32_packet, f32_tail, f64_packet, f64_tail, name: str) -> np.ndarray:
    x = np.asarray(x)
    dt = x.dtype
    if dt == _F16:
        # Half.h: half(::fnf(float(x))) on every element (no half packet kernel).
        return _to_half(_whole(f16_fn, x.astype(_F32)))
    if dt == _F32:
        packet, tail = f32_packet, f32_tail
    elif dt == _F64:
        packet, tail = f64_packet, f64_tail
    else:
        raise TypeError(f"{name}: unsupported dtype {dt}")
    if packet is None:
        return _whole(tail, x)
    return _split(packet, tail, x)


def tan(x: np.ndarray) -> np.ndarray:
    """tf.math.tan: glibc tanf / tan on every element (Eigen has no packet tan)."""
    return _unary(x, _glibc_tanf, None, _glibc_tanf, None, _np_fn(np.tan, lambda v: v, 0xFFF8000000000000), "tan")


def asin(x: np.ndarray) -> np.ndarray:
    """tf.math.asin: float32 Eigen pasin_float (tail glibc asinf); float64 glibc asin; half asinf."""
    return _unary(x, _glibc_asinf, _pasin_f32, lambda v: _libm("asin", v), None, _np_fn(np.arcsin, lambda v: v), "asin")


def acos(x: np.ndarray) -> np.ndarray:
    """tf.math.acos: float32 Eigen pacos_float (tail glibc acosf); float64 glibc acos; half acosf."""
    return _unary(
        x,
        _glibc_acosf,
        _pacos_f32,
        lambda v: _libm("acos", v),
        None,
        _np_fn(np.arccos, lambda v: np.full_like(v, np.pi / 2)),
        "acos",
    )


def atan(x: np.ndarray) -> np.ndarray:
    """tf.math.atan: Eigen generic_atan (float32 with vrcpps+Newton, float64 with 1/x); tail glibc atan[f]."""
    tail = lambda v: _libm("atan", v)  # noqa: E731
    return _unary(x, _atanf_core, _patan_packet, tail, _patan_packet, tail, "atan")


def atan2(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """tf.math.atan2(y, x) for same-shape (already broadcast) y and x.

    float32/float64: Eigen's generic patan2 on packets, glibc atan2f/atan2 on the n % P tail
    (TF's scalar_left/scalar_right and broadcasting evaluators split the flat output the same
    way); float16: half(::atan2f(float(y), float(x))) on every element.
    """
    y = np.asarray(y)
    x = np.asarray(x)
    if y.shape != x.shape or y.dtype != x.dtype:
        raise ValueError("atan2: y and x must have the same shape and dtype (broadcast them first)")
    dt = y.dtype
    if dt == _F16:
        return _to_half(_whole(_glibc_atan2f, y.astype(_F32), x.astype(_F32)))
    if dt not in (_F32, _F64):
        raise TypeError(f"atan2: unsupported dtype {dt}")
    return _split(_patan2_packet, lambda a, b: _libm2("atan2", a, b), y, x)
