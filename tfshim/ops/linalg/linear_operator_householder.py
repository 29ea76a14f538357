"""tf.linalg.LinearOperatorHouseholder (TF: linear_operator_householder.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, ops
from tfshim.ops.linalg.linear_operator_full_matrix import as_operand
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorHouseholder")
class LinearOperatorHouseholder(LinearOperator):
    """TF: tf.linalg.LinearOperatorHouseholder, the reflection I - 2 v v^H / |v|^2 (its own inverse)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_householder"

    def __init__(self, reflection_axis: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorHouseholder") -> None:
        parameters = dict(reflection_axis=reflection_axis, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        self._reflection_axis = as_operand(reflection_axis)
        if self._reflection_axis.shape.ndims < 1:
            raise ValueError("Argument reflection_axis must have at least 1 dimension.  Found: %s"
                             % self._reflection_axis)
        if is_self_adjoint is False:
            raise ValueError("A Householder operator is always self adjoint.")
        if is_non_singular is False:
            raise ValueError("A Householder operator is always non-singular.")
        if is_square is False:
            raise ValueError("A Householder operator is always square.")
        super().__init__(dtype=self._reflection_axis.dtype, is_non_singular=is_non_singular, is_self_adjoint=True,
                         is_positive_definite=is_positive_definite, is_square=True, parameters=parameters, name=name)

    @property
    def reflection_axis(self) -> Any:
        return self._reflection_axis

    def _shape(self) -> Any:
        s = self._reflection_axis.shape
        return s.concatenate(s[-1:])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        from tfshim.ops.nn_ops import l2_normalize

        la = ops()[1]
        x = la.adjoint(x) if adjoint_arg else x
        v = l2_normalize(convert_to_tensor(self._reflection_axis), axis=-1)[..., None]
        return x - 2 * v * la.matmul(v, x, adjoint_a=True)

    def _to_dense(self) -> Tensor:
        from tfshim.ops.nn_ops import l2_normalize

        la = ops()[1]
        v = l2_normalize(convert_to_tensor(self._reflection_axis), axis=-1)[..., None]
        matrix = -2 * la.matmul(v, v, adjoint_b=True)
        return la.set_diag(matrix, 1. + la.diag_part(matrix))

    def _diag_part(self) -> Tensor:
        from tfshim.ops.nn_ops import l2_normalize

        v = l2_normalize(convert_to_tensor(self._reflection_axis), axis=-1)
        return 1. - 2 * v * ops()[3].conj(v)

    def _determinant(self) -> Tensor:
        return -ops()[0].ones(self.batch_shape.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self) -> Tensor:
        return ops()[0].zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self._matmul(rhs, adjoint, adjoint_arg)

    def _trace(self) -> Tensor:
        n = float(int(self.domain_dimension))
        return ops()[0].ones(self.batch_shape.as_list(), dtype=self.dtype) * (n - 2)

    def _linop_inverse(self) -> LinearOperator:
        return self
