"""Bit-exact NumPy emulation of TensorFlow 2.21's CPU ``Pow`` kernel for float32/float64.

TF: ``functor::pow<T> = base<T, Eigen::internal::scalar_pow_op<T, T>>`` (cwise_ops.h), evaluated by
``BinaryOp`` (cwise_ops_common.h).  ``scalar_pow_op`` (BinaryFunctors.h) has

* a packet path, ``packetOp = generic_pow`` (Eigen ``GenericPacketMathFunctions.h``: ``generic_pow``,
  ``generic_pow_impl``, ``accurate_log2<float|double>``, ``generic_exp2``, the double-word helpers
  ``twoprod``/``fast_twosum``/``doubleword_div_fp``).  The wheel is built for AVX *without* FMA, so
  ``twoprod`` is Dekker's product over Veltkamp splitting and every ``pmadd`` rounds twice.  The
  special cases (0^y, inf, NaN, x<0 with integer y, huge |y|) are the selects at the end of
  ``generic_pow``; its NaN is the default ``+qNaN`` (0x7fc00000 / 0x7ff8000000000000) except
  ``pow(x, 1) = x``, which keeps x's NaN payload.
* a scalar path, ``numext::pow`` = glibc ``powf``/``pow``, for the elements TensorExecutor does not put in a
  packet (kernels/glibc.py, through ``eigen_math._libm`` like every tail).

Which elements are packets depends on how ``BinaryOp::Compute`` dispatches (see ``_packet_mask``):

* same shapes, a 0-d operand, or shapes that ``BCast`` collapses to rank <= 1: a flat expression,
  non-tiled ``TensorExecutor``: the first ``n - n % P`` elements are packets (P = 8 float, 4 double),
  the global tail is scalar.
* otherwise (collapsed rank 2..5) the expression contains ``TensorBroadcastingOp`` and Eigen uses the
  *tiled* executor: the output is cut into blocks (``TensorBlockMapper``, ``kSkewedInnerDims``, target
  size ``1 / TensorCostModel::taskSize(1, cost_per_coeff)``) and ``TensorBlockAssignment`` evaluates each
  block's contiguous inner run with packets and a scalar tail *per run*.  Tensors no larger than one
  block (11851 float / 5925 double elements for collapsed rank 2) are a single run, i.e. global.

All arithmetic runs with FTZ|DAZ (``eigen_math._tf_fpenv``) like every TF kernel; inputs are flushed
explicitly where NumPy calls C code that ignores DAZ (``frexp``).  float16 is not handled here (TF's half
pow is already matched by ``np.power``; this function falls back to it).
"""

from __future__ import annotations

import numpy as np

from tfshim.kernels import native
from tfshim.kernels.eigen_math import (
    _F32,
    _F64,
    _PACKET,
    _TINY,
    _libm,
    _pexp_f32,
    _pexp_f64,
    _pldexp,
    _pmax,
    _pmin,
    _polevl,
    _tf_fpenv,
)
from tfshim.kernels.glibc import two_prod

__all__ = ["pow", "packet_mask"]

_UINT = {_F32: np.uint32, _F64: np.uint64}


# ---------------------------------------------------------------------------
# Double-word arithmetic (GenericPacketMathFunctions.h, non-FMA branch).
# ---------------------------------------------------------------------------


def _fast_twosum(x, y) -> tuple[np.ndarray, np.ndarray]:
    s_hi = x + y
    t = s_hi - x
    return s_hi, y - t


def _fast_twosum_dd(x_hi, x_lo, y_hi, y_lo) -> tuple[np.ndarray, np.ndarray]:
    """fast_twosum of two double words (assumes |x_hi| >= |y_hi|)."""
    r_hi, r_lo = _fast_twosum(x_hi, y_hi)
    s = (y_lo + r_lo) + x_lo
    return _fast_twosum(r_hi, s)


def _fast_twosum_fd(x, y_hi, y_lo) -> tuple[np.ndarray, np.ndarray]:
    """fast_twosum of a float and a double word (assumes |x| >= |y_hi|)."""
    r_hi, r_lo = _fast_twosum(x, y_hi)
    s = y_lo + r_lo
    return _fast_twosum(r_hi, s)


