"""3-D convolution and pooling: tf.nn.conv3d, conv3d_transpose, max_pool3d, avg_pool3d (TF: nn_ops.py, the
Conv3D / MaxPool3D / AvgPool3D kernels, nn_grad.py).

The kernels are written for any number of spatial dimensions over channels-last data (NDHWC); NCDHW is
transposed to it and back. Conv3D is im2col and one GEMM: TF runs oneDNN, whose float32 summation order can
differ in the last bit (as for conv2d, compat/DIFFERENCES.md); integer-valued data is exact.
MaxPool3DGrad is TF's Eigen kernel: every input within 1e-5 of its window's maximum receives that window's
gradient (2-D MaxPoolGrad sends it to the first maximum only).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops
from tfshim.ops.array_ops import kernel_error
from tfshim.ops.nn_ops import _gemm, _out_and_pad
from tfshim.ops.op import (
    KernelError,
    as_called,
    check_kernel,
    check_type_attr,
    defop,
    error_suffix,
    op_def,
    raise_op_error,
    tf_export,
)

_SPATIAL = 3


# ----- geometry shared by convolution and pooling ---------------------------------------------------


def _geometry(xshape: tuple, ksize: tuple, strides: tuple, dilations: tuple, padding: str) -> tuple:
    """(output spatial sizes, np.pad widths) of a channels-last input, TF's GetWindowedOutputSize per dimension."""
    outs, pads = [], [(0, 0)]
    for n, k, s, d in zip(xshape[1:-1], ksize, strides, dilations):
        o, before, after = _out_and_pad(n, k, s, d, padding)
        outs.append(o)
        pads.append((before, after))
    return tuple(outs), pads + [(0, 0)]


def _windows(xp: np.ndarray, outs: tuple, ksize: tuple, strides: tuple, dilations: tuple) -> np.ndarray:
    """A strided view [N, O1..Ok, K1..Kk, C] of the padded input's windows."""
    st = xp.strides
    sp = st[1:-1]
    shape = (xp.shape[0],) + tuple(outs) + tuple(ksize) + (xp.shape[-1],)
    strides_ = (st[0],) + tuple(a * s for a, s in zip(sp, strides)) + tuple(a * d for a, d in zip(sp, dilations)) \
        + (st[-1],)
    return np.lib.stride_tricks.as_strided(xp, shape, strides_, writeable=False)


def _tap_slices(tap: tuple, outs: tuple, strides: tuple, dilations: tuple) -> tuple:
    """The slice of the padded input that filter tap `tap` reads for every output position."""
    return (slice(None),) + tuple(slice(t * d, t * d + (o - 1) * s + 1, s)
                                  for t, o, s, d in zip(tap, outs, strides, dilations))


def _unpad(xp: np.ndarray, pads: list, shape: tuple) -> np.ndarray:
    return xp[(slice(None),) + tuple(slice(p[0], p[0] + n) for p, n in zip(pads[1:-1], shape[1:-1]))]


# ----- Conv3D --------------------------------------------------------------------------------------


def _conv_kernel(x: np.ndarray, f: np.ndarray, strides: tuple, dilations: tuple, padding: str) -> Any:
    k = "__MklNativeConv3D"
    if x.ndim != 5:
        raise kernel_error(k, f"input must be 5-dimensional{list(x.shape)}".replace(", ", ","))
    if f.ndim != 5:
        raise kernel_error(k, f"filter must be 5-dimensional: {list(f.shape)}".replace(", ", ","))
    if x.shape[-1] != f.shape[-2]:
        raise kernel_error(k, "input and filter must have the same depth: %d vs %d" % (x.shape[-1], f.shape[-2]))
    ksize, cin, cout = f.shape[:-2], f.shape[-2], f.shape[-1]
    outs, pads = _geometry(x.shape, ksize, strides, dilations, padding)
    xp = np.pad(x, pads)
    cols = _windows(xp, outs, ksize, strides, dilations).reshape(-1, int(np.prod(ksize)) * cin)
    return _gemm(cols, f.reshape(-1, cout)).reshape((x.shape[0],) + outs + (cout,))


