"""Eigen's kernels for TF's inverse hyperbolic and gamma-family ops, on NumPy (see eigen_math.py for the
packet/tail evaluation and the glibc emulation they build on).

* atanh: float packets run Eigen's patanh_float (odd polynomial below |x| = 0.5, 0.5*log((1+x)/(1-x))
  above, with Eigen's plog), double packets patanh_double; the scalar tail calls glibc atanhf/atanh.
* asinh, acosh, lgamma: Eigen has no packet version; every element calls glibc (asinhf/asinh, ...,
  lgammaf_r/lgamma_r).
* digamma: Eigen's scalar digamma_impl (Cephes psi: reflection for x <= 0, recurrence up to 10,
  asymptotic series), with glibc log and tan.
float16 runs the float32 kernels and rounds (Eigen's Half.h).
"""

from __future__ import annotations

import math

import numpy as np

from tfshim.kernels import eigen_math as em

_F16, _F32, _F64 = np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)


def _patanh_f32(x: np.ndarray) -> np.ndarray:
    f = np.float32
    alpha = (0.1819281280040740966796875, 8.2311116158962249755859375e-2, 0.14672131836414337158203125,
             0.1997792422771453857421875, 0.3333373963832855224609375)
    x2 = x * x
    x3 = x * x2
    p = em._polevl(x2, alpha, f)
    p = x3 * p + x
    r = (f(1) + x) / (f(1) - x)
    r = f(0.5) * em._plog_f32(r)
    ax = np.abs(x)
    out = np.where(f(0.5) <= ax, r, p)
    out = np.where(ax == f(1), np.copysign(f(np.inf), x), out)
    return np.where(ax > f(1), np.float32(np.nan), out).astype(f)


def _patanh_f64(x: np.ndarray) -> np.ndarray:
    f = np.float64
    alpha = (3.3071338469301391e-03, -4.7129526768798737e-02, 1.8185306179826699e-01, -2.5949536095445679e-01,
             1.2306328729812676e-01)
    beta = (-3.8679974580640881e-03, 7.6391885763341910e-02, -4.2828141436397615e-01, 9.8733495886883648e-01,
            -1.0000000000000000e+00, 3.6918986189438030e-01)
    x2 = x * x
    x3 = x * x2
    p = em._polevl(x2, alpha, f)
    q = em._polevl(x2, beta, f)
    y_small = x3 * (p / q) + x
    r = (f(1) + x) / (f(1) - x)
    y_large = f(0.5) * em._plog_f64(r)
    ax = np.abs(x)
    out = np.where(f(0.5) <= ax, y_large, y_small)
    out = np.where(ax == f(1), np.copysign(f(np.inf), x), out)
    return np.where(ax > f(1), f(np.nan), out)


def atanh(x: np.ndarray) -> np.ndarray:
    return em._run(x, {_F32: (_patanh_f32, em._tail_libm("atanh")), _F64: (_patanh_f64, em._tail_libm("atanh"))},
                   "atanh")


def _libm_each(name: str, fallback: object) -> object:
    """A kernel calling glibc's `name` on every element (Eigen's scalar functor); math.<fallback> without glibc."""

    def run(x: np.ndarray) -> np.ndarray:
        x = np.asarray(x)
        if x.dtype == _F16:
            return run(x.astype(_F32)).astype(_F16)
        if em._libm_fn(name, x.dtype, 1) is not None:
            return em._libm_c(name, x.reshape(-1)).reshape(x.shape)
        with np.errstate(all="ignore"):  # pragma: no cover - without glibc: correctly rounded double, rounded
            return np.vectorize(fallback, otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype)

    return run


def _lgamma_py(v: float) -> float:
    try:
        return math.lgamma(v)
    except ValueError:  # math.lgamma raises at poles where C returns +inf
        return math.inf


asinh = _libm_each("asinh", math.asinh)
acosh = _libm_each("acosh", lambda v: math.acosh(v) if v >= 1 else math.nan)
lgamma = _libm_each("lgamma", _lgamma_py)


