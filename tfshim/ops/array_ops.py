"""Array ops: shapes, construction, indexing. Kernel and gradient side by side
(TF: python/ops/array_ops.py and array_grad.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework import errors
from tfshim.framework.constant_op import convert_to_tensor, match_inputs
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.op import KernelError, defop, not_differentiable, tf_export


def _int_list(shape: Any) -> list:
    """Python ints from a shape argument (list, tuple, TensorShape or int tensor)."""
    if isinstance(shape, TensorShape):
        return shape.as_list()
    if isinstance(shape, Tensor):
        return [int(d) for d in np.ravel(shape._value)]
    if isinstance(shape, (int, np.integer)):
        return [int(shape)]
    if isinstance(shape, (list, tuple)) and all(
            isinstance(d, (int, np.integer)) and not isinstance(d, bool) for d in shape):
        return [int(d) for d in shape]
    t = convert_to_tensor(shape, dtype_hint=dtypes.int32)
    if not t._dtype.is_integer:
        raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")
    return [int(d) for d in np.ravel(t._value)]


# ----- reshape ------------------------------------------------------------------------


def _reshape_kernel(x: np.ndarray, shape: tuple) -> Any:
    unknown = [i for i, d in enumerate(shape) if d == -1]
    known = 1
    for d in shape:
        if d != -1:
            known *= d
    if len(unknown) > 1:
        raise KernelError(
            errors.InvalidArgumentError,
            "Only one input size may be -1, not both %d and %d" % (unknown[0], unknown[1]), suffix="")
    if unknown:
        if known == 0 or x.size % known:
            raise KernelError(
                errors.InvalidArgumentError,
                "Input to reshape is a tensor with %d values, but the requested shape requires a multiple of %d"
                % (x.size, known), suffix="")
    elif known != x.size:
        raise KernelError(
            errors.InvalidArgumentError,
            "Input to reshape is a tensor with %d values, but the requested shape has %d" % (x.size, known),
            suffix="")
    return x.reshape(shape)


Reshape = defop("Reshape", _reshape_kernel)


@Reshape.gradient
def _reshape_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad reshaped to the input's shape."""
    return Reshape(grad, shape=op.inputs[0]._value.shape)


@tf_export("reshape", "manip.reshape")
def reshape(tensor: Any, shape: Any, name: Any = None) -> Tensor:
    x = convert_to_tensor(tensor)
    return Reshape(x, shape=tuple(_int_list(shape)))


# ----- broadcasting ---------------------------------------------------------------------


def _broadcast_to_kernel(x: np.ndarray, shape: tuple) -> Any:
    try:
        return np.broadcast_to(x, shape)
    except ValueError:
        raise KernelError(
            errors.InvalidArgumentError,
            "Unable to broadcast tensor of shape [%s] to tensor of shape [%s]"
            % (",".join(map(str, x.shape)), ",".join(map(str, shape))),
        ) from None


BroadcastTo = defop("BroadcastTo", _broadcast_to_kernel)


@BroadcastTo.gradient
def _broadcast_to_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad summed over the broadcast dimensions."""
    from tfshim.ops.math_ops import reduce_to_shape

    return reduce_to_shape(grad, op.inputs[0]._value.shape)


@tf_export("broadcast_to")
def broadcast_to(input: Any, shape: Any, name: Any = None) -> Tensor:  # noqa: A002 - TF's name
    x = convert_to_tensor(input)
    shape = tuple(_int_list(shape))
    if x._value.shape == shape:
        return x
    return BroadcastTo(x, shape=shape)


# ----- transpose ------------------------------------------------------------------------


def _transpose_kernel(x: np.ndarray, perm: tuple) -> Any:
    if sorted(perm) != list(range(x.ndim)):
        raise KernelError(
            errors.InvalidArgumentError,
            "transpose expects a vector of size %d. But input(1) is a vector of size %d" % (x.ndim, len(perm))
            if len(perm) != x.ndim else "%d is missing from {%s}." % (
                min(set(range(x.ndim)) - set(perm)), ",".join(map(str, perm))))
    return np.transpose(x, perm)


Transpose = defop("Transpose", _transpose_kernel)


@Transpose.gradient
def _transpose_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns transpose(grad, inverse(perm))."""
    return Transpose(grad, perm=tuple(int(i) for i in np.argsort(op.get_attr("perm"))))


@tf_export("transpose", "linalg.transpose")
def transpose(a: Any, perm: Any = None, conjugate: bool = False, name: str = "transpose") -> Tensor:
    x = convert_to_tensor(a)
    perm = tuple(range(x._value.ndim - 1, -1, -1)) if perm is None else tuple(_int_list(perm))
    out = Transpose(x, perm=perm)
    if conjugate and x._dtype.is_complex:
        from tfshim.ops.math_ops import conj

        out = conj(out)
    return out


# ----- construction ------------------------------------------------------------------------


def _filled(shape: Any, dtype: Any, value: Any) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    return _wrap_as(np.full(tuple(_int_list(shape)), value, dtype=dtype.as_numpy_dtype), dtype)


