"""tf.linalg.LinearOperator (TF: python/ops/linalg/linear_operator.py).

A [batch of] matrices known by what they do: matmul, solve, determinant, ... The base class computes each through
the dense matrix (to_dense) with tfshim's ops, so gradients flow; subclasses override the structured cases as TF
does (a diagonal solves by division, a triangular one by triangular_solve). tfshim runs eagerly: TF's graph-mode
parts (name scopes, shape tensors of unknown shapes, the CompositeTensor type spec, slicing) are not implemented.
"""

from __future__ import annotations

import abc
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import Dimension, TensorShape
from tfshim.module import Module
from tfshim.util.tf_export import tf_export


def ops() -> Any:
    """The op modules (imported late: tfshim.ops imports the public namespaces that import this module)."""
    from tfshim.ops import array_ops, linalg_impl, linalg_ops, math_ops

    return array_ops, linalg_ops, linalg_impl, math_ops


def static_shape(t: Tensor) -> list:
    return list(t._value.shape)


def broadcast_matrix_batch_dims(a: Tensor, b: Tensor) -> tuple:
    """Broadcasts the batch dimensions of two batches of matrices (TF: linear_operator_util)."""
    a_ops = ops()[0]
    sa, sb = static_shape(a), static_shape(b)
    batch = list(np.broadcast_shapes(tuple(sa[:-2]), tuple(sb[:-2])))
    if batch != sa[:-2]:
        a = a_ops.broadcast_to(a, batch + sa[-2:])
    if batch != sb[:-2]:
        b = a_ops.broadcast_to(b, batch + sb[-2:])
    return a, b


