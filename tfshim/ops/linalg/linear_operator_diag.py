"""tf.linalg.LinearOperatorDiag (TF: linear_operator_diag.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, ops
from tfshim.ops.linalg.linear_operator_full_matrix import as_operand
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorDiag")
class LinearOperatorDiag(LinearOperator):
    """TF: tf.linalg.LinearOperatorDiag, a [batch] diagonal matrix: matmul multiplies, solve divides."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_diag"

    def __init__(self, diag: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str = "LinearOperatorDiag") -> None:
        parameters = dict(diag=diag, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        self._diag = as_operand(diag)
        if self._diag.shape.ndims < 1:
            raise ValueError("Argument diag must have at least 1 dimension.  Found: %s" % self._diag)
        if not self._diag.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A real diagonal operator is always self adjoint.")
            is_self_adjoint = True
        if is_square is False:
            raise ValueError("Only square diagonal operators currently supported.")
        super().__init__(dtype=self._diag.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, parameters=parameters, name=name)

    @property
    def diag(self) -> Any:
        return self._diag

    def _d(self) -> Tensor:
        return convert_to_tensor(self._diag)

    def _shape(self) -> Any:
        s = self._diag.shape
        return s.concatenate(s[-1:])

    def _linop_inverse(self) -> LinearOperator:
        return LinearOperatorDiag(1. / self._d(), is_non_singular=self.is_non_singular,
                                  is_self_adjoint=self.is_self_adjoint,
                                  is_positive_definite=self.is_positive_definite, is_square=True)

    def _linop_adjoint(self) -> LinearOperator:
        d = self._d()
        return LinearOperatorDiag(ops()[3].conj(d) if d.dtype.is_complex else d,
                                  is_non_singular=self.is_non_singular, is_self_adjoint=self.is_self_adjoint,
                                  is_positive_definite=self.is_positive_definite, is_square=True)

    def _linop_cholesky(self) -> LinearOperator:
        return LinearOperatorDiag(ops()[3].sqrt(self._d()), is_non_singular=True, is_self_adjoint=True,
                                  is_positive_definite=True, is_square=True)

    def _linop_matmul(self, left: LinearOperator, right: LinearOperator) -> LinearOperator:
        if isinstance(left, LinearOperatorDiag) and isinstance(right, LinearOperatorDiag):
            return LinearOperatorDiag(left._d() * right._d(), is_non_singular=_both(left, right, "is_non_singular"),
                                      is_self_adjoint=_both(left, right, "is_self_adjoint"),
                                      is_positive_definite=_both(left, right, "is_positive_definite"),
                                      is_square=True)
        return super()._linop_matmul(left, right)

    def _diag_term(self, adjoint: bool) -> Tensor:
        d = self._d()
        return ops()[3].conj(d) if adjoint else d

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        x = ops()[1].adjoint(x) if adjoint_arg else x
        return self._diag_term(adjoint)[..., None] * x

    def _matvec(self, x: Tensor, adjoint: bool = False) -> Tensor:
        return self._diag_term(adjoint) * x

    def _determinant(self) -> Tensor:
        return ops()[3].reduce_prod(self._d(), axis=[-1])

    def _log_abs_determinant(self) -> Tensor:
        m = ops()[3]
        log_det = m.reduce_sum(m.log(m.abs(self._d())), axis=[-1])
        return m.cast(log_det, self.dtype) if self.dtype.is_complex else log_det

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        rhs = ops()[1].adjoint(rhs) if adjoint_arg else rhs
        return rhs * (1. / self._diag_term(adjoint))[..., None]

    def _solvevec(self, rhs: Tensor, adjoint: bool = False) -> Tensor:
        return rhs / self._diag_term(adjoint)

    def _to_dense(self) -> Tensor:
        return ops()[1].diag(self._d())

    def _diag_part(self) -> Tensor:
        return self._d() * ops()[0].ones_like(self._d())

    def _trace(self) -> Tensor:
        return ops()[3].reduce_sum(self._d(), axis=-1)

    def _add_to_tensor(self, x: Tensor) -> Tensor:
        la = ops()[1]
        return la.set_diag(x, la.diag_part(x) + self._d())

    def _eigvals(self) -> Tensor:
        return self._d()

    def _cond(self) -> Tensor:
        m = ops()[3]
        a = m.abs(self._d())
        return m.reduce_max(a, axis=-1) / m.reduce_min(a, axis=-1)


def _both(a: LinearOperator, b: LinearOperator, hint: str) -> bool | None:
    x, y = getattr(a, hint), getattr(b, hint)
    if hint == "is_non_singular" and (x is False or y is False):
        return False
    return x and y
