"""tf.linalg.LinearOperatorBlockDiag (TF: linear_operator_block_diag.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.linalg.linear_operator import LinearOperator, ops, static_shape
from tfshim.util.tf_export import tf_export


def block_dense(rows: list, dtype: Any) -> Tensor:
    """The dense matrix of a grid of dense blocks (None = zeros), batch dimensions broadcast."""
    import numpy as np

    a_ops = ops()[0]
    batch: tuple = ()
    for row in rows:
        for b in row:
            if b is not None:
                batch = np.broadcast_shapes(batch, tuple(static_shape(b)[:-2]))
    heights = [next(static_shape(b)[-2] for b in row if b is not None) for row in rows]
    widths = [next(static_shape(rows[i][j])[-1] for i in range(len(rows)) if rows[i][j] is not None)
              for j in range(len(rows[0]))]
    out_rows = []
    for i, row in enumerate(rows):
        parts = []
        for j, b in enumerate(row):
            shape = list(batch) + [heights[i], widths[j]]
            parts.append(a_ops.zeros(shape, dtype=dtype) if b is None else a_ops.broadcast_to(b, shape))
        out_rows.append(a_ops.concat(parts, axis=-1))
    return a_ops.concat(out_rows, axis=-2)


@tf_export("linalg.LinearOperatorBlockDiag")
class LinearOperatorBlockDiag(LinearOperator):
    """TF: tf.linalg.LinearOperatorBlockDiag, the direct sum of square operators (blocks on the diagonal)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_block_diag"

    def __init__(self, operators: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool = True, name: str | None = None) -> None:
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
        if all(o.is_non_singular for o in operators):
            if is_non_singular is False:
                raise ValueError("The direct sum of non-singular operators is always non-singular.")
            is_non_singular = True
        if all(o.is_self_adjoint for o in operators):
            if is_self_adjoint is False:
                raise ValueError("The direct sum of self-adjoint operators is always self-adjoint.")
            is_self_adjoint = True
        if all(o.is_positive_definite for o in operators):
            if is_positive_definite is False:
                raise ValueError("The direct sum of positive definite operators is always positive definite.")
            is_positive_definite = True
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name="_ds_".join(o.name for o in operators) if name is None else name)

    @property
    def operators(self) -> list:
        return self._operators

    def _shape(self) -> TensorShape:
        from tfshim.ops.array_ops import broadcast_static_shape

        rows = sum(int(o.range_dimension) for o in self.operators)
        cols = sum(int(o.domain_dimension) for o in self.operators)
        batch = self.operators[0].batch_shape
        for o in self.operators[1:]:
            batch = broadcast_static_shape(batch, o.batch_shape)
        return batch.concatenate([rows, cols])

    def _linop_adjoint(self) -> LinearOperator:
        return LinearOperatorBlockDiag([o.adjoint() for o in self.operators], is_non_singular=self.is_non_singular,
                                       is_self_adjoint=self.is_self_adjoint,
                                       is_positive_definite=self.is_positive_definite, is_square=True)

    def _linop_inverse(self) -> LinearOperator:
        return LinearOperatorBlockDiag([o.inverse() for o in self.operators], is_non_singular=self.is_non_singular,
                                       is_self_adjoint=self.is_self_adjoint,
                                       is_positive_definite=self.is_positive_definite, is_square=True)

    def _linop_cholesky(self) -> LinearOperator:
        return LinearOperatorBlockDiag([o.cholesky() for o in self.operators], is_non_singular=True,
                                       is_self_adjoint=None, is_square=True)

    def _blockwise(self, x: Tensor, method: str, adjoint: bool, adjoint_arg: bool) -> Tensor:
        """Applies each block's `method` to its slice of rows of x (TF splits x the same way)."""
        a_ops, la = ops()[0], ops()[1]
        x = la.adjoint(x) if adjoint_arg else x
        dims = [int(o.range_dimension if adjoint else o.domain_dimension) for o in self.operators]
        parts = a_ops.split(x, dims, axis=-2)
        results = [getattr(o, method)(p, adjoint=adjoint) for o, p in zip(self.operators, parts)]
        batch: tuple = ()
        import numpy as np

        for r in results:
            batch = np.broadcast_shapes(batch, tuple(static_shape(r)[:-2]))
        results = [a_ops.broadcast_to(r, list(batch) + static_shape(r)[-2:]) for r in results]
        return a_ops.concat(results, axis=-2)

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self._blockwise(x, "matmul", adjoint, adjoint_arg)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self._blockwise(rhs, "solve", adjoint, adjoint_arg)

    def _determinant(self) -> Tensor:
        result = self.operators[0].determinant()
        for o in self.operators[1:]:
            result *= o.determinant()
        return result

    def _log_abs_determinant(self) -> Tensor:
        result = self.operators[0].log_abs_determinant()
        for o in self.operators[1:]:
            result += o.log_abs_determinant()
        return result

    def _trace(self) -> Tensor:
        result = self.operators[0].trace()
        for o in self.operators[1:]:
            result += o.trace()
        return result

    def _diag_part(self) -> Tensor:
        return ops()[0].concat([o.diag_part() for o in self.operators], axis=-1)

    def _to_dense(self) -> Tensor:
        n = len(self.operators)
        rows = [[o.to_dense() if i == j else None for j, o in enumerate(self.operators)] for i in range(n)]
        return block_dense(rows, self.dtype)

    def _eigvals(self) -> Tensor:
        return ops()[0].concat([o.eigvals() for o in self.operators], axis=-1)
