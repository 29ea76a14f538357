"""tf.linalg.experimental.conjugate_gradient (TF: python/ops/linalg/sparse/conjugate_gradient.py)."""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.util.tf_export import tf_export

CGState = collections.namedtuple("CGState", ["i", "x", "r", "p", "gamma"])


@tf_export("linalg.experimental.conjugate_gradient")
def conjugate_gradient(operator: Any, rhs: Any, preconditioner: Any = None, x: Any = None, tol: Any = 1e-5,
                       max_iter: int = 20, name: str = "conjugate_gradient") -> CGState:
    """TF: tf.linalg.experimental.conjugate_gradient: solves operator @ x = rhs for a self-adjoint positive-definite
    operator, iterating while some residual norm exceeds tol * |rhs| (at most max_iter steps), as TF's loop."""
    from tfshim.ops import array_ops, linalg_ops, math_ops

    if not (operator.is_self_adjoint and operator.is_positive_definite):
        raise ValueError("Expected a self-adjoint, positive definite operator.")
    rhs = convert_to_tensor(rhs)

    def dot(a: Tensor, b: Tensor) -> Tensor:
        return array_ops.squeeze(linalg_ops.matvec(a[..., None], b, adjoint_a=True), axis=-1)

    batch = np.broadcast_shapes(tuple(rhs.shape.as_list()[:-1]), tuple(operator.batch_shape.as_list()))
    if preconditioner is not None:
        batch = np.broadcast_shapes(batch, tuple(preconditioner.batch_shape.as_list()))
    rhs_shape = list(batch) + [rhs.shape.as_list()[-1]]
    r0 = array_ops.broadcast_to(rhs, rhs_shape)
    tol = tol * math_ops.norm(r0, axis=-1)
    if x is None:
        x = array_ops.zeros(rhs_shape, dtype=rhs.dtype.base_dtype)
    else:
        r0 = rhs - linalg_ops.matvec(operator, x)
    p0 = r0 if preconditioner is None else linalg_ops.matvec(preconditioner, r0)
    i = convert_to_tensor(0, dtype=dtypes.int32)
    state = CGState(i=i, x=x, r=r0, p=p0, gamma=dot(r0, p0))
    while bool(math_ops.logical_and(i < max_iter,
                                    math_ops.reduce_any(math_ops.norm(state.r, axis=-1) > tol))._value):
        z = linalg_ops.matvec(operator, state.p)
        alpha = state.gamma / dot(state.p, z)
        x = state.x + alpha[..., None] * state.p
        r = state.r - alpha[..., None] * z
        q = r if preconditioner is None else preconditioner.matvec(r)
        gamma = dot(r, q)
        p = q + (gamma / state.gamma)[..., None] * state.p
        i = i + 1
        state = CGState(i, x, r, p, gamma)
    return state