def dense_matmul(op: Any, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
    """op @ x through op's dense matrix (the operators whose structure tfshim does not exploit)."""
    a, b = broadcast_matrix_batch_dims(op.to_dense(), x)
    return ops()[1].matmul(a, b, adjoint_a=adjoint, adjoint_b=adjoint_arg)


def matrix_solve_with_broadcast(matrix: Tensor, rhs: Tensor, adjoint: bool = False) -> Tensor:
    matrix, rhs = broadcast_matrix_batch_dims(matrix, rhs)
    return ops()[1].solve(matrix, rhs, adjoint=adjoint)


def assert_compatible(a: Any, b: Any) -> None:
    """TF's Dimension.assert_is_compatible_with."""
    va = a.value if isinstance(a, Dimension) else a
    vb = b.value if isinstance(b, Dimension) else b
    if va is not None and vb is not None and va != vb:
        raise ValueError("Dimensions %s and %s are not compatible" % (va, vb))


class _Hints:
    """TF's property_hint_util: the hints two operators' product can claim."""

    @staticmethod
    def is_square(a: LinearOperator, b: LinearOperator) -> bool | None:
        if a.is_square and b.is_square:
            return True
        if a.is_square is False and b.is_square is False:  # [M, N] @ [N, L] is square when M == L
            m, n = a.range_dimension, b.domain_dimension
            if m is not None and n is not None:
                return m == n
        if a.is_square != b.is_square and a.is_square is not None and b.is_square is not None:
            return False
        return None

    @staticmethod
    def non_singular(a: LinearOperator, b: LinearOperator) -> bool | None:
        if a.is_non_singular is False or b.is_non_singular is False:
            return False
        return a.is_non_singular and b.is_non_singular


@tf_export("linalg.LinearOperator")
class LinearOperator(Module, metaclass=abc.ABCMeta):
    """TF: tf.linalg.LinearOperator, the abstract base class."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator"

    def __init__(self, dtype: Any, graph_parents: Any = None, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None, parameters: dict | None = None) -> None:
        if is_positive_definite:
            if is_non_singular is False:
                raise ValueError("A positive definite matrix is always non-singular.")
            is_non_singular = True
        if is_non_singular:
            if is_square is False:
                raise ValueError("A non-singular matrix is always square.")
            is_square = True
        if is_self_adjoint:
            if is_square is False:
                raise ValueError("A self-adjoint matrix is always square.")
            is_square = True
        self._is_square_set_or_implied_by_hints = is_square
        self._graph_parents = [] if graph_parents is None else list(graph_parents)
        self._dtype = dtypes.as_dtype(dtype).base_dtype if dtype else dtype
        self._is_non_singular = is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        object.__setattr__(self, "_parameters", dict(parameters or {}))  # TF: _no_dependency
        self._name = name or type(self).__name__

    def __repr__(self) -> str:
        return f"<{type(self)._tf_module}.{type(self).__name__} object at {id(self):#x}>"

    __str__ = __repr__

    # ----- properties -----
    @property
    def parameters(self) -> dict:
        return dict(self._parameters)

    @property
    def dtype(self) -> Any:
        return self._dtype

    @property
    def name(self) -> str:
        return self._name

    @property
    def graph_parents(self) -> list:
        return self._graph_parents

    @property
    def is_non_singular(self) -> bool | None:
        return self._is_non_singular

    @property
    def is_self_adjoint(self) -> bool | None:
        return self._is_self_adjoint

    @property
    def is_positive_definite(self) -> bool | None:
        return self._is_positive_definite

    @property
    def is_square(self) -> bool | None:
        auto_square_check = self.domain_dimension == self.range_dimension
        if self._is_square_set_or_implied_by_hints is False and auto_square_check:
            raise ValueError("User set is_square hint to False, but the operator was square.")
        if self._is_square_set_or_implied_by_hints is None:
            return auto_square_check
        return self._is_square_set_or_implied_by_hints

    @abc.abstractmethod
    def _shape(self) -> TensorShape:
        raise NotImplementedError("_shape is not implemented.")

    @property
    def shape(self) -> TensorShape:
        return self._shape()

    def shape_tensor(self, name: str = "shape_tensor") -> Tensor:
        return convert_to_tensor(self.shape.as_list(), dtype=dtypes.int32)

    @property
    def batch_shape(self) -> TensorShape:
        return self.shape[:-2]

    def batch_shape_tensor(self, name: str = "batch_shape_tensor") -> Tensor:
        return convert_to_tensor(self.batch_shape.as_list(), dtype=dtypes.int32)

    @property
    def tensor_rank(self) -> int | None:
        return self.shape.ndims

    def tensor_rank_tensor(self, name: str = "tensor_rank_tensor") -> Tensor:
        return convert_to_tensor(self.tensor_rank)

    @property
    def domain_dimension(self) -> Any:
        return Dimension(None) if self.shape.rank is None else self.shape.dims[-1]

    def domain_dimension_tensor(self, name: str = "domain_dimension_tensor") -> Tensor:
        return convert_to_tensor(self.shape.as_list()[-1])

    @property
    def range_dimension(self) -> Any:
        return self.shape.dims[-2] if self.shape.dims else Dimension(None)

    def range_dimension_tensor(self, name: str = "range_dimension_tensor") -> Tensor:
        return convert_to_tensor(self.shape.as_list()[-2])

    # ----- checks -----
    def _check_input_dtype(self, arg: Tensor) -> None:
        if arg.dtype.base_dtype != self.dtype:
            raise TypeError("Expected argument to have dtype %s.  Found: %s in tensor %s"
                            % (self.dtype, arg.dtype, arg))

    def _can_use_cholesky(self) -> bool:
        return bool(self.is_self_adjoint and self.is_positive_definite)

    def _max_condition_number_to_be_non_singular(self) -> Tensor:
        eps = np.finfo(self.dtype.as_numpy_dtype).eps
        n = max(100.0, float(self.range_dimension), float(self.domain_dimension))
        return convert_to_tensor(1.0 / (n * eps), dtype=self.dtype)

    def assert_non_singular(self, name: str = "assert_non_singular") -> Any:
        _, la, li, m = ops()
        if self._can_use_cholesky():
            return self.assert_positive_definite()
        from tfshim.ops import check_ops

        s = li.svd(self.to_dense(), compute_uv=False)
        cond = m.reduce_max(s, axis=-1) / m.reduce_min(s, axis=-1)
        return check_ops.assert_less(cond, self._max_condition_number_to_be_non_singular(),
                                     message="Singular matrix up to precision epsilon.")

    def assert_positive_definite(self, name: str = "assert_positive_definite") -> Any:
        if self.is_self_adjoint:
            from tfshim.ops import check_ops

            _, la, _, _ = ops()
            return check_ops.assert_positive(la.diag_part(la.cholesky(self.to_dense())),
                                             message="Matrix was not positive definite.")
        raise NotImplementedError("assert_positive_definite is not implemented.")

    def assert_self_adjoint(self, name: str = "assert_self_adjoint") -> Any:
        from tfshim.ops import check_ops

        dense = self.to_dense()
        return check_ops.assert_equal(dense, ops()[1].adjoint(dense), message="Matrix was not equal to its adjoint.")

    # ----- matmul / matvec -----
    @abc.abstractmethod
    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        raise NotImplementedError("_matmul is not implemented.")

    def matmul(self, x: Any, adjoint: bool = False, adjoint_arg: bool = False, name: str = "matmul") -> Any:
        if isinstance(x, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            if (right.range_dimension is not None and left.domain_dimension is not None
                    and right.range_dimension != left.domain_dimension):
                raise ValueError(f"Operators are incompatible. Expected `x` to have dimension "
                                 f"{left.domain_dimension} but got {right.range_dimension}.")
            return self._linop_matmul(left, right)
        x = convert_to_tensor(x)
        self._check_input_dtype(x)
        assert_compatible(self.shape.dims[-2 if adjoint else -1], x.shape[-1 if adjoint_arg else -2])
        return self._matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _linop_matmul(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        if hasattr(right, "_ones_diag") and not hasattr(right, "multiplier"):
            return left
        if hasattr(right, "_zeros_diag"):
            if not right.is_square or not left.is_square:
                raise ValueError("Matmul with non-square `LinearOperator`s or non-square `LinearOperatorZeros` not "
                                 "supported at this time.")
            return right
        from tfshim.ops.linalg.linear_operator_composition import LinearOperatorComposition

        return LinearOperatorComposition([left, right], **_product_hints(left, right))

    def __matmul__(self, other: Any) -> Any:
        return self.matmul(other)

    def _matvec(self, x: Tensor, adjoint: bool = False) -> Tensor:
        a_ops = ops()[0]
        return a_ops.squeeze(self.matmul(a_ops.expand_dims(x, -1), adjoint=adjoint), axis=-1)

    def matvec(self, x: Any, adjoint: bool = False, name: str = "matvec") -> Tensor:
        x = convert_to_tensor(x)
        self._check_input_dtype(x)
        assert_compatible(self.shape.dims[-2 if adjoint else -1], x.shape[-1])
        return self._matvec(x, adjoint=adjoint)

    # ----- determinants -----
    def _determinant(self) -> Tensor:
        m = ops()[3]
        if self._can_use_cholesky():
            return m.exp(self.log_abs_determinant())
        return ops()[1].det(self.to_dense())

    def determinant(self, name: str = "det") -> Tensor:
        if self.is_square is False:
            raise NotImplementedError("Determinant not implemented for an operator that is expected to not be square.")
        return self._determinant()

    def _log_abs_determinant(self) -> Tensor:
        _, la, _, m = ops()
        if self._can_use_cholesky():
            diag = la.diag_part(la.cholesky(self.to_dense()))
            return 2 * m.reduce_sum(m.log(diag), axis=[-1])
        return la.slogdet(self.to_dense())[1]

    def log_abs_determinant(self, name: str = "log_abs_det") -> Tensor:
        if self.is_square is False:
            raise NotImplementedError("Determinant not implemented for an operator that is expected to not be square.")
        return self._log_abs_determinant()

    # ----- solve / solvevec -----
    def _dense_solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        _, la, li, _ = ops()
        if self.is_square is False:
            raise NotImplementedError("Solve is not yet implemented for non-square operators.")
        rhs = la.adjoint(rhs) if adjoint_arg else rhs
        if self._can_use_cholesky():
            return li.cholesky_solve(la.cholesky(self.to_dense()), rhs)
        return matrix_solve_with_broadcast(self.to_dense(), rhs, adjoint=adjoint)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self._dense_solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _check_solvable(self) -> None:
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is expected to be singular.")
        if self.is_square is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is expected to not be square.")

    def solve(self, rhs: Any, adjoint: bool = False, adjoint_arg: bool = False, name: str = "solve") -> Any:
        self._check_solvable()
        if isinstance(rhs, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = rhs.adjoint() if adjoint_arg else rhs
            if (right.range_dimension is not None and left.domain_dimension is not None
                    and right.range_dimension != left.domain_dimension):
                raise ValueError(f"Operators are incompatible. Expected `rhs` to have dimension "
                                 f"{left.domain_dimension} but got {right.range_dimension}.")
            return self._linop_solve(left, right)
        rhs = convert_to_tensor(rhs)
        self._check_input_dtype(rhs)
        assert_compatible(self.shape.dims[-1 if adjoint else -2], rhs.shape[-1 if adjoint_arg else -2])
        return self._solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _linop_solve(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        if hasattr(right, "_ones_diag") and not hasattr(right, "multiplier"):
            return left.inverse()
        from tfshim.ops.linalg.linear_operator_composition import LinearOperatorComposition
        from tfshim.ops.linalg.linear_operator_inversion import LinearOperatorInversion

        return LinearOperatorComposition([LinearOperatorInversion(left), right], **_product_hints(left, right))

    def _solvevec(self, rhs: Tensor, adjoint: bool = False) -> Tensor:
        a_ops = ops()[0]
        return a_ops.squeeze(self.solve(a_ops.expand_dims(rhs, -1), adjoint=adjoint), axis=-1)

    def solvevec(self, rhs: Any, adjoint: bool = False, name: str = "solve") -> Tensor:
        rhs = convert_to_tensor(rhs)
        self._check_input_dtype(rhs)
        assert_compatible(self.shape.dims[-1 if adjoint else -2], rhs.shape[-1])
        return self._solvevec(rhs, adjoint=adjoint)

    # ----- derived operators -----
    def adjoint(self, name: str = "adjoint") -> LinearOperator:
        if self.is_self_adjoint is True:
            return self
        return self._linop_adjoint()

    H = property(adjoint, None)

    def _linop_adjoint(self) -> LinearOperator:
        from tfshim.ops.linalg.linear_operator_adjoint import LinearOperatorAdjoint

        return LinearOperatorAdjoint(self, is_non_singular=self.is_non_singular, is_self_adjoint=self.is_self_adjoint,
                                     is_positive_definite=self.is_positive_definite, is_square=self.is_square)

    def inverse(self, name: str = "inverse") -> LinearOperator:
        if self.is_square is False:
            raise ValueError("Cannot take the Inverse: This operator represents a non square matrix.")
        if self.is_non_singular is False:
            raise ValueError("Cannot take the Inverse: This operator represents a singular matrix.")
        return self._linop_inverse()

    def _linop_inverse(self) -> LinearOperator:
        from tfshim.ops.linalg.linear_operator_inversion import LinearOperatorInversion

        return LinearOperatorInversion(self, is_non_singular=self.is_non_singular,
                                       is_self_adjoint=self.is_self_adjoint,
                                       is_positive_definite=self.is_positive_definite, is_square=self.is_square)

    def cholesky(self, name: str = "cholesky") -> LinearOperator:
        if not self._can_use_cholesky():
            raise ValueError("Cannot take the Cholesky decomposition: Not a positive definite self adjoint matrix.")
        return self._linop_cholesky()

    def _linop_cholesky(self) -> LinearOperator:
        from tfshim.ops.linalg.linear_operator_lower_triangular import LinearOperatorLowerTriangular

        return LinearOperatorLowerTriangular(ops()[1].cholesky(self.to_dense()), is_non_singular=True,
                                             is_self_adjoint=False, is_square=True)

    # ----- dense views -----
    def _to_dense(self) -> Tensor:
        eye = ops()[0].eye(int(self.domain_dimension), batch_shape=self.batch_shape.as_list(), dtype=self.dtype)
        return self.matmul(eye)

    def to_dense(self, name: str = "to_dense") -> Tensor:
        return self._to_dense()

    def _diag_part(self) -> Tensor:
        return ops()[1].diag_part(self.to_dense())

    def diag_part(self, name: str = "diag_part") -> Tensor:
        return self._diag_part()

    def _trace(self) -> Tensor:
        return ops()[3].reduce_sum(self.diag_part(), axis=-1)

    def trace(self, name: str = "trace") -> Tensor:
        return self._trace()

    def _add_to_tensor(self, x: Tensor) -> Tensor:
        return self.to_dense() + x

    def add_to_tensor(self, x: Any, name: str = "add_to_tensor") -> Tensor:
        x = convert_to_tensor(x)
        self._check_input_dtype(x)
        return self._add_to_tensor(x)

    def _eigvals(self) -> Tensor:
        return ops()[2].eigvalsh(self.to_dense())

    def eigvals(self, name: str = "eigvals") -> Tensor:
        if not self.is_self_adjoint:
            raise NotImplementedError("Only self-adjoint matrices are supported.")
        return self._eigvals()

    def _cond(self) -> Tensor:
        _, _, li, m = ops()
        vals = li.svd(self.to_dense(), compute_uv=False) if not self.is_self_adjoint else m.abs(self._eigvals())
        return m.reduce_max(vals, axis=-1) / m.reduce_min(vals, axis=-1)

    def cond(self, name: str = "cond") -> Tensor:
        return self._cond()

    def __getitem__(self, slices: Any) -> Any:
        raise NotImplementedError("tf.linalg.LinearOperator.__getitem__ (batch slicing) is not implemented by tfshim")


def _product_hints(left: LinearOperator, right: LinearOperator) -> dict:
    """The hints TF gives the composition `left @ right` (or `left^-1 @ right`)."""
    is_square = _Hints.is_square(left, right)
    hints: dict = {"is_non_singular": None, "is_self_adjoint": None, "is_positive_definite": None,
                   "is_square": is_square}
    if is_square:
        hints["is_non_singular"] = _Hints.non_singular(left, right)
    elif is_square is False:
        hints.update(is_non_singular=False, is_self_adjoint=False, is_positive_definite=False)
    return hints


# ----- tf.linalg functions applied to operators (TF: dispatch_for_types in linear_operator.py) -----


def is_linear_operator(x: Any) -> bool:
    return isinstance(x, LinearOperator)


def dispatch_matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False, adjoint_a: bool = False,
                    adjoint_b: bool = False, a_is_sparse: bool = False, b_is_sparse: bool = False) -> Any:
    """tf.matmul with an operator operand: a.matmul(b), or (b^H a^H)^H when only b is an operator."""
    if transpose_a or transpose_b:
        raise ValueError("Transposing not supported at this time.")
    if a_is_sparse or b_is_sparse:
        raise ValueError("Sparse methods not supported at this time.")
    if not isinstance(a, LinearOperator):
        return dispatch_adjoint(b.matmul(a, adjoint=not adjoint_b, adjoint_arg=not adjoint_a))
    return a.matmul(b, adjoint=adjoint_a, adjoint_arg=adjoint_b)


def dispatch_adjoint(x: Any) -> Any:
    return x.adjoint() if isinstance(x, LinearOperator) else ops()[1].adjoint(x)


def dispatch_solve(matrix: Any, rhs: Any, adjoint: bool = False) -> Any:
    if not isinstance(matrix, LinearOperator):
        raise ValueError("Passing in `matrix` as a Tensor and `rhs` as a LinearOperator is not supported.")
    return matrix.solve(rhs, adjoint=adjoint)


def dispatch_inv(op: LinearOperator, adjoint: bool = False) -> LinearOperator:
    inv = op.inverse()
    return inv.adjoint() if adjoint else inv


def dispatch_logdet(op: LinearOperator) -> Tensor:
    if op.is_positive_definite and op.is_self_adjoint:
        return op.log_abs_determinant()
    raise ValueError("Expected matrix to be self-adjoint positive definite.")
