"""tf.linalg.LinearOperatorZeros (TF: linear_operator_zeros.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.linalg.linear_operator import LinearOperator, ops
from tfshim.ops.linalg.linear_operator_identity import check_batch_shape, check_num_rows
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorZeros")
class LinearOperatorZeros(LinearOperator):
    """TF: tf.linalg.LinearOperatorZeros, the [batch] zero matrix."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_zeros"

    def __init__(self, num_rows: Any, num_columns: Any = None, batch_shape: Any = None, dtype: Any = None,
                 is_non_singular: bool = False, is_self_adjoint: bool = True, is_positive_definite: bool = False,
                 is_square: bool = True, assert_proper_shapes: bool = False,
                 name: str = "LinearOperatorZeros") -> None:
        parameters = dict(num_rows=num_rows, num_columns=num_columns, batch_shape=batch_shape, dtype=dtype,
                          is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          assert_proper_shapes=assert_proper_shapes, name=name)
        dtype = dtype or dtypes.float32
        if not is_self_adjoint and is_square:
            raise ValueError("A zero operator is always self adjoint.")
        if is_non_singular:
            raise ValueError("A zero operator is always singular.")
        if is_positive_definite:
            raise ValueError("A zero operator is always not positive-definite.")
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=name)
        self._num_rows_static = check_num_rows(num_rows)
        self._num_columns_static = self._num_rows_static if num_columns is None else check_num_rows(num_columns)
        if is_square and self._num_rows_static != self._num_columns_static:
            raise ValueError(f"LinearOperatorZeros initialized as is_square=True, but got "
                             f"num_rows({self._num_rows_static}) != num_columns({self._num_columns_static})")
        self._batch_shape_arg = check_batch_shape(batch_shape)

    def _zeros_diag(self) -> Tensor:
        n = min(self._num_rows_static, self._num_columns_static)
        return ops()[0].zeros(self.batch_shape.as_list() + [n], dtype=self.dtype)

    def _shape(self) -> TensorShape:
        return TensorShape((self._batch_shape_arg or []) + [self._num_rows_static, self._num_columns_static])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        import numpy as np

        rows = self._num_columns_static if adjoint else self._num_rows_static
        cols = x._value.shape[-2] if adjoint_arg else x._value.shape[-1]
        batch = list(np.broadcast_shapes(tuple(self._batch_shape_arg or ()), tuple(x._value.shape[:-2])))
        return ops()[0].zeros(batch + [rows, cols], dtype=x.dtype)

    def _determinant(self) -> Tensor:
        return ops()[0].zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self) -> Tensor:
        import numpy as np

        return ops()[0].fill(self.batch_shape.as_list(), np.asarray(-np.inf, self.dtype.as_numpy_dtype))

    def _trace(self) -> Tensor:
        return ops()[0].zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _diag_part(self) -> Tensor:
        return self._zeros_diag()

    def _add_to_tensor(self, x: Tensor) -> Tensor:
        return x

    def _to_dense(self) -> Tensor:
        return ops()[0].zeros(self.shape.as_list(), dtype=self.dtype)

    def _eigvals(self) -> Tensor:
        return self._zeros_diag()
