"""Linear algebra ops: matmul, tensordot, einsum, tf.linalg.* (TF: ops/math_ops.py, linalg_ops.py, linalg_grad.py).

Kernels are NumPy/LAPACK; float32 results can differ from TF's oneDNN/Eigen kernels in the
last bit where the summation order differs (matmul of long rows). inv/det/slogdet/solve of real
matrices follow Eigen's LU bit for bit (kernels/eigen_lu.py).
"""

from __future__ import annotations

import collections
import re
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor, match_inputs
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.kernels import eigen_gemm, eigen_lu, native
from tfshim.ops import array_ops
from tfshim.ops.array_ops import _dims, _int_list, kernel_error
from tfshim.ops.math_ops import _quiet_nan
from tfshim.ops.op import (
    KernelError,
    check_attr,
    check_kernel,
    defop,
    disallowed_dtype,
    dtype_mismatch,
    error_suffix,
    gradient_uses,
    make_bool,
    run_op,
    tf_export,
)


def _linear_operator_in(*xs: Any) -> bool:
    """Whether a tf.linalg.LinearOperator was passed (TF dispatches these functions to its methods)."""
    return any(not isinstance(x, Tensor) and _linop().is_linear_operator(x) for x in xs)


def _linop() -> Any:
    from tfshim.ops.linalg import linear_operator

    return linear_operator


def _adj(x: np.ndarray, adjoint: bool) -> np.ndarray:
    if not adjoint:
        return x
    x = np.swapaxes(x, -1, -2)
    return np.conj(x) if x.dtype.kind == "c" else x


_SEQUENTIAL_K = 320  # measured: oneDNN's sgemm matches a sequential FMA over k up to here (conv's GEMMs)
_ONEDNN_KB = 384  # oneDNN's sgemm k blocking on this avx512_core CPU (measured on 440 shapes, k up to 2000)
# The exact emulation makes k passes over the output: used up to 2**24 multiply-adds (a batch of 64 products
# 64x64x64), past which NumPy's BLAS is used and the last bit may differ (compat/DIFFERENCES.md).
_EXACT_MAX_MACS = 1 << 24
# k > 320 (MatMul): the NumPy emulation is exact up to 2**21 multiply-adds only, keeping the pure path as fast as
# when every such product was NumPy's (e.g. an MLP's 64x784x128 layer); the compiled kernels are exact at every size.
_LONG_K_MAX_MACS = 1 << 21


def _fma32(p: np.ndarray, c: np.ndarray, nan: tuple | None = None) -> np.ndarray:
    """float32(p + c) rounded once, as an FMA, for an exact float64 product p and float32 c: the float64 sum can
    round onto a float32 midpoint (double rounding); there the sign of its rounding error (TwoSum) decides.
    ``nan`` (from _nan_first): where the product's operands hold a NaN, that NaN is the result (else c's)."""
    p, c = np.broadcast_arrays(p, c)
    s = p + c
    mid = (s.view(np.int64) & 0x1FFFFFFF) == 0x10000000
    if mid.any():
        sm, pm, cm = s[mid], p[mid], c[mid]
        e = (pm - (sm - cm)) + (cm - (sm - (sm - cm)))
        s[mid] = np.nextafter(sm, np.where(e == 0, sm, np.where(e > 0, np.inf, -np.inf)))
    out = s.astype(np.float32)
    cn = np.isnan(c)
    if cn.any():  # NaN accumulator: x86 keeps the first NaN operand, quieted
        out = np.where(cn, _quiet_nan(c), out)
    if nan is not None:
        out = np.where(nan[0], nan[1], out)
    return out


def _k_blocks(k: int, kb: int, mode: int) -> list:
    """The k ranges whose sums (each from zero, an FMA chain) are added in order. mode 0: fixed blocks of kb
    (brgemm); 1: blocks of kb while 2 kb remain, then the rest in two halves (oneDNN gemm_driver's k loop);
    2: two halves when kb < k < 2 kb, else fixed blocks of kb."""
    out, s = [], 0
    while s < k:
        size = k - s
        if mode == 1 and size < 2 * kb:
            size = (size + 1) // 2 if size > kb else size
        elif mode == 2 and kb < k < 2 * kb:
            size = (k + 1) // 2 if s == 0 else size
        else:
            size = min(size, kb)
        out.append((s, s + size))
        s += size
    return out


def _matmul_np(a: np.ndarray, b: np.ndarray, kmax: int | None = _SEQUENTIAL_K, max_macs: int = _EXACT_MAX_MACS,
               kb: int = 512, mode: int = 0) -> np.ndarray:
    """float32: each output summed over k in order with fused multiply-adds, as oneDNN's sgemm and brgemm
    microkernels do, in k blocks (_k_blocks) summed from zero and added in order; brgemm (batched and einsum
    matmuls, kmax=1024) uses fixed blocks of 512 (measured). A NaN operand gives the first NaN of (a, b, acc) at
    each FMA, quieted (measured on TF). k above ``kmax``: NumPy's matmul. The compiled twin
    (tfshim/_kernels.c) is exact at every size; this emulation up to ``max_macs`` multiply-adds, past which
    NumPy's matmul is used (the last bit may differ)."""
    k = a.shape[-1]
    if native.AVAILABLE and a.ndim == 2 and b.ndim == 2 and a.dtype == np.float32 and 0 < k and (
            kmax is None or k <= kmax):  # the common 2-D case, without the batch broadcasting below
        out = np.empty((a.shape[0], b.shape[1]), np.float32)
        if not a.flags.c_contiguous and a.T.flags.c_contiguous:  # transpose_a: the kernel reads the transpose
            native.lib.matmul_f32(a.T, np.ascontiguousarray(b), out, a.shape[0], k, b.shape[1], 1, kb, mode, 1)
        else:
            native.lib.matmul_f32(np.ascontiguousarray(a), np.ascontiguousarray(b), out, a.shape[0], k, b.shape[1],
                                  1, kb, mode)
        return out
    with np.errstate(all="ignore"):
        out_shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (a.shape[-2], b.shape[-1])
        if a.dtype == np.float32 and 0 < k and (kmax is None or k <= kmax):
            if native.AVAILABLE:
                return _matmul_c(a, b, out_shape, kb, mode)
            if k * int(np.prod(out_shape)) > max_macs:
                return np.matmul(a, b)
            nan = bool(np.isnan(a).any() or np.isnan(b).any())
            a64, b64 = a.astype(np.float64), b.astype(np.float64)
            out = None
            for s, e in _k_blocks(k, kb, mode):
                acc = np.zeros(out_shape, np.float32)
                for i in range(s, e):  # a float32 product is exact in float64
                    ai, bi = a[..., :, i:i + 1], b[..., i:i + 1, :]
                    acc = _fma32(a64[..., :, i:i + 1] * b64[..., i:i + 1, :], acc, _nan_first(ai, bi) if nan else None)
                out = acc if out is None else _block_add(out, acc)
            return out
        return np.matmul(a, b)


def _block_add(out: np.ndarray, acc: np.ndarray) -> np.ndarray:
    """A k block's sum added to the output: a NaN block sum wins, quieted (measured: oneDNN adds C to the block's
    accumulator, and x86 keeps the first NaN operand)."""
    s = out + acc
    nan = np.isnan(acc)
    return np.where(nan, _quiet_nan(acc), s) if nan.any() else s


