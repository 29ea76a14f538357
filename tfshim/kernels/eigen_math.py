"""Bit-exact NumPy emulations of TensorFlow 2.21's CPU elementwise math kernels.

TF's CPU kernels evaluate Eigen tensor expressions.  What the official
``tensorflow-cpu`` 2.21 wheel actually runs (measured against it, and read from
the Eigen headers it ships, ``tensorflow/include/Eigen``):

* Eigen is compiled for **AVX without FMA** (even on AVX-512 machines: the
  wheel only dispatches oneDNN kernels on the CPU).  Hence packets are
  ``Packet8f`` / ``Packet4d`` and ``pmadd(a, b, c)`` is ``a*b + c`` with two
  roundings.  Emulating the FMA variants mismatched ``tf.exp`` on 1% of inputs;
  the non-FMA formulas match 100%.
* ``TensorExecutor`` evaluates ``floor(n/P)*P`` leading elements with the packet
  function (P = 8 for float32/float16, 4 for float64) and the remaining tail
  ``n % P`` elements (so also every 0-d tensor) with the *scalar* functor,
  which for most ops is the C library (``std::exp`` = glibc ``expf``/``exp``).
  Thread-pool blocks are packet aligned, so only the global tail is scalar.
* Every op runs with FTZ and DAZ set in MXCSR (``port::ScopedFlushDenormal``):
  subnormal inputs read as zero and subnormal results are flushed.  We
  reproduce that exactly by setting the same MXCSR bits (``fesetenv``) while
  NumPy evaluates the kernel, so every intermediate is flushed just like in TF.
* float16 ops convert to float32, use the float32 packet/scalar kernel and
  round back (``F16_PACKET_FUNCTION``; scalar ``half(::expf(float(x)))``).

Every public function takes and returns an ``np.ndarray`` (any shape, dtype
float16/float32/float64 preserved) and is whole-array NumPy.  The scalar-path
tail elements go through ``_libm``: kernels/glibc.py's vectorised glibc, or
glibc itself through ``ctypes`` for the few functions not reimplemented there.
"""

from __future__ import annotations

import ctypes
import functools
import math
from collections.abc import Callable

import numpy as np

from tfshim.kernels import fpenv, glibc, native

__all__ = [
    "exp",
    "log",
    "tanh",
    "sigmoid",
    "log1p",
    "expm1",
    "sin",
    "cos",
    "softplus",
    "erf",
    "sqrt",
    "elu",
    "selu",
]

_F16 = np.dtype(np.float16)
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_PACKET = {_F32: 8, _F64: 4}  # AVX Packet8f / Packet4d (Packet8h for half)

f32 = np.float32
f64 = np.float64
# Smallest normals, taken at import: np.finfo must never be first evaluated
# under FTZ/DAZ (NumPy 1.26 would cache smallest_subnormal = 0).
_TINY = {_F16: np.finfo(np.float16).tiny, _F32: np.finfo(np.float32).tiny, _F64: np.finfo(np.float64).tiny}

Kernel = Callable[[np.ndarray], np.ndarray]

# ---------------------------------------------------------------------------
# Floating-point environment: FTZ + DAZ, as TF's ScopedFlushDenormal sets.
# ---------------------------------------------------------------------------

_LIBM = fpenv.LIBM
_HAVE_FENV = fpenv.AVAILABLE


def _tf_fpenv() -> fpenv.flush_denormals:
    """Run the body with MXCSR.FTZ|DAZ set, like every TF CPU kernel (kernels/fpenv.py)."""
    return fpenv.flush_denormals()


def _flush(x: np.ndarray) -> np.ndarray:
    """FTZ/DAZ by hand: used only when MXCSR cannot be set (non-x86/glibc)."""
    tiny = _TINY[x.dtype]
    return np.where(np.abs(x) < tiny, x * x.dtype.type(0), x)


# ---------------------------------------------------------------------------
# Scalar (tail) path: the C library function TF's scalar functor calls.
# ---------------------------------------------------------------------------

_LIBM_CACHE: dict = {}


class _RawFloat(ctypes.c_float):
    """Subclass so ctypes hands back the raw C float (no float->double
    conversion under DAZ, which would flush a subnormal result TF keeps)."""


class _RawDouble(ctypes.c_double):
    """See _RawFloat."""


def _libm_fn(name: str, dt: np.dtype, nargs: int) -> Callable | None:
    key = (name, dt, nargs)
    if key not in _LIBM_CACHE:
        fn = getattr(_LIBM, name + ("f" if dt == _F32 else ""), None)
        if fn is not None:
            ct, raw = (ctypes.c_float, _RawFloat) if dt == _F32 else (ctypes.c_double, _RawDouble)
            fn.restype, fn.argtypes = raw, [ct] * nargs
        _LIBM_CACHE[key] = fn
    return _LIBM_CACHE[key]


# Double scalar-path functions whose subnormal inputs TF's build sees as zero.
# Measured on the oracle: log(5e-324) = -inf and expm1(1e-310) = 0 in the
# tail, but log1p(1e-310) = 1e-310 (glibc returns x untouched); the float
# functions see subnormals (logf(1e-40) = -103.97, sinf(1e-45) = 1e-45).
_F64_DAZ_INPUT = {"log", "expm1", "tanh", "exp"}


