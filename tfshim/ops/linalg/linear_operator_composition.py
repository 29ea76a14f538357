"""tf.linalg.LinearOperatorComposition (TF: linear_operator_composition.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.linalg.linear_operator import LinearOperator, assert_compatible, ops
from tfshim.util.tf_export import tf_export


def is_aat_form(operators: list) -> bool:
    """TF: operators of the form [A, A.H] (or [A.H, A])."""
    from tfshim.ops.linalg.linear_operator_adjoint import LinearOperatorAdjoint

    if len(operators) != 2:
        return False
    a, b = operators
    return (isinstance(b, LinearOperatorAdjoint) and b.operator is a) or (
        isinstance(a, LinearOperatorAdjoint) and a.operator is b)


@tf_export("linalg.LinearOperatorComposition")
class LinearOperatorComposition(LinearOperator):
    """TF: tf.linalg.LinearOperatorComposition, the product A1 @ A2 @ ... of operators."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_composition"

    def __init__(self, operators: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str | None = None) -> None:
        parameters = dict(operators=operators, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        operators = list(operators)
        if not operators:
            raise ValueError("Expected a non-empty list of operators. Found: %s" % operators)
        self._operators = operators
        dtype = operators[0].dtype
        for operator in operators:
            if operator.dtype != dtype:
                raise TypeError("Expected all operators to have the same dtype.  Found %s"
                                % "   ".join(str((o.name, o.dtype)) for o in operators))
        if all(operator.is_non_singular for operator in operators):
            if is_non_singular is False:
                raise ValueError("The composition of non-singular operators is always non-singular.")
            is_non_singular = True
        if (len(operators) == 1 and operators[0].is_self_adjoint) or is_aat_form(operators):
            if is_self_adjoint is False:
                raise ValueError("The composition was determined to be self-adjoint but user provided incorrect "
                                 "`False` hint.")
            is_self_adjoint = True
        if is_aat_form(operators):
            if is_square is False:
                raise ValueError("The composition was determined have the form A @ A.H, hence it must be square. "
                                 "The user provided an incorrect `False` hint.")
            is_square = True
            if is_non_singular:
                if is_positive_definite is False:
                    raise ValueError("The composition was determined to be non-singular and have the form A @ A.H, "
                                     "hence it must be positive-definite. The user provided an incorrect `False` "
                                     "hint.")
                is_positive_definite = True
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name="_o_".join(o.name for o in operators) if name is None else name)

    @property
    def operators(self) -> list:
        return self._operators

    def _shape(self) -> TensorShape:
        from tfshim.ops.array_ops import broadcast_static_shape

        domain = self.operators[0].domain_dimension
        for operator in self.operators[1:]:
            assert_compatible(domain, operator.range_dimension)
            domain = operator.domain_dimension
        batch = self.operators[0].batch_shape
        for operator in self.operators[1:]:
            batch = broadcast_static_shape(batch, operator.batch_shape)
        return batch.concatenate([self.operators[0].range_dimension, self.operators[-1].domain_dimension])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        order = self.operators if adjoint else list(reversed(self.operators))
        result = order[0].matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for operator in order[1:]:
            result = operator.matmul(result, adjoint=adjoint)
        return result

    def _determinant(self) -> Tensor:
        result = self.operators[0].determinant()
        for operator in self.operators[1:]:
            result *= operator.determinant()
        return result

    def _log_abs_determinant(self) -> Tensor:
        result = self.operators[0].log_abs_determinant()
        for operator in self.operators[1:]:
            result += operator.log_abs_determinant()
        return result

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        order = list(reversed(self.operators)) if adjoint else self.operators
        solution = order[0].solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for operator in order[1:]:
            solution = operator.solve(solution, adjoint=adjoint)
        return solution

    def _linop_cholesky(self) -> LinearOperator:
        from tfshim.ops.linalg.linear_operator_lower_triangular import LinearOperatorLowerTriangular

        return LinearOperatorLowerTriangular(ops()[1].cholesky(self.to_dense()), is_non_singular=True,
                                             is_self_adjoint=False, is_square=True)