def _add32(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """float32 p + q where both are NaN: p's, quieted, as x86's addps returns its first NaN operand (NumPy's add
    loops return either operand, by NumPy version: 1.26's wide loops give q's)."""
    s = (p + q).astype(np.float32)
    both = np.isnan(p) & np.isnan(q)
    return np.where(both, _quiet_nan(p), s) if both.any() else s


def _nan_first(a: np.ndarray, b: np.ndarray) -> tuple:
    """For an FMA a*b + acc with NaN operands: (mask, the NaN a or else b, quieted) (x86: first NaN operand)."""
    a, b = np.broadcast_arrays(a, b)
    return np.isnan(a) | np.isnan(b), _quiet_nan(np.where(np.isnan(a), a, b))


def _matmul_c(a: np.ndarray, b: np.ndarray, out_shape: tuple, kb: int, mode: int) -> np.ndarray:
    """The compiled twin of _matmul_np (k <= kmax): batch dims broadcast, then one C call."""
    m, k = a.shape[-2:]
    n = b.shape[-1]
    bshape = out_shape[:-2]
    nb = int(np.prod(bshape, dtype=np.int64))
    x = np.ascontiguousarray(np.broadcast_to(a, bshape + (m, k)))
    y = np.ascontiguousarray(np.broadcast_to(b, bshape + (k, n)))
    out = np.empty(out_shape, np.float32)
    native.lib.matmul_f32(x, y, out, m, k, n, nb, kb, mode)
    return out


def _bmm(a: np.ndarray, b: np.ndarray, adj_a: bool, adj_b: bool, conj: bool = True) -> np.ndarray:
    """TF's batched matmul kernel for the dtype (BatchMatMulV2, Einsum): Eigen for float64 and complex
    (kernels/eigen_gemm.py), oneDNN's brgemm (sequential FMA) for float32; batch dims broadcast."""
    if a.dtype in (np.float64, np.complex64, np.complex128):
        return eigen_gemm.matmul(a, b, adj_a, adj_b, adjoint=conj)
    return _matmul_np(_adj(a, adj_a), _adj(b, adj_b), 1024)


# ===== matmul ====================================================================================


def _onednn(dtype: Any) -> bool:
    """Whether TF runs the oneDNN (_Mkl) matmul/einsum kernels for this dtype, as their error texts show (bfloat16,
    float; half keeps the plain kernels: measured)."""
    return dtype is _F32 or dtype.name in ("bfloat16", "float32")  # (NumPy's dtype.name is a Python property)


_F32 = np.dtype(np.float32)


def _onednn_smalln_tn(x: np.ndarray, bt: np.ndarray) -> np.ndarray:
    """oneDNN jit_avx512_core_gemm_smalln_tn_f32: x [m, k] times bt [n, k] transposed. 16 FMA lanes (lane l sums
    k = l mod 16 in order, zero-padded), then folded by halving (l + 8, + 4, + 2, + 1), float32 roundings."""
    m, k = x.shape
    n = bt.shape[0]
    kp = -(-k // 16) * 16
    xp = np.zeros((m, kp), np.float64)
    xp[:, :k] = x
    bp = np.zeros((n, kp), np.float64)
    bp[:, :k] = bt
    acc = np.zeros((16, m, n), np.float32)
    nan = bool(np.isnan(x).any() or np.isnan(bt).any())
    for c in range(0, kp, 16):
        xc, bc = xp[None, :, c : c + 16].transpose(2, 1, 0), bp[None, :, c : c + 16].transpose(2, 0, 1)
        # exact product + one rounding: an FMA; NaN operands: x's NaN first, as in _matmul_np
        acc = _fma32(xc * bc, acc, _nan_first(xc.astype(np.float32), bc.astype(np.float32)) if nan else None)
    w = 16
    while w > 1:
        w //= 2
        acc = _add32(acc[:w], acc[w : 2 * w])
    return acc[0]


def _hsum8(a: np.ndarray) -> np.ndarray:
    return _add32(_add32(_add32(a[0], a[1]), _add32(a[4], a[5])), _add32(_add32(a[2], a[3]), _add32(a[6], a[7])))


def _onednn_gemv_t(x: np.ndarray, a: np.ndarray) -> np.ndarray:
    """oneDNN jit_avx_gemv_t_f32_kern: rows x [r, k] times a [k, n]. 16-blocks of k go into 8 FMA lanes (lane l:
    k = l mod 8), summed ((0+1)+(4+5))+((2+3)+(6+7)) into y; the rest as chunks of 8, 4, 2, 1 values, each chunk's
    products summed the same way and added to y."""
    r, k = x.shape
    x64, a64 = x.astype(np.float64), a.astype(np.float64)
    nan = bool(np.isnan(x).any() or np.isnan(a).any())  # then x's NaN first, as in _matmul_np

    def nan_first(s: int, e: int) -> tuple | None:
        return _nan_first(x[:, s:e].T[:, :, None], a[s:e][:, None, :]) if nan else None

    y = np.zeros((r, a.shape[1]), np.float32)
    k16 = k // 16 * 16
    if k16:
        acc = np.zeros((8, r, a.shape[1]), np.float32)
        for c in range(0, k16, 8):
            acc = _fma32(x64[:, c : c + 8].T[:, :, None] * a64[c : c + 8][:, None, :], acc, nan_first(c, c + 8))
        y = _add32(y, _hsum8(acc))
    pos = k16
    for ux in (8, 4, 2, 1):
        if (k - k16) & ux:
            acc = np.zeros((8, r, a.shape[1]), np.float32)
            acc[:ux] = (x64[:, pos : pos + ux].T[:, :, None] * a64[pos : pos + ux][:, None, :]).astype(np.float32)
            first = nan_first(pos, pos + ux)
            if first is not None:
                acc[:ux] = np.where(first[0], first[1], acc[:ux])
            y = _add32(y, _hsum8(acc))
            pos += ux
    return y


def _onednn_gemm_f32(a: np.ndarray, b: np.ndarray, transpose_a: bool, transpose_b: bool) -> Any:
    """The float32 2-D MatMul shapes for which oneDNN's gemm_api picks a special kernel (measured on 2414 shapes on
    this avx512_core CPU); None for the rest (sequential FMA order, _matmul_np)."""
    x = a.T if transpose_a else a  # [m, k]
    y = b.T if transpose_b else b  # [k, n]
    m, k = x.shape
    n = y.shape[1]
    if k == 0:
        return None
    if transpose_b and not transpose_a and 2 <= m <= 15:
        return _onednn_smalln_tn(x, b)
    if transpose_b and m == 1:
        return _onednn_gemv_t(x, y)
    if n == 1 and not transpose_a and m >= 2:
        return _onednn_gemv_t(y.T, x.T).T
    return None


def _matmul_kernel(a: np.ndarray, b: np.ndarray, transpose_a: bool = False, transpose_b: bool = False) -> Any:
    k = "__MklMatMul" if _onednn(a.dtype) else "MatMul"
    for i, x in enumerate((a, b)):
        if x.ndim < 2:
            raise kernel_error(k, "In[%d] ndims must be >= 2" % (i,))
    x = np.swapaxes(a, -1, -2) if transpose_a else a  # MatMul transposes; adjoints conj first
    y = np.swapaxes(b, -1, -2) if transpose_b else b
    if x.shape[-1] != y.shape[-2]:
        raise kernel_error(k, f"Matrix size-incompatible: In[0]: {_dims(a.shape)}, In[1]: {_dims(b.shape)}")
    if a.dtype in (np.float64, np.complex64, np.complex128):
        return eigen_gemm.matmul(a, b, transpose_a, transpose_b)
    if a.dtype == np.float32 and a.ndim == 2 and b.ndim == 2:
        special = _onednn_gemm_f32(a, b, transpose_a, transpose_b)
        if special is not None:
            return special
        cap = _EXACT_MAX_MACS if x.shape[1] <= _SEQUENTIAL_K else _LONG_K_MAX_MACS
        return _matmul_np(x, y, None, cap, _ONEDNN_KB, _onednn_k_mode(x.shape[0], y.shape[1], transpose_a,
                                                                       transpose_b))
    return _matmul_np(x, y)


def _onednn_k_mode(m: int, n: int, transpose_a: bool, transpose_b: bool) -> int:
    """How oneDNN's sgemm cuts k into blocks of 384 (_k_blocks mode) for an m x n output. Measured on this 2-core
    avx512_core machine (TF's 2 intra-op threads) on 440 shapes x 3 layouts: wide outputs (n >= 1024) balance
    only a k below 768 (mode 2), and only for some m by the layout; the rest balance the last two blocks (mode 1).
    The modes differ only for k >= 768 not a multiple of 384."""
    if n < 1024:
        return 1
    if transpose_a:
        return 2
    if not transpose_b:
        return 2 if m > 100 else 1
    return 2 if m >= 1024 or (m >= 704 and n >= 1536) else 1


MatMul = defop("MatMul", _matmul_kernel)


@MatMul.gradient
def _matmul_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad @ b^T, a^T @ grad), with the transposes flipped as the op's flags say; as TF, an input the
    tape does not need (skip_input_indices) gets None and its product is not computed."""
    t_a, t_b = op.get_attr("transpose_a"), op.get_attr("transpose_b")
    skip = op.skip_input_indices
    ga = gb = None
    if 0 not in skip:
        b = _conj(op.inputs[1])
        if not t_a:
            ga = MatMul(grad, b, transpose_a=False, transpose_b=not t_b)
        else:
            ga = MatMul(b, grad, transpose_a=t_b, transpose_b=True)
    if 1 not in skip:
        a = _conj(op.inputs[0])
        if not t_b:
            gb = MatMul(a, grad, transpose_a=not t_a, transpose_b=False)
        else:
            gb = MatMul(grad, a, transpose_a=True, transpose_b=t_a)
    return ga, gb


gradient_uses(MatMul, inputs=(0, 1))


def _conj(x: Tensor) -> Tensor:
    """TF's math_ops.conj on a tensor: complex conjugated, real and integer as they are, others a TypeError."""
    from tfshim.ops.math_ops import conj

    return conj(x)


def _batch_matmul_kernel(a: np.ndarray, b: np.ndarray, adj_x: bool = False, adj_y: bool = False) -> Any:
    mkl = _onednn(a.dtype)
    k = "__MklBatchMatMulV2" if mkl else "BatchMatMulV2"
    for i, x in enumerate((a, b)):
        if x.ndim < 2:
            raise kernel_error(k, "In[%d] ndims must be >= 2: %d" % (i, x.ndim))
    ba, bb = a.shape[:-2], b.shape[:-2]
    try:
        np.broadcast_shapes(ba, bb)
    except ValueError:
        raise kernel_error(k, f"In[0] and In[1] must have compatible batch dimensions: {_dims(a.shape)} vs. "
            f"{_dims(b.shape)}") from None
    x, y = _adj(a, adj_x), _adj(b, adj_y)
    if x.shape[-1] != y.shape[-2]:
        msg = "Matrix size-incompatible: In[0]: %s, In[1]: %s" % (_dims(a.shape), _dims(b.shape))
        raise kernel_error(k, msg + (" %d %d" % (adj_x, adj_y) if mkl else ""))
    return _bmm(a, b, adj_x, adj_y)


BatchMatMulV2 = defop("BatchMatMulV2", _batch_matmul_kernel)


@BatchMatMulV2.gradient
def _batch_matmul_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad @ y^H, x^H @ grad) (flags as the op's), summed over broadcast batch dims."""
    from tfshim.ops.math_ops import reduce_to_shape

    x, y = op.inputs
    adj_x, adj_y = op.get_attr("adj_x"), op.get_attr("adj_y")
    if not adj_x:
        if not adj_y:
            gx = BatchMatMulV2(grad, y, adj_x=False, adj_y=True)
            gy = BatchMatMulV2(x, grad, adj_x=True, adj_y=False)
        else:
            gx = BatchMatMulV2(grad, y, adj_x=False, adj_y=False)
            gy = BatchMatMulV2(grad, x, adj_x=True, adj_y=False)
    else:
        if not adj_y:
            gx = BatchMatMulV2(y, grad, adj_x=False, adj_y=True)
            gy = BatchMatMulV2(x, grad, adj_x=False, adj_y=False)
        else:
            gx = BatchMatMulV2(y, grad, adj_x=True, adj_y=True)
            gy = BatchMatMulV2(grad, x, adj_x=True, adj_y=True)
    if x._value.shape[:-2] != y._value.shape[:-2]:
        gx = reduce_to_shape(gx, x._value.shape)
        gy = reduce_to_shape(gy, y._value.shape)
    return gx, gy


def _mkl_dtype_mismatch(op_name: str, kernel: str, expected: Any, got: Any) -> Exception:
    """The input check's text, naming the kernel TF runs for the first input's dtype (oneDNN's `kernel` for
    float32/bfloat16, the plain op otherwise)."""
    kernel = kernel if _onednn(expected) else op_name
    return errors.InvalidArgumentError(None, None, (
        f"cannot compute {kernel} as input #1(zero-based) was expected to be a {expected._cname} tensor but "
            f"is a {got._cname} tensor "
        f"[Op:{op_name}] name: "))


@tf_export("linalg.matmul", "matmul")
def matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False, adjoint_a: bool = False,
           adjoint_b: bool = False, a_is_sparse: bool = False, b_is_sparse: bool = False, output_type: Any = None,
           grad_a: bool = False, grad_b: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.matmul: MatMul for rank <= 2, BatchMatMulV2 above (TF's oneDNN kernel names in errors)."""
    if transpose_a and adjoint_a:
        raise ValueError("Only one of `transpose_a` and `adjoint_a` can be True. "
                         f"Received `transpose_a`={transpose_a}, `adjoint_a`={adjoint_a}.")
    if transpose_b and adjoint_b:
        raise ValueError("Only one of `transpose_b` and `adjoint_b` can be True. "
                         f"Received `transpose_b`={transpose_b}, `adjoint_b`={adjoint_b}.")
    if _linear_operator_in(a, b):
        return _linop().dispatch_matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b, a_is_sparse, b_is_sparse)
    if not isinstance(a, Tensor):
        a = convert_to_tensor(a)
    if not isinstance(b, Tensor):
        b = convert_to_tensor(b, dtype_hint=a._dtype)
    if output_type is not None and (dtypes.as_dtype(output_type) is not a._dtype or
                                    dtypes.as_dtype(output_type) is not b._dtype):
        raise NotImplementedError("tfshim: tf.matmul with output_type (BatchMatMulV3)")
    # TF conjugates (math_ops.conj: a TypeError for bool/string) for the adjoint forms, then its op wrapper checks
    # bool attrs (make_bool), then the kernel's dtype checks. (`ndim`, not `_value`: a traced tf.function reading
    # only the rank stays replayable and serializable.)
    if a.ndim > 2 or b.ndim > 2:
        if transpose_a:  # as TF: BatchMatMulV2 only has adjoints, so transposes conjugate first
            a, adjoint_a = _conj(a), True
        if transpose_b:
            b, adjoint_b = _conj(b), True
        make_bool(adjoint_a, "adj_x")
        make_bool(adjoint_b, "adj_y")
        if a._dtype is not b._dtype:
            raise _mkl_dtype_mismatch("BatchMatMulV2", "_MklBatchMatMulV2", a._dtype, b._dtype)
        if BatchMatMulV2.allowed is not None and a._dtype not in BatchMatMulV2.allowed:
            raise disallowed_dtype("BatchMatMulV2", a._dtype)
        check_kernel("BatchMatMulV2", a._dtype, attrs=lambda: f"T=DT_{a._dtype._cname.upper()}, adj_x="
                     f"{_attr(adjoint_a)}, adj_y={_attr(adjoint_b)}, grad_x=false, grad_y=false")
        return BatchMatMulV2(a, b, adj_x=bool(adjoint_a), adj_y=bool(adjoint_b))
    if adjoint_a:
        a, transpose_a = _conj(a), True
    if adjoint_b:
        b, transpose_b = _conj(b), True
    make_bool(transpose_a, "transpose_a")
    make_bool(transpose_b, "transpose_b")
    if a._dtype is not b._dtype:
        raise _mkl_dtype_mismatch("MatMul", "_MklMatMul", a._dtype, b._dtype)
    if MatMul.allowed is not None and a._dtype not in MatMul.allowed:
        raise disallowed_dtype("MatMul", a._dtype)
    check_kernel("MatMul", a._dtype, attrs=lambda: f"T=DT_{a._dtype._cname.upper()}, grad_a=false, grad_b=false, "
                 f"transpose_a={_attr(transpose_a)}, transpose_b={_attr(transpose_b)}")
    return MatMul(a, b, transpose_a=bool(transpose_a), transpose_b=bool(transpose_b))


def _attr(flag: Any) -> str:
    """A bool attr as TF's NodeDef text prints it."""
    return "true" if flag else "false"


@tf_export("linalg.matvec")
def matvec(a: Any, b: Any, transpose_a: bool = False, adjoint_a: bool = False, a_is_sparse: bool = False,
           b_is_sparse: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.matvec: squeeze(matmul(a, expand_dims(b, -1)), -1) (an operator's matvec through matmul's
    dispatch). As in TF, `b` converts on its own (expand_dims) before `a`: `[1, 2]` is int32 whatever `a` is."""
    out = matmul(a, array_ops.expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a)
    return array_ops.squeeze(out, axis=-1)


@tf_export("linalg.matrix_transpose", "linalg.transpose")
def matrix_transpose(a: Any, name: str = "matrix_transpose", conjugate: bool = False) -> Tensor:
    """TF: tf.linalg.matrix_transpose: swaps the last two dimensions."""
    a = convert_to_tensor(a)
    nd = a._value.ndim
    if nd < 2:
        raise ValueError("Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = "
                         f"{a._value} with shape: {a.shape}")
    perm = list(range(nd - 2)) + [nd - 1, nd - 2]
    return array_ops.transpose(a, perm, conjugate=conjugate)


@tf_export("linalg.adjoint")
def adjoint(matrix: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.adjoint: conjugate transpose of the last two dimensions (an operator's adjoint operator)."""
    if _linear_operator_in(matrix):
        return matrix.adjoint()
    return matrix_transpose(matrix, conjugate=True)


# ===== tensordot / einsum =========================================================================


def _tensordot_axes(a: Tensor, b: Tensor, axes: Any) -> tuple:
    ra, rb = a._value.ndim, b._value.ndim
    if isinstance(axes, Tensor):
        axes = axes._value.tolist()
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise ValueError(f"`axes` must be at least 0. Received: {axes}.")
        if axes > ra:
            raise ValueError(f"`axes` must not be larger than the number of dimensions of tensor {a}.  "
                             f"Received {axes}, vs tensor dimensions {ra}.")
        return list(range(ra - axes, ra)), list(range(axes))
    axes = list(axes)
    if len(axes) != 2:
        raise ValueError(f"`axes` must be an integer or have length 2. Received {axes}.")
    a_axes, b_axes = axes
    a_axes = [a_axes] if isinstance(a_axes, (int, np.integer)) else list(a_axes)
    b_axes = [b_axes] if isinstance(b_axes, (int, np.integer)) else list(b_axes)
    if len(a_axes) != len(b_axes):
        raise ValueError("Different number of contraction axes `a` and `b`, "
                         f"{len(a_axes)} != {len(b_axes)}.")
    return [int(i) % ra if ra else int(i) for i in a_axes], [int(i) % rb if rb else int(i) for i in b_axes]


def _tensordot_reshape(a: Tensor, axes: list, flipped: bool = False) -> tuple:
    shape = a._value.shape
    free = [i for i in range(len(shape)) if i not in axes]
    free_dims = [shape[i] for i in free]
    prod_free = int(np.prod(free_dims, dtype=np.int64))
    prod_axes = int(np.prod([shape[i] for i in axes], dtype=np.int64))
    perm = list(axes) + free if flipped else free + list(axes)
    new_shape = [prod_axes, prod_free] if flipped else [prod_free, prod_axes]
    t = array_ops.transpose(a, perm) if perm != list(range(len(shape))) else a
    if list(t._value.shape) != new_shape:
        t = array_ops.reshape(t, new_shape)
    return t, free_dims


@tf_export("tensordot", "linalg.tensordot")
def tensordot(a: Any, b: Any, axes: Any, name: Any = None) -> Tensor:
    """TF: tf.tensordot: transposes and reshapes both sides into one matmul, as TF does."""
    a = convert_to_tensor(a)
    b = convert_to_tensor(b)
    a_axes, b_axes = _tensordot_axes(a, b, axes)
    a_r, a_free = _tensordot_reshape(a, a_axes)
    b_r, b_free = _tensordot_reshape(b, b_axes, True)
    ab = matmul(a_r, b_r)
    out_shape = a_free + b_free
    if list(ab._value.shape) != out_shape:
        ab = array_ops.reshape(ab, out_shape)
    return ab


def _parse_einsum(equation: str, ranks: list) -> tuple:
    """TF's _einsum_v2_parse_and_resolve_equation: validates the equation (TF's ValueError texts) and returns the
    input subscripts and the output subscripts (made from the labels used once when there is no `->`)."""
    eq = equation.replace(" ", "")
    ellipsis = "..." in equation
    if ellipsis:
        if "0" in eq:
            raise ValueError(f'Invalid character "0" in equation: {equation}.')
        eq = eq.replace("...", "0")
    labels = "a-zA-Z" + ("0" if ellipsis else "")
    match = re.match(f"^([{labels},]*)(->[{labels}]*)?$", eq)
    if not match:
        raise ValueError(f"Subscripts have incorrect format: {eq}")
    in_subs = match.group(1).split(",")
    out = match.group(2)[2:] if match.group(2) else None
    if len(ranks) != len(in_subs):
        raise ValueError(f'Got {len(ranks)} inputs for equation "{equation}", expecting {len(in_subs)}')
    if "->" not in eq:
        counts = collections.Counter(match.group(1))
        out = "".join(x for x in sorted(counts) if x != "," and counts[x] == 1)
    assert out is not None
    if len(set(out)) != len(out):
        raise ValueError(f"Output subscripts contain a label appearing more than once: {equation}")
    present = set(match.group(1))
    for c in out:
        if c != "0" and c not in present:
            raise ValueError(f"Output subscripts contain the label {c} not present in the input subscripts.")
    return [s.replace("0", "...") for s in in_subs], out.replace("0", "...")


def _einsum_reduce(x: np.ndarray, labels: list, types: list) -> tuple:
    """EinsumHelper::ReduceOperand: transpose to [broadcast, batch, free, contract, reduce] (or, if already so
    ordered with contract before free, keep the order and flag it), take diagonals of repeated labels, sum the
    reduce labels (0 + x0 + x1 + ... in order, in the dtype: measured) and reshape to [batch dims..., F, C]
    ([..., C, F] if swapped)."""
    rank = (0, 1, 3, 2, 4)  # contract before free
    swap = all((rank[types[a]], a) <= (rank[types[b]], b) for a, b in zip(labels, labels[1:]))
    perm = list(range(x.ndim)) if swap else sorted(range(x.ndim), key=lambda i: (types[labels[i]], labels[i]))
    x, labels = x.transpose(perm), [labels[i] for i in perm]
    uniq = [v for i, v in enumerate(labels) if i == 0 or labels[i - 1] != v]
    if len(uniq) < len(labels):  # generalized diagonal: a copy, no sums
        letter = {v: chr(97 + i) for i, v in enumerate(uniq)}
        x = np.einsum("".join(letter[v] for v in labels) + "->" + "".join(letter[v] for v in uniq), x)
    size = [1] * 5
    for v, d in zip(uniq, x.shape):
        size[types[v]] *= d
    shape = [d for v, d in zip(uniq, x.shape) if types[v] < 2] + ([size[3], size[2]] if swap else size[2:4])
    free = [v for v in uniq if types[v] == 2]
    if size[4] == 1:
        return x.reshape(shape), swap, free
    if size[4] == 0:
        return np.zeros(shape, x.dtype), swap, free
    r = np.add.accumulate(np.ascontiguousarray(x).reshape(-1, size[4]), axis=1)[:, -1] + x.dtype.type(0)
    return r.reshape(shape), swap, free


def _einsum_kernel(*xs: np.ndarray, equation: str) -> Any:
    """TF's EinsumOp (linalg/einsum_op_impl.h) for one or two inputs: reduce each operand, contract them with the
    batched matmul kernel (trans flags from the operands' layout), reshape and transpose to the output."""
    in_subs, out = equation.split("->")
    subs = in_subs.split(",")
    mkl = _onednn(xs[0].dtype)
    kname = ("__MklEinsum_N_%d" if mkl else "Einsum_N_%d") % (len(xs),)
    sizes: dict = {}
    for i, (x, s) in enumerate(zip(xs, subs)):
        labels = s.replace("...", "")
        if "..." not in s and x.ndim != len(labels):
            raise kernel_error(kname, "Expected input %d to have rank %d but got: %d" % (i, len(labels), x.ndim))
        if "..." in s and x.ndim < len(labels):
            raise kernel_error(kname, "Expected input %d to have rank at least %d but got: %d"
                               % (i, len(labels), x.ndim))
        lead = s.index("...") if "..." in s else len(s)
        ell = x.ndim - len(labels)
        for j, c in enumerate(labels):
            axis = j if j < lead else j + ell
            if sizes.get(c, 0) not in (0, x.shape[axis]):
                raise kernel_error(kname, "Expected dimension %d at axis %d of the input "
                                   "shaped %s but got dimension %d" % (sizes[c], axis, _dims(x.shape), x.shape[axis]))
            sizes[c] = x.shape[axis]
    bcast = max([x.ndim - len(s.replace("...", "")) for x, s in zip(xs, subs) if "..." in s], default=0)
    if bcast > 0 and "..." not in out:
        raise kernel_error(kname, "Output contains %d broadcasting dimension(s) but no ellipsis (...) was found in "
                           "the output subscripts." % bcast)
    if len(xs) > 2:
        with np.errstate(all="ignore"):
            return np.asarray(np.einsum(equation, *xs, optimize=True))
    ids: dict = {}
    labs = [[-1 if c == "." else ids.setdefault(c, len(ids)) for c in t.replace("...", ".")] for t in subs]
    olab = [-1 if c == "." else ids[c] for c in out.replace("...", ".")]
    nn, nb = len(ids), 0
    types = [[[1, 2], [3, 4]][v not in olab][len(xs) == 1 or v not in labs[0] or v not in labs[1]] for v in range(nn)]
    for i, x in enumerate(xs):
        if -1 in labs[i]:
            e, k = labs[i].index(-1), x.ndim - len(labs[i]) + 1
            labs[i][e : e + 1] = range(nn, nn + k)
            nb = max(nb, k)
    if -1 in olab:
        olab[olab.index(-1) : olab.index(-1) + 1] = range(nn, nn + nb)
    types += [0] * nb
    with np.errstate(all="ignore"):
        ops = [_einsum_reduce(x, labs[i], types) for i, x in enumerate(xs)]
        r, free = ops[0][0], ops[0][2]
        if len(ops) == 2:
            (a, sa, _), (b, sb, free_b) = ops
            try:
                np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
            except ValueError:
                msg = "In[0] and In[1] must have compatible" if mkl else "Invalid broadcasting"
                raise kernel_error(kname, f"{msg} {'batch ' if mkl else ''}dimensions: {_dims(a.shape)} vs. "
                                   f"{_dims(b.shape)}") from None
            r, free = _bmm(a, b, sa, not sb, False), free + free_b
    size = {v: d for x, lab in zip(xs, labs) for v, d in zip(lab, x.shape)}
    res = [v for t in (0, 1) for v in range(nn + nb) if types[v] == t] + free
    r = r.reshape(r.shape[:-2] + tuple(size[v] for v in free))
    return np.asarray(r.transpose([res.index(v) for v in olab]))


Einsum = defop("Einsum", _einsum_kernel)


@Einsum.gradient
def _einsum_grad(op: Any, grad: Tensor) -> list:
    """Returns einsum(grad, other inputs -> this input's labels); labels only this input has are
    summed out in the forward pass, so their gradient is broadcast back."""
    in_subs, out = op.get_attr("equation").split("->")
    subs = in_subs.split(",")
    grads = []
    for i, (x, s) in enumerate(zip(op.inputs, subs)):
        others = [t for j, t in enumerate(op.inputs) if j != i]
        other_subs = [t for j, t in enumerate(subs) if j != i]
        keep_set = set(out) | set("".join(other_subs))
        kept = "".join(c for c in s if c in keep_set or c == ".")
        # Repeated labels (a diagonal) and ellipsis broadcasting are not handled beyond NumPy's einsum.
        eq = ",".join([out] + other_subs) + "->" + kept
        g = Einsum(grad, *[_conj(t) for t in others], equation=eq)
        if kept != s:
            shape = [x._value.shape[j] if c in kept else 1 for j, c in enumerate(s)]
            g = array_ops.broadcast_to(array_ops.reshape(g, shape), x._value.shape)
        grads.append(g)
    return grads


@tf_export("einsum", "linalg.einsum")
def einsum(equation: str, *inputs: Any, **kwargs: Any) -> Tensor:
    """TF: tf.einsum (Einsum). The gradient handles each label once per input (no repeated labels)."""
    from tfshim.framework.constant_op import match_inputs

    kwargs.pop("name", None)
    kwargs.pop("optimize", None)
    if kwargs:
        raise TypeError(f'Invalid keyword arguments for einsum: {", ".join(kwargs)}. '
                        f'Valid arguments: name, optimize, greedy.')
    for operand in inputs:
        operand.shape  # noqa: B018 - TF's _einsum_v2 reads each operand's shape first (AttributeError for a list)
    ts = match_inputs(list(inputs))
    in_subs, out = _parse_einsum(equation, [t._value.ndim for t in ts])
    eq = ",".join(in_subs) + "->" + out
    # TF looks up the kernel for the node's T (the first input's dtype) before checking the other inputs
    check_kernel("Einsum", ts[0]._dtype, attrs=f'N={len(ts)}, T=DT_{ts[0]._dtype._cname.upper()}, equation="{eq}"')
    for i in range(1, len(ts)):
        if ts[i]._dtype is not ts[0]._dtype:
            from tfshim.ops.op import dtype_mismatch

            raise dtype_mismatch("Einsum", i, ts[0]._dtype, ts[i]._dtype)
    Einsum.check(*ts)
    return Einsum(*ts, equation=eq)


# ===== inverse, determinants, solve ================================================================


def _square(x: np.ndarray, op: str) -> None:
    if x.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, "Input tensor 0 must have rank >= 2, got %d" % (x.ndim,))
    if x.shape[-1] != x.shape[-2]:
        raise KernelError(errors.InvalidArgumentError, "Input matrix must be square.")


_CPU_KERNELS = "".join(f"  device='CPU'; T in [DT_{t}]\n" for t in ("COMPLEX128", "COMPLEX64", "DOUBLE", "FLOAT"))


def _no_half_kernel(x: np.ndarray, op: str, attrs: str = "", xla: str = "") -> None:
    """TF registers no CPU kernel of `op` for half: NotFoundError at kernel lookup."""
    if x.dtype == np.float16:
        raise KernelError(errors.NotFoundError, f"Could not find device for node: {{{{node {op}}}}} = {op}[T=DT_HALF"
                          f"{attrs}]\nAll kernels registered for op {op}:\n{xla}{_CPU_KERNELS}", wrapped=False)


def _lu_solve(m: np.ndarray, b: np.ndarray, msg: str) -> np.ndarray:
    """m^-1 b as TF: Eigen's PartialPivLU (kernels/eigen_lu.py; half in float32, as MatrixInverse<half>),
    TF's error `msg` when a |pivot| is not > 0.  Complex: LAPACK (not TF's arithmetic)."""
    if m.dtype.kind == "c":
        try:
            return np.linalg.solve(m, b).astype(m.dtype)
        except np.linalg.LinAlgError:
            raise KernelError(errors.InvalidArgumentError, msg) from None
    w = np.float32 if m.dtype == np.float16 else m.dtype
    x, ok = eigen_lu.solve(m.astype(w).reshape((-1,) + m.shape[-2:]), b.astype(w).reshape((-1,) + b.shape[-2:]))
    if not ok:
        raise KernelError(errors.InvalidArgumentError, msg)
    return x.reshape(b.shape).astype(m.dtype)


def _inverse_kernel(x: np.ndarray, adjoint: bool = False) -> Any:
    _square(x, "MatrixInverse")
    a = _adj(x, adjoint)
    if a.size == 0:
        return a.copy()
    return _lu_solve(a, np.broadcast_to(np.eye(a.shape[-1], dtype=a.dtype), a.shape), "Input is not invertible.")


MatrixInverse = defop("MatrixInverse", _inverse_kernel)


@MatrixInverse.gradient
def _inverse_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns -inv(A)^H @ grad @ inv(A)^H (adjoint: -C @ grad^H @ C for C = inv(A^H)), as TF."""
    from tfshim.ops.math_ops import negative

    ainv, adj = op.outputs[0], op.get_attr("adjoint")
    return negative(matmul(ainv, matmul(grad, ainv, adjoint_a=adj, adjoint_b=not adj), adjoint_a=not adj))


@tf_export("linalg.inv")
def inv(input: Any, adjoint: bool = False, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.linalg.inv (MatrixInverse; an operator's inverse operator)."""
    if _linear_operator_in(input):
        return _linop().dispatch_inv(input, adjoint)
    adjoint = make_bool(adjoint, "adjoint")
    return run_op(MatrixInverse, (input,), convert_to_tensor(input), check=True, adjoint=adjoint)


def _det_kernel(x: np.ndarray) -> Any:
    _no_half_kernel(x, "MatrixDeterminant")
    _square(x, "MatrixDeterminant")
    if not x.size:
        return np.ones(x.shape[:-2], x.dtype)
    if x.dtype.kind == "c":
        return np.linalg.det(x).astype(x.dtype)
    return eigen_lu.det(x.reshape((-1,) + x.shape[-2:])).reshape(x.shape[:-2])


MatrixDeterminant = defop("MatrixDeterminant", _det_kernel)


@MatrixDeterminant.gradient
def _det_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns (grad * det(A))[..., None, None] * inv(A)^H."""
    from tfshim.ops.math_ops import multiply

    a, c = op.inputs[0], op.outputs[0]
    a_adj_inv = MatrixInverse(a, adjoint=True)
    multipliers = array_ops.reshape(multiply(grad, c), list(c._value.shape) + [1, 1])
    return multiply(multipliers, a_adj_inv)


@tf_export("linalg.det")
def det(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    if _linear_operator_in(input):
        return input.determinant()
    """TF: tf.linalg.det (MatrixDeterminant)."""
    return run_op(MatrixDeterminant, (input,), convert_to_tensor(input), check=True)


def _slogdet_kernel(x: np.ndarray) -> Any:
    _no_half_kernel(x, "LogMatrixDeterminant")
    _square(x, "LogMatrixDeterminant")
    if not x.size:
        return np.ones(x.shape[:-2], x.dtype), np.zeros(x.shape[:-2], x.dtype)
    if x.dtype.kind == "c":
        sign, logdet = np.linalg.slogdet(x)
        return sign.astype(x.dtype), logdet.astype(x.dtype)
    sign, logdet = eigen_lu.slogdet(x.reshape((-1,) + x.shape[-2:]))
    return sign.reshape(x.shape[:-2]), logdet.reshape(x.shape[:-2])


LogMatrixDeterminant = defop("LogMatrixDeterminant", _slogdet_kernel, multi_output=True)
LogMatrixDeterminantOutput = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])


@LogMatrixDeterminant.gradient
def _slogdet_grad(op: Any, _: Tensor, grad_b: Tensor) -> Tensor:
    """Returns grad_logdet[..., None, None] * inv(A)^H (the sign has no gradient)."""
    from tfshim.ops.math_ops import multiply

    a_adj_inv = MatrixInverse(op.inputs[0], adjoint=True)
    multipliers = array_ops.reshape(grad_b, list(grad_b._value.shape) + [1, 1])
    return multiply(multipliers, a_adj_inv)


@tf_export("linalg.slogdet")
def slogdet(input: Any, name: Any = None) -> Any:  # noqa: A002
    """TF: tf.linalg.slogdet (LogMatrixDeterminant): a LogMatrixDeterminant(sign, log_abs_determinant)."""
    return LogMatrixDeterminantOutput(*run_op(LogMatrixDeterminant, (input,), convert_to_tensor(input), check=True))


def run_matrix_rhs_op(op: Any, matrix: Any, rhs: Any, **attrs: bool) -> Tensor:
    """A generated wrapper of a (matrix, rhs) solve op, its bool `attrs` already through make_bool (TF checks them
    first): both inputs convert to one dtype (args_to_matching_eager: a non-tensor takes a tensor's dtype,
    strictly), then TF checks T allowed, a CPU kernel for T (NotFoundError naming the node's attrs), the input
    dtypes."""
    raw = (matrix, rhs)
    a, b = match_inputs([matrix, rhs])
    suffix = error_suffix(raw)
    check_attr(op.name, a, "T", suffix)
    node = ", ".join([f"T=DT_{a._dtype._cname.upper()}"] + [f"{k}={str(v).lower()}" for k, v in sorted(attrs.items())])
    check_kernel(op.name, a._dtype, suffix, attrs=node)
    return run_op(op, raw, a, b, check=True, **attrs)


def _solve_kernel(a: np.ndarray, b: np.ndarray, adjoint: bool = False) -> Any:
    _square(a, "MatrixSolve")
    if b.ndim < 2 or b.shape[-2] != a.shape[-1] or b.shape[:-2] != a.shape[:-2]:
        raise KernelError(errors.InvalidArgumentError, "Input matrix and rhs are incompatible.")
    if a.size == 0 or b.size == 0:
        return np.zeros(b.shape, a.dtype)
    return _lu_solve(_adj(a, adjoint), b, "Input matrix is not invertible.")


MatrixSolve = defop("MatrixSolve", _solve_kernel)


@MatrixSolve.gradient
def _solve_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (-grad_b @ c^H, solve(A^H, grad)) (the adjoint case mirrored)."""
    from tfshim.ops.math_ops import negative

    a = op.inputs[0]
    adjoint_a = op.get_attr("adjoint")
    c = op.outputs[0]
    grad_b = MatrixSolve(a, grad, adjoint=not adjoint_a)
    if adjoint_a:
        grad_a = negative(matmul(c, grad_b, adjoint_b=True))
    else:
        grad_a = negative(matmul(grad_b, c, adjoint_b=True))
    return grad_a, grad_b


@tf_export("linalg.solve")
def solve(matrix: Any, rhs: Any, adjoint: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.solve (MatrixSolve; an operator's solve)."""
    if _linear_operator_in(matrix, rhs):
        return _linop().dispatch_solve(matrix, rhs, adjoint)
    return run_matrix_rhs_op(MatrixSolve, matrix, rhs, adjoint=make_bool(adjoint, "adjoint"))


def _triangular_solve_kernel(a: np.ndarray, b: np.ndarray, lower: bool = True, adjoint: bool = False) -> Any:
    _square(a, "MatrixTriangularSolve")
    m = np.tril(a) if lower else np.triu(a)
    m = _adj(m, adjoint)
    with np.errstate(all="ignore"):
        try:
            return np.linalg.solve(m, np.broadcast_to(b, m.shape[:-2] + b.shape[-2:])).astype(a.dtype)
        except np.linalg.LinAlgError:
            raise KernelError(errors.InvalidArgumentError, "Input matrix is not invertible.") from None


MatrixTriangularSolve = defop("MatrixTriangularSolve", _triangular_solve_kernel)


@MatrixTriangularSolve.gradient
def _triangular_solve_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (band(-grad_b @ c^H), triangular_solve(A^H, grad))."""
    from tfshim.ops.math_ops import negative, reduce_to_shape

    a, b = op.inputs
    adjoint_a, lower_a = op.get_attr("adjoint"), op.get_attr("lower")
    c = op.outputs[0]
    grad_b = MatrixTriangularSolve(a, grad, lower=lower_a, adjoint=not adjoint_a)
    if adjoint_a:
        grad_a = negative(matmul(c, grad_b, adjoint_b=True))
    else:
        grad_a = negative(matmul(grad_b, c, adjoint_b=True))
    grad_a = band_part(grad_a, -1, 0) if lower_a else band_part(grad_a, 0, -1)
    if a._value.shape[:-2] == b._value.shape[:-2]:
        return grad_a, grad_b
    return reduce_to_shape(grad_a, a._value.shape), reduce_to_shape(grad_b, b._value.shape)


@tf_export("linalg.triangular_solve")
def triangular_solve(matrix: Any, rhs: Any, lower: bool = True, adjoint: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.triangular_solve (MatrixTriangularSolve)."""
    lower, adjoint = make_bool(lower, "lower", True), make_bool(adjoint, "adjoint")  # TF: attrs first
    return run_matrix_rhs_op(MatrixTriangularSolve, matrix, rhs, lower=lower, adjoint=adjoint)


def _cholesky_kernel(x: np.ndarray) -> Any:
    """Column-by-column Cholesky (vectorised over the batch): a non-positive pivot gives NaN, as TF's."""
    if x.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, "Input tensor 0 must have rank >= 2, got %d" % (x.ndim,))
    if x.shape[-1] != x.shape[-2]:
        raise KernelError(errors.InvalidArgumentError, "Input matrix must be square.")
    n = x.shape[-1]
    lo = np.zeros_like(x)
    failed = np.zeros(x.shape[:-2], bool)
    with np.errstate(all="ignore"):
        for j in range(n):
            s = x[..., j, j] - np.sum(lo[..., j, :j] * np.conj(lo[..., j, :j]), axis=-1)
            failed |= s.real <= 0  # Eigen's LLT stops at a pivot <= 0 (a NaN pivot goes on)
            d = np.sqrt(s)
            lo[..., j, j] = d
            if j + 1 < n:
                off = x[..., j + 1:, j] - np.einsum("...ik,...k->...i", lo[..., j + 1:, :j], np.conj(lo[..., j, :j]))
                lo[..., j + 1:, j] = off / d[..., None]
    if failed.any():
        # TF then fills the lower triangle with numeric_limits<T>::quiet_NaN(), which is 0 for std::complex (not
        # specialised); the upper triangle is left as allocated (zeros here)
        fill = np.zeros((), x.dtype) if x.dtype.kind == "c" else np.array(np.nan, x.dtype)
        lo[failed] = np.where(np.tri(n, dtype=bool), fill, np.zeros((), x.dtype))
    return lo


Cholesky = defop("Cholesky", _cholesky_kernel)


@Cholesky.gradient
def _cholesky_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns 0.5 * (S + S^H), S = L^-H Φ(L^H grad) L^-1, Φ = lower triangle with the diagonal halved."""
    from tfshim.ops.math_ops import add, multiply

    lo = op.outputs[0]
    n = lo._value.shape[-1]
    batch = list(lo._value.shape[:-2])
    l_inverse = MatrixTriangularSolve(lo, array_ops.eye(n, batch_shape=batch, dtype=lo._dtype), lower=True,
                                      adjoint=False)
    middle = matmul(lo, grad, adjoint_a=True)
    half = _wrap_as(np.asarray(0.5, lo._value.dtype), lo._dtype)
    middle = set_diag(middle, multiply(half, diag_part(middle)))
    middle = band_part(middle, -1, 0)
    grad_a = matmul(matmul(l_inverse, middle, adjoint_a=True), l_inverse)
    grad_a = add(grad_a, adjoint(grad_a))
    return multiply(grad_a, half)


@tf_export("linalg.cholesky")
def cholesky(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.linalg.cholesky (Cholesky). A matrix that is not positive definite gives NaN, as in TF 2.21."""
    if _linear_operator_in(input):
        return input.cholesky()
    x = convert_to_tensor(input)
    Cholesky.check(x)
    return Cholesky(x)


# ===== diagonals, band part, trace =================================================================


def _diag_error(message: str, k: tuple) -> KernelError:
    """TF's diagonal kernels end an error with ` name: <op name>` when `k` is a scalar (or empty), and with
    nothing after `[Op:...]` when `k` is a vector of two or more (measured on TF 2.21)."""
    return KernelError(errors.InvalidArgumentError, message, suffix=_diag_suffix(k))


def _diag_suffix(k: tuple) -> str:
    return f" name: {k[2]}" if k[3] and k[2] is not None else ""


def _diag_band(rows: int, cols: int, k: tuple, align: str, max_len: int) -> list:
    """For each diagonal d from k[1] down to k[0]: (diagonal row in the band, index in it, matrix rows, matrix
    cols) of its elements; alignments as TF's MatrixDiagV3 (`offset` pads a short diagonal on the left)."""
    out = []
    for i, d in enumerate(range(k[1], k[0] - 1, -1)):
        length = min(cols - max(d, 0), rows + min(d, 0))
        if length <= 0:
            continue
        right = (align in ("RIGHT_LEFT", "RIGHT_RIGHT") and d >= 0) or (align in ("LEFT_RIGHT", "RIGHT_RIGHT")
                                                                        and d <= 0)
        offset = max_len - length if right else 0
        m = np.arange(length) + max(-d, 0)
        out.append((i, np.arange(length) + offset, m, m + d))
    return out


def _check_band(rows: int, cols: int, k: tuple, lower_dot: bool = False) -> None:
    """TF's bounds of the diagonal indices, -rows < index < cols (or 0); only MatrixDiagPart's lower-index text has
    a full stop."""
    for which, index in (("lower", k[0]), ("upper", k[1])):
        if not (-rows < index < cols or index == 0):
            dot = "." if which == "lower" and lower_dot else ""
            raise _diag_error(f"{which}_diag_index is out of bound: {index}{dot} It must be between {-rows} and "
                              f"{cols}", k)


def _matrix_diag_kernel(d: np.ndarray, num_rows: int = -1, num_cols: int = -1, padding_value: Any = 0,
                        k: tuple = (0, 0, "diag", True), align: str = "RIGHT_LEFT") -> Any:
    if d.ndim < 1:
        raise KernelError(errors.InvalidArgumentError, f"diagonal must be at least 1-dim, received shape: "
            f"{_dims(d.shape)}", suffix=_diag_suffix(k))
    num_diags = k[1] - k[0] + 1
    if num_diags > 1 and (d.ndim < 2 or d.shape[-2] != num_diags):
        raise _diag_error("The number of diagonals provided in the input does not match the lower_diag_index and "
                          "upper_diag_index range.", k)
    max_len = d.shape[-1]
    min_rows, min_cols = max_len - min(k[1], 0), max_len + max(k[0], 0)
    rows, cols = num_rows, num_cols
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if rows < min_rows:
        raise _diag_error("The number of rows is too small.", k)
    if cols < min_cols:
        raise _diag_error("The number of columns is too small.", k)
    if rows != min_rows and cols != min_cols:
        raise _diag_error("The number of rows or columns is not consistent with the specified d_lower, d_upper, "
                          "and diagonal.", k)
    batch = d.shape[:-1] if num_diags == 1 else d.shape[:-2]
    band = d.reshape(batch + (num_diags, max_len))
    out = np.full(batch + (rows, cols), padding_value, dtype=d.dtype)
    for i, idx, m, n in _diag_band(rows, cols, k, align, max_len):
        out[..., m, n] = band[..., i, idx]
    return out


MatrixDiagV3 = defop("MatrixDiagV3", _matrix_diag_kernel)


@MatrixDiagV3.gradient
def _matrix_diag_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns matrix_diag_part(grad) over the same diagonals (TF: _MatrixDiagV3Grad)."""
    return MatrixDiagPartV3(grad, k=op.get_attr("k"), align=op.get_attr("align"))


def _matrix_diag_part_kernel(x: np.ndarray, padding_value: Any = 0, k: tuple = (0, 0, "diag_part", True),
                             align: str = "RIGHT_LEFT") -> Any:
    if x.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, f"input must be at least 2-dim, received shape: "
            f"{_dims(x.shape)}", suffix=_diag_suffix(k))
    rows, cols = x.shape[-2:]
    _check_band(rows, cols, k, lower_dot=True)
    num_diags = k[1] - k[0] + 1
    max_len = min(rows + min(k[1], 0), cols - max(k[0], 0))
    out = np.full(x.shape[:-2] + (num_diags, max(max_len, 0)), padding_value, dtype=x.dtype)
    for i, idx, m, n in _diag_band(rows, cols, k, align, max_len):
        out[..., i, idx] = x[..., m, n]
    return out[..., 0, :] if num_diags == 1 else out


MatrixDiagPartV3 = defop("MatrixDiagPartV3", _matrix_diag_part_kernel)


@MatrixDiagPartV3.gradient
def _matrix_diag_part_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns matrix_diag(grad, num_rows, num_cols) of the input's matrix shape, over the same diagonals."""
    rows, cols = op.inputs[0]._value.shape[-2:]
    return MatrixDiagV3(grad, num_rows=rows, num_cols=cols, k=op.get_attr("k"), align=op.get_attr("align"))


def _matrix_set_diag_kernel(x: np.ndarray, d: np.ndarray, k: tuple = (0, 0, "set_diag", True),
                            align: str = "RIGHT_LEFT") -> Any:
    rows, cols = x.shape[-2:]
    num_diags = k[1] - k[0] + 1
    max_len = min(rows + min(k[1], 0), cols - max(k[0], 0))
    band = d.reshape(d.shape[:-1] + (1, d.shape[-1])) if num_diags == 1 else d
    out = x.copy()
    for i, idx, m, n in _diag_band(rows, cols, k, align, max_len):
        out[..., m, n] = band[..., i, idx]
    return out


MatrixSetDiagV3 = defop("MatrixSetDiagV3", _matrix_set_diag_kernel)


@MatrixSetDiagV3.gradient
def _matrix_set_diag_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (set_diag(grad, 0), diag_part(grad)) over the same diagonals."""
    k, align = op.get_attr("k"), op.get_attr("align")
    zeros = _wrap_as(np.zeros(op.inputs[1]._value.shape, grad._value.dtype), grad._dtype)
    return MatrixSetDiagV3(grad, zeros, k=k, align=align), MatrixDiagPartV3(grad, k=k, align=align)


_ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")


def _diag_index(op_name: str, k: Any, align: Any, name: str, raw: tuple) -> tuple:
    """TF's `k` input (int32, a scalar or one or two elements) and `align` attr checks, in the kernel's order:
    (lower, upper, op name for the error suffix, whether `k` gives the ` name: ` suffix)."""
    from tfshim.ops.op import as_called, raise_op_error

    kt = k if isinstance(k, Tensor) else convert_to_tensor(k, dtype=dtypes.int32)
    if kt._dtype is not dtypes.int32:
        raise errors.InvalidArgumentError(None, None, f"cannot compute {op_name} as input #"
                                          f"{1 if op_name != 'MatrixSetDiagV3' else 2}(zero-based) was expected to "
                                          f"be a int32 tensor but is a {kt._dtype._cname} tensor [Op:{op_name}]"
                                          + ("" if name is None else f" name: {name}"))
    if align not in _ALIGNS:
        from tfshim.ops.op import attr_value_error

        raise attr_value_error(op_name, op_name, "align", align, suffix="")
    v = kt._value
    named = v.ndim == 0 or (v.ndim == 1 and v.size <= 1)

    def fail(message: str) -> None:
        try:
            raise_op_error(op_name, KernelError(errors.InvalidArgumentError, message,
                                                suffix=_diag_suffix((0, 0, name, named))))
        except errors.OpError as e:
            raise as_called(e, raw) from None

    if v.ndim > 1:
        fail(f"diag_index must be a scalar or vector, received shape: {_dims(v.shape)}")
    if v.ndim == 1 and v.size == 0:
        fail("Expected diag_index to have at least 1 element")
    if v.size > 2:
        fail(f"diag_index must have only one or two elements, received {v.size} elements.")
    flat = v.reshape(-1)
    lower, upper = int(flat[0]), int(flat[-1])
    if lower > upper:
        fail(f"lower_diag_index must not be larger than upper_diag_index: {lower} > {upper}")
    return (lower, upper, name, named)


@tf_export("linalg.diag", "matrix_diag")
def diag(diagonal: Any, name: str = "diag", k: int = 0, num_rows: int = -1, num_cols: int = -1,
         padding_value: Any = 0, align: str = "RIGHT_LEFT") -> Tensor:
    """TF: tf.linalg.diag (MatrixDiagV3): the k-th diagonal, or the band k[0]..k[1], of new matrices."""
    d = convert_to_tensor(diagonal)
    if hasattr(diagonal, "dtype") and d._dtype is dtypes.bool:  # TF: a bool tensor pads with a bool
        padding_value = bool(padding_value)
    pv = convert_to_tensor(padding_value, dtype=d._dtype)
    band = _diag_index("MatrixDiagV3", k, align, name, (diagonal,))
    return MatrixDiagV3(d, num_rows=int(num_rows), num_cols=int(num_cols), padding_value=pv._value[()], k=band,
                        align=align)


@tf_export("linalg.diag_part", "matrix_diag_part")
def diag_part(input: Any, name: str = "diag_part", k: int = 0, padding_value: Any = 0,  # noqa: A002
              align: str = "RIGHT_LEFT") -> Tensor:
    """TF: tf.linalg.diag_part (MatrixDiagPartV3): the k-th diagonal, or the band k[0]..k[1] padded."""
    if _linear_operator_in(input):
        return input.diag_part()
    x = convert_to_tensor(input)
    if hasattr(input, "dtype") and x._dtype is dtypes.bool:  # TF: a bool tensor pads with a bool
        padding_value = bool(padding_value)
    pv = convert_to_tensor(padding_value, dtype=x._dtype)  # TF's padding_value input shares the type attr T
    band = _diag_index("MatrixDiagPartV3", k, align, name, (input,))
    if pv._value.ndim:
        raise errors.InvalidArgumentError(None, None, "{{function_node __wrapped__MatrixDiagPartV3_device_/job:"
                                          "localhost/replica:0/task:0/device:CPU:0}} Padding must be scalar. "
                                          "[Op:MatrixDiagPartV3]")
    return MatrixDiagPartV3(x, padding_value=pv._value[()], k=band, align=align)


@tf_export("linalg.set_diag", "matrix_set_diag")
def set_diag(input: Any, diagonal: Any, name: str = "set_diag", k: int = 0,  # noqa: A002
             align: str = "RIGHT_LEFT") -> Tensor:
    """TF: tf.linalg.set_diag (MatrixSetDiagV3): the k-th diagonal, or the band k[0]..k[1], replaced."""
    from tfshim.ops.op import as_called, check_kernel, dtype_mismatch, raise_op_error

    raw = (input, diagonal)
    x, d = match_inputs([input, diagonal])
    check_kernel("MatrixSetDiagV3", x._dtype, suffix=f" name: {name}",
                 attrs='T=DT_%s, align="%s"' % (x._dtype._cname.upper(), align))
    if d._dtype is not x._dtype:
        raise as_called(dtype_mismatch("MatrixSetDiagV3", 1, x._dtype, d._dtype), raw)
    band = _diag_index("MatrixSetDiagV3", k, align, name, raw)
    xs, ds = x._value.shape, d._value.shape

    def fail(message: str) -> None:
        try:
            raise_op_error("MatrixSetDiagV3", _diag_error(message, band))
        except errors.OpError as e:
            raise as_called(e, raw) from None

    # TF's MatrixSetDiagOp checks, in its order
    if len(xs) < 2:
        fail(f"input must be at least 2-dim, received shape: {_dims(xs)}")
    if len(ds) < 1:
        fail(f"diagonal must be at least 1-dim, received shape: {_dims(ds)}")
    rows, cols = xs[-2:]
    try:
        _check_band(rows, cols, band)
    except KernelError as e:
        fail(e.message)
    num_diags = band[1] - band[0] + 1
    if num_diags > 1 and (len(ds) <= len(xs) - 2 or ds[len(xs) - 2] != num_diags):
        fail("The number of diagonals provided in `diag` is not consistent with `lower_diag_index` and "
             "`upper_diag_index`")
    max_len = min(rows + min(band[1], 0), cols - max(band[0], 0))
    expected = xs[:-2] + ((num_diags,) if num_diags > 1 else ()) + (max_len,)
    if ds != expected:
        fail("Either first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is not equal "
             "to the longests diagonal in range [lower_diag_index:upper_diag_index].\nInput shape: %s\nDiagonal "
             "shape: %s\nExpected diagonal shape: %s" % (_dims(xs), _dims(ds), _dims(expected)))
    return MatrixSetDiagV3(x, d, k=band, align=align)


@tf_export("linalg.trace", "trace")
def trace(x: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.trace: reduce_sum(diag_part(x), -1)."""
    if _linear_operator_in(x):
        return x.trace()
    from tfshim.ops.math_ops import reduce_sum

    return reduce_sum(diag_part(convert_to_tensor(x)), [-1])


def _band_part_kernel(x: np.ndarray, num_lower: int, num_upper: int) -> Any:
    if x.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, f"input must be at least 2-dim, received shape: "
            f"{_dims(x.shape)}")
    m, n = x.shape[-2:]
    if num_lower > m:
        raise KernelError(errors.InvalidArgumentError, "num_lower must be negative or less or equal to number "
                          "of rows (%d) got: %d" % (m, num_lower))
    if num_upper > n:
        raise KernelError(errors.InvalidArgumentError, "num_upper must be negative or less or equal to number "
                          "of columns (%d) got: %d" % (n, num_upper))
    i = np.arange(m)[:, None]
    j = np.arange(n)[None, :]
    keep = ((num_lower < 0) | (i - j <= num_lower)) & ((num_upper < 0) | (j - i <= num_upper))
    return np.where(keep, x, np.zeros((), x.dtype))


MatrixBandPart = defop("MatrixBandPart", _band_part_kernel)


@MatrixBandPart.gradient
def _band_part_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns band_part(grad, num_lower, num_upper)."""
    return MatrixBandPart(grad, num_lower=op.get_attr("num_lower"), num_upper=op.get_attr("num_upper"))


@tf_export("linalg.band_part", "matrix_band_part")
def band_part(input: Any, num_lower: Any, num_upper: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.linalg.band_part (MatrixBandPart); a negative count keeps that whole triangle."""
    x = convert_to_tensor(input)
    tindex = frozenset((dtypes.int32, dtypes.int64))
    # TF's fast path reads variables as tensors here (no conversion to the other input's dtype)
    lower, upper = match_inputs([v.value() if hasattr(v, "assign") else v for v in (num_lower, num_upper)],
                                tindex, dtypes.int64)
    check_attr("MatrixBandPart", lower, "Tindex")
    if upper._dtype is not lower._dtype:
        raise dtype_mismatch("MatrixBandPart", 2, lower._dtype, upper._dtype)
    for v, what in ((lower, "num_lower"), (upper, "num_upper")):
        if v.shape.rank != 0:
            raise errors.InvalidArgumentError(None, None, (
                "{{function_node __wrapped__MatrixBandPart_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
                f"{what} must be scalar, got shape {_dims(v._value.shape)} [Op:MatrixBandPart] name: "))
    return MatrixBandPart(x, num_lower=int(lower._value), num_upper=int(upper._value))


del _int_list