@tf_export("zeros")
def zeros(shape: Any, dtype: Any = dtypes.float32, name: Any = None, layout: Any = None) -> Tensor:
    return _filled(shape, dtype, b"" if dtypes.as_dtype(dtype) is dtypes.string else 0)


@tf_export("ones")
def ones(shape: Any, dtype: Any = dtypes.float32, name: Any = None, layout: Any = None) -> Tensor:
    return _filled(shape, dtype, 1)


ZerosLike = defop("ZerosLike", np.zeros_like)
OnesLike = defop("OnesLike", np.ones_like)
not_differentiable(ZerosLike, OnesLike)


@tf_export("zeros_like")
def zeros_like(input: Any, dtype: Any = None, name: Any = None, layout: Any = None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    if dtype is not None and dtypes.as_dtype(dtype) is not x._dtype:
        return zeros(x._value.shape, dtype)
    return ZerosLike(x)


@tf_export("ones_like")
def ones_like(input: Any, dtype: Any = None, name: Any = None, layout: Any = None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    if dtype is not None and dtypes.as_dtype(dtype) is not x._dtype:
        return ones(x._value.shape, dtype)
    return OnesLike(x)


@tf_export("fill")
def fill(dims: Any, value: Any, name: Any = None, layout: Any = None) -> Tensor:
    v = convert_to_tensor(value)
    return _wrap_as(np.full(tuple(_int_list(dims)), v._value, dtype=v._value.dtype), v._dtype)


Identity = defop("Identity", lambda x: x)


@Identity.gradient
def _identity_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad."""
    return grad


@tf_export("identity")
def identity(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    return Identity(convert_to_tensor(input))


StopGradient = defop("StopGradient", lambda x: x)
not_differentiable(StopGradient)


@tf_export("stop_gradient")
def stop_gradient(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    return StopGradient(convert_to_tensor(input))


@tf_export("shape")
def shape(input: Any, out_type: Any = dtypes.int32, name: Any = None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    return _wrap_as(np.array(x._value.shape, dtype=out_type.as_numpy_dtype), out_type)


@tf_export("size")
def size(input: Any, out_type: Any = dtypes.int32, name: Any = None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    return _wrap_as(np.array(x._value.size, dtype=out_type.as_numpy_dtype), out_type)


@tf_export("rank")
def rank(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    return _wrap_as(np.array(x._value.ndim, dtype=np.int32), dtypes.int32)


# ----- select --------------------------------------------------------------------------------


def _select_kernel(c: np.ndarray, x: np.ndarray, y: np.ndarray) -> Any:
    try:
        return np.where(c, x, y)
    except ValueError:
        raise KernelError(
            errors.InvalidArgumentError,
            "condition [%s], then [%s], and else [%s] must be broadcastable"
            % (",".join(map(str, c.shape)), ",".join(map(str, x.shape)), ",".join(map(str, y.shape))),
        ) from None


SelectV2 = defop("SelectV2", _select_kernel)


@SelectV2.gradient
def _select_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, where(c, grad, 0), where(c, 0, grad)), summed to each input's shape."""
    from tfshim.ops.math_ops import reduce_to_shape

    c, x, y = op.inputs
    z = zeros_like(grad)
    gx = reduce_to_shape(SelectV2(c, grad, z), x._value.shape)
    gy = reduce_to_shape(SelectV2(c, z, grad), y._value.shape)
    return None, gx, gy


Where = defop("Where", lambda c: np.argwhere(c).astype(np.int64))
not_differentiable(Where)


@tf_export("where")
def where(condition: Any, x: Any = None, y: Any = None, name: Any = None) -> Tensor:
    """TF: tf.where. One argument: int64 indices of true elements; three: select."""
    c = convert_to_tensor(condition)
    if x is None and y is None:
        return Where(c)
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    if c._dtype is not dtypes.bool:
        raise errors.InvalidArgumentError(None, None, (
            "cannot compute SelectV2 as input #0(zero-based) was expected to be a bool tensor but is a %s tensor "
            "[Op:SelectV2] name: " % c._dtype._cname))
    x, y = match_inputs((x, y))
    if x._dtype is not y._dtype:
        from tfshim.ops.op import dtype_mismatch

        raise dtype_mismatch("SelectV2", 2, x._dtype, y._dtype)
    return SelectV2(c, x, y)


# ----- pack / unpack -----------------------------------------------------------------------------


def _pack_kernel(*xs: np.ndarray, axis: int) -> Any:
    shapes = {x.shape for x in xs}
    if len(shapes) > 1:
        first = xs[0].shape
        for i, x in enumerate(xs):
            if x.shape != first:
                raise KernelError(
                    errors.InvalidArgumentError,
                    "Shapes of all inputs must match: values[0].shape = [%s] != values[%d].shape = [%s]"
                    % (",".join(map(str, first)), i, ",".join(map(str, x.shape))),
                )
    return np.stack(xs, axis=axis)


Pack = defop("Pack", _pack_kernel)


@Pack.gradient
def _pack_grad(op: Any, grad: Tensor) -> list:
    """Returns unstack(grad, axis)."""
    return unstack(grad, axis=op.get_attr("axis"))


@tf_export("stack")
def stack(values: Any, axis: int = 0, name: str = "stack") -> Tensor:
    ts = match_inputs(list(values))
    if not ts:
        raise ValueError("values must be a non-empty list")
    rank = ts[0]._value.ndim
    if not -rank - 1 <= axis <= rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank - 1}, {rank + 1})")
    for i in range(1, len(ts)):
        if ts[i]._dtype is not ts[0]._dtype:
            from tfshim.ops.op import dtype_mismatch

            raise dtype_mismatch("Pack", i, ts[0]._dtype, ts[i]._dtype)
    return Pack(*ts, axis=axis % (rank + 1))


