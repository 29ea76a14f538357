"""tf.linalg.LinearOperatorFullMatrix (TF: linear_operator_full_matrix.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, ops
from tfshim.util.tf_export import tf_export

_ALLOWED = [dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128]


def as_operand(value: Any) -> Any:
    """TF's convert_nonref_to_tensor: variables are kept (so gradients reach them), the rest becomes a Tensor."""
    from tfshim.framework.variables import Variable

    return value if isinstance(value, (Variable, Tensor)) else convert_to_tensor(value)


@tf_export("linalg.LinearOperatorFullMatrix")
class LinearOperatorFullMatrix(LinearOperator):
    """TF: tf.linalg.LinearOperatorFullMatrix, a dense [batch] matrix."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_full_matrix"

    def __init__(self, matrix: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str = "LinearOperatorFullMatrix") -> None:
        parameters = dict(matrix=matrix, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        self._matrix = as_operand(matrix)
        m = convert_to_tensor(self._matrix)
        if m.dtype not in _ALLOWED:
            raise TypeError(f"Argument `matrix` must have dtype in {_ALLOWED}. Received: {m.dtype}.")
        if m.shape.ndims < 2:
            raise ValueError(f"Argument `matrix` must have at least 2 dimensions. Received: {m}.")
        super().__init__(dtype=m.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=name)

    @property
    def matrix(self) -> Any:
        return self._matrix

    def _shape(self) -> Any:
        return self._matrix.shape

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return ops()[1].matmul(convert_to_tensor(self._matrix), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _to_dense(self) -> Tensor:
        return convert_to_tensor(self._matrix)