def _reference_libm() -> bool:
    """Whether libm is the one kernels/glibc.py reproduces (glibc 2.36 picking its FMA variants): same bits."""
    try:
        version = ctypes.CDLL(None).gnu_get_libc_version
        version.restype = ctypes.c_char_p
        with open("/proc/cpuinfo") as f:
            flags = f.read()
        return _HAVE_FENV and version() == b"2.36" and " fma " in flags and " avx2 " in flags
    except (AttributeError, OSError, TypeError):  # pragma: no cover - not glibc, no /proc
        return False


REFERENCE_LIBM = _reference_libm()
# Up to this many elements ctypes costs less than one vectorised call (25-300 us): used with the reference libm.
_CTYPES_MAX = 32 if REFERENCE_LIBM else -1


def _libm(name: str, *args: np.ndarray) -> np.ndarray:
    """glibc's ``name``/``namef`` (TF's scalar functor) on tail elements, under TF's FTZ|DAZ: kernels/glibc.py
    (on every platform; with the reference libm a few elements go through ctypes), else ``_libm_c``."""
    dt = args[0].dtype
    if dt == _F32 and name in _GLIBC_COMPILED and native.AVAILABLE:
        return _glibc_compiled(name, args[0])
    if dt == _F64 and name in _F64_DAZ_INPUT:
        args = (_flush(args[0]),)
    vec = glibc.FUNCS.get(name, (None, None))[dt == _F64]
    if vec is None or args[0].size <= _CTYPES_MAX:
        return _libm_c(name, *args)
    with _tf_fpenv():
        out = vec(*args)
    return out if _HAVE_FENV else _flush(out)


# glibc functions with a compiled twin in tfshim/_kernels.c (float32), and whether their tables were handed over.
_GLIBC_COMPILED = {"exp": "expf_f32", "log": "logf_f32"}
_glibc_tables: list = []


def glibc_tables_to_c() -> None:
    """Hands glibc.py's expf/logf tables to the compiled kernels (once)."""
    if not _glibc_tables:
        native.lib.set_glibc_tables(glibc._exp_tab()[1].view(np.float64), np.asarray(glibc._LOGF_INVC, np.float64),
                                    glibc._logc()[0])
        _glibc_tables.append(True)


def _glibc_compiled(name: str, x: np.ndarray) -> np.ndarray:
    """glibc's expf/logf compiled (the twins of glibc._expf/_logf), with glibc.py's tables, under FTZ|DAZ."""
    glibc_tables_to_c()
    out = np.empty(x.shape, _F32)
    getattr(native.lib, _GLIBC_COMPILED[name])(np.ascontiguousarray(x), out)
    return out


def _libm_c(name: str, *args: np.ndarray) -> np.ndarray:
    """glibc itself through ctypes, one element at a time (NumPy's function where glibc is missing: not exact)."""
    dt = args[0].dtype
    fn = _libm_fn(name, dt, len(args))
    if fn is None:  # pragma: no cover - fallback: nearly correctly rounded numpy
        with np.errstate(all="ignore"):
            f = getattr(np, name, None) or getattr(np, "arc" + name[1:])
            return f(*[a.astype(_F64) for a in args]).astype(dt)
    # Arguments from the bits: converting Python floats would flush subnormals (DAZ) and quiet signaling NaNs.
    ct = ctypes.c_float if dt == _F32 else ctypes.c_double
    cargs = [[ct.from_buffer_copy(b, i) for i in range(0, len(b), dt.itemsize)] for b in (a.tobytes() for a in args)]
    with _tf_fpenv():
        res = list(map(fn, *cargs))
    return np.frombuffer(b"".join(map(bytes, res)), dtype=dt).reshape(args[0].shape).copy()


# ---------------------------------------------------------------------------
# Eigen packet primitives (AVX semantics).
# ---------------------------------------------------------------------------


def _pmin(a: np.ndarray, b) -> np.ndarray:
    """Eigen pmin = _mm256_min_ps(b, a): returns ``a`` when either is NaN."""
    if np.ndim(b) == 0 and b == b and b != 0:
        # Non-NaN, non-zero constant: np.minimum agrees (NaN a -> a) and is
        # ~10x faster than the general select below.
        return np.minimum(a, b)
    return np.where(b < a, b, a)


def _pmax(a: np.ndarray, b) -> np.ndarray:
    """Eigen pmax = _mm256_max_ps(b, a): returns ``a`` when either is NaN."""
    if np.ndim(b) == 0 and b == b and b != 0:
        return np.maximum(a, b)
    return np.where(b > a, b, a)


def _pldexp(a: np.ndarray, e: np.ndarray) -> np.ndarray:
    """Eigen pldexp_generic: a * 2^e via four power-of-two multiplies."""
    if a.dtype == _F32:
        # Eigen's three exact power-of-two products followed by one rounding
        # equal a single float64 product rounded to float32 (|e| <= 278 keeps
        # the float64 product exact and normal; FTZ applies to the final
        # conversion exactly as to Eigen's last multiply).
        # NaN e (only for NaN a) casts to INT64_MIN, giving scale 1.0: harmless.
        e64 = np.clip(e, -278.0, 278.0).astype(np.int64)
        scale = ((e64 + 1023) << 52).view(np.float64)
        return (a.astype(np.float64) * scale).astype(np.float32)
    it, mant, bias, lim = np.int64, 52, 1023, 2099.0
    e = np.clip(np.nan_to_num(e, nan=0.0), -lim, lim).astype(it)
    b = e >> 2
    c = ((b + bias) << mant).view(a.dtype)
    out = a * c * c * c
    c2 = ((e - 3 * b + bias) << mant).view(a.dtype)
    return out * c2


