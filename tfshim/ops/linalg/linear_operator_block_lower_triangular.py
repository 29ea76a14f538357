"""tf.linalg.LinearOperatorBlockLowerTriangular (TF: linear_operator_block_lower_triangular.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.linalg.linear_operator import LinearOperator, dense_matmul
from tfshim.ops.linalg.linear_operator_block_diag import block_dense
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorBlockLowerTriangular")
class LinearOperatorBlockLowerTriangular(LinearOperator):
    """TF: tf.linalg.LinearOperatorBlockLowerTriangular: operators[i][j] is block (i, j), j <= i. tfshim computes
    matmul and solve through the dense matrix where TF works blockwise (equal to rounding)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_block_lower_triangular"

    def __init__(self, operators: Any, is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool | None = None,
                 name: str = "LinearOperatorBlockLowerTriangular") -> None:
        parameters = dict(operators=operators, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        operators = [list(row) for row in operators]
        if not operators:
            raise ValueError(f"Argument `operators` must be a list of >=1 operators. Received: {operators}.")
        self._operators = operators
        self._diagonal_operators = [row[-1] for row in operators]
        dtype = operators[0][0].dtype
        for row in operators:
            for operator in row:
                if operator.dtype != dtype:
                    name_type = (str((o.name, o.dtype)) for row in operators for o in row)
                    raise TypeError("Expected all operators to have the same dtype.  Found %s" % "   ".join(name_type))
        if all(op.is_non_singular for op in self._diagonal_operators):
            if is_non_singular is False:
                raise ValueError("A blockwise lower-triangular operator with non-singular operators on the main "
                                 "diagonal is always non-singular. Expected argument `is_non_singular` to be True. "
                                 f"Received: {is_non_singular}.")
            is_non_singular = True
        elif any(op.is_non_singular is False for op in self._diagonal_operators):
            if is_non_singular is True:
                raise ValueError("A blockwise lower-triangular operator with a singular operator on the main "
                                 "diagonal is always singular. Expected argument `is_non_singular` to be True. "
                                 f"Received: {is_non_singular}.")
            is_non_singular = False
        else:
            is_non_singular = None
        for i, row in enumerate(operators):
            if len(row) != i + 1:
                raise ValueError(f"Argument `operators[{i}]` must contain `{i + 1}` blocks. "
                                 f"Received: {len(row)} blocks.")
        for i in range(1, len(operators)):
            for j in range(i):
                op, above, right = operators[i][j], operators[i - 1][j], operators[i][j + 1]
                if op.domain_dimension != above.domain_dimension:
                    raise ValueError(f"Argument `operators[{i}][{j}].domain_dimension` ({op.domain_dimension}) must "
                                     f"be the same as `operators[{i-1}][{j}].domain_dimension` "
                                     f"({above.domain_dimension}).")
                if op.range_dimension != right.range_dimension:
                    raise ValueError(f"Argument `operators[{i}][{j}].range_dimension` ({op.range_dimension}) must be "
                                     f"the same as `operators[{i}][{j + 1}].range_dimension` "
                                     f"({right.range_dimension}).")
        if is_square is False:
            raise ValueError("`LinearOperatorBlockLowerTriangular` must be square. Expected argument `is_square` to "
                             f"be True. Received: {is_square}.")
        for i, op in enumerate(self._diagonal_operators):
            if op.is_square is False:
                raise ValueError("Matrices on the diagonal (the final elements of each row-partition in the "
                                 "`operators` list) must be square. Expected argument "
                                 f"`operators[{i}][-1].is_square` to be True. Received: {op.is_square}.")
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, parameters=parameters, name=name)

    @property
    def operators(self) -> list:
        return self._operators

    def _shape(self) -> TensorShape:
        from tfshim.ops.array_ops import broadcast_static_shape

        n = sum(int(o.domain_dimension) for o in self._diagonal_operators)
        batch = self.operators[0][0].batch_shape
        for row in self.operators:
            for o in row:
                batch = broadcast_static_shape(batch, o.batch_shape)
        return batch.concatenate([n, n])

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return dense_matmul(self, x, adjoint, adjoint_arg)

    def _to_dense(self) -> Tensor:
        n = len(self.operators)
        rows = [[self.operators[i][j].to_dense() if j <= i else None for j in range(n)] for i in range(n)]
        return block_dense(rows, self.dtype)

    def _determinant(self) -> Tensor:
        result = self._diagonal_operators[0].determinant()
        for o in self._diagonal_operators[1:]:
            result *= o.determinant()
        return result

    def _log_abs_determinant(self) -> Tensor:
        result = self._diagonal_operators[0].log_abs_determinant()
        for o in self._diagonal_operators[1:]:
            result += o.log_abs_determinant()
        return result