def _conv_backprop_input_kernel(f: np.ndarray, g: np.ndarray, input_sizes: tuple, strides: tuple,
                                dilations: tuple, padding: str) -> Any:
    if input_sizes[-1] != f.shape[-2]:
        raise kernel_error("__MklNativeConv3DBackpropInputV2", "input and filter must have the same depth: %d vs %d"
                           % (input_sizes[-1], f.shape[-2]), suffix="")
    ksize, cin, cout = f.shape[:-2], f.shape[-2], f.shape[-1]
    outs, pads = _geometry(input_sizes, ksize, strides, dilations, padding)
    if tuple(g.shape[1:-1]) != outs or g.shape[0] != input_sizes[0] or g.shape[-1] != cout:
        raise KernelError(errors.InvalidArgumentError, "Conv3DBackpropInputOpV2: out_backprop dimensions do not "
                          "match the input and filter (expected %s)" % list(outs))
    dxp = np.zeros((input_sizes[0],) + tuple(n + p[0] + p[1] for n, p in zip(input_sizes[1:-1], pads[1:-1]))
                   + (cin,), g.dtype)
    dcols = _gemm(g.reshape(-1, cout), f.reshape(-1, cout).T).reshape(g.shape[:-1] + tuple(ksize) + (cin,))
    nd = len(ksize)
    with np.errstate(all="ignore"):
        for tap in np.ndindex(*ksize):  # one strided add per filter tap
            dxp[_tap_slices(tap, outs, strides, dilations)] += dcols[(slice(None),) * (nd + 1) + tap]
    return _unpad(dxp, pads, input_sizes)


def _conv_backprop_filter_kernel(x: np.ndarray, g: np.ndarray, filter_sizes: tuple, strides: tuple,
                                 dilations: tuple, padding: str) -> Any:
    ksize, cin, cout = filter_sizes[:-2], filter_sizes[-2], filter_sizes[-1]
    outs, pads = _geometry(x.shape, ksize, strides, dilations, padding)
    xp = np.pad(x, pads)
    cols = _windows(xp, outs, ksize, strides, dilations).reshape(-1, int(np.prod(ksize)) * cin)
    return _gemm(cols.T, g.reshape(-1, cout)).reshape(filter_sizes)


Conv3D = defop("Conv3D", _conv_kernel)
Conv3DBackpropInputV2 = defop("Conv3DBackpropInputV2", _conv_backprop_input_kernel)
Conv3DBackpropFilterV2 = defop("Conv3DBackpropFilterV2", _conv_backprop_filter_kernel)


def _conv_attrs(op: Any) -> dict:
    return {k: op.get_attr(k) for k in ("strides", "dilations", "padding")}


@Conv3D.gradient
def _conv3d_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (conv3d_backprop_input(filter, grad), conv3d_backprop_filter(input, grad))."""
    x, f = op.inputs
    a = _conv_attrs(op)
    skip = op.skip_input_indices
    return (None if 0 in skip else Conv3DBackpropInputV2(f, grad, input_sizes=x._value.shape, **a),
            None if 1 in skip else Conv3DBackpropFilterV2(x, grad, filter_sizes=f._value.shape, **a))


@Conv3DBackpropInputV2.gradient
def _conv3d_backprop_input_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (conv3d_backprop_filter(grad, out_backprop), conv3d(grad, filter))."""
    f, g = op.inputs
    a = _conv_attrs(op)
    return Conv3DBackpropFilterV2(grad, g, filter_sizes=f._value.shape, **a), Conv3D(grad, f, **a)


@Conv3DBackpropFilterV2.gradient
def _conv3d_backprop_filter_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (conv3d_backprop_input(grad, out_backprop), conv3d(input, grad))."""
    x, g = op.inputs
    a = _conv_attrs(op)
    return Conv3DBackpropInputV2(grad, g, input_sizes=x._value.shape, **a), Conv3D(x, grad, **a)


# ----- argument handling (TF: nn_ops._get_sequence and the ops' attr checks) ------------------------


def _attr_error(node: str, op_name: str, message: str) -> errors.InvalidArgumentError:
    return errors.InvalidArgumentError(None, None, "%s\n\t; NodeDef: {{node %s}}; %s [Op:%s] name: "
                                       % (message, node, op_def(node)[0], op_name))  # type: ignore[index]


def _list_of_ints(value: Any, arg: str, fn: str) -> list:
    """TF's op helper for a list(int) attr: a list, tuple or tensor of ints (checked before the inputs)."""
    from tfshim.ops.op import make_int

    if isinstance(value, Tensor):
        value = value._value.reshape(-1).tolist()
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"Expected list for '{arg}' argument to '{fn}' Op, not {value!r}.")
    return [make_int(v, arg) if v is not None else _raise_int(v, arg) for v in value]


def _raise_int(v: Any, arg: str) -> int:
    raise TypeError("Expected int for argument '%s' not %r." % (arg, v))


def _list_attr(value: list, arg: str, node: str, op_name: str) -> list:
    """A list(int) attr of at least 5 (TF's OpDef minimum)."""
    if len(value) < 5:
        raise _attr_error(node, op_name, f"Length for attr '{arg}' of {len(value)} must be at least minimum 5")
    return value


def _sequence(value: Any, channels_first: bool, name: str) -> list:
    """TF: nn_ops._get_sequence(value, 3, channel_index, name) (its items as given: the op's attrs check them)."""
    from tfshim.ops.nn_ops import _get_sequence

    return _get_sequence(value, 3, name, 1 if channels_first else 4)


