"""tf.linalg.LinearOperatorPermutation (TF: linear_operator_permutation.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, dense_matmul, ops
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorPermutation")
class LinearOperatorPermutation(LinearOperator):
    """TF: tf.linalg.LinearOperatorPermutation, the [batch] permutation matrix with row i = e_perm[i]."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_permutation"

    def __init__(self, perm: Any, dtype: Any = dtypes.float32, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorPermutation") -> None:
        parameters = dict(perm=perm, dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        self._perm = convert_to_tensor(perm)
        if not self._perm.dtype.is_integer:
            raise TypeError(f"Argument `perm` must be integer dtype. Received: {self._perm._value}.")
        if self._perm.shape.ndims < 1:
            raise ValueError("Argument perm must have at least 1 dimension.  Found: %s" % self._perm)
        if is_non_singular is False:
            raise ValueError("A Permutation operator is always non-singular.")
        if is_square is False:
            raise ValueError("A Permutation operator is always square.")
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, parameters=parameters, name=name)

    @property
    def perm(self) -> Tensor:
        return self._perm

    def _shape(self) -> Any:
        s = self._perm.shape
        return s.concatenate(s[-1:])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return dense_matmul(self, x, adjoint, adjoint_arg)

    def _to_dense(self) -> Tensor:
        from tfshim.ops.array_ops import one_hot

        return one_hot(self._perm, int(self.domain_dimension), dtype=self.dtype)

    def _determinant(self) -> Tensor:
        import numpy as np

        p = self._perm._value.reshape(-1, self._perm._value.shape[-1])
        signs = [np.linalg.det(np.eye(p.shape[-1])[row]) for row in p]
        return convert_to_tensor(np.round(np.asarray(signs)).reshape(self._perm._value.shape[:-1]), dtype=self.dtype)

    def _log_abs_determinant(self) -> Tensor:
        return ops()[0].zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self.matmul(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)
