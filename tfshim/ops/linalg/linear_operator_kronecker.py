"""tf.linalg.LinearOperatorKronecker (TF: linear_operator_kronecker.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.linalg.linear_operator import LinearOperator, dense_matmul, ops
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorKronecker")
class LinearOperatorKronecker(LinearOperator):
    """TF: tf.linalg.LinearOperatorKronecker, the Kronecker product A1 x A2 x ... (tfshim forms it densely)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_kronecker"

    def __init__(self, operators: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str | None = None) -> None:
        parameters = dict(operators=operators, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        operators = list(operators)
        if not operators:
            raise ValueError(f"Argument `operators` must be a list of >=1 operators. Received: {operators}.")
        self._operators = operators
        dtype = operators[0].dtype
        for operator in operators:
            if operator.dtype != dtype:
                raise TypeError("Expected all operators to have the same dtype.  Found %s"
                                % "   ".join(str((o.name, o.dtype)) for o in operators))
        if all(o.is_non_singular for o in operators):
            if is_non_singular is False:
                raise ValueError("The Kronecker product of non-singular operators is always non-singular.")
            is_non_singular = True
        if all(o.is_self_adjoint for o in operators):
            if is_self_adjoint is False:
                raise ValueError("The Kronecker product of self-adjoint operators is always self-adjoint.")
            is_self_adjoint = True
        if all(o.is_positive_definite for o in operators):
            if is_positive_definite is False:
                raise ValueError("The Kronecker product of positive-definite operators is always positive-definite.")
            is_positive_definite = True
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name="_x_".join(o.name for o in operators) if name is None else name)

    @property
    def operators(self) -> list:
        return self._operators

    def _shape(self) -> TensorShape:
        from tfshim.ops.array_ops import broadcast_static_shape

        rows, cols = 1, 1
        batch = self.operators[0].batch_shape
        for o in self.operators:
            rows *= int(o.range_dimension)
            cols *= int(o.domain_dimension)
            batch = broadcast_static_shape(batch, o.batch_shape)
        return batch.concatenate([rows, cols])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return dense_matmul(self, x, adjoint, adjoint_arg)

    def _to_dense(self) -> Tensor:
        a_ops = ops()[0]
        product = self.operators[0].to_dense()
        for o in self.operators[1:]:
            d = o.to_dense()
            p, q = product._value.shape[-2:]
            r, s = d._value.shape[-2:]
            k = product[..., :, None, :, None] * d[..., None, :, None, :]
            batch = list(k._value.shape[:-4])
            product = a_ops.reshape(k, batch + [p * r, q * s])
        return product

    def _determinant(self) -> Tensor:
        total = int(self.domain_dimension)
        result = None
        for o in self.operators:
            d = o.determinant() ** float(total // int(o.domain_dimension))
            result = d if result is None else result * d
        return result

    def _log_abs_determinant(self) -> Tensor:
        total = int(self.domain_dimension)
        result = None
        for o in self.operators:
            d = o.log_abs_determinant() * float(total // int(o.domain_dimension))
            result = d if result is None else result + d
        return result

    def _trace(self) -> Tensor:
        result = None
        for o in self.operators:
            t = o.trace()
            result = t if result is None else result * t
        return result