def _check_padding(padding: Any, node: str, op_name: str) -> str:
    if not isinstance(padding, str):
        raise TypeError("Expected string for argument 'padding' not %r." % (padding,))
    if padding not in ("SAME", "VALID"):
        raise _attr_error(node, op_name, 'Value for attr \'padding\' of "%s" is not in the list of allowed values: '
                          '"SAME", "VALID"' % padding)
    return padding


def _check_format(data_format: Any, node: str, op_name: str) -> bool:
    """Whether the data is channels-first (NCDHW)."""
    if data_format not in ("NDHWC", "NCDHW"):
        raise _attr_error(node, op_name, 'Value for attr \'data_format\' of "%s" is not in the list of allowed '
                          'values: "NDHWC", "NCDHW"' % data_format)
    return data_format == "NCDHW"


def _to_last(x: Tensor) -> Tensor:
    return array_ops.transpose(x, [0, 2, 3, 4, 1])


def _to_first(x: Tensor) -> Tensor:
    return array_ops.transpose(x, [0, 4, 1, 2, 3])


def _spatial(v: list, channels_first: bool) -> tuple:
    return tuple(v[2:]) if channels_first else tuple(v[1:-1])


def _outer(v: list, channels_first: bool) -> tuple:
    return (v[0], v[1]) if channels_first else (v[0], v[-1])


