"""tf.linalg.LinearOperatorLowRankUpdate (TF: linear_operator_low_rank_update.py)."""

from __future__ import annotations

from typing import Any

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.linalg.linear_operator import LinearOperator, assert_compatible, matrix_solve_with_broadcast, ops
from tfshim.ops.linalg.linear_operator_full_matrix import as_operand
from tfshim.util.tf_export import tf_export


@tf_export("linalg.LinearOperatorLowRankUpdate")
class LinearOperatorLowRankUpdate(LinearOperator):
    """TF: tf.linalg.LinearOperatorLowRankUpdate, L + U D V^H: matmul term by term, solve and determinant by the
    Woodbury identity and the matrix determinant lemma (through the capacitance D^-1 + V^H L^-1 U), as TF."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_low_rank_update"

    def __init__(self, base_operator: LinearOperator, u: Any, diag_update: Any = None, v: Any = None,
                 is_diag_update_positive: bool | None = None, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool | None = None, name: str = "LinearOperatorLowRankUpdate") -> None:
        from tfshim.ops.linalg.linear_operator_diag import LinearOperatorDiag
        from tfshim.ops.linalg.linear_operator_identity import LinearOperatorIdentity

        parameters = dict(base_operator=base_operator, u=u, diag_update=diag_update, v=v,
                          is_diag_update_positive=is_diag_update_positive, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        dtype = base_operator.dtype
        if diag_update is None:
            if is_diag_update_positive is False:
                raise ValueError("Default diagonal is the identity, which is positive.  However, user set "
                                 "'is_diag_update_positive' to False.")
            is_diag_update_positive = True
        self._use_cholesky = bool(base_operator.is_positive_definite and base_operator.is_self_adjoint
                                  and is_diag_update_positive and v is None)
        if base_operator.is_self_adjoint and v is None and not dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A = L + UDU^H, with L self-adjoint and D real diagonal.  Since UDU^H is "
                                 "self-adjoint, this must be a self-adjoint operator.")
            is_self_adjoint = True
        if self._use_cholesky:
            if is_positive_definite is False or is_self_adjoint is False or is_non_singular is False:
                raise ValueError("Arguments imply this is self-adjoint positive-definite operator.")
            is_positive_definite = True
            is_self_adjoint = True
        self._u = as_operand(u)
        self._v = self._u if v is None else as_operand(v)
        self._diag_update = None if diag_update is None else as_operand(diag_update)
        self._base_operator = base_operator
        super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=name)
        if self._diag_update is not None:
            self._diag_operator: LinearOperator = LinearOperatorDiag(
                self._diag_update, is_positive_definite=is_diag_update_positive)
        else:
            self._diag_operator = LinearOperatorIdentity(num_rows=int(self._u.shape[-1]), dtype=self.dtype)
        self._is_diag_update_positive = is_diag_update_positive
        from tfshim.ops.array_ops import broadcast_static_shape

        uv_shape = broadcast_static_shape(self._u.shape, self._v.shape)
        assert_compatible(base_operator.domain_dimension, uv_shape[-2])
        if self._diag_update is not None:
            assert_compatible(uv_shape[-1], self._diag_update.shape[-1])

    @property
    def u(self) -> Any:
        return self._u

    @property
    def v(self) -> Any:
        return self._v

    @property
    def is_diag_update_positive(self) -> bool | None:
        return self._is_diag_update_positive

    @property
    def diag_update(self) -> Any:
        return self._diag_update

    @property
    def diag_operator(self) -> LinearOperator:
        return self._diag_operator

    @property
    def base_operator(self) -> LinearOperator:
        return self._base_operator

    def _shape(self) -> Any:
        from tfshim.ops.array_ops import broadcast_static_shape

        batch = broadcast_static_shape(self.base_operator.batch_shape, self.diag_operator.batch_shape)
        batch = broadcast_static_shape(batch, self._u.shape[:-2])
        batch = broadcast_static_shape(batch, self._v.shape[:-2])
        return batch.concatenate(self.base_operator.shape[-2:])

    def _uv(self) -> tuple:
        u = convert_to_tensor(self._u)
        return u, u if self._v is self._u else convert_to_tensor(self._v)

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        la = ops()[1]
        u, v = self._uv()
        leading = self.base_operator.matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        if adjoint:
            u, v = v, u
        vh_x = la.matmul(v, x, adjoint_a=True, adjoint_b=adjoint_arg)
        return leading + la.matmul(u, self.diag_operator.matmul(vh_x, adjoint=adjoint))

    def _make_capacitance(self, u: Tensor, v: Tensor) -> Tensor:
        vh_linv_u = ops()[1].matmul(v, self.base_operator.solve(u), adjoint_a=True)
        return self._diag_operator.inverse().add_to_tensor(vh_linv_u)

    def _determinant(self) -> Tensor:
        if self.is_positive_definite:
            return ops()[3].exp(self.log_abs_determinant())
        u, v = self._uv()
        det_c = ops()[1].det(self._make_capacitance(u, v))
        return det_c * self.diag_operator.determinant() * self.base_operator.determinant()

    def _log_abs_determinant(self) -> Tensor:
        la, m = ops()[1], ops()[3]
        u, v = self._uv()
        lad_d = self.diag_operator.log_abs_determinant()
        lad_l = self.base_operator.log_abs_determinant()
        if self._use_cholesky:
            lad_c = 2 * m.reduce_sum(m.log(la.diag_part(la.cholesky(self._make_capacitance(u, v)))), axis=[-1])
        else:
            lad_c = m.log(m.abs(la.det(self._make_capacitance(u, v))))
            if self.dtype.is_complex:
                lad_c = m.cast(lad_c, self.dtype)
        return lad_c + lad_d + lad_l

    def _diag_part(self) -> Tensor:
        m = ops()[3]
        u, v = self._uv()
        product = u * m.conj(v)
        if self._diag_update is not None:
            product *= convert_to_tensor(self._diag_update)[..., None, :]
        return m.reduce_sum(product, axis=-1) + self.base_operator.diag_part()

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        if self.base_operator.is_non_singular is False:
            raise ValueError("Solve not implemented unless this is a perturbation of a non-singular LinearOperator.")
        la, li = ops()[1], ops()[2]
        base = self.base_operator
        u, v = self._uv()
        if adjoint:
            u, v = v, u
        capacitance = self._make_capacitance(u, v)
        linv_rhs = base.solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        vh_linv_rhs = la.matmul(v, linv_rhs, adjoint_a=True)
        if self._use_cholesky:
            cap_solved = li.cholesky_solve(la.cholesky(capacitance), vh_linv_rhs)
        else:
            cap_solved = matrix_solve_with_broadcast(capacitance, vh_linv_rhs, adjoint=adjoint)
        return linv_rhs - base.solve(la.matmul(u, cap_solved), adjoint=adjoint)
