"""tf.linalg.LinearOperatorAdjoint (TF: linear_operator_adjoint.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, ops
from tfshim.util.tf_export import tf_export


def combine_hint(operator: LinearOperator, hint_name: str, provided: bool | None, message: str) -> bool | None:
    """TF's use_operator_or_provided_hint_unless_contradicting."""
    op_hint = getattr(operator, hint_name)
    if op_hint is False and provided:
        raise ValueError(message)
    if op_hint and provided is False:
        raise ValueError(message)
    if op_hint or provided:
        return True
    if op_hint is False or provided is False:
        return False
    return None


@tf_export("linalg.LinearOperatorAdjoint")
class LinearOperatorAdjoint(LinearOperator):
    """TF: tf.linalg.LinearOperatorAdjoint, the adjoint (conjugate transpose) of an operator."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_adjoint"

    def __init__(self, operator: LinearOperator, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None) -> None:
        parameters = dict(operator=operator, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        self._operator = operator
        what = "An operator is %s if and only if its adjoint is %s."
        is_square = combine_hint(operator, "is_square", is_square, what % ("square", "square"))
        is_non_singular = combine_hint(operator, "is_non_singular", is_non_singular,
                                       what % ("non-singular", "non-singular"))
        is_self_adjoint = combine_hint(operator, "is_self_adjoint", is_self_adjoint,
                                       what % ("self-adjoint", "self-adjoint"))
        is_positive_definite = combine_hint(operator, "is_positive_definite", is_positive_definite,
                                            what % ("positive-definite", "positive-definite"))
        super().__init__(dtype=operator.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=operator.name + "_adjoint" if name is None else name)

    @property
    def operator(self) -> LinearOperator:
        return self._operator

    def _linop_adjoint(self) -> LinearOperator:
        return self.operator

    def _shape(self) -> Any:
        shape = self.operator.shape
        return shape[:-2].concatenate([shape[-1], shape[-2]])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self.operator.matmul(x, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _matvec(self, x: Tensor, adjoint: bool = False) -> Tensor:
        return self.operator.matvec(x, adjoint=not adjoint)

    def _determinant(self) -> Tensor:
        d = self.operator.determinant()
        return d if self.is_self_adjoint else ops()[3].conj(d)

    def _log_abs_determinant(self) -> Tensor:
        return self.operator.log_abs_determinant()

    def _trace(self) -> Tensor:
        t = self.operator.trace()
        return t if self.is_self_adjoint else ops()[3].conj(t)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self.operator.solve(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _solvevec(self, rhs: Tensor, adjoint: bool = False) -> Tensor:
        return self.operator.solvevec(rhs, adjoint=not adjoint)

    def _to_dense(self) -> Tensor:
        d = self.operator.to_dense()
        return d if self.is_self_adjoint else ops()[1].adjoint(d)

    def _eigvals(self) -> Tensor:
        e = self.operator.eigvals()
        return e if self.operator.is_self_adjoint else ops()[3].conj(e)

    def _cond(self) -> Tensor:
        return self.operator.cond()
