"""tf.linalg.LinearOperatorToeplitz (TF: linear_operator_toeplitz.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, dense_matmul, ops
from tfshim.ops.linalg.linear_operator_full_matrix import as_operand
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorToeplitz")
class LinearOperatorToeplitz(LinearOperator):
    """TF: tf.linalg.LinearOperatorToeplitz, constant along diagonals: first column `col`, first row `row`.
    TF multiplies through a circulant embedding (FFT); tfshim multiplies the dense matrix (equal to rounding)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_toeplitz"

    def __init__(self, col: Any, row: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str = "LinearOperatorToeplitz") -> None:
        parameters = dict(col=col, row=row, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        self._row = as_operand(row)
        self._col = as_operand(col)
        for what, t in (("row", self._row), ("col", self._col)):
            if t.shape.ndims < 1:
                raise ValueError(f"Argument {what} must have at least 1 dimension.  Found: {t}")
        if self._row.shape[-1] != self._col.shape[-1]:
            raise ValueError("Expected square matrix, got row and col with mismatched dimensions.")
        if is_square is False:
            raise ValueError("Only square Toeplitz operators currently supported.")
        super().__init__(dtype=self._row.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, parameters=parameters, name=name)

    @property
    def col(self) -> Any:
        return self._col

    @property
    def row(self) -> Any:
        return self._row

    def _shape(self) -> Any:
        from tfshim.ops.array_ops import broadcast_static_shape

        s = broadcast_static_shape(self._row.shape, self._col.shape)
        return s.concatenate(s[-1:])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return dense_matmul(self, x, adjoint, adjoint_arg)

    def _to_dense(self) -> Tensor:
        a_ops = ops()[0]
        row, col = convert_to_tensor(self._row), convert_to_tensor(self._col)
        shape = list(np.broadcast_shapes(tuple(row._value.shape), tuple(col._value.shape)))
        n = shape[-1]
        row, col = a_ops.broadcast_to(row, shape), a_ops.broadcast_to(col, shape)
        # A[i, j] = col[i - j] below the diagonal, row[j - i] above: one gather from [col reversed, row[1:]].
        elements = a_ops.concat([a_ops.reverse(col, axis=[-1]), row[..., 1:]], axis=-1)
        indices = (np.arange(n)[None, :] + np.arange(n - 1, -1, -1)[:, None]) % (2 * n - 1)
        return a_ops.gather(elements, indices.astype(np.int32), axis=-1)

    def _trace(self) -> Tensor:
        return float(int(self.domain_dimension)) * convert_to_tensor(self._col)[..., 0]

    def _diag_part(self) -> Tensor:
        entry = convert_to_tensor(self._col)[..., 0:1]
        return entry * ops()[0].ones([int(self.domain_dimension)], dtype=self.dtype)