def _digamma_typed(x: np.ndarray) -> np.ndarray:
    """Eigen digamma_impl<float|double>, element-wise (vectorised over the same steps)."""
    t = x.dtype.type
    one, half, zero = t(1), t(0.5), t(0)
    neg = x <= zero
    p = np.floor(x)
    pole = neg & (p == x)
    nz = np.where(neg, x - p, zero)
    big = neg & (nz > half)
    p = np.where(big, p + one, p)
    nz = np.where(big, x - p, nz)
    tan_arg = (t(np.pi) * nz).astype(x.dtype)
    safe = neg & (nz != half)
    tan_val = em._libm("tan", np.where(safe, tan_arg, t(1)).astype(x.dtype)) if safe.any() else tan_arg
    nz = np.where(safe, t(np.pi) / np.where(safe, tan_val, one), zero)
    s = np.where(neg, one - x, x)
    w = np.zeros_like(x)
    for _ in range(12):  # s < 10 needs at most 11 steps for s > 0 (s = one - x >= 1 when x <= 0)
        m = s < t(10)
        if not m.any():
            break
        w = np.where(m, w + one / np.where(m, s, one), w)
        s = np.where(m, s + one, s)
    if x.dtype == _F32:
        coeffs, limit = (-4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3,
                         8.33333333333333333333e-2), t(1.0e8)
    else:
        coeffs, limit = (8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3,
                         -4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3,
                         8.33333333333333333333e-2), t(1.0e17)
    z = one / (s * s)
    y = np.where(s < limit, z * em._polevl(z, coeffs, t), zero)
    log_s = em._libm("log", s.astype(x.dtype))
    y = log_s - (half / s) - y - w
    y = np.where(neg, y - nz, y)
    return np.where(pole, t(np.nan), y).astype(x.dtype)


def digamma(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x)
    if x.dtype == _F16:
        return digamma(x.astype(_F32)).astype(_F16)
    with np.errstate(all="ignore"):
        with em._tf_fpenv():
            return _digamma_typed(x.reshape(-1)).reshape(x.shape)


_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15, 1.8152105401943546773e17,
           -7.1661652561756670113e18)


def _pow(a: np.generic, b: np.generic) -> np.generic:
    """glibc powf/pow on one pair (std::pow in Eigen's scalar code)."""
    t = type(a)
    return em._libm("pow", np.array([a], dtype=t), np.array([b], dtype=t))[0]


def _zeta_scalar(x: np.generic, q: np.generic) -> np.generic:
    """Eigen zeta_impl (Cephes zeta, Euler-Maclaurin), in the element's precision."""
    t = type(x)
    zero, half, one = t(0), t(0.5), t(1)
    machep = t(np.finfo(t).eps / 2)
    if x == one:
        return t(np.inf)
    if x < one or np.isnan(x) or np.isnan(q):
        return t(np.nan)
    if q <= zero:
        if q == np.floor(q):
            return t(np.inf) if np.rint(half * x) == half * x else t(np.nan)
        if x != np.floor(x):
            return t(np.nan)
    s = _pow(q, -x)
    a, b = q, zero
    i = 0
    while i < 9 or (t is np.float64 and a <= 9.0):
        i += 1
        a = a + one
        b = _pow(a, -x)
        s = s + b
        if abs(b / s) < machep:
            return s
    if b == zero:
        return s
    w = a
    s = s + b * w / (x - one)
    s = s - half * b
    a, k = one, zero
    for c in _ZETA_A:
        a = a * (x + k)
        b = b / w
        term = a * b / t(c)
        s = s + term
        if abs(term / s) < machep:
            break
        k = k + one
        a = a * (x + k)
        b = b / w
        k = k + one
    return s


def _binary_each(fn: object) -> object:
    def run(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        xb, yb = np.broadcast_arrays(np.asarray(x), np.asarray(y))
        if xb.dtype == _F16:
            return run(xb.astype(_F32), yb.astype(_F32)).astype(_F16)
        out = np.empty(xb.shape, xb.dtype)
        with np.errstate(all="ignore"), em._tf_fpenv():
            for idx in np.ndindex(xb.shape):
                out[idx] = fn(xb[idx], yb[idx])
        return out

    return run


zeta = _binary_each(_zeta_scalar)


def _polygamma_scalar(n: np.generic, x: np.generic) -> np.generic:
    """Eigen polygamma_impl: digamma for n = 0, else (-1)^(n+1) n! zeta(n+1, x)."""
    t = type(n)
    if np.floor(n) != n or n < t(0):
        return t(np.nan)
    if n == t(0):
        return _digamma_typed(np.array([x], dtype=t))[0]
    nplus = n + t(1)
    factorial = em._libm("exp", lgamma(np.array([nplus], dtype=t)))[0]
    return _pow(t(-1), nplus) * factorial * _zeta_scalar(nplus, x)


polygamma = _binary_each(_polygamma_scalar)