Unpack = defop("Unpack", lambda x, axis: tuple(np.moveaxis(x, axis, 0)), multi_output=True)


@Unpack.gradient
def _unpack_grad(op: Any, *grads: Tensor) -> Tensor:
    """Returns stack(grads, axis)."""
    return Pack(*grads, axis=op.get_attr("axis"))


@tf_export("unstack")
def unstack(value: Any, num: Any = None, axis: int = 0, name: str = "unstack") -> list:
    x = convert_to_tensor(value)
    rank = x._value.ndim
    if not -rank <= axis < rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank}, {rank})")
    return list(Unpack(x, axis=axis % rank))


# ----- strided slice (Tensor.__getitem__) ------------------------------------------------------

newaxis = None
tf_export("newaxis").export_constant(__name__, "newaxis")


def _strided_slice_kernel(x: np.ndarray, key: tuple) -> Any:
    consuming = sum(1 for k in key if k is not None and k is not Ellipsis)
    dim = 0
    for k in key:
        if k is Ellipsis:
            dim += x.ndim - consuming
            continue
        if k is None:
            continue
        if dim >= x.ndim:
            raise KernelError(
                errors.InvalidArgumentError,
                "Index out of range using input dim %d; input has only %d dims" % (dim, x.ndim),
                suffix=" name: strided_slice/")
        if type(k) is int and not -x.shape[dim] <= k < x.shape[dim]:
            raise KernelError(
                errors.InvalidArgumentError,
                "slice index %d of dimension %d out of bounds." % (k if k >= 0 else k + x.shape[dim], dim),
                suffix=" name: strided_slice/")
        dim += 1
    return x[key]


StridedSlice = defop("StridedSlice", _strided_slice_kernel)


@StridedSlice.gradient
def _strided_slice_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad scattered into zeros of the input's shape (TF: StridedSliceGrad)."""
    return StridedSliceGrad(grad, shape=op.inputs[0]._value.shape, key=op.get_attr("key"))


def _strided_slice_grad_kernel(g: np.ndarray, shape: tuple, key: tuple) -> Any:
    out = np.zeros(shape, dtype=g.dtype)
    out[key] = g  # basic slices select each element at most once
    return out


StridedSliceGrad = defop("StridedSliceGrad", _strided_slice_grad_kernel)


@StridedSliceGrad.gradient
def _strided_slice_grad_grad(op: Any, grad: Tensor) -> Any:
    """Returns strided_slice(grad)."""
    return StridedSlice(grad, key=op.get_attr("key"))


def _canonical_key(key: Any) -> tuple:
    if not isinstance(key, tuple):
        key = (key,)
    out = []
    for k in key:
        if k is None or k is Ellipsis:
            out.append(k)
        elif isinstance(k, slice):
            out.append(slice(*(None if v is None else _index_value(v) for v in (k.start, k.stop, k.step))))
        elif isinstance(k, (bool, np.bool_)):
            raise TypeError(
                "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 "
                f"tensors are valid indices, got {k!r}")
        else:
            out.append(_index_value(k))
    return tuple(out)


def _index_value(v: Any) -> int:
    if isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)):
        return int(v)
    if isinstance(v, Tensor) and v._dtype.is_integer and v._value.ndim == 0:
        return int(v._value)
    from tfshim.framework.variables import Variable

    if isinstance(v, Variable) and v._dtype.is_integer and v._value.ndim == 0:
        return int(v._value)
    if isinstance(v, (Tensor, list, tuple, np.ndarray)):
        raise NotImplementedError(
            "tfshim: tensor/list indices in Tensor.__getitem__ are not supported; use tf.gather / tf.gather_nd")
    raise TypeError(
        "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 "
        f"tensors are valid indices, got {v!r}")


def _slice_helper(tensor: Any, slice_spec: Any) -> Tensor:
    """TF: array_ops._slice_helper (Tensor.__getitem__): ints, slices, ..., tf.newaxis."""
    key = _canonical_key(slice_spec)
    return StridedSlice(tensor, key=key)


Tensor._override_operator("__getitem__", _slice_helper)