def _twoprod_df(x_hi, x_lo, y) -> tuple[np.ndarray, np.ndarray]:
    """twoprod of a double word and a float (Muller, Algorithm 7)."""
    c_hi, c_lo1 = two_prod(x_hi, y)
    c_lo2 = x_lo * y
    t_hi, t_lo1 = _fast_twosum(c_hi, c_lo2)
    t_lo2 = t_lo1 + c_lo1
    return _fast_twosum(t_hi, t_lo2)


def _twoprod_dd(x_hi, x_lo, y_hi, y_lo) -> tuple[np.ndarray, np.ndarray]:
    """twoprod of two double words."""
    p_hi_hi, p_hi_lo = _twoprod_df(x_hi, x_lo, y_hi)
    p_lo_hi, p_lo_lo = _twoprod_df(x_hi, x_lo, y_lo)
    return _fast_twosum_dd(p_hi_hi, p_hi_lo, p_lo_hi, p_lo_lo)


def _doubleword_div_fp(x_hi, x_lo, y) -> tuple[np.ndarray, np.ndarray]:
    t_hi = x_hi / y
    pi_hi, pi_lo = two_prod(t_hi, y)
    delta_hi = x_hi - pi_hi
    delta_t = delta_hi - pi_lo
    delta = delta_t + x_lo
    t_lo = delta / y
    return _fast_twosum(t_hi, t_lo)


# ---------------------------------------------------------------------------
# accurate_log2, generic_exp2, pround.
# ---------------------------------------------------------------------------

_KC0 = 1.442695041742110273474963832995854318141937255859375e00
_KC1 = -7.2134751588268664068692714863573201000690460205078125e-01
_C0_HI = np.float32(_KC0)
_C0_LO = np.float32(_KC0 - float(_C0_HI))
_C1_HI = np.float32(_KC1)
_C1_LO = np.float32(_KC1 - float(_C1_HI))
_LOG2F_C = (
    9.7010828554630279541015625e-02, -1.6896486282348632812500000e-01, 1.7200836539268493652343750e-01,
    -1.7892272770404815673828125e-01, 2.0505344867706298828125000e-01, -2.4046677350997924804687500e-01,
    2.8857553005218505859375000e-01, -3.6067414283752441406250000e-01, 4.8089790344238281250000000e-01,
)  # fmt: skip


