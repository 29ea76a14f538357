"""Matrix decompositions and the tf.linalg functions TF builds from ops (TF: linalg_ops.py, linalg/linalg_impl.py,
gradients from linalg_grad.py).

Decompositions (Svd, Qr, SelfAdjointEigV2, Eig) run LAPACK through NumPy where TF runs Eigen (BDCSVD,
HouseholderQR, SelfAdjointEigenSolver, EigenSolver): values agree to rounding, and Q/R keep LAPACK's (and
Eigen's) Householder signs, but the signs of singular vectors and eigenvectors, which neither library fixes,
can differ from TF's (compat/DIFFERENCES.md). Lu runs the bit-exact Eigen PartialPivLU emulation
(kernels/eigen_lu.py). The rest (lu_solve, lu_reconstruct, pinv, matrix_rank, expm, logdet, cholesky_solve,
lstsq, global_norm, ...) is composed from tfshim ops as TF composes it, so its gradients are TF's.
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops.op import (
    KernelError,
    check_kernel,
    check_type_attr,
    defop,
    error_suffix,
    make_bool,
    make_type,
    run_op,
    tf_export,
)

_FLOAT_TYPES = (dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128)


def _ops() -> Any:
    from tfshim.ops import array_ops, linalg_ops, math_ops

    return array_ops, linalg_ops, math_ops


def _check_matrix(x: np.ndarray, square: bool = False) -> None:
    if x.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, "Input tensor 0 must have rank >= 2, got %d" % x.ndim)
    if square and x.shape[-1] != x.shape[-2]:
        raise KernelError(errors.InvalidArgumentError, "Input matrix must be square.")


def _check_dtype(op_name: str, x: Tensor) -> None:
    from tfshim.ops.op import disallowed_dtype

    if x.dtype not in _FLOAT_TYPES and x.dtype != dtypes.float16:
        raise disallowed_dtype(op_name, x.dtype)


# ----- Svd -----------------------------------------------------------------------------------------


def _svd_kernel(a: np.ndarray, compute_uv: bool = True, full_matrices: bool = False) -> Any:
    _check_matrix(a)
    m, n = a.shape[-2:]
    k = min(m, n)
    if a.size == 0:
        s = np.zeros(a.shape[:-2] + (k,), a.real.dtype)
        u = np.zeros(a.shape[:-2] + (m, m if full_matrices else k), a.dtype)
        v = np.zeros(a.shape[:-2] + (n, n if full_matrices else k), a.dtype)
        eye_u, eye_v = np.eye(*u.shape[-2:], dtype=a.dtype), np.eye(*v.shape[-2:], dtype=a.dtype)
        return s, u + eye_u, v + eye_v
    if not compute_uv:
        s = np.linalg.svd(a, compute_uv=False)
        return s.astype(a.real.dtype), np.zeros((0,), a.dtype), np.zeros((0,), a.dtype)
    u, s, vh = np.linalg.svd(a, full_matrices=full_matrices)
    return s.astype(a.real.dtype), u.astype(a.dtype), np.conj(np.swapaxes(vh, -1, -2)).astype(a.dtype)


Svd = defop("Svd", _svd_kernel, multi_output=True)


def _safe_reciprocal(x: Tensor, epsilon: float = 1e-20) -> Tensor:
    """TF: linalg_grad._SafeReciprocal, x / (x^2 + eps)."""
    return x * (x * x + epsilon) ** -1


@Svd.gradient
def _svd_grad(op: Any, grad_s: Tensor, grad_u: Tensor, grad_v: Tensor) -> Tensor:
    """The SVD gradient of TF's linalg_grad._SvdGrad (Townsend's formulas; real matrices)."""
    a_ops, la, m_ops = _ops()
    a = op.inputs[0]
    grad_s_mat = la.diag(m_ops.cast(grad_s, a.dtype))
    if not op.get_attr("compute_uv"):
        _, u, v = svd(a, compute_uv=True)
        return la.matmul(u, la.matmul(grad_s_mat, v, adjoint_b=True))
    full_matrices = op.get_attr("full_matrices")
    m, n = a._value.shape[-2:]
    s, u, v = op.outputs
    use_adjoint = m > n
    if use_adjoint:
        m, n = n, m
        u, v = v, u
        grad_u, grad_v = grad_v, grad_u
    if full_matrices and abs(m - n) > 1:
        raise NotImplementedError(f"svd gradient is not implemented for abs(m - n) > 1 when full_matrices is True. "
                                  f"Received: m={m} and n={n} from op input={a} with shape={a.shape}.")
    s_mat = la.diag(s)
    s2 = m_ops.square(s)
    f = la.set_diag(_safe_reciprocal(a_ops.expand_dims(s2, -2) - a_ops.expand_dims(s2, -1)), a_ops.zeros_like(s))
    s_inv_mat = la.diag(_safe_reciprocal(s))
    v1 = v[..., :, :m]
    grad_v1 = grad_v[..., :, :m]
    u_gu = la.matmul(u, grad_u, adjoint_a=True)
    v_gv = la.matmul(v1, grad_v1, adjoint_a=True)
    f_u = f * u_gu
    f_v = f * v_gv
    term1_nouv = (grad_s_mat + la.matmul(f_u + la.adjoint(f_u), s_mat)
                  + la.matmul(s_mat, f_v + la.adjoint(f_v)))
    term1 = la.matmul(u, la.matmul(term1_nouv, v1, adjoint_b=True))
    if m == n:
        grad_a = term1
    else:
        gv1t = la.matrix_transpose(grad_v1, conjugate=True)
        term2_nous = gv1t - la.matmul(la.matmul(gv1t, v1), v1, adjoint_b=True)
        if full_matrices:
            v2 = v[..., :, m:n]
            grad_v2 = grad_v[..., :, m:n]
            term2_nous = term2_nous - la.matmul(la.matmul(v1, grad_v2, adjoint_a=True), v2, adjoint_b=True)
        grad_a = term1 + la.matmul(la.matmul(u, s_inv_mat), term2_nous)
    return la.matrix_transpose(grad_a, conjugate=True) if use_adjoint else grad_a


@tf_export("linalg.svd", "svd")
def svd(tensor: Any, full_matrices: bool = False, compute_uv: bool = True, name: Any = None) -> Any:
    """TF: tf.linalg.svd: s (descending), or (s, u, v) with a = u @ diag(s) @ adjoint(v)."""
    compute_uv = make_bool(compute_uv, "compute_uv", True)  # TF checks attrs before converting the input
    full_matrices = make_bool(full_matrices, "full_matrices")
    x = convert_to_tensor(tensor)
    _check_dtype("Svd", x)
    check_kernel("Svd", x.dtype, attrs="T=DT_%s, compute_uv=%s, full_matrices=%s" % (
        x.dtype._cname.upper(), str(compute_uv).lower(), str(full_matrices).lower()))
    s, u, v = run_op(Svd, (tensor,), x, compute_uv=compute_uv, full_matrices=full_matrices)
    return (s, u, v) if compute_uv else s


# ----- Qr ------------------------------------------------------------------------------------------


def _qr_kernel(a: np.ndarray, full_matrices: bool = False) -> Any:
    _check_matrix(a)
    q, r = np.linalg.qr(a, mode="complete" if full_matrices else "reduced")
    return q.astype(a.dtype), r.astype(a.dtype)


Qr = defop("Qr", _qr_kernel, multi_output=True)
QrOutput = collections.namedtuple("Qr", ["q", "r"])


@Qr.gradient
def _qr_grad(op: Any, dq: Tensor, dr: Tensor) -> Tensor:
    """The QR gradient of TF's linalg_grad._QrGrad (square and deep matrices; wide ones by splitting)."""
    a_ops, la, m_ops = _ops()
    q, r = op.outputs
    rows, cols = r._value.shape[-2], r._value.shape[-1]
    if rows > cols and q._value.shape[-2] == q._value.shape[-1]:
        raise NotImplementedError("QrGrad not implemented when nrows > ncols and full_matrices is true. Received "
                                  f"r.shape={r.shape} with nrows={rows}and ncols={cols}.")

    def tri_solve(x: Tensor, rr: Tensor) -> Tensor:
        return la.adjoint(la.triangular_solve(rr, la.adjoint(x), lower=False, adjoint=False))

    def square_and_deep(q: Tensor, r: Tensor, dq: Tensor, dr: Tensor) -> Tensor:
        qdq = la.matmul(q, dq, adjoint_a=True)
        qdq_ = qdq - la.adjoint(qdq)
        rdr = la.matmul(r, dr, adjoint_b=True)
        rdr_ = rdr - la.adjoint(rdr)
        tril = la.band_part(qdq_ + rdr_, -1, 0)
        return la.matmul(q, dr + tri_solve(tril, r)) + tri_solve(dq - la.matmul(q, qdq), r)

    num_rows = q._value.shape[-2]
    if num_rows >= cols:
        return square_and_deep(q, r, dq, dr)
    a = op.inputs[0]
    y = a[..., :, num_rows:]
    u = r[..., :, :num_rows]
    dv = dr[..., :, num_rows:]
    du = dr[..., :, :num_rows]
    dy = la.matmul(q, dv)
    dx = square_and_deep(q, u, dq + la.matmul(y, dv, adjoint_b=True), du)
    return a_ops.concat([dx, dy], axis=-1)


