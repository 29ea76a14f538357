"""tf.linalg.LinearOperatorInversion (TF: linear_operator_inversion.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator
from tfshim.ops.linalg.linear_operator_adjoint import combine_hint
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorInversion")
class LinearOperatorInversion(LinearOperator):
    """TF: tf.linalg.LinearOperatorInversion: matmul is the operator's solve and solve its matmul."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_inversion"

    def __init__(self, operator: LinearOperator, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str | None = None) -> None:
        parameters = dict(operator=operator, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        self._operator = operator
        if operator.is_non_singular is False or is_non_singular is False:
            raise ValueError(f"Argument `is_non_singular` or argument `operator` must have supplied hint "
                             f"`is_non_singular` equal to `True` or `None`. Found `operator.is_non_singular`: "
                             f"{operator.is_non_singular}, `is_non_singular`: {is_non_singular}.")
        if operator.is_square is False or is_square is False:
            raise ValueError(f"Argument `is_square` or argument `operator` must have supplied hint `is_square` equal "
                             f"to `True` or `None`. Found `operator.is_square`: {operator.is_square}, `is_square`: "
                             f"{is_square}.")
        what = "An operator is %s if and only if its inverse is %s."
        is_square = combine_hint(operator, "is_square", is_square, what % ("square", "square"))
        is_non_singular = combine_hint(operator, "is_non_singular", is_non_singular,
                                       what % ("non-singular", "non-singular"))
        is_self_adjoint = combine_hint(operator, "is_self_adjoint", is_self_adjoint,
                                       what % ("self-adjoint", "self-adjoint"))
        is_positive_definite = combine_hint(operator, "is_positive_definite", is_positive_definite,
                                            what % ("positive-definite", "positive-definite"))
        super().__init__(dtype=operator.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=operator.name + "_inv" if name is None else name)

    @property
    def operator(self) -> LinearOperator:
        return self._operator

    def _linop_inverse(self) -> LinearOperator:
        return self.operator

    def _linop_solve(self, left: Any, right: LinearOperator) -> LinearOperator:
        return left.operator.matmul(right)

    def _shape(self) -> Any:
        return self.operator.shape

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self.operator.solve(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _determinant(self) -> Tensor:
        return 1. / self.operator.determinant()

    def _log_abs_determinant(self) -> Tensor:
        return -1. * self.operator.log_abs_determinant()

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self.operator.matmul(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _eigvals(self) -> Tensor:
        return 1. / self.operator.eigvals()

    def _cond(self) -> Tensor:
        return self.operator.cond()
