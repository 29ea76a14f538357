"""tf.linalg.LinearOperatorIdentity and LinearOperatorScaledIdentity (TF: linear_operator_identity.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.linalg.linear_operator import LinearOperator, ops
from tfshim.ops.linalg.linear_operator_full_matrix import as_operand
from tfshim.util.tf_export import tf_export


def check_num_rows(num_rows: Any) -> int:
    t = convert_to_tensor(num_rows)
    if not t.dtype.is_integer:
        raise TypeError("Argument num_rows must be integer type.  Found: %s" % t)
    if t.shape.ndims != 0:
        raise ValueError("Argument num_rows must be a 0-D Tensor.  Found: %s" % t)
    if int(t._value) < 0:
        raise ValueError("Argument num_rows must be non-negative.  Found: %s" % t._value)
    return int(t._value)


def check_batch_shape(batch_shape: Any) -> list | None:
    if batch_shape is None:
        return None
    t = convert_to_tensor(batch_shape)
    if not t.dtype.is_integer:
        raise TypeError("Argument batch_shape must be integer type.  Found: %s" % t)
    if t.shape.ndims != 1:
        raise ValueError("Argument batch_shape must be a 1-D Tensor.  Found: %s" % t)
    if np.any(t._value < 0):
        raise ValueError("Argument batch_shape must be non-negative.  Found: %s" % t._value)
    return [int(v) for v in t._value]


class BaseLinearOperatorIdentity(LinearOperator):
    """The shared part of the identity operators: a known number of rows, a diagonal of ones."""

    _num_rows_static: int

    def _ones_diag(self) -> Tensor:
        return ops()[0].ones(self.batch_shape.as_list() + [self._num_rows_static], dtype=self.dtype)


@tf_export("linalg.LinearOperatorIdentity")
class LinearOperatorIdentity(BaseLinearOperatorIdentity):
    """TF: tf.linalg.LinearOperatorIdentity, the [batch] identity matrix."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_identity"

    def __init__(self, num_rows: Any, batch_shape: Any = None, dtype: Any = None, is_non_singular: bool = True,
                 is_self_adjoint: bool = True, is_positive_definite: bool = True, is_square: bool = True,
                 assert_proper_shapes: bool = False, name: str = "LinearOperatorIdentity") -> None:
        parameters = dict(num_rows=num_rows, batch_shape=batch_shape, dtype=dtype, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, assert_proper_shapes=assert_proper_shapes, name=name)
        dtype = dtype or dtypes.float32
        if not is_self_adjoint:
            raise ValueError("An identity operator is always self adjoint.")
        if not is_non_singular:
            raise ValueError("An identity operator is always non-singular.")
        if not is_positive_definite:
            raise ValueError("An identity operator is always positive-definite.")
        if not is_square:
            raise ValueError("An identity operator is always square.")
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=name)
        self._num_rows_static = check_num_rows(num_rows)
        self._batch_shape_arg = check_batch_shape(batch_shape)

    def _shape(self) -> TensorShape:
        return TensorShape((self._batch_shape_arg or []) + [self._num_rows_static] * 2)

    def _broadcast(self, x: Tensor) -> Tensor:
        """x broadcast against the operator's batch shape (TF's identity matmul returns x, batch-broadcast)."""
        if not self._batch_shape_arg:
            return x
        shape = list(np.broadcast_shapes(tuple(self._batch_shape_arg), tuple(x._value.shape[:-2])))
        return ops()[0].broadcast_to(x, shape + list(x._value.shape[-2:]))

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        x = ops()[1].adjoint(x) if adjoint_arg else x
        return self._broadcast(x)

    def _determinant(self) -> Tensor:
        return ops()[0].ones(self.batch_shape.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self) -> Tensor:
        return ops()[0].zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self._matmul(rhs, adjoint_arg=adjoint_arg)

    def _trace(self) -> Tensor:
        return ops()[0].ones(self.batch_shape.as_list(), dtype=self.dtype) * float(self._num_rows_static)

    def _diag_part(self) -> Tensor:
        return self._ones_diag()

    def _to_dense(self) -> Tensor:
        return ops()[0].eye(self._num_rows_static, batch_shape=self.batch_shape.as_list(), dtype=self.dtype)

    def _add_to_tensor(self, x: Tensor) -> Tensor:
        la = ops()[1]
        return la.set_diag(x, la.diag_part(x) + self._ones_diag())

    def _eigvals(self) -> Tensor:
        return self._ones_diag()

    def _cond(self) -> Tensor:
        return ops()[0].ones(self.batch_shape.as_list(), dtype=self.dtype)

    def _linop_adjoint(self) -> LinearOperator:
        return self

    def _linop_inverse(self) -> LinearOperator:
        return self

    def _linop_cholesky(self) -> LinearOperator:
        return self