@tf_export("linalg.qr", "qr")
def qr(input: Any, full_matrices: bool = False, name: Any = None) -> Any:  # noqa: A002
    """TF: tf.linalg.qr: Qr(q, r) with a = q @ r, r upper triangular (Householder signs)."""
    full_matrices = make_bool(full_matrices, "full_matrices")  # TF checks attrs before converting the input
    x = convert_to_tensor(input)
    _check_dtype("Qr", x)
    return QrOutput(*run_op(Qr, (input,), x, full_matrices=full_matrices))


# ----- SelfAdjointEigV2, Eig -----------------------------------------------------------------------


def _eigen_scaled_2x2(a: np.ndarray) -> tuple:
    """Eigen's SelfAdjointEigenSolver on 2x2 matrices (batch, 2, 2): the lower triangle's |elements| scaled by their
    largest (maxCoeff: a NaN first element makes the scale NaN, later NaNs are skipped; an inf element becomes
    NaN), as (scaled lower triangle, scale)."""
    low = np.tril(np.abs(a))
    scale = np.where(np.isnan(low[:, 0, 0]), np.nan, np.nanmax(np.where(np.isnan(low), -1, low), axis=(1, 2)))
    scale = np.where(scale == 0, 1, scale)
    with np.errstate(all="ignore"):
        return np.tril(a) / scale[:, None, None], scale


def _eigen_eigh_fails(a: np.ndarray) -> bool:
    """Whether Eigen's SelfAdjointEigenSolver reports NoConvergence for some matrix of the batch: a NaN (or an inf,
    NaN once scaled) spreads through the Householder tridiagonalization of n >= 3 into a subdiagonal that never
    vanishes. For n = 2 the subdiagonal is the scaled element (1, 0): NaN, or nonzero beside a NaN diagonal."""
    n = a.shape[-1]
    if n < 2 or a.size == 0 or np.isfinite(np.tril(a)).all():
        return False
    if n > 2:
        return True
    s, _ = _eigen_scaled_2x2(a.reshape(-1, 2, 2))
    diag_nan = np.isnan(s[:, 0, 0]) | np.isnan(s[:, 1, 1])
    return bool((np.isnan(s[:, 1, 0]) | ((s[:, 1, 0] != 0) & diag_nan)).any())


def _eigen_eigh_nonfinite(a: np.ndarray) -> tuple:
    """Eigen's eigenpairs of solvable matrices with non-finite elements (n <= 2, subdiagonal 0 once scaled): the
    scaled diagonal times the scale, in the order of Eigen's selection sort (minCoeff skips NaNs after the first)."""
    n = a.shape[-1]
    m = a.reshape(-1, n, n)
    if n == 1:
        return m[:, :, 0].real.copy(), np.ones_like(m)
    s, scale = _eigen_scaled_2x2(m)
    with np.errstate(all="ignore"):
        e = np.stack([s[:, 0, 0].real, s[:, 1, 1].real], axis=-1) * scale[:, None]
    swap = e[:, 1] < e[:, 0]
    e[swap] = e[swap][:, ::-1]
    v = np.broadcast_to(np.eye(2, dtype=a.dtype), m.shape).copy()
    v[swap] = v[swap][:, :, ::-1]
    return e, v


def _eigh_kernel(a: np.ndarray, compute_v: bool = True) -> Any:
    _check_matrix(a, square=True)
    if _eigen_eigh_fails(a):
        raise KernelError(errors.InvalidArgumentError,
                          "Self-adjoint eigen decomposition was not successful. The input might not be valid.")
    bad = ~np.isfinite(np.tril(a)).all(axis=(-2, -1)) if a.size else np.zeros(a.shape[:-2], bool)
    if bad.any():  # only n <= 2 gets here: Eigen's answer for those, LAPACK's for the others
        safe = np.where(bad[..., None, None], np.eye(a.shape[-1], dtype=a.dtype), a)
        e, v = np.linalg.eigh(safe, UPLO="L")
        e_bad, v_bad = _eigen_eigh_nonfinite(a[bad])
        e, v = e.astype(a.dtype), v.astype(a.dtype)  # TF: e has the input's type, complex for complex input
        e[bad], v[bad] = e_bad, v_bad
        return e, (v if compute_v else np.zeros((0,), a.dtype))
    if compute_v:
        e, v = np.linalg.eigh(a, UPLO="L")
        return e.astype(a.dtype), v.astype(a.dtype)
    return np.linalg.eigvalsh(a, UPLO="L").astype(a.dtype), np.zeros((0,), a.dtype)


SelfAdjointEigV2 = defop("SelfAdjointEigV2", _eigh_kernel, multi_output=True)


@SelfAdjointEigV2.gradient
def _eigh_grad(op: Any, grad_e: Tensor, grad_v: Tensor) -> Tensor:
    """The eigh gradient of TF's linalg_grad._SelfAdjointEigV2Grad (lower triangle, halved diagonal)."""
    a_ops, la, m_ops = _ops()
    e = op.outputs[0]
    if op.get_attr("compute_v"):
        v = op.outputs[1]
        f = la.set_diag(_safe_reciprocal(a_ops.expand_dims(e, -2) - a_ops.expand_dims(e, -1)), a_ops.zeros_like(e))
        grad_a = la.matmul(v, la.matmul(la.diag(m_ops.cast(grad_e, v.dtype))
                                              + f * la.matmul(v, grad_v, adjoint_a=True), v, adjoint_b=True))
    else:
        _, v = eigh(op.inputs[0])
        grad_a = la.matmul(v, la.matmul(la.diag(m_ops.cast(grad_e, v.dtype)), v, adjoint_b=True))
    grad_a = la.band_part(grad_a + la.adjoint(grad_a), -1, 0)
    return la.set_diag(grad_a, 0.5 * la.diag_part(grad_a))


@tf_export("linalg.eigh")
def eigh(tensor: Any, name: Any = None) -> tuple:
    """TF: tf.linalg.eigh: (eigenvalues ascending, eigenvectors as columns), from the lower triangle."""
    x = convert_to_tensor(tensor)
    _check_dtype("SelfAdjointEigV2", x)
    check_kernel("SelfAdjointEigV2", x.dtype, attrs=f"T=DT_{x.dtype._cname.upper()}, compute_v=true")
    e, v = run_op(SelfAdjointEigV2, (tensor,), x, compute_v=True)
    return e, v


