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
from tfshim.ops.op import KernelError, check_kernel, defop, make_bool, run_op, tf_export

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


def _eigh_kernel(a: np.ndarray, compute_v: bool = True) -> Any:
    _check_matrix(a, square=True)
    if compute_v:
        e, v = np.linalg.eigh(a, UPLO="L")
        return e.astype(a.real.dtype), v.astype(a.dtype)
    return np.linalg.eigvalsh(a, UPLO="L").astype(a.real.dtype), np.zeros((0,), a.dtype)


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
    e, v = run_op(SelfAdjointEigV2, (tensor,), x, compute_v=True)
    return e, v


@tf_export("linalg.eigvalsh")
def eigvalsh(tensor: Any, name: Any = None) -> Tensor:
    """TF: tf.linalg.eigvalsh: the eigenvalues of a self-adjoint matrix, ascending."""
    x = convert_to_tensor(tensor)
    _check_dtype("SelfAdjointEigV2", x)
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
    return LuOutput(*run_op(Lu, (input,), x, output_idx_type=dtypes.as_dtype(output_idx_type)))


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
    """TF: tf.linalg.lstsq (fast path: the regularized normal equations, solved by Cholesky)."""
    a_ops, la, m_ops = _ops()
    a = convert_to_tensor(matrix)
    b = convert_to_tensor(rhs, dtype_hint=a.dtype)
    if not fast:
        raise NotImplementedError("tf.linalg.lstsq(fast=False) is not implemented by tfshim")
    m, n = a._value.shape[-2:]
    lam = convert_to_tensor(l2_regularizer, dtype=a.dtype)
    batch = list(a._value.shape[:-2])
    if m >= n:
        gram = la.matmul(a, a, adjoint_a=True) + lam * a_ops.eye(n, batch_shape=batch, dtype=a.dtype)
        return cholesky_solve(la.cholesky(gram), la.matmul(a, b, adjoint_a=True))
    gram = la.matmul(a, a, adjoint_b=True) + lam * a_ops.eye(m, batch_shape=batch, dtype=a.dtype)
    return la.matmul(a, cholesky_solve(la.cholesky(gram), b), adjoint_a=True)


# ----- Cross, Diag, DiagPart, norms ----------------------------------------------------------------


def _cross_kernel(a: np.ndarray, b: np.ndarray) -> Any:
    if a.shape != b.shape:
        raise KernelError(errors.InvalidArgumentError, "Both inputs must be of same shape: [%s] vs. [%s]"
                          % (",".join(map(str, a.shape)), ",".join(map(str, b.shape))))
    if a.ndim < 1 or a.shape[-1] != 3:
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
    if x.ndim % 2 or x.shape[: x.ndim // 2] != x.shape[x.ndim // 2:]:
        raise KernelError(errors.InvalidArgumentError, "Invalid shape [%s]: dimensions must be equal and rank even"
                          % ",".join(map(str, x.shape)))
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
    n = m_ops.norm(t, ord=ord, axis=axis, keepdims=True)
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



