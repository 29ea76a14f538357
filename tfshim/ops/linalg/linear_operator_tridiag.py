"""tf.linalg.LinearOperatorTridiag (TF: linear_operator_tridiag.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, ops
from tfshim.util.tf_export import tf_export

_FORMATS = ("compact", "matrix", "sequence")


@tf_export("linalg.LinearOperatorTridiag")
class LinearOperatorTridiag(LinearOperator):
    """TF: tf.linalg.LinearOperatorTridiag: matmul by tridiagonal_matmul, solve by tridiagonal_solve."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_tridiag"

    def __init__(self, diagonals: Any, diagonals_format: str = "compact", is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorTridiag") -> None:
        parameters = dict(diagonals=diagonals, diagonals_format=diagonals_format, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        if diagonals_format not in _FORMATS:
            raise ValueError("Argument `diagonals_format` must be one of compact, matrix, or sequence. Received : "
                             f"{diagonals_format}.")
        if diagonals_format == "sequence":
            self._diagonals = [convert_to_tensor(d) for d in diagonals]
            dtype = self._diagonals[0].dtype
        else:
            self._diagonals = convert_to_tensor(diagonals)
            dtype = self._diagonals.dtype
        self._diagonals_format = diagonals_format
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=name)

    @property
    def diagonals(self) -> Any:
        return self._diagonals

    @property
    def diagonals_format(self) -> str:
        return self._diagonals_format

    def _shape(self) -> Any:
        if self._diagonals_format == "matrix":
            return self._diagonals.shape
        if self._diagonals_format == "compact":
            s = self._diagonals.shape
            return s[:-2].concatenate([s[-1], s[-1]])
        s = self._diagonals[1].shape
        return s.concatenate(s[-1:])

    def _compact(self) -> Tensor:
        a_ops = ops()[0]
        if self._diagonals_format == "compact":
            return self._diagonals
        if self._diagonals_format == "sequence":
            return a_ops.stack(self._diagonals, axis=-2)
        from tfshim.ops.linalg_impl import _compact_from_matrix

        return _compact_from_matrix(self._diagonals)

    def _to_dense(self) -> Tensor:
        if self._diagonals_format == "matrix":
            return ops()[1].band_part(self._diagonals, 1, 1)
        from tfshim.ops.linalg_impl import tridiagonal_matmul

        c = self._compact()
        n = int(self.domain_dimension)
        return tridiagonal_matmul(c, ops()[0].eye(n, batch_shape=self.batch_shape.as_list(), dtype=self.dtype))

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        from tfshim.ops.linalg_impl import _transpose_tridiagonal, tridiagonal_matmul

        la, m = ops()[1], ops()[3]
        x = la.adjoint(x) if adjoint_arg else x
        c = self._compact()
        if adjoint:
            c = m.conj(_transpose_tridiagonal(c))
        return tridiagonal_matmul(c, x)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        from tfshim.ops.linalg_impl import _transpose_tridiagonal, tridiagonal_solve

        la, m = ops()[1], ops()[3]
        rhs = la.adjoint(rhs) if adjoint_arg else rhs
        c = self._compact()
        if adjoint:
            c = m.conj(_transpose_tridiagonal(c))
        return tridiagonal_solve(c, rhs)

    def _diag_part(self) -> Tensor:
        return self._compact()[..., 1, :]
