"""Grayscale morphology: tf.nn.dilation2d and tf.nn.erosion2d (TF: nn_ops.py, kernels/morphological_ops.cc).

Dilation2D is a max-plus convolution: out[b, y, x, c] = max over filter taps (dy, dx) of
input[b, y*sy + dy*ry - pad_top, x*sx + dx*rx - pad_left, c] + filter[dy, dx, c], taps outside the input
skipped (a window with none gives T's lowest value). Its gradients send each output's gradient to the first
tap with the strictly largest sum (row-major), as TF's kernels do. Erosion is dilation by duality:
-dilation2d(-x, reverse(filter)).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops, math_ops
from tfshim.ops.array_ops import _dims
from tfshim.ops.nn_ops import _out_and_pad
from tfshim.ops.op import KernelError, defop, op_def, tf_export


def _lowest(dtype: np.dtype) -> Any:
    return np.finfo(dtype).min if dtype.kind == "f" else np.iinfo(dtype).min


def _geometry(x: np.ndarray, f: np.ndarray, strides: tuple, rates: tuple, padding: str) -> tuple:
    if x.ndim != 4:
        raise KernelError(errors.InvalidArgumentError, f"input must be 4-dimensional{_dims(x.shape)}")
    if f.ndim != 3:
        raise KernelError(errors.InvalidArgumentError, f"filter must be 3-dimensional: {_dims(f.shape)}")
    if x.shape[3] != f.shape[2]:
        raise KernelError(errors.InvalidArgumentError, "input and filter must have the same depth: %d vs %d"
                          % (x.shape[3], f.shape[2]))
    sizes = []
    for n, k, s, r in zip(x.shape[1:3], f.shape[:2], strides, rates):
        eff = (k - 1) * r + 1
        if padding == "VALID" and n - eff + s < 0:
            raise KernelError(errors.InvalidArgumentError, "Computed output size would be negative: %d [input_size: "
                              "%d, effective_filter_size: %d, stride: %d]" % ((n - eff + s) // s, n, eff, s))
        sizes.append(_out_and_pad(n, k, s, r, padding))
    return sizes


def _taps(x: np.ndarray, f: np.ndarray, strides: tuple, rates: tuple, padding: str) -> Any:
    """Yields (dy, dx, rows, cols, valid, value) per filter tap: the input position each output reads, whether it
    is inside the input, and input + filter there."""
    (oh, pt, _), (ow, pl, _) = _geometry(x, f, strides, rates, padding)
    ys = np.arange(oh) * strides[0] - pt
    xs = np.arange(ow) * strides[1] - pl
    for dy in range(f.shape[0]):
        rows = ys + dy * rates[0]
        for dx in range(f.shape[1]):
            cols = xs + dx * rates[1]
            valid = ((rows >= 0) & (rows < x.shape[1]))[:, None] & ((cols >= 0) & (cols < x.shape[2]))[None, :]
            r, c = np.clip(rows, 0, x.shape[1] - 1), np.clip(cols, 0, x.shape[2] - 1)
            with np.errstate(all="ignore"):
                val = x[:, r][:, :, c] + f[dy, dx]
            yield dy, dx, r, c, valid[None, :, :, None], val


def _dilation_kernel(x: np.ndarray, f: np.ndarray, strides: tuple, rates: tuple, padding: str) -> Any:
    (oh, _, _), (ow, _, _) = _geometry(x, f, strides, rates, padding)
    out = np.full((x.shape[0], oh, ow, x.shape[3]), _lowest(x.dtype), x.dtype)
    for _, _, _, _, valid, val in _taps(x, f, strides, rates, padding):
        np.copyto(out, val, where=valid & (val > out))
    return out


def _argmax_taps(x: np.ndarray, f: np.ndarray, strides: tuple, rates: tuple, padding: str) -> tuple:
    """Per output: (input row, input col, filter row, filter col) of the first strictly largest sum. With none
    (NaN sums, or all at T's lowest) TF keeps its start values: the window's first in-bounds input position and
    filter tap (0, 0)."""
    (oh, pt, _), (ow, pl, _) = _geometry(x, f, strides, rates, padding)
    shape = (x.shape[0], oh, ow, x.shape[3])
    cur = np.full(shape, _lowest(x.dtype), x.dtype)
    hy = np.broadcast_to(np.maximum(np.arange(oh) * strides[0] - pt, 0)[None, :, None, None], shape).copy()
    hx = np.broadcast_to(np.maximum(np.arange(ow) * strides[1] - pl, 0)[None, None, :, None], shape).copy()
    fy, fx = np.zeros(shape, np.intp), np.zeros(shape, np.intp)
    for dy, dx, r, c, valid, val in _taps(x, f, strides, rates, padding):
        better = valid & (val > cur)
        np.copyto(cur, val, where=better)
        np.copyto(hy, np.broadcast_to(r[None, :, None, None], shape), where=better)
        np.copyto(hx, np.broadcast_to(c[None, None, :, None], shape), where=better)
        fy[better], fx[better] = dy, dx
    return hy, hx, fy, fx


def _dilation_backprop_input_kernel(x: np.ndarray, f: np.ndarray, g: np.ndarray, strides: tuple, rates: tuple,
                                    padding: str) -> Any:
    hy, hx, _, _ = _argmax_taps(x, f, strides, rates, padding)
    b, _, _, c = np.indices(g.shape)
    out = np.zeros_like(x)
    with np.errstate(all="ignore"):
        np.add.at(out, (b, hy, hx, c), g)
    return out


def _dilation_backprop_filter_kernel(x: np.ndarray, f: np.ndarray, g: np.ndarray, strides: tuple, rates: tuple,
                                     padding: str) -> Any:
    _, _, fy, fx = _argmax_taps(x, f, strides, rates, padding)
    c = np.indices(g.shape)[3]
    out = np.zeros_like(f)
    with np.errstate(all="ignore"):
        np.add.at(out, (fy, fx, c), g)
    return out


Dilation2D = defop("Dilation2D", _dilation_kernel)
Dilation2DBackpropInput = defop("Dilation2DBackpropInput", _dilation_backprop_input_kernel)
Dilation2DBackpropFilter = defop("Dilation2DBackpropFilter", _dilation_backprop_filter_kernel)


@Dilation2D.gradient
def _dilation2d_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (dilation2d_backprop_input, dilation2d_backprop_filter): grad at each output's argmax tap."""
    x, f = op.inputs
    a = {k: op.get_attr(k) for k in ("strides", "rates", "padding")}
    return Dilation2DBackpropInput(x, f, grad, **a), Dilation2DBackpropFilter(x, f, grad, **a)


def _attr_error(message: str) -> errors.InvalidArgumentError:
    return errors.InvalidArgumentError(None, None, "%s\n\t; NodeDef: {{node Dilation2D}}; %s [Op:Dilation2D] name: "
                                       % (message, op_def("Dilation2D")[0]))  # type: ignore[index]


def _dilation2d(x: Any, f: Any, strides: Any, rates: Any, padding: Any) -> Tensor:
    """TF's generated dilation2d: its attrs (eager_attrs.op_attrs), its inputs, the NodeDef's attr checks."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.eager_attrs import op_attrs

    attrs = op_attrs("dilation2d", (x, f), ("ints", "strides", strides), ("ints", "rates", rates),
                     ("str", "padding", padding), matching=True)
    s, r, padding = attrs
    x, f = match_inputs([x, f])
    try:
        Dilation2D.check(x, f)
        for arg, v in (("strides", s), ("rates", r)):
            if len(v) < 4:
                raise _attr_error(f"Length for attr '{arg}' of {len(v)} must be at least minimum 4")
        if padding not in ("SAME", "VALID"):
            raise _attr_error('Value for attr \'padding\' of "%s" is not in the list of allowed values: "SAME", '
                              '"VALID"' % padding)
        for v, what in ((s, "Stride"), (r, "Rate")):
            if v[0] != 1 or v[3] != 1:
                raise errors.UnimplementedError(None, None, (
                    "{{function_node __wrapped__Dilation2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
                    f"{what} is only supported across spatial dimensions. [Op:Dilation2D] name: "))
        return Dilation2D(x, f, strides=(s[1], s[2]), rates=(r[1], r[2]), padding=padding)
    except errors.OpError as e:
        raise attrs.as_called(e) from None


def _check_format(data_format: Any) -> None:
    if data_format != "NHWC":
        raise ValueError("`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")


@tf_export("nn.dilation2d")
def dilation2d(input: Any, filters: Any, strides: Any, padding: Any, data_format: Any, dilations: Any,  # noqa: A002
               name: Any = None) -> Tensor:
    """TF: tf.nn.dilation2d (Dilation2D): the max over filter taps of input + filter, NHWC only."""
    _check_format(data_format)
    return _dilation2d(input, filters, strides, dilations, padding)


@tf_export("nn.erosion2d")
def erosion2d(value: Any, filters: Any, strides: Any, padding: Any, data_format: Any, dilations: Any,
              name: Any = None) -> Tensor:
    """TF: tf.nn.erosion2d = -dilation2d(-value, reverse(filters, [0, 1]))."""
    _check_format(data_format)
    x, f = convert_to_tensor(value), convert_to_tensor(filters)
    return math_ops.negative(_dilation2d(math_ops.negative(x), array_ops.reverse(f, [0, 1]), strides, dilations,
                                         padding))