def _quiet_nan_of(x: np.ndarray, r: np.ndarray) -> np.ndarray:
    """Return ``r`` with NaN inputs replaced by the input NaN, quieted.

    x86 arithmetic returns its first NaN operand (quieted); NumPy's SIMD loops
    do not always keep TF's operand order, so where TF's result is measured to
    be the propagated input NaN we set it explicitly.
    """
    u = np.uint32 if x.dtype == _F32 else np.uint64
    q = u(0x00400000) if x.dtype == _F32 else u(0x0008000000000000)
    return np.where(np.isnan(x), (x.view(u) | q).view(x.dtype), r)


def _nan_all_ones(dt: np.dtype) -> np.ndarray:
    """The NaN that por(x, invalid_mask) produces: all bits set."""
    if dt == _F32:
        return np.array(0xFFFFFFFF, np.uint32).view(np.float32)
    return np.array(0xFFFFFFFFFFFFFFFF, np.uint64).view(np.float64)


# ---------------------------------------------------------------------------
# Packet kernels.  Arguments are flat contiguous arrays of one dtype.
# ---------------------------------------------------------------------------


def _pexp_f32(x0: np.ndarray) -> np.ndarray:
    """Eigen pexp_float (GenericPacketMathFunctions.h), non-FMA pmadd."""
    x = _pmin(x0, f32(88.723))
    m = np.floor(x * f32(1.44269504088896341) + f32(0.5))
    r = m * f32(-0.693359375) + x
    r = m * f32(2.12194440e-4) + r
    r2 = r * r
    p_even = r2 * f32(1.37449637986719608306884765625e-3) + f32(4.166965186595916748046875e-2)
    p_odd = r2 * f32(8.36894474923610687255859375e-3) + f32(0.16666518151760101318359375)
    p_even = r2 * p_even + f32(0.49999988079071044921875)
    p_low = r + f32(1.0)
    y = r * p_odd + p_even
    y = r2 * y + p_low
    # pldexp_fast (|x|<=87 packets) and pldexp agree bit for bit wherever the
    # fast one is legal, so the per-packet branch needs no emulation.
    res = _pmax(_pldexp(y, m), x0)
    return np.where(x0 < f32(-104.0), f32(0.0), res)


def _pexp_f64(x0: np.ndarray) -> np.ndarray:
    """Eigen pexp_double (GenericPacketMathFunctions.h), non-FMA pmadd."""
    x = _pmin(x0, f64(709.784))
    fx = np.floor(f64(1.4426950408889634073599) * x + f64(0.5))
    tmp = fx * f64(0.693145751953125)
    z = fx * f64(1.42860682030941723212e-6)
    x = x - tmp
    x = x - z
    x2 = x * x
    px = f64(1.26177193074810590878e-4)
    px = px * x2 + f64(3.02994407707441961300e-2)
    px = px * x2 + f64(9.99999999999999999910e-1)
    px = px * x
    qx = f64(3.00198505138664455042e-6)
    qx = qx * x2 + f64(2.52448340349684104192e-3)
    qx = qx * x2 + f64(2.27265548208155028766e-1)
    qx = qx * x2 + f64(2.00000000000000000009e0)
    x = px / (qx - px)
    x = f64(2.0) * x + f64(1.0)
    res = _pmax(_pldexp(x, fx), x0)
    return np.where(x0 < f64(-745.519), f64(0.0), res)