@tf_export("nn.conv3d")
def conv3d(input: Any, filters: Any, strides: Any, padding: Any, data_format: str = "NDHWC",  # noqa: A002
           dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.conv3d (Conv3D); strides and dilations are lists of 5."""
    # TF's op helper checks the attrs' Python types before it converts the inputs
    s_list = _list_of_ints(strides, "strides", "conv3d")
    if not isinstance(padding, str):
        raise TypeError("Expected string for argument 'padding' not %r." % (padding,))
    d_list = _list_of_ints([1] * 5 if dilations is None else dilations, "dilations", "conv3d")
    x, f = convert_to_tensor(input), convert_to_tensor(filters)
    Conv3D.check(x)
    node = "_MklNativeConv3D"
    if f._dtype is not x._dtype:
        raise errors.InvalidArgumentError(None, None, (
            f"cannot compute {node} as input #1(zero-based) was expected to be a {x._dtype._cname} tensor but is a "
            f"{f._dtype._cname} tensor [Op:Conv3D] name: "))
    s = _list_attr(s_list, "strides", node, "Conv3D")
    d = _list_attr(d_list, "dilations", node, "Conv3D")
    padding = _check_padding(padding, node, "Conv3D")
    first = _check_format(data_format, node, "Conv3D")
    if _outer(s, first) != (1, 1):
        raise_op_error("Conv3D", KernelError(errors.UnimplementedError, "Current implementation does not yet support "
                                             "strides in the batch and depth dimensions."), "__MklNativeConv3D")
    if first:
        x = _to_last(x)
    out = Conv3D(x, f, strides=_spatial(s, first), dilations=_spatial(d, first), padding=padding)
    return _to_first(out) if first else out


@tf_export("nn.conv3d_transpose")
def conv3d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any, padding: str = "SAME",  # noqa: A002
                     data_format: str = "NDHWC", dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.conv3d_transpose = conv3d_backprop_input_v2(output_shape, filters, input)."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.eager_attrs import op_attrs

    data_format = data_format or "NDHWC"
    first = data_format.startswith("NC")
    s = _sequence(strides, first, "strides")
    d = _sequence(dilations, first, "dilations")
    attrs = op_attrs("conv3d_backprop_input_v2", (output_shape, filters, input), ("ints", "strides", s),
                     ("str", "padding", padding), ("str", "data_format", data_format, "NDHWC"),
                     ("ints", "dilations", d, [1, 1, 1, 1, 1]))
    s, padding, data_format, d = attrs
    f, x = match_inputs([filters, input])
    if attrs.slow:  # TF's fallback converts input_sizes before running the op
        match_inputs([output_shape], default=dtypes.int32)
    node = "_MklNativeConv3DBackpropInputV2"
    Conv3DBackpropInputV2.check(f, x)
    padding = _check_padding(padding, node, "Conv3DBackpropInputV2")
    _check_format(data_format, node, "Conv3DBackpropInputV2")
    raw = (input, filters, output_shape)
    if not isinstance(output_shape, (list, tuple, np.ndarray)):  # a tensor or variable: its dtype is the Tshape attr
        output_shape = convert_to_tensor(output_shape)
        check_type_attr("Conv3DBackpropInputV2", output_shape._dtype, "Tshape", suffix=error_suffix(raw))
    sizes = np.asarray(output_shape._value if isinstance(output_shape, Tensor) else output_shape)
    shape = [int(v) for v in sizes.reshape(-1)]
    kernel = "__MklNativeConv3DBackpropInputV2"
    if sizes.ndim != 1 or len(shape) not in (4, 5):
        raise as_called(_kernel_op_error(kernel_error(kernel, "input_sizes must be 4 or 5-dimensional, got: %d"
                                                      % (len(shape) if sizes.ndim else 0))), raw)
    if f._value.ndim != 5:
        raise as_called(_kernel_op_error(kernel_error(kernel, "filter must be 5-dimensional: [%s]" % ",".join(
            str(d) for d in f._value.shape))), raw)
    if len(shape) == 4 or x._value.ndim != 5:
        if shape[-1] != f._value.shape[-2]:
            raise as_called(_kernel_op_error(kernel_error(kernel, "input and filter must have the same depth: %d vs %d"
                                                          % (shape[-1], f._value.shape[-2]))), raw)
        raise _ONEDNN_FAILURE()
    if first:
        x = _to_last(x)
        shape = [shape[0]] + shape[2:] + [shape[1]]
    try:
        out = Conv3DBackpropInputV2(f, x, input_sizes=tuple(shape), strides=_spatial(s, first),
                                    dilations=_spatial(d, first), padding=padding)
    except errors.InvalidArgumentError as e:
        if "out_backprop dimensions" not in e.message:
            raise
        raise _ONEDNN_FAILURE() from None
    return _to_first(out) if first else out


def _kernel_op_error(err: KernelError) -> errors.OpError:
    """The OpError TF raises for a kernel error of Conv3DBackpropInputV2 (before tfshim's kernel runs)."""
    try:
        raise_op_error("Conv3DBackpropInputV2", err, "__MklNativeConv3DBackpropInputV2")
    except errors.OpError as e:
        return e
    raise AssertionError("unreachable")


def _ONEDNN_FAILURE() -> errors.AbortedError:  # noqa: N802
    """TF: oneDNN finds no convolution whose output has the given shape."""
    return errors.AbortedError(None, None, (
            "{{function_node __wrapped____MklNativeConv3DBackpropInputV2_device_/job:localhost/replica:0/task:0/"
            "device:CPU:0}} Operation received an exception:Status: 2, message: could not create a primitive "
            "descriptor for the convolution forward propagation primitive. Run workload with environment variable "
            "ONEDNN_VERBOSE=all to get additional diagnostic information., in file "
            "tensorflow/core/kernels/mkl/mkl_conv_grad_input_ops.cc:546 [Op:Conv3DBackpropInputV2]"))


# ----- MaxPool3D / AvgPool3D -----------------------------------------------------------------------


def _ones(shape: tuple) -> tuple:
    return (1,) * len(shape)


def _max_pool_kernel(x: np.ndarray, ksize: tuple, strides: tuple, padding: str) -> Any:
    outs, pads = _geometry(x.shape, ksize, strides, _ones(ksize), padding)
    low = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    win = _windows(np.pad(x, pads, constant_values=low), outs, ksize, strides, _ones(ksize))
    axes = tuple(range(1 + len(ksize), 1 + 2 * len(ksize)))
    if not win.size:
        return np.zeros((x.shape[0],) + outs + (x.shape[-1],), x.dtype)
    return np.max(win, axis=axes)


def _max_pool_grad_kernel(x: np.ndarray, y: np.ndarray, g: np.ndarray, ksize: tuple, strides: tuple,
                          padding: str) -> Any:
    """TF's Eigen MaxPool3DGrad: grad goes to every input within 1e-5 of its window's maximum,
    |x - max| < 1e-5 computed in T (so an infinite maximum, inf - inf = nan, gets no gradient)."""
    outs, pads = _geometry(x.shape, ksize, strides, _ones(ksize), padding)
    xp = np.pad(x, pads, constant_values=np.nan)  # padding is never near a maximum
    dxp = np.zeros(xp.shape, g.dtype)
    tol = x.dtype.type(1e-5)
    with np.errstate(all="ignore"):
        for tap in np.ndindex(*ksize):
            sl = _tap_slices(tap, outs, strides, _ones(ksize))
            dxp[sl] += np.where(np.abs(xp[sl] - y) < tol, g, g.dtype.type(0))
    return _unpad(dxp, pads, x.shape)


def _first_max_index(x: np.ndarray, ksize: tuple, strides: tuple, padding: str) -> tuple:
    """For each output, the flat index (within the padded input) of its window's first maximum."""
    outs, pads = _geometry(x.shape, ksize, strides, _ones(ksize), padding)
    low = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    xp = np.pad(x, pads, constant_values=low)
    win = _windows(xp, outs, ksize, strides, _ones(ksize))
    nd = len(ksize)
    flat = win.reshape(win.shape[:1 + nd] + (-1, win.shape[-1]))
    k = np.argmax(flat, axis=1 + nd)
    taps = np.unravel_index(k, ksize)
    idx = np.indices(k.shape)
    coords = [idx[0]] + [idx[1 + i] * strides[i] + taps[i] for i in range(nd)] + [idx[-1]]
    return xp, pads, tuple(coords)


def _max_pool_grad_grad_kernel(x: np.ndarray, y: np.ndarray, g: np.ndarray, ksize: tuple, strides: tuple,
                               padding: str) -> Any:
    xp, pads, coords = _first_max_index(x, ksize, strides, padding)
    gp = np.pad(g, pads)
    return gp[coords]


def _avg_counts(shape: tuple, ksize: tuple, strides: tuple, padding: str, dtype: Any) -> tuple:
    outs, pads = _geometry(shape, ksize, strides, _ones(ksize), padding)
    ones = np.pad(np.ones((1,) + tuple(shape[1:-1]) + (1,), dtype), pads)
    axes = tuple(range(1 + len(ksize), 1 + 2 * len(ksize)))
    return outs, pads, _windows(ones, outs, ksize, strides, _ones(ksize)).sum(axis=axes)


def _avg_pool_kernel(x: np.ndarray, ksize: tuple, strides: tuple, padding: str) -> Any:
    outs, pads, cnt = _avg_counts(x.shape, ksize, strides, padding, x.dtype)
    axes = tuple(range(1 + len(ksize), 1 + 2 * len(ksize)))
    with np.errstate(all="ignore"):
        s = _windows(np.pad(x, pads), outs, ksize, strides, _ones(ksize)).sum(axis=axes)
        return (s / cnt).astype(x.dtype)


def _avg_pool_grad_kernel(g: np.ndarray, orig_input_shape: tuple, ksize: tuple, strides: tuple,
                          padding: str) -> Any:
    outs, pads, cnt = _avg_counts(orig_input_shape, ksize, strides, padding, g.dtype)
    dxp = np.zeros((orig_input_shape[0],) + tuple(n + p[0] + p[1] for n, p in
                                                  zip(orig_input_shape[1:-1], pads[1:-1])) + (orig_input_shape[-1],),
                   g.dtype)
    with np.errstate(all="ignore"):
        share = g / cnt
        for tap in np.ndindex(*ksize):
            dxp[_tap_slices(tap, outs, strides, _ones(ksize))] += share
    return _unpad(dxp, pads, orig_input_shape)


MaxPool3D = defop("MaxPool3D", _max_pool_kernel)
MaxPool3DGrad = defop("MaxPool3DGrad", _max_pool_grad_kernel)
MaxPool3DGradGrad = defop("MaxPool3DGradGrad", _max_pool_grad_grad_kernel)
AvgPool3D = defop("AvgPool3D", _avg_pool_kernel)
AvgPool3DGrad = defop("AvgPool3DGrad", _avg_pool_grad_kernel)


def _pool_attrs(op: Any) -> dict:
    return {k: op.get_attr(k) for k in ("ksize", "strides", "padding")}


@MaxPool3D.gradient
def _max_pool3d_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad sent to every input within 1e-5 of its window's maximum (TF: MaxPool3DGrad)."""
    return MaxPool3DGrad(op.inputs[0], op.outputs[0], grad, **_pool_attrs(op))


@MaxPool3DGrad.gradient
def _max_pool3d_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (0, 0, max_pool3d_grad_grad(grad)): grad read at each window's first maximum."""
    x, y, _ = op.inputs
    return array_ops.zeros_like(x), array_ops.zeros_like(y), MaxPool3DGradGrad(x, y, grad, **_pool_attrs(op))


@MaxPool3DGradGrad.gradient
def _max_pool3d_grad_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (0, 0, max_pool3d_grad(grad))."""
    x, y, _ = op.inputs
    return array_ops.zeros_like(x), array_ops.zeros_like(y), MaxPool3DGrad(x, y, grad, **_pool_attrs(op))


@AvgPool3D.gradient
def _avg_pool3d_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad / window count spread over each window (TF: AvgPool3DGrad)."""
    return AvgPool3DGrad(grad, orig_input_shape=op.inputs[0]._value.shape, **_pool_attrs(op))


@AvgPool3DGrad.gradient
def _avg_pool3d_grad_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns avg_pool3d(grad)."""
    return AvgPool3D(grad, **_pool_attrs(op))


def _pool3d(op: Any, node: str, kernel_name: str, input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
            data_format: Any) -> Tensor:
    # TF: nn_ops._get_sequence runs first (its ValueErrors), then the generated wrapper's attrs, then the op's checks
    from tfshim.ops.eager_attrs import op_attrs

    data_format = "NDHWC" if data_format is None else data_format
    first = isinstance(data_format, str) and data_format.startswith("NC")
    k = _sequence(ksize, first, "ksize")
    s = _sequence(strides, first, "strides")
    k, s, padding, data_format = op_attrs("max_pool3d" if op is MaxPool3D else "avg_pool3d", (input,),
                                          ("ints", "ksize", k), ("ints", "strides", s), ("str", "padding", padding),
                                          ("str", "data_format", data_format, "NDHWC"))
    x = convert_to_tensor(input)
    op.check(x)
    padding = _check_padding(padding, node, op.name)
    first = _check_format(data_format, node, op.name)
    if any(v <= 0 for v in k):
        raise_op_error(op.name, KernelError(errors.InvalidArgumentError, "Sliding window ksize must be positive. The "
                                            "specified or inferred ksize is: " + ",".join(str(v) for v in k)),
                       kernel_name)
    if any(v <= 0 for v in s):
        raise_op_error(op.name, KernelError(errors.InvalidArgumentError, "Stride must be > 0, but got %d"
                                            % next(v for v in s if v <= 0)), kernel_name)
    if _outer(k, first) != (1, 1) or _outer(s, first) != (1, 1):
        raise_op_error(op.name, KernelError(errors.UnimplementedError, "Pooling is not yet supported on the batch "
                                            "dimension." if _outer(k, first)[0] != 1 or _outer(s, first)[0] != 1
                                            else "Pooling is not yet supported on the depth dimension."),
                       kernel_name)
    check_kernel(op.name, x._dtype, attrs='T=DT_%s, data_format="%s", ksize=[%s], padding="%s", strides=[%s]' % (
        x._dtype._cname.upper(), data_format, ", ".join(map(str, k)), padding, ", ".join(map(str, s))))
    if x._value.ndim != 5:
        raise_op_error(op.name, KernelError(errors.InvalidArgumentError, "tensor_in must be 5-dimensional"),
                       kernel_name)
    if first:
        x = _to_last(x)
    out = op(x, ksize=_spatial(k, first), strides=_spatial(s, first), padding=padding)
    return _to_first(out) if first else out


@tf_export("nn.max_pool3d")
def max_pool3d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NDHWC",  # noqa: A002
               name: Any = None) -> Tensor:
    """TF: tf.nn.max_pool3d (MaxPool3D); its gradient goes to every input within 1e-5 of a window's maximum."""
    return _pool3d(MaxPool3D, "MaxPool3D", "MaxPool3D", input, ksize, strides, padding, data_format)


@tf_export("nn.avg_pool3d")
def avg_pool3d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NDHWC",  # noqa: A002
               name: Any = None) -> Tensor:
    """TF: tf.nn.avg_pool3d (AvgPool3D); SAME windows average over the valid cells only."""
    return _pool3d(AvgPool3D, "_MklNativeAvgPool3D", "__MklNativeAvgPool3D", input, ksize, strides, padding,
                   data_format)


# ----- Conv: TF's N-D convolution op (tf.conv) ------------------------------------------------------
# TF: kernels/conv_ops.cc ConvOp. Channels-last input [batch..., spatial (2 or 3)..., in_depth], HWIO / DHWIO
# filter; no gradient is registered for it (a LookupError when one is needed).


def _conv_nd_kernel(x: np.ndarray, f: np.ndarray, strides: tuple, padding: str, explicit_paddings: tuple,
                    data_format: str, dilations: tuple, batch_dims: int) -> Any:
    """TF's checks in ConvOp::Compute's order (strides, dilations and paddings are read in the data format's
    dimension order), then im2col and one GEMM over the channels-last windows."""
    def error(message: str) -> KernelError:
        return KernelError(errors.InvalidArgumentError, message)

    n = x.ndim - 1 - batch_dims
    if n not in (2, 3):
        raise error("The input must have 2 or 3 spatial dimensions but got %d" % n)
    if f.size == 0:
        raise error("filter must not have zero elements (i.e. all dimensions must be non-zero)")
    if f.ndim not in (4, 5):
        raise error("The filter must be rank 4 or 5 but got %d" % f.ndim)
    first = data_format == "CHANNELS_FIRST"

    def last_order(v: Any) -> list:
        """An attr listing every dimension, reordered to [N, spatial..., C]."""
        v = list(v)
        return [v[0]] + v[2:] + [v[1]] if first else v

    if len(strides) != n + 2:
        raise error("Sliding window strides field must specify %d dimensions" % (n + 2))
    s = last_order(strides)
    if s[0] != 1 or s[-1] != 1:
        raise error("Current implementation does not support strides in the batch and depth dimensions.")
    if any(v <= 0 for v in s[1:-1]):
        raise error("Spatial strides should be larger than 0.")
    if not dilations:
        d = [1] * (n + 2)
    else:
        if len(dilations) != n + 2:
            raise error("Dilation rates field must specify%ddimensions" % (n + 2))
        d = last_order(dilations)
        if d[0] != 1 or d[-1] != 1:
            raise error("Current implementation does not support dilation rates in the batch and depth dimensions.")
        if any(v <= 0 for v in d[1:-1]):
            raise error("Dilated rates should be larger than 0.")
    pairs: list = []
    if padding == "EXPLICIT":
        if len(explicit_paddings) != 2 * (n + 2):
            raise error("explicit_paddings attribute must contain %d values, but got: %d"
                        % (2 * (n + 2), len(explicit_paddings)))
        if any(p < 0 for p in explicit_paddings):
            raise error("All elements of explicit_paddings must be nonnegative")
        pairs = last_order(tuple(explicit_paddings[2 * i:2 * i + 2]) for i in range(n + 2))
        if pairs[0] != (0, 0) or pairs[-1] != (0, 0):
            raise error("Nonzero explicit padding in the batch or depth dimensions is not supported")
    elif explicit_paddings:
        raise error("explicit_paddings attribute must be empty if the padding attribute is not EXPLICIT")
    xf = x.reshape((-1,) + x.shape[batch_dims:])
    if first:
        xf = np.moveaxis(xf, 1, -1)
    if f.shape[-2] <= 0:
        raise error("filter depth must be stricly positive, got %d" % f.shape[-2])
    if xf.shape[-1] != f.shape[-2]:
        raise error("Input depth must be equal to filter depth: %d vs %d" % (xf.shape[-1], f.shape[-2]))
    ksize, cin, cout = f.shape[:n], f.shape[-2], f.shape[-1]
    st, dl = tuple(s[1:-1]), tuple(d[1:-1])
    outs = []
    for i in range(n):  # TF's GetWindowedOutputSizeVerbose (C++ division truncates toward zero)
        size = xf.shape[1 + i] + (sum(pairs[1 + i]) if pairs else 0)
        eff = (ksize[i] - 1) * dl[i] + 1
        o = int((size - eff + st[i]) / st[i]) if padding != "SAME" else -(-size // st[i])
        if o < 0:
            raise error("Computed output size would be negative: %d [input_size: %d, effective_filter_size: %d, "
                        "stride: %d]" % (o, xf.shape[1 + i], eff, st[i]))
        outs.append(o)
    out_shape = (xf.shape[0],) + tuple(outs) + (cout,)
    if int(np.prod(out_shape)) == 0 or xf.size == 0:
        # TF returns before restoring the leading batch dimensions: the output keeps the flattened batch
        out = np.zeros(out_shape, x.dtype)
        return np.moveaxis(out, -1, 1) if first else out
    if first:
        raise KernelError(errors.UnimplementedError, "The Conv%dD op currently only supports the %s tensor format "
                          "on the CPU. The op was given the format: %s" % (
                              n, "NHWC" if n == 2 else "NDHWC", "NCHW" if n == 2 else "NCDHW"))
    if pairs:
        xf = np.pad(xf, pairs)
    geometry_outs, pads = _geometry(xf.shape, ksize, st, dl, "VALID" if pairs else padding)
    xp = np.pad(xf, pads)
    cols = _windows(xp, geometry_outs, ksize, st, dl).reshape(-1, int(np.prod(ksize)) * cin)
    out = _gemm(cols, f.reshape(-1, cout)).reshape(out_shape).astype(x.dtype, copy=False)
    return out.reshape(x.shape[:batch_dims] + out.shape[1:])


Conv = defop("Conv", _conv_nd_kernel)


def _string_attr(value: Any, arg: str) -> str:
    if not isinstance(value, str):
        raise TypeError("Expected string for argument '%s' not %r." % (arg, value))
    return value


def _allowed_string(value: str, arg: str, node: str, allowed: tuple) -> None:
    if value not in allowed:
        raise _attr_error(node, node, "Value for attr '%s' of \"%s\" is not in the list of allowed values: %s"
                          % (arg, value, ", ".join('"%s"' % a for a in allowed)))


@tf_export("conv")
def conv(input: Any, filter: Any, strides: Any, padding: str, explicit_paddings: Any = (),  # noqa: A002
         data_format: str = "CHANNELS_LAST", dilations: Any = (), batch_dims: int = 1, groups: int = 1,
         name: Any = None) -> Tensor:
    """TF: tf.conv (Conv): a 2-D or 3-D convolution over channels-last data with any number of leading batch
    dimensions; strides/dilations list every dimension. No gradient, as in TF."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.eager_attrs import op_attrs

    s, pad, ep, fmt, d, bd, g = op_attrs(
        "conv", (input, filter), ("ints", "strides", strides), ("str", "padding", padding),
        ("ints", "explicit_paddings", explicit_paddings, []), ("str", "data_format", data_format, "CHANNELS_LAST"),
        ("ints", "dilations", dilations, []), ("int", "batch_dims", batch_dims, 1), ("int", "groups", groups, 1),
        matching=True)
    x, f = match_inputs([input, filter])
    Conv.check(x, f)
    _allowed_string(pad, "padding", "Conv", ("SAME", "VALID", "EXPLICIT"))
    _allowed_string(fmt, "data_format", "Conv", ("CHANNELS_FIRST", "CHANNELS_LAST"))
    if g != 1:  # TF's kernel constructor
        raise_op_error("Conv", KernelError(errors.UnimplementedError, "Grouped/Depthwise Convolutions are not "
                                           "supported yet."))
    return Conv(x, f, strides=tuple(s), padding=pad, explicit_paddings=tuple(ep), data_format=fmt,
                dilations=tuple(d), batch_dims=bd)


def _no_kernel_v2(op_name: str, input: Any, filter: Any, out_backprop: Any, strides: Any,  # noqa: A002
                  padding: str, use_cudnn_on_gpu: bool, explicit_paddings: Any, data_format: str,
                  dilations: Any) -> Tensor:
    """TF 2.21 declares Conv2DBackpropInputV2 / Conv2DBackpropFilterV2 (the input and filter given as tensors, not
    as their shapes) but registers no kernel for them: after the attr checks every call is a NotFoundError."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.eager_attrs import op_attrs
    from tfshim.ops.op import check_attr

    fn = "conv2d_backprop_input_v2" if op_name.endswith("InputV2") else "conv2d_backprop_filter_v2"
    attrs = op_attrs(fn, (input, filter, out_backprop), ("ints", "strides", strides), ("str", "padding", padding),
                     ("bool", "use_cudnn_on_gpu", use_cudnn_on_gpu, True),
                     ("ints", "explicit_paddings", explicit_paddings, []),
                     ("str", "data_format", data_format, "NHWC"), ("ints", "dilations", dilations, [1, 1, 1, 1]),
                     matching=True)
    s, pad, cudnn, ep, fmt, d = attrs
    tensors = match_inputs([input, filter, out_backprop])  # T is the first one's dtype
    x = tensors[0]
    if attrs.slow:  # TF's fallback (args_to_matching_eager) converts every tensor to T: a mismatch is a ValueError
        for t in tensors[1:]:
            convert_to_tensor(t, x._dtype)
    suffix = attrs.suffix

    check_attr(op_name, x, "T", suffix)
    _allowed_string(pad, "padding", op_name, ("SAME", "VALID", "EXPLICIT"))
    _allowed_string(fmt, "data_format", op_name, ("NHWC", "NCHW"))
    ints = lambda v: "[" + ", ".join(str(i) for i in v) + "]"  # noqa: E731
    raise errors.NotFoundError(None, None, (
        "Could not find device for node: {{node %s}} = %s[T=DT_%s, data_format=\"%s\", dilations=%s, "
        "explicit_paddings=%s, padding=\"%s\", strides=%s, use_cudnn_on_gpu=%s]\nAll kernels registered for op %s:\n"
        "  <no registered kernels>\n [Op:%s]%s" % (op_name, op_name, x._dtype._cname.upper(), fmt, ints(d), ints(ep),
                                                   pad, ints(s), str(cudnn).lower(), op_name, op_name, suffix)))


@tf_export("conv2d_backprop_filter_v2")
def conv2d_backprop_filter_v2(input: Any, filter: Any, out_backprop: Any, strides: Any, padding: str,  # noqa: A002
                              use_cudnn_on_gpu: bool = True, explicit_paddings: Any = (), data_format: str = "NHWC",
                              dilations: Any = (1, 1, 1, 1), name: Any = None) -> Tensor:
    """TF: tf.conv2d_backprop_filter_v2 (Conv2DBackpropFilterV2): TF 2.21 has no kernel for it (NotFoundError)."""
    return _no_kernel_v2("Conv2DBackpropFilterV2", input, filter, out_backprop, strides, padding, use_cudnn_on_gpu,
                         explicit_paddings, data_format, dilations)


@tf_export("conv2d_backprop_input_v2")
def conv2d_backprop_input_v2(input: Any, filter: Any, out_backprop: Any, strides: Any, padding: str,  # noqa: A002
                             use_cudnn_on_gpu: bool = True, explicit_paddings: Any = (), data_format: str = "NHWC",
                             dilations: Any = (1, 1, 1, 1), name: Any = None) -> Tensor:
    """TF: tf.conv2d_backprop_input_v2 (Conv2DBackpropInputV2): TF 2.21 has no kernel for it (NotFoundError)."""
    return _no_kernel_v2("Conv2DBackpropInputV2", input, filter, out_backprop, strides, padding, use_cudnn_on_gpu,
                         explicit_paddings, data_format, dilations)