def _accurate_log2_f32(z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """accurate_log2<float>: log2(z) for z in [1/sqrt2, sqrt2] as a double word."""
    x = z - np.float32(1.0)
    p = _polevl(x, _LOG2F_C, np.float32)
    p_hi, p_lo = two_prod(x, p)
    p_hi, p_lo = _fast_twosum_dd(_C1_HI, _C1_LO, p_hi, p_lo)
    p_hi, p_lo = _twoprod_df(p_hi, p_lo, x)
    p_hi, p_lo = _fast_twosum_dd(_C0_HI, _C0_LO, p_hi, p_lo)
    return _twoprod_df(p_hi, p_lo, x)


def _accurate_log2_f64(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """accurate_log2<double>: r = c*(x-1)/(x+1), log2(x) = ((Q(r^2)*r^2 + C)*r^2 + 1)*r."""
    d = np.float64
    one = d(1.0)
    t_hi, t_lo = _twoprod_df(d(2.88539008177792677), d(4.07660016854549667e-17), x - one)
    r_hi, r_lo = _doubleword_div_fp(t_hi, t_lo, x + one)
    r2_hi, r2_lo = _twoprod_dd(r_hi, r_lo, r_hi, r_lo)
    r4_hi, _ = _twoprod_dd(r2_hi, r2_lo, r2_hi, r2_lo)
    q_even = d(2.87074255468000586e-9) * r4_hi + d(2.31032094540014656e-7)
    q_odd = d(2.38957980901884082e-8) * r4_hi + d(2.27279857398537278e-6)
    q_even = q_even * r4_hi + d(2.31271023278625638e-5)
    q_odd = q_odd * r4_hi + d(2.47556738444535513e-4)
    q_even = q_even * r4_hi + d(2.88543873228900172e-3)
    q = q_odd * r2_hi + q_even
    p_hi, p_lo = _twoprod_df(r2_hi, r2_lo, q)
    p1_hi, p1_lo = _fast_twosum_dd(d(0.0400377511598501157), d(-4.77726582251425391e-19), p_hi, p_lo)
    p2_hi, p2_lo = _twoprod_dd(r2_hi, r2_lo, p1_hi, p1_lo)
    p3_hi, p3_lo = _fast_twosum_fd(one, p2_hi, p2_lo)
    return _twoprod_dd(p3_hi, p3_lo, r_hi, r_lo)


def _pround(a: np.ndarray) -> np.ndarray:
    """AVX pround: trunc(a + copysign(prev(0.5), a)) (half away from zero)."""
    u = _UINT[a.dtype]
    p5 = np.array(0x3EFFFFFF if a.dtype == _F32 else 0x3FDFFFFFFFFFFFFF, u).view(a.dtype)
    sign = a.view(u) & (u(1) << u(a.dtype.itemsize * 8 - 1))
    return np.trunc(a + (p5.view(u) | sign).view(a.dtype))


def _generic_exp2(x: np.ndarray) -> np.ndarray:
    t = x.dtype.type
    f = x.dtype == _F32
    x = _pmax(_pmin(x, t(129.0 if f else 1025.0)), t(-151.0 if f else -1076.0))
    p_hi, p_lo = two_prod(np.full_like(x, t(0.693147180559945309417232121458176568)), x)
    exp2_hi = _pexp_f32(p_hi) if f else _pexp_f64(p_hi)
    return exp2_hi * (t(1.0) + p_lo)


def _pfrexp(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """pfrexp_generic for already flushed x: zero/inf/NaN give (x, 0)."""
    m, e = np.frexp(x)
    special = (x == 0) | ~np.isfinite(x)
    return np.where(special, x, m), np.where(special, 0, e).astype(x.dtype)


def _generic_pow_impl(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """generic_pow_impl: exp2(y * log2(x)) in double-word arithmetic, for x = |x|."""
    t = x.dtype.type
    m_x, e_x = _pfrexp(x)
    scale = m_x < t(0.70710678118654752440)
    m_x = np.where(scale, t(2.0) * m_x, m_x)
    e_x = np.where(scale, e_x - t(1.0), e_x)
    rx_hi, rx_lo = _accurate_log2_f32(m_x) if x.dtype == _F32 else _accurate_log2_f64(m_x)
    f1_hi, f1_lo = two_prod(e_x, y)
    f2_hi, f2_lo = _twoprod_df(rx_hi, rx_lo, y)
    f_hi, f_lo = _fast_twosum_dd(f1_hi, f1_lo, f2_hi, f2_lo)
    n_z = _pround(f_hi)
    r_z = (f_hi - n_z) + f_lo
    n_r = _pround(r_z)
    r_z = r_z - n_r
    n_z = n_z + n_r
    e_r = _generic_exp2(r_z)
    # Eigen picks pldexp_fast or pldexp per packet (predux_any(|n_z| > max_exponent - 2)); both give
    # the same bits wherever the fast one is legal, so the generic one serves every lane.
    return _pldexp(e_r, n_z)


def _flush(v: np.ndarray) -> np.ndarray:
    """DAZ by hand (sign kept): the kernel reads subnormal inputs as zero."""
    return np.where(np.abs(v) < _TINY[v.dtype], v * v.dtype.type(0), v)


# Smallest |y| for which (1 + eps)^y overflows: (max_exponent * float(ln2)) / epsilon in T's arithmetic.
_HUGE_EXPONENT = {
    dt: (dt.type(np.finfo(dt).maxexp) * dt.type(0.693147180559945309417232121458176568)) / dt.type(np.finfo(dt).eps)
    for dt in (_F32, _F64)
}


def _generic_pow(x0: np.ndarray, y0: np.ndarray) -> np.ndarray:
    """generic_pow (GenericPacketMathFunctions.h): generic_pow_impl plus the std::pow special cases."""
    dt = x0.dtype
    t = dt.type
    u = _UINT[dt]
    sign_bit = u(1) << u(dt.itemsize * 8 - 1)
    x, y = _flush(x0), _flush(y0)
    inf, zero, one = t(np.inf), t(0.0), t(1.0)
    nan = np.array(0x7FC00000 if dt == _F32 else 0x7FF8000000000000, u).view(dt)

    def neg(v: np.ndarray) -> np.ndarray:  # pnegate: xor of the sign bit
        return (v.view(u) ^ sign_bit).view(dt)

    x_abs = np.abs(x)
    pw = _generic_pow_impl(x_abs, y)

    x_is_negative = x < zero
    x_is_zero = x == zero
    x_is_one = x == one
    x_has_signbit = (x0.view(u) & sign_bit) != 0
    x_abs_gt_one = one < x_abs
    x_abs_is_inf = x_abs == inf
    y_abs = np.abs(y)
    y_is_negative = y < zero
    y_is_int = (np.floor(y) == y) & ~(y_abs == inf)
    y_div_2 = y * t(0.5)
    y_is_odd_int = y_is_int & ~(_pround(y_div_2) == y_div_2)
    y_abs_is_huge = _HUGE_EXPONENT[dt] <= y_abs

    pw = np.where(x_is_negative & ~y_is_int, nan, pw)
    pw = np.where(x_is_zero, np.where(y_is_negative, inf, zero), pw)
    pw = np.where(x_has_signbit & y_is_odd_int, neg(pw), pw)
    inf_y_val = np.where((y_is_negative & x_is_zero) | (y_is_negative ^ x_abs_gt_one), inf, zero)
    inf_y_val = np.where(x == t(-1.0), one, inf_y_val)
    pw = np.where(y_abs_is_huge, inf_y_val, pw)
    x_pos_inf_value = np.where(y_is_negative, zero, inf)
    x_neg_inf_value = np.where(y_is_odd_int, neg(x_pos_inf_value), x_pos_inf_value)
    pw = np.where(x_abs_is_inf, np.where(x_is_negative, x_neg_inf_value, x_pos_inf_value), pw)
    pw = np.where(np.isnan(x) | np.isnan(y), nan, pw)
    return np.where(y == one, x0, np.where(x_is_one | (y == zero), one, pw))


# ---------------------------------------------------------------------------
# Which output elements TF computes with packets.
# ---------------------------------------------------------------------------


def _bcast(xs: tuple, ys: tuple) -> tuple[list, list, list] | None:
    """tensorflow/core/util/bcast.h BCastList<2> with fewer_dims_optimization: (result, bcast_x, bcast_y)."""
    rank = max(len(xs), len(ys))
    cx = list(reversed(xs)) + [1] * (rank - len(xs))
    cy = list(reversed(ys)) + [1] * (rank - len(ys))
    result: list = []
    bc: list = [[], []]
    prev = [False, False]
    set_one = False
    for j in range(rank):
        dims = (cx[j], cy[j])
        cur = [d == 1 for d in dims]
        big = {d for d in dims if d != 1}
        if len(big) > 1:
            return None
        if not big:
            continue  # all ones: skipped, previous state kept
        out = big.pop()
        if cur == prev and set_one:
            result[-1] *= out
            for i in range(2):
                bc[i][-1] *= out if cur[i] else 1
        else:
            result.append(out)
            for i in range(2):
                bc[i].append(out if cur[i] else 1)
        set_one = True
        prev = cur
    if not result:
        result, bc = [1], [[1], [1]]
    return result[::-1], bc[0][::-1], bc[1][::-1]


def packet_mask(xshape: tuple, yshape: tuple, dtype) -> np.ndarray:
    """Boolean array of the broadcast output shape: True where TF's Pow uses ``packetOp``.

    Follows BinaryOp::Compute (cwise_ops_common.h) and Eigen's TensorExecutor / TensorBlockMapper /
    TensorBlockAssignment (TensorExecutor.h, TensorBlock.h) for the ThreadPoolDevice.
    """
    dt = np.dtype(dtype)
    p = _PACKET[dt]
    out_shape = np.broadcast_shapes(tuple(xshape), tuple(yshape))
    n = int(np.prod(out_shape, dtype=np.int64))

    def global_split() -> np.ndarray:
        return (np.arange(n) < n - n % p).reshape(out_shape)

    if tuple(xshape) == tuple(yshape) or len(xshape) == 0 or len(yshape) == 0 or n == 0:
        return global_split()
    bc = _bcast(tuple(xshape), tuple(yshape))
    if bc is None:  # pragma: no cover - the op layer rejects incompatible shapes first
        raise ValueError(f"Incompatible shapes: {xshape} vs. {yshape}")
    dims, bx, by = bc
    nd = len(dims)
    if nd <= 1:
        return global_split()
    # Cost per coefficient: each broadcast operand adds sizeof(T) loaded + stored (skewed block
    # requirement), the pow functor 5*MulCost / PacketSize.  NDIMS == 2 without use_bcast_optimization
    # takes the fallback path that broadcasts both operands.
    if nd == 2:
        n_bcast = 2
    else:
        n_bcast = int(any(b != 1 for b in bx)) + int(any(b != 1 for b in by))
    size = float(dt.itemsize * n_bcast)
    k = 1.0 / 64 * 11
    total = size * k + size * k + 5.0 / p
    target = max(1, int(1.0 / (total / 40000)))
    if n <= target:
        return global_split()
    # kSkewedInnerDims block shape (row major: innermost dimension first).
    bd = [0] * nd
    coeff = target
    for i in range(nd - 1, -1, -1):
        bd[i] = min(coeff, dims[i])
        coeff = -(-coeff // max(1, bd[i]))
    # TensorBlockAssignment squeezes the trailing dims that a block covers fully into one inner run:
    # the run spans dims jj.. where all dims after jj are full.
    jj = nd - 1
    while jj > 0 and bd[jj] == dims[jj]:
        jj -= 1
    inner = int(np.prod(dims[jj + 1 :], dtype=np.int64))
    flat = np.arange(n, dtype=np.int64)
    idx_j = (flat // inner) % dims[jj]
    rem = flat % inner
    o_j = idx_j % bd[jj]
    e_j = np.minimum(dims[jj] - (idx_j - o_j), bd[jj])
    pos = o_j * inner + rem
    run = e_j * inner
    return (pos < run - run % p).reshape(out_shape)


# ---------------------------------------------------------------------------
# Public op.
# ---------------------------------------------------------------------------


def pow(x: np.ndarray, y: np.ndarray) -> np.ndarray:  # noqa: A001 - TF's name
    """tf.pow for float32/float64 (same dtype, broadcastable shapes): Eigen generic_pow on TF's packet
    elements, glibc powf/pow on its scalar-path elements (see packet_mask)."""
    x, y = np.asarray(x), np.asarray(y)
    dt = x.dtype
    if dt not in (_F32, _F64):
        with np.errstate(all="ignore"):
            return np.array(np.power(x, y))
    n = int(np.prod(np.broadcast_shapes(x.shape, y.shape), dtype=np.int64))
    if y.ndim == 0 and (y == 1 or y == 0) and n:
        # generic_pow's last selects: y == 1 gives x itself (NaN payload and all), y == 0 gives 1, on every packet
        # element whatever x is; the scalar tail (global, a 0-d operand) stays glibc's
        k = n - n % _PACKET[dt]
        if y == 1 and k == n:
            return x  # (no copy: tensors are never written in place, and a variable's assign replaces its array)
        out = np.array(x) if y == 1 else np.ones(x.shape, dt)
        if k < n:
            fx, fo = x.reshape(-1), out.reshape(-1)
            with np.errstate(all="ignore"):
                fo[k:] = _libm("pow", fx[k:], np.full(n - k, y, dt))
        return out
    if native.AVAILABLE and dt == _F32 and (x.shape == y.shape or y.ndim == 0) and n:
        # the global packet/tail split (packet_mask), the packets by the compiled twin of _generic_pow
        fx, out = np.ascontiguousarray(x).reshape(-1), np.empty(x.shape, dt)
        fy, fo = np.ascontiguousarray(y).reshape(-1), out.reshape(-1)
        k = n - n % _PACKET[dt]
        native.lib.pow_f32(fx[:k], fy[:k] if y.ndim else fy, fo[:k])
        if k < n:
            with np.errstate(all="ignore"):
                fo[k:] = _libm("pow", fx[k:], fy[k:] if y.ndim else np.full(n - k, fy[0], dt))
        return out
    mask = packet_mask(x.shape, y.shape, dt).reshape(-1)
    xb, yb = np.broadcast_arrays(x, y)
    out_shape = xb.shape
    fx = np.ascontiguousarray(xb).reshape(-1)
    fy = np.ascontiguousarray(yb).reshape(-1)
    out = np.empty(fx.shape, dt)
    with np.errstate(all="ignore"):
        if mask.any():
            if native.AVAILABLE and dt == _F32:
                out[mask] = _pow_c(fx[mask], fy[mask])
            else:
                with _tf_fpenv():
                    out[mask] = _generic_pow(fx[mask], fy[mask])
        tail = ~mask
        if tail.any():
            out[tail] = _libm("pow", fx[tail], fy[tail])
    return out.reshape(out_shape)


def _pow_c(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The compiled twin of _generic_pow (float32)."""
    out = np.empty(x.shape, x.dtype)
    native.lib.pow_f32(np.ascontiguousarray(x), np.ascontiguousarray(y), out)
    return out