def _pfrexp(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Eigen pfrexp_generic: mantissa in [0.5,1) and float exponent.

    Under DAZ a subnormal compares equal to zero, so Eigen treats it like 0
    (mantissa = x, exponent 0); the callers mask those lanes anyway.
    """
    m, e = np.frexp(x)
    return m, e.astype(x.dtype)


def _plog_f32(x0: np.ndarray) -> np.ndarray:
    """Eigen plog_impl_float (GenericPacketMathFunctions.h), non-FMA."""
    x, e = _pfrexp(x0)
    mask = x < f32(0.707106781186547524)
    tmp = np.where(mask, x, f32(0.0))
    x = x - f32(1.0)
    e = e - np.where(mask, f32(1.0), f32(0.0))
    x = x + tmp
    p = (f32(0.18256296349849254) * x + f32(1.0000000190281063)) * x + f32(1.0000000190281136)
    p = x * p
    q = ((f32(0.049616247954120038) * x + f32(0.59923249590823520)) * x + f32(1.4999999999999927)) * x + f32(1.0)
    x = p / q
    x = e * f32(0.693147180559945309417232121458176568) + x
    return _plog_special(x0, x)


def _plog_special(x0: np.ndarray, x: np.ndarray) -> np.ndarray:
    # pselect(iszero, -inf, por(pselect(x0 == inf, inf, x), invalid)); the
    # por with the all-ones invalid mask yields the NaN 0xffffffff[ffffffff].
    dt = x0.dtype
    x = np.where(x0 == np.inf, dt.type(np.inf), x)
    invalid = ~(x0 >= 0)
    x = np.where(invalid, _nan_all_ones(dt), x)
    return np.where(x0 == 0, dt.type(-np.inf), x)


def _plog_f64(x0: np.ndarray) -> np.ndarray:
    """Eigen plog_impl_double (Cephes, GenericPacketMathFunctions.h), non-FMA."""
    x, e = _pfrexp(x0)
    mask = x < f64(0.70710678118654752440e0)
    tmp = np.where(mask, x, f64(0.0))
    x = x - f64(1.0)
    e = e - np.where(mask, f64(1.0), f64(0.0))
    x = x + tmp
    x2 = x * x
    x3 = x2 * x
    y = f64(1.01875663804580931796e-4) * x + f64(4.97494994976747001425e-1)
    y1 = f64(1.44989225341610930846e1) * x + f64(1.79368678507819816313e1)
    y = y * x + f64(4.70579119878881725854e0)
    y1 = y1 * x + f64(7.70838733755885391666e0)
    y_ = y * x3 + y1
    y = f64(1.0) * x + f64(1.12873587189167450590e1)
    y1 = f64(8.29875266912776603211e1) * x + f64(7.11544750618563894466e1)
    y = y * x + f64(4.52279145837532221105e1)
    y1 = y1 * x + f64(2.31251620126765340583e1)
    y = y * x3 + y1
    y_ = y_ * x3
    y = y_ / y
    y = f64(-0.5) * x2 + y
    x = x + y
    x = e * f64(0.693147180559945309417232121458176568) + x
    return _plog_special(x0, x)


def _ptanh_f32(a: np.ndarray) -> np.ndarray:
    """Eigen ptanh_float (GenericPacketMathFunctions.h), non-FMA clamp 7.907.

    Also the scalar path: numext::tanh(float) calls ptanh_float.
    """
    c = f32(7.90738964080810547)
    x = _pmax(_pmin(a, c), -c)
    x2 = x * x
    x3 = x2 * x
    p = ((f32(1.394553628e-8) * x2 + f32(2.102733560e-5)) * x2 + f32(3.520756727e-3)) * x2 + f32(1.340216100e-1)
    q = (
        ((f32(8.015776984e-7) * x2 + f32(3.326951409e-4)) * x2 + f32(2.597254514e-2)) * x2 + f32(4.673548340e-1)
    ) * x2 + f32(1.0)
    p = x3 * p + x
    return p / q


_TANH64_ALPHA = (
    2.6158007860482230e-23,
    7.6534862268749319e-19,
    3.1309488231386680e-15,
    4.2303918148209176e-12,
    2.4618379131293676e-09,
    6.8644367682497074e-07,
    9.3839087674268880e-05,
    5.9809711724441161e-03,
    1.5184719640284322e-01,
)
_TANH64_BETA = (
    6.463747022670968018e-21,
    5.782506856739003571e-17,
    1.293019623712687916e-13,
    1.123643448069621992e-10,
    4.492975677839633985e-08,
    8.785185266237658698e-06,
    8.295161192716231542e-04,
    3.437448108450402717e-02,
    4.851805297361760360e-01,
    1.0,
)


def _polevl(x: np.ndarray, coeffs: tuple, t: type) -> np.ndarray:
    """Eigen ppolevl: Horner with non-fused pmadd, coeffs highest degree first."""
    y = np.full_like(x, t(coeffs[0]))
    for c in coeffs[1:]:
        y = y * x + t(c)
    return y


def _ptanh_f64(a: np.ndarray) -> np.ndarray:
    """Eigen ptanh_double (GenericPacketMathFunctions.h), non-FMA clamp 17.714."""
    c = f64(17.714196154005176)
    x = _pmax(_pmin(a, c), -c)
    x2 = x * x
    x3 = x2 * x
    p = _polevl(x2, _TANH64_ALPHA, f64)
    q = _polevl(x2, _TANH64_BETA, f64)
    p = x3 * p + x
    return p / q


def _plogistic_f32(x0: np.ndarray) -> np.ndarray:
    """Eigen scalar_logistic_op<float>::packetOp (UnaryFunctors.h)."""
    x = _pmin(x0, f32(16.6355324))
    x = x * f32(0.5)
    m = np.floor(x * f32(1.44269504088896341) + f32(0.5))
    r = m * f32(-0.693359375) + x
    r = m * f32(2.12194440e-4) + r
    r2 = r * r
    p_even = r2 * f32(4.1898667812347412109375e-2) + f32(0.49999141693115234375)
    p_odd = r2 * f32(8.33471305668354034423828125e-3) + f32(0.16666877269744873046875)
    p_low = r + f32(1.0)
    p = r * p_odd + p_even
    p = r2 * p + p_low
    e = _pldexp_fast_f32(p, m)
    e = e * e
    return np.where(x0 < f32(-104.0), f32(0.0), e / (f32(1.0) + e))


def _pldexp_fast_f32(a: np.ndarray, e: np.ndarray) -> np.ndarray:
    """Eigen pldexp_fast: biased exponent clamped to [0, 255], one multiply."""
    be = np.clip(np.nan_to_num(e + f32(127.0), nan=0.0), 0.0, 255.0).astype(np.int32)
    return a * (be << 23).view(np.float32)


def _logistic_scalar_f32(x: np.ndarray) -> np.ndarray:
    """scalar_logistic_op<float>::operator(): e = expf(min(x, 16.63..)); e/(1+e)."""
    e = _libm("exp", _pmin(x, f32(16.6355324)))
    with _tf_fpenv():
        return e / (f32(1.0) + e)


def _logistic_generic(e: np.ndarray) -> np.ndarray:
    """scalar_logistic_op_impl (double): select(e == inf, 1, e / (1 + e))."""
    one = e.dtype.type(1.0)
    return np.where(e == np.inf, one, e / (one + e))


def _plog1p(x: np.ndarray, plog: Kernel) -> np.ndarray:
    """Eigen generic_log1p (Kahan's formula)."""
    one = x.dtype.type(1.0)
    xp1 = x + one
    small = xp1 == one
    log1 = plog(xp1)
    inf_mask = xp1 == log1
    log_large = x * (log1 / (xp1 - one))
    # Measured: TF returns +-0 (not x) for subnormal x although Eigen selects
    # x; the compiled kernel evidently re-materialises x arithmetically. "* 1"
    # under DAZ reproduces that and is the identity for every other value.
    res = np.where(small | inf_mask, x, log_large) * one
    # NaN inputs, measured: float32 returns the input NaN (quieted), float64
    # returns plog's all-ones NaN.  Set explicitly: NumPy's SIMD multiply does
    # not keep a fixed NaN operand order.
    if x.dtype == _F32:
        return _quiet_nan_of(x, res)
    return np.where(np.isnan(x), _nan_all_ones(x.dtype), res)


def _pexpm1(x: np.ndarray, pexp: Kernel, plog: Kernel) -> np.ndarray:
    """Eigen generic_expm1 (Kahan's formula)."""
    one = x.dtype.type(1.0)
    u = pexp(x)
    one_mask = u == one
    u_minus_one = u - one
    neg_one_mask = u_minus_one == -one
    logu = plog(u)
    pos_inf_mask = logu == u
    expm1 = u_minus_one * (x / logu)
    expm1 = np.where(pos_inf_mask, u, expm1)
    return np.where(one_mask, x, np.where(neg_one_mask, -one, expm1))


_TWO_OVER_PI = np.array(
    [
        0x00000028, 0x000028BE, 0x0028BE60, 0x28BE60DB, 0xBE60DB93, 0x60DB9391, 0xDB939105,
        0x9391054A, 0x91054A7F, 0x054A7F09, 0x4A7F09D5, 0x7F09D5F4, 0x09D5F47D, 0xD5F47D4D,
        0xF47D4D37, 0x7D4D3770, 0x4D377036, 0x377036D8, 0x7036D8A5, 0x36D8A566, 0xD8A5664F,
        0xA5664F10, 0x664F10E4, 0x4F10E410, 0x10E41000, 0xE4100000,
    ],
    dtype=np.uint64,
)  # fmt: skip


def _trig_reduce_huge(xf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Eigen trig_reduce_huge: Payne-Hanek in 2.62 fixed point (uint64 math)."""
    xi = xf.view(np.uint32).astype(np.uint64)
    e = (xi >> np.uint64(23)) - np.uint64(118)
    xi = ((xi & np.uint64(0x007FFFFF)) | np.uint64(0x00800000)) << (e & np.uint64(7))
    i = (e >> np.uint64(3)).astype(np.intp)
    t1 = _TWO_OVER_PI[i - 1]
    t2 = _TWO_OVER_PI[i + 3]
    t3 = _TWO_OVER_PI[i + 7]
    m32 = np.uint64(0xFFFFFFFF)
    p = xi * t3
    p = xi * t2 + (p >> np.uint64(32))
    p = (((xi * t1) & m32) << np.uint64(32)) + p
    q = (p + (np.uint64(1) << np.uint64(61))) >> np.uint64(62)
    p = p - (q << np.uint64(62))
    r = (p.view(np.int64).astype(np.float64) * 3.4061215800865545e-19).astype(np.float32)
    return r, q.astype(np.int32)


def _psincos_f32(x0: np.ndarray, sine: bool) -> np.ndarray:
    """Eigen psincos_float (GenericPacketMathFunctions.h), the non-FMA branch."""
    x = np.abs(x0)
    y = x * f32(0.636619746685028076171875)
    y_round = y + f32(12582912.0)
    y_int = y_round.view(np.int32)
    y = y_round - f32(12582912.0)
    x = y * f32(-1.5703125) + x
    x = y * f32(-0.000483989715576171875) + x
    x = y * f32(1.62865035235881805419921875e-07) + x
    x = y * f32(5.5644315544167710640977020375430583953857421875e-11) + x
    huge_th = f32(25966.0) if sine else f32(18838.0)
    ax = np.abs(x0)
    huge = (ax >= huge_th) & np.isfinite(ax)
    if huge.any():
        xr, qr = _trig_reduce_huge(ax[huge])
        x = x.copy()
        y_int = y_int.copy()
        x[huge] = xr
        y_int[huge] = qr
    if sine:
        sign_bit = x0.view(np.int32) ^ (y_int << 30)
    else:
        sign_bit = (y_int + 1) << 30
    sign_bit = sign_bit & np.int32(-0x80000000)
    poly_mask = (y_int & 1) == 0
    x2 = x * x
    y1 = f32(2.4372266125283204019069671630859375e-05)
    y1 = y1 * x2 + f32(-0.00138865201734006404876708984375)
    y1 = y1 * x2 + f32(0.041666619479656219482421875)
    y1 = y1 * x2 + f32(-0.5)
    y1 = y1 * x2 + f32(1.0)
    y2 = f32(-0.0001959234114083702898469196984621021329076029360294342041015625)
    y2 = y2 * x2 + f32(0.0083326873655616851693794799871284340042620897293090820312500000)
    y2 = y2 * x2 + f32(-0.1666666203982298255503735617821803316473960876464843750000000000)
    y2 = y2 * x2
    y2 = y2 * x + x
    if sine:
        r = np.where(poly_mask, y2, y1)
    else:
        r = np.where(poly_mask, y1, y2)
    return (r.view(np.int32) ^ sign_bit).view(np.float32)


_ERF32_ALPHA = (
    2.123732201653183437883853912353515625e-06,
    2.861979592125862836837768554687500000e-04,
    3.658048342913389205932617187500000000e-03,
    5.243302136659622192382812500000000000e-02,
    1.874160766601562500000000000000000000e-01,
    1.128379106521606445312500000000000000e00,
)
_ERF32_BETA = (
    3.89185734093189239501953125000e-05,
    1.14329601638019084930419921875e-03,
    1.47520881146192550659179687500e-02,
    1.12945675849914550781250000000e-01,
    4.99425798654556274414062500000e-01,
    1.0,
)


def _perf_f32(x: np.ndarray) -> np.ndarray:
    """Eigen generic_fast_erf<float> (SpecialFunctionsImpl.h); also the scalar path."""
    x2 = _pmin(f32(16.0) + np.zeros_like(x), x * x)
    p = x * _polevl(x2, _ERF32_ALPHA, f32)
    q = _polevl(x2, _ERF32_BETA, f32)
    r = p / q
    return _pmax(_pmin(r, f32(1.0)), f32(-1.0))


_ERF64_ALPHA = (
    1.9493725660006057018823477644531294572516344487667083740234375e-04,
    1.8272566210022942682217328425053892715368419885635375976562500e-03,
    4.5303363351690106863856044583371840417385101318359375000000000e-02,
    1.4215015503619179981775744181504705920815467834472656250000000e-01,
    1.1283791670955125585606992899556644260883331298828125000000000e00,
)
_ERF64_BETA = (
    2.0294484101083099089526257108317963684385176748037338256835938e-05,
    6.8117805899186819641732970609382391558028757572174072265625000e-04,
    1.0582026056098614921752165685120417037978768348693847656250000e-02,
    9.3252603143757495374188692949246615171432495117187500000000000e-02,
    4.5931062818368939559832142549566924571990966796875000000000000e-01,
    1.0,
)
_ERFC64_GAMMA = (
    1.5252844933226974316088642158462107545346952974796295166015625e-04,
    1.0909912393738931124520519233556115068495273590087890625000000e-02,
    1.0628604636755033252537572252549580298364162445068359375000000e-01,
    3.3492472973137982217295416376146022230386734008789062500000000e-01,
    4.5065776215933289750026347064704168587923049926757812500000000e-01,
    2.9433039130294824659017649537418037652969360351562500000000000e-01,
    9.8792676360600226170838311645638896152377128601074218750000000e-02,
    1.7095935395503719655962981960328761488199234008789062500000000e-02,
    1.4249109729504577659398023570247460156679153442382812500000000e-03,
    4.4567378313647954771875570045835956989321857690811157226562500e-05,
)
_ERFC64_DELTA = (
    2.041985103115789845773520028160419315099716186523437500000000e-03,
    5.316030659946043707142493417450168635696172714233398437500000e-02,
    3.426242193784684864077405563875799998641014099121093750000000e-01,
    8.565637124308049799026321124983951449394226074218750000000000e-01,
    1.000000000000000000000000000000000000000000000000000000000000e00,
    5.968805280570776972126623149961233139038085937500000000000000e-01,
    1.890922854723317836356244470152887515723705291748046875000000e-01,
    3.152505418656005586885981983868987299501895904541015625000000e-02,
    2.565085751861882583380047861965067568235099315643310546875000e-03,
    7.899362131678837697403017248376499992446042597293853759765625e-05,
)


def _perf_f64(x: np.ndarray, expfn: Kernel) -> np.ndarray:
    """Eigen generic_fast_erf<double> (SpecialFunctionsImpl.h), non-FMA.

    ``expfn`` is pexp_double on the packet path and glibc exp on the scalar one.
    """
    x2 = x * x
    small = x * (_polevl(x2, _ERF64_ALPHA, f64) / _polevl(x2, _ERF64_BETA, f64))
    large_mask = f64(1.0) < x2
    if not large_mask.any():
        return small
    x2_lo = glibc.two_prod(x, x)[1]  # Eigen's twoprod_low without FMA
    exp2_hi = expfn(-x2)
    z = exp2_hi - exp2_hi * x2_lo
    q2 = f64(1.0) / x2
    num = _polevl(q2, _ERFC64_GAMMA, f64)
    den = x * _polevl(q2, _ERFC64_DELTA, f64)
    r = num / den
    maybe_two = np.where(x < 0, f64(2.0), f64(0.0))
    erfc_large = z * r + maybe_two
    return np.where(large_mask, f64(1.0) - erfc_large, small)


# ---------------------------------------------------------------------------
# Driver: packet body + scalar tail, FTZ/DAZ, float16 via float32.
# ---------------------------------------------------------------------------


def _run(x: np.ndarray, kernels: dict, name: str) -> np.ndarray:
    """Evaluate like Eigen's TensorExecutor: packets, then a scalar tail.

    ``kernels[dtype] = (packet_fn, scalar_fn)``; float16 uses the float32 pair
    and rounds the float32 result to half (F16_PACKET_FUNCTION / Half.h).
    """
    x = np.asarray(x)
    dt = x.dtype
    if dt == _F16:
        # Half: float32 kernels (or a half-specific float32 pair) on Packet8h.
        k32 = {_F32: kernels.get(_F16, kernels[_F32])}
        with np.errstate(over="ignore"):
            return _run(x.astype(_F32), k32, name).astype(_F16)
    if dt not in kernels:
        raise TypeError(f"{name}: unsupported dtype {dt}")
    packet, scalar = kernels[dt]
    flat = np.ascontiguousarray(x).reshape(-1)
    n = flat.size
    k = n - n % _PACKET[dt]
    out = np.empty_like(flat)
    with np.errstate(all="ignore"):
        if k:
            compiled = _COMPILED.get(packet) if native.AVAILABLE else None
            if compiled is not None:  # the C twin (tfshim/_kernels.c): same bits
                getattr(native.lib, compiled)(flat[:k], out[:k])
            else:
                with _tf_fpenv():
                    src = flat[:k] if _HAVE_FENV else _flush(flat[:k])
                    res = packet(src)
                    out[:k] = res if _HAVE_FENV else _flush(res)
        if k < n:
            out[k:] = scalar(flat[k:])
    return out.reshape(x.shape)


# Packet kernels with a compiled twin in tfshim/_kernels.c (the name of its function there).
_COMPILED: dict = {_pexp_f32: "exp_f32", _ptanh_f32: "tanh_f32", _plogistic_f32: "sigmoid_f32", _plog_f32: "log_f32"}


def _tail_libm(fname: str) -> Kernel:
    return lambda v: _libm(fname, v)


def _in_env(fn: Kernel) -> Kernel:
    """Scalar path that is plain Eigen arithmetic (no libm call)."""

    def run(v: np.ndarray) -> np.ndarray:
        with _tf_fpenv():
            return fn(v)

    return run


# ---------------------------------------------------------------------------
# Public ops.
# ---------------------------------------------------------------------------


def exp(x: np.ndarray) -> np.ndarray:
    """tf.exp: Eigen pexp_float / pexp_double; tail = glibc expf/exp."""
    return _run(
        x,
        {_F32: (_pexp_f32, _tail_libm("exp")), _F64: (_pexp_f64, _tail_libm("exp"))},
        "exp",
    )


def _log_tail_f64(v: np.ndarray) -> np.ndarray:
    r = _libm("log", v)
    # Measured: TF's double scalar log of a negative number is +qNaN
    # (0x7ff8000000000000); glibc through ctypes gives the x86 default -qNaN.
    neg = (v < 0) & (v <= -_TINY[_F64])  # -subnormal reads as -0: -inf
    return np.where(neg, np.array(0x7FF8000000000000, np.uint64).view(np.float64), r)


def log(x: np.ndarray) -> np.ndarray:
    """tf.math.log: Eigen plog_impl_float / plog_impl_double; tail = glibc log."""
    return _run(
        x,
        {_F32: (_plog_f32, _tail_libm("log")), _F64: (_plog_f64, _log_tail_f64)},
        "log",
    )


def tanh(x: np.ndarray) -> np.ndarray:
    """tf.tanh: Eigen ptanh_float (packets and float scalars) / ptanh_double (tail: glibc tanh).

    float16 tail elements use glibc tanhf (Half.h), not ptanh_float.
    """
    return _run(
        x,
        {
            _F32: (_ptanh_f32, _in_env(_ptanh_f32)),
            _F64: (_ptanh_f64, _tail_libm("tanh")),
            # Half.h: numext::tanh(half) = half(::tanhf(float(a))) (glibc), measured.
            _F16: (_ptanh_f32, _tail_libm("tanh")),
        },
        "tanh",
    )


def sigmoid(x: np.ndarray) -> np.ndarray:
    """tf.sigmoid: Eigen scalar_logistic_op (UnaryFunctors.h).

    float32 packets use the halved-argument exp formula; float64 is
    ``select(e==inf, 1, e/(1+e))`` with e = pexp_double (tail: glibc exp).
    """
    x = np.asarray(x)
    if x.dtype == _F16:
        # scalar_logistic_op_impl<half>: every half op rounds to half.
        e = exp(x)
        with np.errstate(all="ignore"):
            one = np.float16(1.0)
            d = (one.astype(_F32) + e.astype(_F32)).astype(_F16)
            r = (e.astype(_F32) / d.astype(_F32)).astype(_F16)
        return np.where(e == np.inf, one, r)
    return _run(
        x,
        {
            _F32: (_plogistic_f32, _logistic_scalar_f32),
            _F64: (
                lambda v: _logistic_generic(_pexp_f64(v)),
                lambda v: _in_env(_logistic_generic)(_libm("exp", v)),
            ),
        },
        "sigmoid",
    )


def log1p(x: np.ndarray) -> np.ndarray:
    """tf.math.log1p: Eigen generic_log1p over plog; tail = glibc log1p."""
    x = np.asarray(x)
    if x.dtype == _F16:
        r = _run(x.astype(_F32), {_F32: (lambda v: _plog1p(v, _plog_f32), _tail_libm("log1p"))}, "log1p")
        r = r.astype(_F16)
        # Measured: the half packet kernel turns NaN into 0xffff (it keeps
        # plog's all-ones NaN, unlike the float32 instantiation).
        n = x.size - x.size % 8
        nan_packet = np.isnan(x).reshape(-1) & (np.arange(x.size) < n)
        r = r.reshape(-1)
        r[nan_packet] = np.array(0xFFFF, np.uint16).view(np.float16)
        return r.reshape(x.shape)
    return _run(
        x,
        {
            _F32: (lambda v: _plog1p(v, _plog_f32), _tail_libm("log1p")),
            _F64: (lambda v: _plog1p(v, _plog_f64), _tail_libm("log1p")),
        },
        "log1p",
    )


def expm1(x: np.ndarray) -> np.ndarray:
    """tf.math.expm1: Eigen generic_expm1 over pexp/plog; tail = glibc expm1."""
    return _run(
        x,
        {
            _F32: (lambda v: _pexpm1(v, _pexp_f32, _plog_f32), _tail_libm("expm1")),
            _F64: (lambda v: _pexpm1(v, _pexp_f64, _plog_f64), _tail_libm("expm1")),
        },
        "expm1",
    )


def sin(x: np.ndarray) -> np.ndarray:
    """tf.sin: float32 Eigen psincos_float (non-FMA); float64 is glibc sin.

    Packet4d has no sin without AVX2, so every double goes through std::sin;
    np.sin(float64) calls the same glibc sin (0 mismatches in 6e5 inputs).
    """
    return _run(
        x,
        {
            _F32: (lambda v: _psincos_f32(v, True), _tail_libm("sin")),
            _F64: (np.sin, _in_env(np.sin)),
        },
        "sin",
    )


def cos(x: np.ndarray) -> np.ndarray:
    """tf.cos: float32 Eigen psincos_float (non-FMA); float64 is glibc cos."""
    return _run(
        x,
        {
            _F32: (lambda v: _psincos_f32(v, False), _tail_libm("cos")),
            _F64: (np.cos, _in_env(np.cos)),
        },
        "cos",
    )


def erf(x: np.ndarray) -> np.ndarray:
    """tf.math.erf: Eigen generic_fast_erf<float|double> (SpecialFunctionsImpl.h).

    float32 uses the same rational approximation on packets and scalars; the
    float64 scalar tail differs only in using glibc exp inside erfc_double_large.
    """
    return _run(
        x,
        {
            _F32: (_perf_f32, _in_env(_perf_f32)),
            _F64: (
                lambda v: _perf_f64(v, _pexp_f64),
                lambda v: _perf_f64_scalar(v),
            ),
        },
        "erf",
    )


def _perf_f64_scalar(v: np.ndarray) -> np.ndarray:
    def libexp(a: np.ndarray) -> np.ndarray:
        return _libm("exp", a)

    with _tf_fpenv():
        return _perf_f64(v, libexp)


def sqrt(x: np.ndarray) -> np.ndarray:
    """tf.sqrt: _mm256_sqrt_ps/pd (correctly rounded) = np.sqrt, under DAZ/FTZ."""
    return _run(x, {_F32: (np.sqrt, _in_env(np.sqrt)), _F64: (np.sqrt, _in_env(np.sqrt))}, "sqrt")


@functools.cache
def _softplus_threshold(dt: np.dtype) -> np.ndarray:
    # static const T threshold = numext::log(epsilon) + T(2), evaluated with
    # std::log (glibc) in T's precision (half: float logf rounded to half).
    if dt == _F16:
        # NumTraits<half>::epsilon() is 0x0800 = 2^-13, not finfo's 2^-10.
        lg = np.float16(math.log(2.0**-13))
        return np.float16(np.float32(lg) + np.float32(2.0))
    eps = np.finfo(dt).eps
    lg = _libm("log", np.array([eps], dt))[0]
    return dt.type(lg + dt.type(2.0))


def softplus(x: np.ndarray) -> np.ndarray:
    """tf.nn.softplus: TF softplus_op.h select(x > -t, x, select(x < t, exp(x), log1p(exp(x)))).

    t = log(eps) + 2.  Packets use pexp then generic_log1p; the tail uses
    glibc exp then glibc log1p.  float16 rounds exp(x) to half before log1p.
    """
    x = np.asarray(x)
    dt = x.dtype
    t = _softplus_threshold(dt)
    e = exp(x)
    lp = log1p(e)
    # log1p(exp(x)) is one fused expression in TF, but its packet/tail split
    # is the same as x's, so evaluating the two ops separately is equivalent.
    r = np.where(x > -t, x, np.where(x < t, e, lp))
    if dt != _F16:
        # Measured: the fused kernel returns a NaN input itself (quieted).
        r = _quiet_nan_of(x, r)
    return r


def elu(x: np.ndarray) -> np.ndarray:
    """tf.nn.elu: relu_op_functor.h select(x < 0, exp(x) - 1, x) (exp, not expm1)."""
    x = np.asarray(x)
    e = exp(x)
    one = x.dtype.type(1.0)
    with fpenv.kernel_env():
        if x.dtype == _F16:
            em1 = (e.astype(_F32) - np.float32(1.0)).astype(_F16)
        else:
            em1 = e - one
        neg = x < 0  # compared under DAZ: a negative subnormal is not < 0
    return np.where(neg, em1, x)


def selu(x: np.ndarray) -> np.ndarray:
    """tf.nn.selu: relu_op_functor.h select(x < 0, scale_alpha*(exp(x)-1), scale*x)."""
    x = np.asarray(x)
    dt = x.dtype
    scale = dt.type(1.0507009873554804934193349852946)
    scale_alpha = dt.type(1.7580993408473768599402175208123)
    e = exp(x)
    with fpenv.kernel_env():
        if dt == _F16:
            h = lambda v: v.astype(_F16)  # noqa: E731 - half op = float op rounded
            neg = h(np.float32(scale_alpha) * h(e.astype(_F32) - np.float32(1.0)).astype(_F32))
            pos = h(np.float32(scale) * x.astype(_F32))
        else:
            neg = scale_alpha * (e - dt.type(1.0))
            pos = scale * x
        is_neg = x < 0  # compared under DAZ
    return np.where(is_neg, neg, pos)