@tf_export("linalg.eigvalsh")
def eigvalsh(tensor: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.eigvalsh: the eigenvalues of a self-adjoint matrix, ascending."""
    x = convert_to_tensor(tensor)
    _check_dtype("SelfAdjointEigV2", x)
    check_kernel("SelfAdjointEigV2", x.dtype, attrs=f"T=DT_{x.dtype._cname.upper()}, compute_v=false")
    return run_op(SelfAdjointEigV2, (tensor,), x, compute_v=False)[0]


def _eig_kernel(a: np.ndarray, Tout: Any = None, compute_v: bool = True) -> Any:  # noqa: N803 - TF's attr
    _check_matrix(a, square=True)
    e, v = np.linalg.eig(a)
    out = Tout.as_numpy_dtype
    return e.astype(out), (v.astype(out) if compute_v else np.zeros((0,), out))


Eig = defop("Eig", _eig_kernel, multi_output=True)


def _complex_of(tensor: Any) -> Any:
    """TF's eig/eigvals read `tensor.dtype` before converting anything: a non-tensor is an AttributeError there,
    and a dtype other than float32/64, complex64/128 leaves TF's `out_dtype` unbound."""
    if not hasattr(tensor, "dtype"):
        raise errors.no_attribute(tensor, "dtype")
    try:
        dt = dtypes.as_dtype(tensor.dtype)
    except TypeError:
        dt = None
    if dt in (dtypes.float32, dtypes.complex64):
        return dtypes.complex64
    if dt in (dtypes.float64, dtypes.complex128):
        return dtypes.complex128
    raise UnboundLocalError("cannot access local variable 'out_dtype' where it is not associated with a value")


@tf_export("linalg.eig", "eig")
def eig(tensor: Any, name: Any = None) -> tuple:
    """TF: tf.linalg.eig: complex eigenvalues and eigenvectors (no gradient in tfshim yet)."""
    tout = _complex_of(tensor)
    x = convert_to_tensor(tensor)
    e, v = run_op(Eig, (tensor,), x, Tout=tout, compute_v=True)
    return e, v


@tf_export("linalg.eigvals", "eigvals")
def eigvals(tensor: Any, name: Any = None) -> Tensor:
    tout = _complex_of(tensor)
    x = convert_to_tensor(tensor)
    return run_op(Eig, (tensor,), x, Tout=tout, compute_v=False)[0]


# ----- Lu and its compositions ---------------------------------------------------------------------


def _lu_kernel(a: np.ndarray, output_idx_type: Any = dtypes.int32) -> Any:
    from tfshim.kernels import eigen_lu

    if a.ndim < 2:  # Lu's own text (no input index)
        raise KernelError(errors.InvalidArgumentError, "Input tensor must have rank >= 2, got %d" % a.ndim)
    _check_matrix(a, square=True)
    n = a.shape[-1]
    flat = a.reshape((-1, n, n))
    lu, perm, _ = eigen_lu.lu_factor(flat)
    return lu.reshape(a.shape), perm.reshape(a.shape[:-1]).astype(output_idx_type.as_numpy_dtype)


Lu = defop("Lu", _lu_kernel, multi_output=True)
LuOutput = collections.namedtuple("Lu", ["lu", "p"])


@tf_export("linalg.lu")
def lu(input: Any, output_idx_type: Any = dtypes.int32, name: Any = None) -> Any:  # noqa: A002
    """TF: tf.linalg.lu: Lu(lu, p) with a[p] = L @ U (Eigen PartialPivLU, bit for bit)."""
    x = convert_to_tensor(input)
    idx_type = make_type(output_idx_type, "output_idx_type")
    check_type_attr("Lu", x._dtype, "T", error_suffix((input,)))  # TF: no Lu kernel for integers or bool
    check_type_attr("Lu", idx_type, "output_idx_type", error_suffix((input,)))
    check_kernel("Lu", x._dtype, error_suffix((input,)),  # T allows half, but TF has no CPU kernel for it
                 attrs=lambda: f"T=DT_{x._dtype._cname.upper()}, output_idx_type=DT_{idx_type._cname.upper()}")
    return LuOutput(*run_op(Lu, (input,), x, output_idx_type=idx_type))


def _lower_of(lower_upper: Tensor) -> Tensor:
    a_ops, la, _ = _ops()
    return la.set_diag(la.band_part(lower_upper, -1, 0),
                       a_ops.ones(list(lower_upper._value.shape[:-1]), dtype=lower_upper.dtype))


def _lu_assertions(lower_upper: Tensor, perm: Tensor) -> None:
    """TF's lu_reconstruct_assertions, raised before any op (shapes are always known in eager mode)."""
    rank = lower_upper.shape.rank
    if rank < 2:
        raise ValueError("Input `lower_upper` must have at least 2 dimensions.")
    if rank != perm.shape.rank + 1:
        raise ValueError("`rank(lower_upper)` must equal `rank(perm) + 1`")
    if lower_upper._value.shape[-2] != lower_upper._value.shape[-1]:
        raise ValueError("`lower_upper` must be square.")


@tf_export("linalg.lu_solve")
def lu_solve(lower_upper: Any, perm: Any, rhs: Any, validate_args: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.lu_solve: two triangular solves of the permuted rhs."""
    a_ops, la, _ = _ops()
    lower_upper = convert_to_tensor(lower_upper, dtype_hint=dtypes.float32)
    perm = convert_to_tensor(perm, dtype_hint=dtypes.int32)
    rhs = convert_to_tensor(rhs, dtype_hint=lower_upper.dtype)
    _lu_assertions(lower_upper, perm)
    if rhs.shape.ndims < 2:
        raise ValueError("Input `rhs` must have at least 2 dimensions.")
    if lower_upper._value.shape[-1] != rhs._value.shape[-2]:
        raise ValueError("`lower_upper.shape[-1]` must equal `rhs.shape[-1]`.")
    if rhs.shape.ndims == 2 and perm.shape.ndims == 1:
        permuted = a_ops.gather(rhs, perm, axis=-2)
    else:
        batch = np.broadcast_shapes(rhs._value.shape[:-2], perm._value.shape[:-1])
        d, m = rhs._value.shape[-2:]
        b_rhs = a_ops.reshape(a_ops.broadcast_to(rhs, list(batch) + [d, m]), [-1, d, m])
        b_perm = a_ops.reshape(a_ops.broadcast_to(perm, list(batch) + [d]), [-1, d])
        size = int(np.prod(batch, dtype=np.int64))
        idx = np.stack([np.broadcast_to(np.arange(size)[:, None], (size, d)), b_perm._value], axis=-1)
        permuted = a_ops.reshape(a_ops.gather_nd(b_rhs, idx.astype(b_perm._value.dtype)), list(batch) + [d, m])
    return la.triangular_solve(lower_upper, la.triangular_solve(_lower_of(lower_upper), permuted), lower=False)


@tf_export("linalg.lu_matrix_inverse")
def lu_matrix_inverse(lower_upper: Any, perm: Any, validate_args: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.lu_matrix_inverse = lu_solve with the identity."""
    a_ops, _, _ = _ops()
    lower_upper = convert_to_tensor(lower_upper, dtype_hint=dtypes.float32)
    perm = convert_to_tensor(perm, dtype_hint=dtypes.int32)
    _lu_assertions(lower_upper, perm)
    shape = list(lower_upper._value.shape)
    return lu_solve(lower_upper, perm, a_ops.eye(shape[-1], batch_shape=shape[:-2], dtype=lower_upper.dtype))


@tf_export("linalg.lu_reconstruct")
def lu_reconstruct(lower_upper: Any, perm: Any, validate_args: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.lu_reconstruct: L @ U with the rows put back in their original order."""
    a_ops, la, m_ops = _ops()
    lower_upper = convert_to_tensor(lower_upper, dtype_hint=dtypes.float32)
    perm = convert_to_tensor(perm, dtype_hint=dtypes.int32)
    _lu_assertions(lower_upper, perm)
    x = la.matmul(_lower_of(lower_upper), la.band_part(lower_upper, 0, -1))
    shape = list(lower_upper._value.shape)
    if len(shape) != 2:
        d = shape[-1]
        size = int(np.prod(shape[:-2], dtype=np.int64))
        x = a_ops.reshape(x, [size, d, d])
        inv = np.argsort(perm._value.reshape(size, d), axis=-1).astype(perm._value.dtype)
        idx = np.stack([np.broadcast_to(np.arange(size)[:, None], (size, d)).astype(inv.dtype), inv], axis=-1)
        return a_ops.reshape(a_ops.gather_nd(x, idx), shape)
    return a_ops.gather(x, a_ops.invert_permutation(perm))


@tf_export("linalg.cholesky_solve")
def cholesky_solve(chol: Any, rhs: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.cholesky_solve: two triangular solves with the Cholesky factor."""
    _, la, _ = _ops()
    y = la.triangular_solve(chol, rhs, adjoint=False, lower=True)
    return la.triangular_solve(chol, y, adjoint=True, lower=True)


@tf_export("linalg.logdet")
def logdet(matrix: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.logdet of a Hermitian positive-definite matrix: 2 * sum(log(diag(cholesky)))."""
    _, la, m_ops = _ops()
    if la._linear_operator_in(matrix):
        return la._linop().dispatch_logdet(matrix)
    chol = la.cholesky(matrix)
    return 2.0 * m_ops.reduce_sum(m_ops.log(m_ops.real(la.diag_part(chol))), axis=[-1])


def _validate_float_matrix(a: Tensor) -> None:
    """TF's linalg_impl._maybe_validate_matrix: a real floating matrix (or batch of them), checked before any op."""
    if not a.dtype.is_floating:
        raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {a.dtype.name}).")
    if a.shape.rank < 2:
        raise ValueError(f"Input `a` must have at least 2 dimensions (saw: {a.shape.rank}).")


@tf_export("linalg.pinv")
def pinv(a: Any, rcond: Any = None, validate_args: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.pinv from the SVD, singular values below rcond * max(s) dropped."""
    a_ops, la, m_ops = _ops()
    a = convert_to_tensor(a)
    _validate_float_matrix(a)
    dtype = a.dtype.as_numpy_dtype
    if rcond is None:
        rcond = 10.0 * float(max(a._value.shape[-2:])) * np.finfo(dtype).eps
    rcond = convert_to_tensor(rcond, dtype=a.dtype)
    s, u, v = svd(a, full_matrices=False, compute_uv=True)
    cutoff = rcond * m_ops.reduce_max(s, axis=-1)
    s = a_ops.where(s > a_ops.expand_dims(cutoff, -1), s, _wrap_as(np.array(np.inf, dtype), a.dtype))
    return la.matmul(v / a_ops.expand_dims(s, -2), u, adjoint_b=True)


@tf_export("linalg.matrix_rank")
def matrix_rank(a: Any, tol: Any = None, validate_args: bool = False, name: Any = None) -> Tensor:
    """TF: tf.linalg.matrix_rank: the number of singular values above tol (default eps * max(m, n) * max(s))."""
    _, _, m_ops = _ops()
    a = convert_to_tensor(a, dtype_hint=dtypes.float32)
    _validate_float_matrix(a)
    s = svd(a, compute_uv=False)
    if tol is None:
        eps = np.finfo(a.dtype.as_numpy_dtype).eps
        tol = (float(max(a._value.shape[-2:])) * eps) * m_ops.reduce_max(s, axis=-1, keepdims=True)
    else:
        tol = convert_to_tensor(tol, dtype=a.dtype)
    return m_ops.reduce_sum(m_ops.cast(s > tol, dtypes.int32), axis=-1)


def _pade(matrix: Tensor, b: list) -> tuple:
    """TF's _matrix_exp_padeN (N = 3, 5, 7, 9) in TF's operation order: (U, V)."""
    a_ops, la, m_ops = _ops()
    n = matrix._value.shape[-1]
    ident = a_ops.eye(n, batch_shape=list(matrix._value.shape[:-2]), dtype=matrix.dtype)
    c = [convert_to_tensor(x, dtype=matrix.dtype) for x in b]
    m2 = la.matmul(matrix, matrix)
    powers = [m2]
    for _ in range((len(b) - 3) // 2):
        powers.append(la.matmul(powers[-1], m2) if len(powers) > 1 else la.matmul(m2, m2))
    # U = matrix @ (M_{2k} + b[2k-1] M_{2k-2} + ... + b[1] I), V = b[2k] M_{2k} + ... + b[0] I
    tmp = powers[-1]
    for i in range(len(powers) - 2, -1, -1):
        tmp = tmp + c[2 * i + 3] * powers[i]
    tmp = tmp + c[1] * ident
    u = la.matmul(matrix, tmp)
    v = c[len(b) - 1] * powers[-1]
    for i in range(len(powers) - 2, -1, -1):
        v = v + c[2 * i + 2] * powers[i]
    v = v + c[0] * ident
    return u, v


def _pade13(matrix: Tensor) -> tuple:
    a_ops, la, m_ops = _ops()
    b = [64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0, 129060195264000.0,
         10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0, 40840800.0, 960960.0, 16380.0, 182.0]
    c = [convert_to_tensor(x, dtype=matrix.dtype) for x in b]
    ident = a_ops.eye(matrix._value.shape[-1], batch_shape=list(matrix._value.shape[:-2]), dtype=matrix.dtype)
    m2 = la.matmul(matrix, matrix)
    m4 = la.matmul(m2, m2)
    m6 = la.matmul(m4, m2)
    tmp_u = (la.matmul(m6, m6 + c[11] * m4 + c[9] * m2) + c[7] * m6 + c[5] * m4 + c[3] * m2 + c[1] * ident)
    u = la.matmul(matrix, tmp_u)
    tmp_v = c[12] * m6 + c[10] * m4 + c[8] * m2
    v = la.matmul(m6, tmp_v) + c[6] * m6 + c[4] * m4 + c[2] * m2 + c[0] * ident
    return u, v


_PADE = {3: [120.0, 60.0, 12.0], 5: [30240.0, 15120.0, 3360.0, 420.0, 30.0],
         7: [17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0],
         9: [17643225600.0, 8821612800.0, 2075673600.0, 302702400.0, 30270240.0, 2162160.0, 110880.0, 3960.0, 90.0]}


@tf_export("linalg.expm")
def expm(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.linalg.expm (linalg_impl.matrix_exponential): Pade approximation with scaling and squaring."""
    a_ops, la, m_ops = _ops()
    matrix = convert_to_tensor(input)
    shape = list(matrix._value.shape)
    if shape[-2:] == [0, 0]:
        return matrix
    matrix = a_ops.reshape(matrix, [-1] + shape[-2:])
    l1_norm = m_ops.reduce_max(m_ops.reduce_sum(m_ops.abs(matrix), axis=1), axis=-1)[..., None, None]

    def const(x: float) -> Tensor:
        return convert_to_tensor(x, dtype=l1_norm.dtype)

    def nest_where(vals: tuple, cases: tuple) -> Tensor:
        if len(vals) == 1:
            return a_ops.where(m_ops.less(l1_norm, const(vals[0])), cases[0], cases[1])
        return a_ops.where(m_ops.less(l1_norm, const(vals[0])), cases[0], nest_where(vals[1:], cases[1:]))

    single = matrix.dtype in (dtypes.float16, dtypes.float32, dtypes.complex64)
    if not single and matrix.dtype not in (dtypes.float64, dtypes.complex128):
        raise ValueError(f"tf.linalg.expm does not support matrices of type {matrix.dtype}")
    maxnorm = const(3.925724783138660 if single else 5.371920351148152)
    squarings = m_ops.maximum(m_ops.floor(m_ops.log(l1_norm / maxnorm) / m_ops.log(const(2.0))), const(0))
    scaled = matrix / m_ops.cast(m_ops.pow(const(2.0), squarings), matrix.dtype)
    if single:
        pairs = [_pade(matrix, _PADE[3]), _pade(matrix, _PADE[5]), _pade(scaled, _PADE[7])]
        conds: tuple = (4.258730016922831e-001, 1.880152677804762e+000)
    else:
        pairs = [_pade(matrix, _PADE[3]), _pade(matrix, _PADE[5]), _pade(matrix, _PADE[7]), _pade(matrix, _PADE[9]),
                 _pade13(scaled)]
        conds = (1.495585217958292e-002, 2.539398330063230e-001, 9.504178996162932e-001, 2.097847961257068e+000)
    u = nest_where(conds, tuple(p[0] for p in pairs))
    v = nest_where(conds, tuple(p[1] for p in pairs))
    result = la.solve(-u + v, u + v)
    max_squarings = int(np.max(squarings._value)) if squarings._value.size else 0
    for i in range(max_squarings):
        result = a_ops.where(m_ops.less(convert_to_tensor(float(i), dtype=squarings.dtype), squarings),
                             la.matmul(result, result), result)
    return a_ops.reshape(result, shape)


@tf_export("linalg.lstsq")
def lstsq(matrix: Any, rhs: Any, l2_regularizer: Any = 0.0, fast: bool = True, name: Any = None) -> Tensor:
    """TF: tf.linalg.lstsq (linalg_ops.matrix_solve_ls): TF's composite fast path, the regularized normal equations
    solved by Cholesky; the shape reads in TF's order (a rank < 2 matrix is TF's IndexError or NumPy's ValueError)."""
    _, la, _ = _ops()
    matrix = convert_to_tensor(matrix)
    if matrix.dtype == dtypes.complex128 and l2_regularizer != 0:
        raise NotImplementedError("matrix_solve_ls is currently disabled for complex128 and l2_regularizer != 0 due "
                                  "to poor accuracy.")
    shape = matrix._value.shape
    composite = fast is not False
    if composite:  # TF's _use_composite_impl: the MatrixSolveLs kernel for large io-bound batches
        io_bound = int(np.prod(shape[:-2], dtype=np.int64)) > np.min(shape[-2:])
        composite = not (matrix._value.size * matrix.dtype.size > 256000 and io_bound)
    if not composite:
        raise NotImplementedError("tf.linalg.lstsq with fast=False or a large batch (TF's MatrixSolveLs kernel) is not "
                                  "implemented by tfshim")
    m, n = shape[-2:][-2], shape[-2:][-1]
    first_kind = m >= n
    gramian = la.matmul(matrix, matrix, adjoint_a=first_kind, adjoint_b=not first_kind)
    if isinstance(l2_regularizer, Tensor) or l2_regularizer != 0:
        a_ops, _, _ = _ops()
        small = n if first_kind else m
        gramian += l2_regularizer * a_ops.eye(small, batch_shape=list(shape[:-2]), dtype=matrix.dtype)
    chol = la.cholesky(gramian)
    if first_kind:
        return cholesky_solve(chol, la.matmul(matrix, rhs, adjoint_a=True))
    return la.matmul(matrix, cholesky_solve(chol, rhs), adjoint_a=True)


# ----- Cross, Diag, DiagPart, norms ----------------------------------------------------------------


def _cross_kernel(a: np.ndarray, b: np.ndarray) -> Any:
    if a.shape != b.shape:
        raise KernelError(errors.InvalidArgumentError, "Both inputs must be of same shape: [%s] vs. [%s]"
                          % (",".join(map(str, a.shape)), ",".join(map(str, b.shape))))
    if a.ndim < 1:
        raise KernelError(errors.InvalidArgumentError, "Input must be at least 1D[]")
    if a.shape[-1] != 3:
        raise KernelError(errors.FailedPreconditionError, "Cross-products are only defined for 3-element vectors.")
    return np.cross(a, b).astype(a.dtype)


Cross = defop("Cross", _cross_kernel)


@Cross.gradient
def _cross_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (cross(b, grad), cross(grad, a))."""
    u, v = op.inputs
    return Cross(v, grad), Cross(grad, u)


@tf_export("linalg.cross")
def cross(a: Any, b: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.cross, the cross product of 3-vectors (innermost dimension)."""
    from tfshim.framework.constant_op import match_inputs

    x, y = match_inputs((a, b))
    return run_op(Cross, (a, b), x, y, check=True)


def _diag_kernel(d: np.ndarray) -> Any:
    if d.ndim < 1:
        raise KernelError(errors.InvalidArgumentError, "Input must be at least rank 1, got 0")
    return np.diag(d.reshape(-1)).reshape(d.shape + d.shape)


Diag = defop("Diag", _diag_kernel)


def _diag_part_kernel(x: np.ndarray) -> Any:
    shape = "[" + ",".join(map(str, x.shape)) + "]"
    if x.ndim % 2:  # TF's text has the indentation of a C++ line continuation inside its string literal
        raise KernelError(errors.InvalidArgumentError, "The rank of the tensor should be" + " " * 42
                          + "even and positive, got shape " + shape)
    for i in range(x.ndim // 2):
        if x.shape[i] != x.shape[i + x.ndim // 2]:
            raise KernelError(errors.InvalidArgumentError,
                              f"Invalid shape {shape}: dimensions {i} and {i + x.ndim // 2} do not match.")
    half = x.shape[: x.ndim // 2]
    n = int(np.prod(half, dtype=np.int64))
    return np.diagonal(x.reshape(n, n)).reshape(half).copy()


DiagPart = defop("DiagPart", _diag_part_kernel)


@Diag.gradient
def _diag_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns diag_part(grad)."""
    return DiagPart(grad)


@DiagPart.gradient
def _diag_part_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns diag(grad)."""
    return Diag(grad)


@tf_export("linalg.tensor_diag", "diag")
def tensor_diag(diagonal: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.tensor_diag: output[i..., i...] = diagonal[i...] (rank doubles)."""
    return run_op(Diag, (diagonal,), convert_to_tensor(diagonal), check=True)


@tf_export("linalg.tensor_diag_part", "diag_part")
def tensor_diag_part(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.linalg.tensor_diag_part, the inverse of tensor_diag."""
    return run_op(DiagPart, (input,), convert_to_tensor(input), check=True)


@tf_export("linalg.normalize")
def normalize(tensor: Any, ord: Any = "euclidean", axis: Any = None, name: Any = None) -> tuple:  # noqa: A002
    """TF: tf.linalg.normalize: (tensor / norm, norm), the norm kept broadcastable."""
    _, _, m_ops = _ops()
    t = convert_to_tensor(tensor)
    n = m_ops.cast(m_ops.norm(t, ord=ord, axis=axis, keepdims=True), t.dtype)
    return t / n, n


@tf_export("linalg.global_norm")
def global_norm(t_list: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.global_norm: sqrt(sum of squares of every tensor) as TF computes it (via l2_loss)."""
    from tfshim.ops.nn_impl import l2_loss

    a_ops, _, m_ops = _ops()
    if not isinstance(t_list, (list, tuple)) or isinstance(t_list, str):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    values = [convert_to_tensor(t) for t in t_list if t is not None]
    half = m_ops.reduce_sum(a_ops.stack([l2_loss(v) for v in values]))
    return m_ops.sqrt(half * convert_to_tensor(2.0, dtype=half.dtype))





# ----- MatrixSquareRoot, MatrixLogarithm ------------------------------------------------------------


def _eig_function(a: np.ndarray, fn: Any) -> np.ndarray:
    """fn(A) = V fn(w) V^-1 from the eigendecomposition (TF: Eigen's Schur-based sqrt/log; equal to rounding for a
    diagonalizable A)."""
    w, v = np.linalg.eig(a)
    with np.errstate(all="ignore"):
        fw = fn(w.astype(np.complex128))
        return np.einsum("...ij,...j,...jk->...ik", v, fw, np.linalg.inv(v))


def _sqrtm_kernel(a: np.ndarray) -> Any:
    _check_matrix(a, square=True)
    if a.dtype == np.float16:
        from tfshim.ops.linalg_ops import _no_half_kernel

        _no_half_kernel(a, "MatrixSquareRoot")
    if a.size == 0:
        return a.copy()
    w = a.astype(np.complex128)
    out = _eig_function(w, np.sqrt)
    if a.dtype.kind != "c":
        # Eigen's real Schur square root has no real answer for a negative real eigenvalue: NaN, as TF's.
        eig = np.linalg.eigvals(w)
        bad = np.any((eig.imag == 0) & (eig.real < 0), axis=-1)
        out = np.where(bad[..., None, None], np.nan, out.real)
    return out.astype(a.dtype)


MatrixSquareRoot = defop("MatrixSquareRoot", _sqrtm_kernel)


@MatrixSquareRoot.gradient
def _sqrtm_grad(op: Any, grad: Tensor) -> Tensor:
    """Solves the Sylvester equation dA = R dR + dR R for dR (as TF: (I kron R^T + R kron I) vec(dR) = vec(dA))."""
    a_ops, la, _ = _ops()
    r = op.outputs[0]
    shape = list(r._value.shape)
    n = shape[-1]
    batch = shape[:-2]
    eye = a_ops.eye(n, batch_shape=batch, dtype=r.dtype)

    def kron(b1: Tensor, b2: Tensor) -> Tensor:
        p = a_ops.reshape(b1, batch + [n, 1, n, 1]) * a_ops.reshape(b2, batch + [1, n, 1, n])
        return a_ops.reshape(p, batch + [n * n, n * n])

    ksum = kron(eye, la.matrix_transpose(r)) + kron(r, eye)
    vec_da = a_ops.reshape(la.matrix_transpose(grad), batch + [n * n, 1])
    return la.matrix_transpose(a_ops.reshape(la.solve(ksum, vec_da), shape))


@tf_export("linalg.sqrtm", "matrix_square_root")
def sqrtm(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.linalg.sqrtm (MatrixSquareRoot). tfshim computes V sqrt(w) V^-1 where TF runs Eigen's Schur method:
    equal to rounding for diagonalizable matrices."""
    return run_op(MatrixSquareRoot, (input,), convert_to_tensor(input), check=True)


def _logm_kernel(a: np.ndarray) -> Any:
    _check_matrix(a, square=True)
    if a.size == 0:
        return a.copy()
    return _eig_function(a.astype(np.complex128), np.log).astype(a.dtype)


MatrixLogarithm = defop("MatrixLogarithm", _logm_kernel)


@tf_export("linalg.logm")
def logm(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.linalg.logm (MatrixLogarithm, complex only; no gradient, as in TF). tfshim computes V log(w) V^-1."""
    return run_op(MatrixLogarithm, (input,), convert_to_tensor(input), check=True)


# ----- TridiagonalSolve, TridiagonalMatMul ----------------------------------------------------------


def _tridiagonal_solve_one(sup: np.ndarray, d: np.ndarray, sub: np.ndarray, rhs: np.ndarray, pivoting: bool,
                           perturb: bool) -> np.ndarray:
    """One system, as TF's CPU kernel (tridiagonal_solve_op.cc): LAPACK dgtsv's elimination with partial pivoting,
    the Thomas algorithm without, dgtf/dgts's perturbed pivots with perturb_singular. A zero pivot gives NaN."""
    n = d.shape[0]
    x = rhs.copy()
    nan = np.full_like(rhs, np.nan)
    if perturb:
        return _tridiagonal_solve_perturbed(sup, d, sub, rhs)
    if n == 1:
        return nan if d[0] == 0 else rhs / d[0]
    if not pivoting:
        if d[0] == 0:
            return nan
        u = np.zeros_like(d)
        u[0] = sup[0] / d[0]
        x[0] = rhs[0] / d[0]
        for i in range(1, n):
            denom = d[i] - sub[i] * u[i - 1]
            if denom == 0:
                return nan
            u[i] = sup[i] / denom
            x[i] = (rhs[i] - sub[i] * x[i - 1]) / denom
        for i in range(n - 2, -1, -1):
            x[i] -= u[i] * x[i + 1]
        return x
    u = np.zeros((n, 3), d.dtype)
    u[0, 0], u[0, 1] = d[0], sup[0]
    for i in range(n - 1):
        if abs(u[i, 0]) >= abs(sub[i + 1]):
            if u[i, 0] == 0:
                return nan
            f = sub[i + 1] / u[i, 0]
            u[i + 1, 0] = d[i + 1] - f * u[i, 1]
            x[i + 1] = rhs[i + 1] - f * x[i]
            if i != n - 2:
                u[i + 1, 1] = sup[i + 1]
                u[i, 2] = 0
        else:
            f = u[i, 0] / sub[i + 1]
            u[i, 0] = sub[i + 1]
            u[i + 1, 0] = u[i, 1] - f * d[i + 1]
            u[i, 1] = d[i + 1]
            x[i + 1] = x[i] - f * rhs[i + 1]
            x[i] = rhs[i + 1]
            if i != n - 2:
                u[i, 2] = sup[i + 1]
                u[i + 1, 1] = -f * sup[i + 1]
    if u[n - 1, 0] == 0:
        return nan
    x[n - 1] /= u[n - 1, 0]
    x[n - 2] = (x[n - 2] - u[n - 2, 1] * x[n - 1]) / u[n - 2, 0]
    for i in range(n - 3, -1, -1):
        x[i] = (x[i] - u[i, 1] * x[i + 1] - u[i, 2] * x[i + 2]) / u[i, 0]
    return x


def _perturb_pivot(perturb: Any, pivot: Any, row: np.ndarray) -> tuple:
    """LAPACK xLAGTS's guard: nudge a tiny pivot (or scale it up) so that row / pivot cannot overflow."""
    real = np.finfo(row.dtype)
    one = real.dtype.type(1)
    safemin = max(real.tiny, one / real.max)
    bignum = one / safemin
    abs_pivot = abs(pivot)
    if abs_pivot >= one:
        return pivot, row
    perturb = max(abs(perturb), safemin)
    perturb = real.dtype.type(np.copysign(perturb, np.real(pivot)))
    max_factor = np.max(np.abs(row)) if row.size else real.dtype.type(0)
    while abs_pivot < one:
        if abs_pivot < safemin:
            if abs_pivot == 0 or max_factor * safemin > abs_pivot:
                pivot = pivot + perturb
                perturb = perturb * 2
            else:
                return pivot * bignum, row * bignum
        elif max_factor > abs_pivot * bignum:
            pivot = pivot + perturb
            perturb = perturb * 2
        else:
            break
        abs_pivot = abs(pivot)
    return pivot, row


def _tridiagonal_solve_perturbed(sup: np.ndarray, d: np.ndarray, sub: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    n = d.shape[0]
    eps = np.finfo(rhs.dtype).eps
    one = rhs.dtype.type(1)
    x = rhs.copy()
    if n == 1:
        pivot, row = _perturb_pivot(eps * abs(d[0]), d[0], rhs[0].copy())
        return (row * (one / pivot))[None]
    u = np.zeros((n, 3), d.dtype)
    u[0, 0], u[0, 1] = d[0], sup[0]
    max_u = max(abs(u[0, 0]), abs(u[0, 1]))
    scale1 = abs(u[0, 0]) + abs(u[0, 1])
    for k in range(n - 1):
        u[k + 1, 0] = d[k + 1]
        scale2 = abs(sub[k + 1]) + abs(u[k + 1, 0])
        if k < n - 2:
            scale2 += abs(sup[k + 1])
        if sub[k + 1] == 0:
            scale1 = scale2
            u[k + 1, 1] = sup[k + 1]
            u[k, 2] = 0
            x[k + 1] = rhs[k + 1]
        else:
            piv1 = 0 if u[k, 0] == 0 else abs(u[k, 0]) / scale1
            piv2 = abs(sub[k + 1]) / scale2
            if piv2 <= piv1:
                scale1 = scale2
                f = sub[k + 1] / u[k, 0]
                u[k + 1, 0] = d[k + 1] - f * u[k, 1]
                u[k + 1, 1] = sup[k + 1]
                u[k, 2] = 0
                x[k + 1] = rhs[k + 1] - f * x[k]
            else:
                f = u[k, 0] / sub[k + 1]
                u[k, 0] = sub[k + 1]
                u[k + 1, 0] = u[k, 1] - f * d[k + 1]
                u[k, 1] = d[k + 1]
                if k < n - 2:
                    u[k, 2] = sup[k + 1]
                    u[k + 1, 1] = -f * sup[k + 1]
                x[k + 1] = x[k] - f * rhs[k + 1]
                x[k] = rhs[k + 1]
        if k < n - 2:
            max_u = max(max_u, *np.abs(u[k]))
    max_u = max(max_u, abs(u[n - 1, 0]))
    tol = eps * max_u
    pivot, row = _perturb_pivot(tol, u[n - 1, 0], x[n - 1].copy())
    x[n - 1] = row * (one / pivot)
    pivot, row = _perturb_pivot(np.copysign(tol, np.real(u[n - 2, 0])), u[n - 2, 0],
                                x[n - 2] - u[n - 2, 1] * x[n - 1])
    x[n - 2] = row * (one / pivot)
    for k in range(n - 3, -1, -1):
        pivot, row = _perturb_pivot(np.copysign(tol, np.real(u[k, 0])), u[k, 0],
                                    x[k] - u[k, 1] * x[k + 1] - u[k, 2] * x[k + 2])
        x[k] = row * (one / pivot)
    return x


def _tridiagonal_solve_kernel(diagonals: np.ndarray, rhs: np.ndarray, partial_pivoting: bool = True,
                              perturb_singular: bool = False) -> Any:
    if diagonals.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, "Input tensor 0 must have rank >= 2, got %d" % diagonals.ndim)
    if rhs.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, "Input tensor 1 must have rank >= 2, got %d" % rhs.ndim)
    if diagonals.shape[-2] != 3:
        raise KernelError(errors.InvalidArgumentError, "Expected diagonals to be provided as a matrix with 3 rows, "
                          "got %d rows." % diagonals.shape[-2])
    if diagonals.shape[-1] != rhs.shape[-2]:
        raise KernelError(errors.InvalidArgumentError, "Expected the same number of left-hand sides and right-hand "
                          "sides, got %d and %d." % (diagonals.shape[-1], rhs.shape[-2]))
    out = np.empty(rhs.shape, rhs.dtype)
    if out.size == 0 or diagonals.shape[-1] == 0:
        return out
    diags = diagonals.reshape((-1,) + diagonals.shape[-2:])
    flat = rhs.reshape((-1,) + rhs.shape[-2:])
    res = out.reshape(flat.shape)
    with np.errstate(all="ignore"):
        for b in range(flat.shape[0]):
            sup, d, sub = diags[b]
            res[b] = _tridiagonal_solve_one(sup, d, sub, flat[b], partial_pivoting, perturb_singular)
    return res.reshape(rhs.shape)


TridiagonalSolve = defop("TridiagonalSolve", _tridiagonal_solve_kernel)


def _transpose_tridiagonal(diags: Tensor) -> Tensor:
    """The compact diagonals of the transposed matrix (super and sub swap, shifted by one)."""
    a_ops, _, _ = _ops()
    zeros = a_ops.zeros(list(diags._value.shape[:-2]) + [1], dtype=diags.dtype)
    superdiag = a_ops.concat([diags[..., 2, 1:], zeros], axis=-1)
    subdiag = a_ops.concat([zeros, diags[..., 0, :-1]], axis=-1)
    return a_ops.stack([superdiag, diags[..., 1, :], subdiag], axis=-2)


def _matmul_three_diagonals(x: Tensor, y_tr: Tensor) -> Tensor:
    """The three diagonals of x @ y_tr^T in compact form, without forming the product."""
    a_ops, _, m_ops = _ops()
    zeros = a_ops.zeros(list(x._value.shape[:-2]) + [1, x._value.shape[-1]], dtype=x.dtype)
    diag = m_ops.reduce_sum(x * y_tr, axis=-1)
    superdiag = m_ops.reduce_sum(x * a_ops.concat([y_tr[..., 1:, :], zeros], axis=-2), axis=-1)
    subdiag = m_ops.reduce_sum(x * a_ops.concat([zeros, y_tr[..., :-1, :]], axis=-2), axis=-1)
    return a_ops.stack([superdiag, diag, subdiag], axis=-2)


@TridiagonalSolve.gradient
def _tridiagonal_solve_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (-three_diagonals(grad_rhs @ x^T), solve(T^T, grad)), as TF."""
    diags, x = op.inputs[0], op.outputs[0]
    grad_rhs = TridiagonalSolve(_transpose_tridiagonal(diags), grad,
                                partial_pivoting=op.get_attr("partial_pivoting"),
                                perturb_singular=op.get_attr("perturb_singular"))
    return -_matmul_three_diagonals(grad_rhs, x), grad_rhs


def _compact_from_matrix(m: Tensor) -> Tensor:
    """matrix_diag_part(m, k=(-1, 1), align='LEFT_RIGHT'): [super (padded right), main, sub (padded left)]."""
    a_ops, la, _ = _ops()
    zeros = a_ops.zeros(list(m._value.shape[:-2]) + [1], dtype=m.dtype)
    superdiag = a_ops.concat([la.diag_part(m[..., :-1, 1:]), zeros], axis=-1)
    subdiag = a_ops.concat([zeros, la.diag_part(m[..., 1:, :-1])], axis=-1)
    return a_ops.stack([superdiag, la.diag_part(m), subdiag], axis=-2)


def _check_square_diagonals(diagonals: Any) -> None:
    m1, m2 = diagonals.shape[-1], diagonals.shape[-2]
    if m1 and m2 and m1 != m2:
        raise ValueError(f"Expected last two dimensions of diagonals to be same, got {m1} and {m2}")


@tf_export("linalg.tridiagonal_solve")
def tridiagonal_solve(diagonals: Any, rhs: Any, diagonals_format: str = "compact", transpose_rhs: bool = False,
                      conjugate_rhs: bool = False, name: Any = None, partial_pivoting: bool = True,
                      perturb_singular: bool = False) -> Tensor:
    """TF: tf.linalg.tridiagonal_solve (TridiagonalSolve, CPU kernel's arithmetic). As in TF, `diagonals` and `rhs`
    must be tensors (TF reads their static shapes before converting)."""
    a_ops, _, m_ops = _ops()
    if perturb_singular and not partial_pivoting:
        raise ValueError("partial_pivoting must be True if perturb_singular is.")
    if diagonals_format == "sequence":
        if not isinstance(diagonals, (tuple, list)) or len(diagonals) != 3:
            raise ValueError("Expected diagonals to be a sequence of length 3.")
        superdiag, maindiag, subdiag = diagonals
        if (not subdiag.shape[:-1].is_compatible_with(maindiag.shape[:-1])
                or not superdiag.shape[:-1].is_compatible_with(maindiag.shape[:-1])):
            raise ValueError("Tensors representing the three diagonals must have the same shape,except for the last "
                             f"dimension, got {subdiag.shape}, {maindiag.shape}, {superdiag.shape}")
        m = maindiag.shape[-1]

        def pad_if_necessary(t: Tensor, what: str, last: list) -> Tensor:
            n = t.shape[-1]
            if not n or n == m:
                return t
            if n == m - 1:
                return a_ops.pad(t, [[0, 0]] * (t.shape.rank - 1) + [last])
            raise ValueError(f"Expected {what} to be have length {m} or {m - 1}, got {n}.")

        subdiag = pad_if_necessary(subdiag, "subdiagonal", [1, 0])
        superdiag = pad_if_necessary(superdiag, "superdiagonal", [0, 1])
        diagonals = a_ops.stack([superdiag, maindiag, subdiag], axis=-2)
    elif diagonals_format == "matrix":
        _check_square_diagonals(diagonals)
        diagonals = _compact_from_matrix(convert_to_tensor(diagonals))
    elif diagonals_format != "compact":
        raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")
    diags_rank, rhs_rank = diagonals.shape.rank, rhs.shape.rank
    if diags_rank:  # TF skips these checks for rank 0 (its `diagonals.shape[-2]` below is then an IndexError)
        if diags_rank < 2:
            raise ValueError(f"Expected diagonals to have rank at least 2, got {diags_rank}")
        if rhs_rank and rhs_rank != diags_rank and rhs_rank != diags_rank - 1:
            raise ValueError(f"Expected the rank of rhs to be {diags_rank - 1} or {diags_rank}, got {rhs_rank}")
        if rhs_rank and not diagonals.shape[:-2].is_compatible_with(rhs.shape[:diags_rank - 2]):
            raise ValueError(f"Batch shapes {diagonals.shape[:-2]} and {rhs.shape[:diags_rank - 2]} are incompatible")
    if diagonals.shape[-2] and diagonals.shape[-2] != 3:
        raise ValueError(f"Expected 3 diagonals got {diagonals.shape[-2]}")
    diagonals = convert_to_tensor(diagonals)
    rhs = convert_to_tensor(rhs)

    def check_num_lhs_matches_num_rhs(r: Tensor) -> None:
        if diagonals.shape[-1] and r.shape[-2] and diagonals.shape[-1] != r.shape[-2]:
            raise ValueError("Expected number of left-hand sided and right-hand sides to be equal, got "
                             f"{diagonals.shape[-1]} and {r.shape[-2]}")

    attrs = {"partial_pivoting": bool(partial_pivoting), "perturb_singular": bool(perturb_singular)}
    if rhs_rank == diags_rank - 1:
        if conjugate_rhs:
            rhs = m_ops.conj(rhs)
        rhs = a_ops.expand_dims(rhs, -1)
        check_num_lhs_matches_num_rhs(rhs)
        return a_ops.squeeze(run_op(TridiagonalSolve, (diagonals, rhs), diagonals, rhs, check=True, **attrs), -1)
    if transpose_rhs:
        _, la, _ = _ops()
        rhs = la.matrix_transpose(rhs, conjugate=conjugate_rhs)
    elif conjugate_rhs:
        rhs = m_ops.conj(rhs)
    check_num_lhs_matches_num_rhs(rhs)
    return run_op(TridiagonalSolve, (diagonals, rhs), diagonals, rhs, check=True, **attrs)


def _tridiagonal_matmul_kernel(superdiag: np.ndarray, maindiag: np.ndarray, subdiag: np.ndarray,
                               rhs: np.ndarray) -> Any:
    for i, t in enumerate((superdiag, maindiag, subdiag, rhs)):
        if t.ndim < 2:
            raise KernelError(errors.InvalidArgumentError, "Input tensor %d must have rank >= 2, got %d" % (i, t.ndim))
    n = rhs.shape[-2]
    for t, what in ((superdiag, "superdiagonal"), (maindiag, "main diagonal"), (subdiag, "subdiagonal")):
        if t.shape[-2:] != (1, n):
            raise KernelError(errors.InvalidArgumentError, f"Invalid {what} shape.")
    # TF's kernel: main * rhs, then += sub * rhs shifted down, then += super * rhs shifted up, in that order.
    out = maindiag[..., 0, :, None] * rhs
    out[..., 1:, :] += subdiag[..., 0, 1:, None] * rhs[..., :-1, :]
    out[..., :-1, :] += superdiag[..., 0, :-1, None] * rhs[..., 1:, :]
    return out


TridiagonalMatMul = defop("TridiagonalMatMul", _tridiagonal_matmul_kernel)


def _shift_up(x: Tensor) -> Tensor:
    a_ops, _, _ = _ops()
    return a_ops.pad(x[..., 1:, :], [[0, 0]] * (x.shape.rank - 2) + [[0, 1], [0, 0]])


def _shift_down(x: Tensor) -> Tensor:
    a_ops, _, _ = _ops()
    return a_ops.pad(x[..., :-1, :], [[0, 0]] * (x.shape.rank - 2) + [[1, 0], [0, 0]])


@TridiagonalMatMul.gradient
def _tridiagonal_matmul_grad(op: Any, grad: Tensor) -> tuple:
    """Returns the diagonals' sums of conj(rhs) (shifted) * grad, and T^H @ grad, as TF's."""
    a_ops, la, m_ops = _ops()
    sup_c, main_c, sub_c = (la.matrix_transpose(t, conjugate=True) for t in op.inputs[:3])
    rhs_c = m_ops.conj(op.inputs[3])
    sup_g = a_ops.expand_dims(m_ops.reduce_sum(_shift_up(rhs_c) * grad, axis=-1), -2)
    main_g = a_ops.expand_dims(m_ops.reduce_sum(rhs_c * grad, axis=-1), -2)
    sub_g = a_ops.expand_dims(m_ops.reduce_sum(_shift_down(rhs_c) * grad, axis=-1), -2)
    rhs_g = _shift_down(sup_c * grad) + main_c * grad + _shift_up(sub_c * grad)
    return sup_g, main_g, sub_g, rhs_g


@tf_export("linalg.tridiagonal_matmul")
def tridiagonal_matmul(diagonals: Any, rhs: Any, diagonals_format: str = "compact", name: Any = None) -> Tensor:
    """TF: tf.linalg.tridiagonal_matmul (TridiagonalMatMul)."""
    a_ops, _, _ = _ops()
    if diagonals_format == "compact":   # TF indexes the argument as given (a list fails as Python's list does)
        superdiag, maindiag, subdiag = diagonals[..., 0, :], diagonals[..., 1, :], diagonals[..., 2, :]
    elif diagonals_format == "sequence":
        superdiag, maindiag, subdiag = diagonals
    elif diagonals_format == "matrix":
        _check_square_diagonals(diagonals)
        diags = _compact_from_matrix(convert_to_tensor(diagonals))
        superdiag, maindiag, subdiag = diags[..., 0, :], diags[..., 1, :], diags[..., 2, :]
    else:
        raise ValueError("Unrecognized diagonals_format: %s" % diagonals_format)
    ts = [a_ops.expand_dims(t, -2) for t in (superdiag, maindiag, subdiag)]
    r = convert_to_tensor(rhs, dtype_hint=ts[1].dtype)
    return run_op(TridiagonalMatMul, (*ts, rhs), *ts, r, check=True)


# ----- BandedTriangularSolve ------------------------------------------------------------------------


def _banded_triangular_solve_kernel(bands: np.ndarray, rhs: np.ndarray, lower: bool = True,
                                    adjoint: bool = False) -> Any:
    if bands.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, "In[0] ndims must be >= 2: %d" % bands.ndim)
    if rhs.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, "In[1] ndims must be >= 2: %d" % rhs.ndim)
    from tfshim.ops.linalg_ops import _dims

    for i, t in enumerate((bands, rhs)):
        if t.size == 0:
            raise KernelError(errors.InvalidArgumentError, f"In[{i}] must not be an empty tensor: Tensor<type: "
                              f"{dtypes.as_dtype(t.dtype).name} shape: {_dims(t.shape)} values: >")
    try:
        batch = np.broadcast_shapes(bands.shape[:-2], rhs.shape[:-2])
    except ValueError:
        raise KernelError(errors.InvalidArgumentError, "In[0] and In[1] must have compatible batch dimensions: "
                          f"{_dims(bands.shape)} vs. {_dims(rhs.shape)}") from None
    k, m = bands.shape[-2:]
    if m != rhs.shape[-2]:
        raise KernelError(errors.InvalidArgumentError, f"In[0] mismatch In[1] shape: {m} vs. {rhs.shape[-2]}: "
                          f"{_dims(bands.shape)} {_dims(rhs.shape)} {int(lower)} {int(adjoint)}")
    # TF checks the diagonal of the first matrix of the batch only.
    first = bands.reshape((-1, k, m))[0]
    if not np.min(np.abs(first[0] if lower else first[k - 1])) > 0:
        raise KernelError(errors.InvalidArgumentError, "Input matrix is not invertible.")
    a = np.broadcast_to(bands, batch + (k, m))
    a = np.conj(a) if adjoint else a
    b = np.broadcast_to(rhs, batch + rhs.shape[-2:])
    x = np.zeros(b.shape, np.result_type(a, b))
    # Band storage: lower keeps A[i, i - t] at bands[t, i - t] ... padded on the left (LEFT_RIGHT alignment), upper
    # keeps A[i, i + t] at bands[k - 1 - t, i + t] ... padded on the right.
    with np.errstate(all="ignore"):
        if lower and not adjoint:   # TF: (b_i - sum_j A[i, j] x_j) / A[i, i]
            for i in range(m):
                js = range(max(0, i - (k - 1)), i)
                s = sum((a[..., i - j, i, None] * x[..., j, :] for j in js), np.zeros_like(x[..., 0, :]))
                x[..., i, :] = (b[..., i, :] - s) / a[..., 0, i, None]
        elif lower:
            for i in range(m - 1, -1, -1):
                acc = b[..., i, :]
                for j in range(i + 1, min(m, i + k)):
                    acc = acc - a[..., j - i, j, None] * x[..., j, :]
                x[..., i, :] = acc / a[..., 0, i, None]
        elif not adjoint:
            for i in range(m - 1, -1, -1):
                js = range(i + 1, min(m, i + k))
                s = sum((a[..., k - 1 - (j - i), i, None] * x[..., j, :] for j in js), np.zeros_like(x[..., 0, :]))
                x[..., i, :] = (b[..., i, :] - s) / a[..., k - 1, i, None]
        else:
            for i in range(m):
                acc = b[..., i, :]
                for j in range(max(0, i - (k - 1)), i):
                    acc = acc - a[..., k - 1 - (i - j), j, None] * x[..., j, :]
                x[..., i, :] = acc / a[..., k - 1, i, None]
    return x


BandedTriangularSolve = defop("BandedTriangularSolve", _banded_triangular_solve_kernel)


@BandedTriangularSolve.gradient
def _banded_triangular_solve_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (bands of -grad_b @ c^H, banded_triangular_solve(A^H, grad)), as TF."""
    from tfshim.ops.math_ops import reduce_to_shape

    _, la, _ = _ops()
    a, b = op.inputs
    adjoint_a, lower_a = op.get_attr("adjoint"), op.get_attr("lower")
    num_bands = a._value.shape[-2]
    c = op.outputs[0]
    grad_b = BandedTriangularSolve(a, grad, lower=lower_a, adjoint=not adjoint_a)
    grad_a = -(la.matmul(c, grad_b, adjoint_b=True) if adjoint_a else la.matmul(grad_b, c, adjoint_b=True))
    grad_a = _bands_of(grad_a, num_bands, lower_a)
    if a._value.shape[:-2] == b._value.shape[:-2]:
        return grad_a, grad_b
    return reduce_to_shape(grad_a, a._value.shape), reduce_to_shape(grad_b, b._value.shape)


def _bands_of(x: Tensor, num_bands: int, lower: bool) -> Tensor:
    """matrix_diag_part(x, k=(-(K-1), 0) or (0, K-1), align='LEFT_RIGHT'), in band storage."""
    a_ops, la, _ = _ops()
    m = x._value.shape[-1]
    rows = []
    for t in range(num_bands):
        off = t if lower else num_bands - 1 - t
        if off >= m:
            rows.append(a_ops.zeros(list(x._value.shape[:-2]) + [m], dtype=x.dtype))
            continue
        pads = [[0, 0]] * (x._value.ndim - 2)
        if lower:   # subdiagonal `off`, padded on the left
            rows.append(a_ops.pad(la.diag_part(x[..., off:, :m - off]), pads + [[off, 0]]))
        else:       # superdiagonal `off`, padded on the right
            rows.append(a_ops.pad(la.diag_part(x[..., :m - off, off:]), pads + [[0, off]]))
    return a_ops.stack(rows, axis=-2)


@tf_export("linalg.banded_triangular_solve")
def banded_triangular_solve(bands: Any, rhs: Any, lower: bool = True, adjoint: bool = False,
                            name: Any = None) -> Tensor:
    """TF: tf.linalg.banded_triangular_solve (BandedTriangularSolve)."""
    _, la, _ = _ops()
    lower, adjoint = make_bool(lower, "lower", True), make_bool(adjoint, "adjoint")
    return la.run_matrix_rhs_op(BandedTriangularSolve, bands, rhs, lower=lower, adjoint=adjoint)


# ----- eigh_tridiagonal -----------------------------------------------------------------------------


@np.errstate(all="ignore")
def _sturm_count(alpha: np.ndarray, beta_sq: np.ndarray, pivmin: Any, alpha0_perturbation: Any,
                 x: np.ndarray) -> np.ndarray:
    """How many eigenvalues of the tridiagonal matrix lie below each x (Sturm sequence, LAPACK's pivmin guard)."""
    q = alpha[0] - x
    count = (q < 0).astype(np.int32)
    q = np.where(alpha[0] == x, alpha0_perturbation, q)
    for i in range(1, alpha.shape[0]):
        q = alpha[i] - beta_sq[i - 1] / q - x
        small = q <= pivmin
        count = np.where(small, count + 1, count)
        q = np.where(small, np.minimum(q, -pivmin), q)
    return count


def _tridiagonal_eigvals(alpha: np.ndarray, beta: np.ndarray, select: str, select_range: Any, tol: Any) -> np.ndarray:
    """TF's bisection on Sturm counts (linalg_impl.eigh_tridiagonal), in the input's precision."""
    if alpha.dtype.kind == "c":
        alpha = alpha.real
        beta_sq = (np.conj(beta) * beta).real
        beta_abs = np.sqrt(beta_sq)
    else:
        beta_sq = np.square(beta)
        beta_abs = np.abs(beta)
    dt = alpha.dtype.type
    finfo = np.finfo(alpha.dtype)
    n = alpha.shape[0]
    row_sum = np.concatenate([beta_abs[:1], beta_abs[:-1] + beta_abs[1:], beta_abs[-1:]])
    est_max = np.minimum(finfo.max, np.max(alpha + row_sum))
    est_min = np.maximum(finfo.min, np.min(alpha - row_sum))
    t_norm = np.maximum(np.abs(est_min), np.abs(est_max))
    one = dt(1)
    safemin = np.maximum(one / finfo.max, (one + finfo.eps) * finfo.tiny)
    pivmin = safemin * np.maximum(one, np.max(beta_sq))
    alpha0_perturbation = np.square(finfo.eps * beta_abs[0])
    abs_tol = finfo.eps * t_norm
    if tol:
        abs_tol = np.maximum(dt(tol), abs_tol)
    max_it = finfo.nmant + 1
    fudge = 2.1
    norm_slack = dt(n) * dt(fudge) * finfo.eps * t_norm
    if select in ("a", "i"):
        target = np.arange(n, dtype=np.int32) if select == "a" else np.arange(select_range[0], select_range[1] + 1,
                                                                             dtype=np.int32)
        lower = est_min - norm_slack - dt(2 * fudge) * pivmin
        upper = est_max + norm_slack + dt(fudge) * pivmin
    else:
        lower = dt(select_range[0]) - norm_slack - dt(2 * fudge) * pivmin
        upper = dt(select_range[1]) + norm_slack + dt(fudge) * pivmin
        first = _sturm_count(alpha, beta_sq, pivmin, alpha0_perturbation, np.asarray(lower))
        last = _sturm_count(alpha, beta_sq, pivmin, alpha0_perturbation, np.asarray(upper))
        target = np.arange(first, last, dtype=np.int32)
    lower = np.full(target.shape, np.maximum(lower, finfo.min), alpha.dtype)
    upper = np.full(target.shape, np.minimum(upper, finfo.max), alpha.dtype)
    half = dt(0.5)
    i = 0
    while i < max_it and target.size and abs_tol < np.max(upper - lower):
        mid = half * lower + half * upper
        counts = _sturm_count(alpha, beta_sq, pivmin, alpha0_perturbation, mid)
        lower = np.where(counts <= target, mid, lower)
        upper = np.where(counts > target, mid, upper)
        i += 1
    return half * lower + half * upper


def _tridiagonal_eigvectors(alpha: Tensor, beta: Tensor, eigvals: Tensor) -> Tensor:
    """Inverse iteration from TF's seeded start vectors, with close eigenvalues' vectors re-orthogonalized by QR."""
    from tfshim.ops.random_ops import stateless_random_normal

    a_ops, la, m_ops = _ops()
    ev = eigvals._value
    k, n = ev.shape[0], alpha._value.shape[0]
    eps = np.finfo(ev.dtype).eps
    gaptol = np.sqrt(eps) * np.maximum(np.abs(ev[0]), np.abs(ev[-1]))
    close = (ev[1:] - ev[:-1]) < gaptol
    left = np.concatenate([[False], close])
    right = np.concatenate([close, [False]])
    starts = np.nonzero(~left & right)[0]
    ends = np.nonzero(left & ~right)[0] + 1
    v = m_ops.cast(stateless_random_normal((k, n), seed=[7, 42]), beta.dtype)
    nrm = m_ops.norm(v, axis=1)
    v = v / nrm[:, None]
    nrm_old = a_ops.zeros_like(nrm)
    alpha_shifted = m_ops.cast(alpha, beta.dtype)[None, :] - m_ops.cast(eigvals, beta.dtype)[:, None]
    tiled = a_ops.tile(beta[None, :], [k, 1])
    diags = [tiled, alpha_shifted, m_ops.conj(tiled)]
    growth = 1 + 0.1
    i = 0
    while i < 5 and np.any(np.real(nrm._value) >= np.real(np.asarray(growth, nrm._value.dtype) * nrm_old._value)):
        v = tridiagonal_solve(diags, v, diagonals_format="sequence", partial_pivoting=True, perturb_singular=True)
        nrm_old, nrm = nrm, m_ops.norm(v, axis=1)
        v = v / nrm[:, None]
        for s, e in zip(starts, ends):
            q, _ = qr(la.matrix_transpose(v[s:e, :]))
            v = a_ops.tensor_scatter_nd_update(v, np.arange(s, e)[:, None], la.matrix_transpose(q))
        i += 1
    return la.matrix_transpose(v)


@tf_export("linalg.eigh_tridiagonal")
def eigh_tridiagonal(alpha: Any, beta: Any, eigvals_only: bool = True, select: str = "a", select_range: Any = None,
                     tol: Any = None, name: Any = None) -> Any:
    """TF: tf.linalg.eigh_tridiagonal: eigenvalues by bisection on Sturm counts, eigenvectors by inverse iteration,
    as TF's Python implementation computes them."""
    _, _, m_ops = _ops()
    alpha = convert_to_tensor(alpha)
    n = alpha.shape[0]
    if n <= 1:
        return m_ops.real(alpha)
    beta = convert_to_tensor(beta)
    if alpha.dtype != beta.dtype:
        raise ValueError("'alpha' and 'beta' must have the same type.")
    beta[:1]  # TF slices beta first: a scalar beta is StridedSlice's "Attempting to slice scalar input."
    if select not in ("a", "i", "v"):
        raise ValueError("'select must have a value in {'a', 'i', 'v'}.")
    from tfshim.ops import check_ops

    if select == "i":
        check_ops.assert_less_equal(select_range[0], select_range[1], message="Got empty index range in select_range.")
    if select == "v":
        check_ops.assert_less(select_range[0], select_range[1], message="Got empty interval in select_range.")
    vals = _tridiagonal_eigvals(alpha._value, beta._value, select, select_range, tol)
    eigvals = _wrap_as(vals, dtypes.as_dtype(vals.dtype))
    if eigvals_only:
        return eigvals
    return eigvals, _tridiagonal_eigvectors(alpha, beta, eigvals)
