"""tf.linalg.LinearOperatorLowerTriangular (TF: linear_operator_lower_triangular.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, broadcast_matrix_batch_dims, ops
from tfshim.ops.linalg.linear_operator_full_matrix import as_operand
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorLowerTriangular")
class LinearOperatorLowerTriangular(LinearOperator):
    """TF: tf.linalg.LinearOperatorLowerTriangular: the lower triangle of `tril` (the rest is ignored)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_lower_triangular"

    def __init__(self, tril: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str = "LinearOperatorLowerTriangular") -> None:
        parameters = dict(tril=tril, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        if is_square is False:
            raise ValueError("Only square lower triangular operators supported at this time.")
        self._tril = as_operand(tril)
        if self._tril.shape.ndims < 2:
            raise ValueError("Argument tril must have at least 2 dimensions.  Found: %s" % self._tril)
        super().__init__(dtype=self._tril.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, parameters=parameters, name=name)

    @property
    def tril(self) -> Any:
        return self._tril

    def _get_tril(self) -> Tensor:
        return ops()[1].band_part(convert_to_tensor(self._tril), -1, 0)

    def _shape(self) -> Any:
        return self._tril.shape

    def _get_diag(self) -> Tensor:
        return ops()[1].diag_part(convert_to_tensor(self._tril))

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return ops()[1].matmul(self._get_tril(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _determinant(self) -> Tensor:
        return ops()[3].reduce_prod(self._get_diag(), axis=[-1])

    def _log_abs_determinant(self) -> Tensor:
        m = ops()[3]
        return m.reduce_sum(m.log(m.abs(self._get_diag())), axis=[-1])

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        la = ops()[1]
        rhs = la.adjoint(rhs) if adjoint_arg else rhs
        a, b = broadcast_matrix_batch_dims(self._get_tril(), rhs)
        return la.triangular_solve(a, b, lower=True, adjoint=adjoint)

    def _to_dense(self) -> Tensor:
        return self._get_tril()

    def _eigvals(self) -> Tensor:
        return self._get_diag()
