"""tf.roll (TF: manip_ops.py, the Roll kernel and its gradient from manip_grad.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import KernelError, as_called, check_attr, defop, error_suffix, tf_export


def _roll_kernel(x: np.ndarray, shift: np.ndarray, axis: np.ndarray) -> Any:
    if x.ndim < 1:
        raise KernelError(errors.InvalidArgumentError, "input must be 1-D or higher")
    if shift.ndim > 1:
        raise KernelError(errors.InvalidArgumentError, "shift must be a scalar or a 1-D vector. Found: %s"
                          % "[" + ",".join(map(str, shift.shape)) + "]")
    if axis.ndim > 1:
        raise KernelError(errors.InvalidArgumentError, "axis must be a scalar or a 1-D vector. Found: %s"
                          % "[" + ",".join(map(str, axis.shape)) + "]")
    shifts, axes = shift.reshape(-1), axis.reshape(-1)
    if shifts.size != axes.size:
        raise KernelError(errors.InvalidArgumentError, "shift and axis must have the same size")
    total = [0] * x.ndim
    for s, a in zip(shifts.tolist(), axes.tolist()):
        ax = a + x.ndim if a < 0 else a
        if not 0 <= ax < x.ndim:
            raise KernelError(errors.InvalidArgumentError, "axis %d is out of range" % a)
        total[ax] += s  # TF adds the shifts given for one axis
    out = x
    for ax, s in enumerate(total):
        if s and x.shape[ax]:
            out = np.roll(out, s % x.shape[ax], axis=ax)
    return out if out is not x else x.copy()


Roll = defop("Roll", _roll_kernel)


@Roll.gradient
def _roll_grad(op: Any, grad: Tensor) -> tuple:
    """Returns roll(grad, -shift, axis)."""
    shift, axis = op.inputs[1], op.inputs[2]
    return Roll(grad, convert_to_tensor(-shift._value), axis), None, None


@tf_export("roll", "manip.roll")
def roll(input: Any, shift: Any, axis: Any, name: Any = None) -> Tensor:  # noqa: A002 - TF's name
    """TF: tf.roll: elements shifted along `axis` (several axes: one shift each, summed per axis)."""
    raw = (input, shift, axis)
    x, s, a = (v if isinstance(v, Tensor) else convert_to_tensor(v) for v in raw)
    suffix = error_suffix(raw)
    try:
        check_attr("Roll", s, "Tshift", suffix)
        check_attr("Roll", a, "Taxis", suffix)
        return Roll(x, s, a)
    except errors.OpError as e:
        raise as_called(e, raw) from None