@tf_export("linalg.LinearOperatorScaledIdentity")
class LinearOperatorScaledIdentity(BaseLinearOperatorIdentity):
    """TF: tf.linalg.LinearOperatorScaledIdentity, multiplier * I (the multiplier's shape is the batch shape)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_identity"

    def __init__(self, num_rows: Any, multiplier: Any, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool = True, assert_proper_shapes: bool = False,
                 name: str = "LinearOperatorScaledIdentity") -> None:
        parameters = dict(num_rows=num_rows, multiplier=multiplier, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, assert_proper_shapes=assert_proper_shapes, name=name)
        self._multiplier = as_operand(multiplier)
        if not self._multiplier.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A real diagonal operator is always self adjoint.")
            is_self_adjoint = True
        if not is_square:
            raise ValueError("A ScaledIdentity operator is always square.")
        super().__init__(dtype=self._multiplier.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                         is_square=is_square, parameters=parameters, name=name)
        self._num_rows_static = check_num_rows(num_rows)

    @property
    def multiplier(self) -> Any:
        return self._multiplier

    def _m(self) -> Tensor:
        return convert_to_tensor(self._multiplier)

    def _shape(self) -> TensorShape:
        return self._multiplier.shape.concatenate([self._num_rows_static] * 2)

    def _mult(self, adjoint: bool) -> Tensor:
        m = self._m()
        return ops()[3].conj(m) if adjoint else m

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        x = ops()[1].adjoint(x) if adjoint_arg else x
        return x * self._mult(adjoint)[..., None, None]

    def _determinant(self) -> Tensor:
        return self._m() ** float(self._num_rows_static)

    def _log_abs_determinant(self) -> Tensor:
        m = ops()[3]
        return float(self._num_rows_static) * m.log(m.abs(self._m()))

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        rhs = ops()[1].adjoint(rhs) if adjoint_arg else rhs
        return rhs / self._mult(adjoint)[..., None, None]

    def _trace(self) -> Tensor:
        return self._m() * float(self._num_rows_static)

    def _diag_part(self) -> Tensor:
        return self._ones_diag() * self._m()[..., None]

    def _to_dense(self) -> Tensor:
        eye = ops()[0].eye(self._num_rows_static, dtype=self.dtype)
        return eye * self._m()[..., None, None]

    def _add_to_tensor(self, x: Tensor) -> Tensor:
        la = ops()[1]
        return la.set_diag(x, la.diag_part(x) + self._diag_part())

    def _eigvals(self) -> Tensor:
        return self._diag_part()

    def _cond(self) -> Tensor:
        return ops()[0].ones(self.batch_shape.as_list(), dtype=self.dtype.real_dtype)

    def _linop_inverse(self) -> LinearOperator:
        return LinearOperatorScaledIdentity(self._num_rows_static, 1. / self._m(),
                                            is_non_singular=self.is_non_singular,
                                            is_self_adjoint=self.is_self_adjoint,
                                            is_positive_definite=self.is_positive_definite, is_square=True)
