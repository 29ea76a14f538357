"""Array ops: shapes, construction, indexing. Kernel and gradient side by side
(TF: python/ops/array_ops.py and array_grad.py)."""

from __future__ import annotations

import builtins
import numbers
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_index_input, convert_to_tensor, match_inputs
from tfshim.framework.sparse_tensor import SparseTensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.op import (
    KernelError,
    _took_slow_path,
    as_called,
    check_attr,
    check_kernel,
    check_type_attr,
    defop,
    dtype_mismatch,
    error_suffix,
    make_bool,
    make_int,
    make_type,
    not_differentiable,
    op_def,
    raise_op_error,
    run_op,
    tf_export,
)
from tfshim.util import dispatch

# `range` and `slice` are TF names defined in this module; the builtins keep these names.
builtins_range = builtins.range
builtins_slice = builtins.slice


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
    if isinstance(shape, (list, tuple)):  # TF's slow path infers a list's dtype first: its errors (mixed types) stand
        convert_to_tensor(shape)
    t = convert_to_tensor(shape, dtype_hint=dtypes.int32)
    if not t._dtype.is_integer:
        raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")
    return [int(d) for d in np.ravel(t._value)]


def _index_input(op_name: str, attr: str, value: Any, raw: tuple) -> Tensor:
    """An op input typed by an integer type attr (`Tmultiples`, `Tpaddings`, `Tblock_shape`, ...), converted as
    TF's eager fast path does (constant_op.convert_index_input) and checked against the attr's allowed dtypes,
    TF's text ending as the call's path ends it (ops/op.py: error_suffix)."""
    t = convert_index_input(value, _took_slow_path(raw))
    check_attr(op_name, t, attr, error_suffix(raw))
    return t


def _typed_input(op_name: str, index: int, value: Any, dtype: Any, raw: tuple) -> Tensor:
    """An op input of a fixed dtype (Fingerprint's `method`, ...). On TF's eager fast path a tensor (or variable)
    of another dtype fails the kernel's input check (`cannot compute X as input #i ...`); on the slow path, and
    for other values, it converts to `dtype` (`Tensor conversion requested dtype ...`)."""
    if not _took_slow_path(raw):
        t = value.value() if hasattr(value, "assign") else value
        if isinstance(t, Tensor) and t._dtype is not dtype:
            raise dtype_mismatch(op_name, index, dtype, t._dtype)
    return convert_to_tensor(value, dtype)


def _op_error(op_name: str, message: str) -> Exception:
    """A kernel's InvalidArgumentError, as the dispatcher words it (for checks made before the kernel runs)."""
    try:
        raise_op_error(op_name, KernelError(errors.InvalidArgumentError, message))
    except errors.OpError as e:
        return e
    raise AssertionError  # unreachable: raise_op_error always raises


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
            "Only one input size may be -1, not both %d and %d" % (unknown[0], unknown[1]))
    if unknown:
        if known == 0 or x.size % known:
            raise KernelError(
                errors.InvalidArgumentError,
                "Input to reshape is a tensor with %d values, but the requested shape requires a multiple of %d"
                % (x.size, known))
    elif known != x.size:
        raise KernelError(
            errors.InvalidArgumentError,
            "Input to reshape is a tensor with %d values, but the requested shape has %d" % (x.size, known))
    return x.reshape(shape)


Reshape = defop("Reshape", _reshape_kernel)


@Reshape.gradient
def _reshape_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad reshaped to the input's shape."""
    return Reshape(grad, shape=op.inputs[0]._value.shape)


@tf_export("reshape", "manip.reshape")
def reshape(tensor: Any, shape: Any, name: Any = None) -> Tensor:
    x = convert_to_tensor(tensor)
    dims = _shape_input_dims("Reshape", "Tshape", shape, (tensor, shape))
    if dims is not None and len(dims) > 1:  # a 0-d shape passes, as in TF
        text = f"sizes input must be 1-D, not {_dims(dims)}"
        raise_op_error("Reshape", KernelError(errors.InvalidArgumentError, text, suffix=error_suffix((tensor, shape))))
    return run_op(Reshape, (tensor, shape), x, shape=tuple(_int_list(shape)))


def _shape_input_dims(op_name: str, attr: str, shape: Any, raw: tuple) -> tuple | None:
    """The dimensions of a shape argument as TF's kernel sees it (after its type attr's check, for a tensor); None
    where it is not known without converting (a TensorShape, a list holding tensors)."""
    if isinstance(shape, Tensor):
        check_attr(op_name, shape, attr, error_suffix(raw))
        return tuple(shape.shape.as_list()) if shape.shape.rank is not None else None  # static: traceable
    if isinstance(shape, (np.ndarray, np.integer)) or (isinstance(shape, int) and not isinstance(shape, bool)):
        return np.shape(shape)
    if isinstance(shape, (list, tuple)) and shape and all(isinstance(d, (list, tuple)) for d in shape):
        try:
            return np.shape(np.asarray(shape, dtype=np.int64))
        except (ValueError, TypeError, OverflowError):
            return None
    return None


# ----- broadcasting ---------------------------------------------------------------------


def _broadcast_to_kernel(x: np.ndarray, shape: tuple) -> Any:
    try:
        return np.broadcast_to(x, shape)
    except ValueError:
        raise KernelError(errors.InvalidArgumentError,
                          f"Incompatible shapes: {_dims(x.shape)} vs. {_dims(shape)}") from None


BroadcastTo = defop("BroadcastTo", _broadcast_to_kernel)


@BroadcastTo.gradient
def _broadcast_to_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad summed over the broadcast dimensions."""
    from tfshim.ops.math_ops import reduce_to_shape

    return reduce_to_shape(grad, op.inputs[0]._value.shape)


@tf_export("broadcast_to")
def broadcast_to(input: Any, shape: Any, name: Any = None) -> Tensor:  # noqa: A002 - TF's name
    x = convert_to_tensor(input)
    raw_shape = shape
    dims = _shape_input_dims("BroadcastTo", "Tidx", shape, (input, shape))
    if dims is not None and len(dims) != 1:
        raise_op_error("BroadcastTo", KernelError(
            errors.InvalidArgumentError, f"shape must be a vector of {{int32,int64}}, got shape {_dims(dims)}",
            suffix=error_suffix((input, shape))))
    shape = tuple(_int_list(shape))
    if x._value.shape == shape:
        return x
    return run_op(BroadcastTo, (input, raw_shape), x, shape=shape)


# ----- transpose ------------------------------------------------------------------------


def _transpose_kernel(x: np.ndarray, perm: tuple) -> Any:
    if sorted(perm) != list(builtins_range(x.ndim)):
        raise KernelError(
            errors.InvalidArgumentError,
            "transpose expects a vector of size %d. But input(1) is a vector of size %d" % (x.ndim, len(perm))
            if len(perm) != x.ndim else "%d is missing from {%s}." % (
                min(set(builtins_range(x.ndim)) - set(perm)), ",".join(map(str, perm))))
    return np.transpose(x, perm)


Transpose = defop("Transpose", _transpose_kernel)


@Transpose.gradient
def _transpose_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns transpose(grad, inverse(perm))."""
    return Transpose(grad, perm=tuple(int(i) for i in np.argsort(op.get_attr("perm"))))


@tf_export("transpose", "linalg.transpose")
def transpose(a: Any, perm: Any = None, conjugate: bool = False, name: str = "transpose") -> Tensor:
    x = convert_to_tensor(a)
    raw_perm = perm
    perm = tuple(builtins_range(x.ndim - 1, -1, -1)) if perm is None else tuple(_int_list(perm))
    out = run_op(Transpose, (a, raw_perm), x, perm=perm)
    if conjugate and x._dtype.is_complex:
        from tfshim.ops.math_ops import conj

        out = conj(out)
    return out


# ----- construction ------------------------------------------------------------------------


def _fill_dims(dims: Any, suffix: str) -> tuple:
    """The shape of a Fill, checked as TF's Fill kernel checks it (before anything is allocated)."""
    def fail(message: str) -> None:
        raise_op_error("Fill", KernelError(errors.InvalidArgumentError, message, suffix=suffix))

    if isinstance(dims, (list, tuple)) and any(isinstance(d, (list, tuple)) for d in dims):
        shape = np.shape(dims)
        fail("dims must represent a vector, got shape [%s]" % ",".join(str(d) for d in shape))
    if isinstance(dims, Tensor) and dims._value.ndim > 1:
        fail("dims must represent a vector, got shape [%s]" % ",".join(str(d) for d in dims._value.shape))
    out = tuple(_int_list(dims))
    for d in out:
        if d < 0:
            fail("Dimension %d must be >= 0" % d)
    n = 1
    for d in out:
        n *= d
    if n > 2**63 - 1:
        fail("Shape [%s] would have more than 2**63 - 1 elements" % ",".join(str(d) for d in out))
    return out


def _check_layout(layout: Any) -> None:
    """TF reads `layout.mesh` for any layout given (DTensor): tfshim has no DTensor, so only None is valid."""
    if layout is None:
        return
    cls = type(layout)
    name = ("tensorflow.python.framework.ops.EagerTensor" if isinstance(layout, Tensor)
            else cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}")
    if hasattr(layout, "mesh"):
        raise NotImplementedError("tfshim does not implement DTensor layouts (`layout=`)")
    raise AttributeError(f"'{name}' object has no attribute 'mesh'")


def _filled(shape: Any, dtype: Any, value: Any) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    if isinstance(shape, (list, tuple)) and any(isinstance(d, np.bool_) for d in shape):
        # TF: TensorShape(shape) fails (NumPy bools have no __index__), then shape converts to int32 and fails
        raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")
    dims = _fill_dims(shape, " name: ")
    if value == 1 and dtype is dtypes.string:  # TF: fill(shape, constant(1, dtype))
        convert_to_tensor(1, dtype)
    try:
        return _wrap_as(np.full(dims, value, dtype=dtype.as_numpy_dtype), dtype)
    except MemoryError:  # TF's allocator fails with an OOM error
        raise_op_error("Fill", KernelError(errors.ResourceExhaustedError, (
            "OOM when allocating tensor with shape[%s] and type %s on /job:localhost/replica:0/task:0/device:CPU:0 "
            "by allocator mklcpu" % (",".join(str(d) for d in dims), dtype._cname))))
        raise


@tf_export("zeros")
def zeros(shape: Any, dtype: Any = dtypes.float32, name: Any = None, layout: Any = None) -> Tensor:
    _check_layout(layout)
    return _filled(shape, dtype, b"" if dtypes.as_dtype(dtype) is dtypes.string else 0)


@tf_export("ones")
def ones(shape: Any, dtype: Any = dtypes.float32, name: Any = None, layout: Any = None) -> Tensor:
    _check_layout(layout)
    return _filled(shape, dtype, 1)


def _zeros_like_kernel(x: np.ndarray) -> np.ndarray:
    if x.dtype == object:  # strings: the empty string
        out = np.empty(x.shape, dtype=object)
        out.fill(b"")
        return out
    return np.zeros_like(x)


ZerosLike = defop("ZerosLike", _zeros_like_kernel)
OnesLike = defop("OnesLike", np.ones_like)
not_differentiable(ZerosLike, OnesLike)


@tf_export("zeros_like")
def zeros_like(input: Any, dtype: Any = None, name: Any = None, layout: Any = None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    _check_layout(layout)
    if dtype is not None and dtypes.as_dtype(dtype) is not x._dtype:
        return zeros(x._value.shape, dtype)
    check_kernel("ZerosLike", x._dtype)  # no CPU kernel for the quantized types
    return ZerosLike(x)


@tf_export("ones_like")
def ones_like(input: Any, dtype: Any = None, name: Any = None, layout: Any = None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    if dtype is not None and dtypes.as_dtype(dtype) is not x._dtype:
        if dtypes.as_dtype(dtype) is dtypes.string:  # TF: ones(shape, string) converts the Python 1 (before
            raise TypeError("Cannot convert 1 to EagerTensor of dtype string")  # the layout is read)
        _check_layout(layout)
        return ones(x._value.shape, dtype)
    _check_layout(layout)
    OnesLike.check(x)
    return OnesLike(x)


@tf_export("fill")
def fill(dims: Any, value: Any, name: Any = None, layout: Any = None) -> Tensor:
    _check_layout(layout)
    v = convert_to_tensor(value)
    if isinstance(dims, Tensor):  # TF: Fill's index_type attr; a tensor takes the fast path (" name: ")
        check_attr("Fill", dims, "index_type")
    shape = _fill_dims(dims, error_suffix((dims, value)))
    if v._value.ndim != 0:
        raise_op_error("Fill", KernelError(errors.InvalidArgumentError, "value must represent a scalar, got shape "
                                           "[%s]" % ",".join(str(d) for d in v._value.shape), suffix=""))
    return _wrap_as(np.full(shape, v._value, dtype=v._value.dtype), v._dtype)


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
    # TF: a DType (or None: int32) takes the fast path; a Python type or name goes through make_type
    slow = out_type is not None and not isinstance(out_type, dtypes.DType)
    out_type = dtypes.int32 if out_type is None else make_type(out_type, "out_type")
    check_type_attr("Shape", out_type, "out_type", suffix="" if slow else " name: ")
    if isinstance(input, SparseTensor):  # TF: the dense shape, cast to out_type
        return _wrap_as(input.dense_shape._value.astype(out_type.as_numpy_dtype), out_type)
    x = convert_to_tensor(input)
    return _wrap_as(np.array(x._value.shape, dtype=out_type.as_numpy_dtype), out_type)


@tf_export("size")
def size(input: Any, out_type: Any = dtypes.int32, name: Any = None) -> Tensor:  # noqa: A002
    if out_type is None:
        out_type = dtypes.int32
    if not isinstance(out_type, dtypes.DType):  # TF reads `out_type.as_numpy_dtype` without converting it
        what = (f"type object {out_type.__name__!r}" if isinstance(out_type, type)
                else f"{type(out_type).__name__!r} object")
        raise AttributeError(f"{what} has no attribute 'as_numpy_dtype'")
    if isinstance(input, SparseTensor):  # TF: the product of the dense shape
        return convert_to_tensor(int(np.prod(input.dense_shape._value)), out_type)
    x = convert_to_tensor(input)
    return convert_to_tensor(int(x._value.size), out_type)


@tf_export("rank")
def rank(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    if isinstance(input, SparseTensor):  # TF: the size of the dense shape
        return _wrap_as(np.array(input.dense_shape._value.shape[0], dtype=np.int32), dtypes.int32)
    x = convert_to_tensor(input)
    return _wrap_as(np.array(x._value.ndim, dtype=np.int32), dtypes.int32)


# ----- select --------------------------------------------------------------------------------


def _select_kernel(c: np.ndarray, x: np.ndarray, y: np.ndarray) -> Any:
    try:
        return np.where(c, x, y)
    except ValueError:
        raise KernelError(
            errors.InvalidArgumentError,
            f"condition {_dims(c.shape)}, then {_dims(x.shape)}, and else {_dims(y.shape)} must be broadcastable",
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


def _where_kernel(c: np.ndarray) -> Any:
    if c.dtype == np.float16:  # TF registers a CPU Where for half that refuses at run time
        raise KernelError(errors.UnimplementedError, "No WhereOp available for float16/half type on CPU; dying in CPU "
                          "WhereOp to avoid silently creating costly copies from device.")
    if c.ndim == 0:
        raise KernelError(errors.InvalidArgumentError, "WhereOp : Unhandled input dimensions: 0")
    return np.argwhere(c).astype(np.int64)


Where = defop("Where", _where_kernel)


@tf_export("where")
def where(condition: Any, x: Any = None, y: Any = None, name: Any = None) -> Tensor:
    """TF: tf.where. One argument: int64 indices of true elements; three: select."""
    c = convert_to_tensor(condition)
    if x is None and y is None:
        Where.check(c)
        return Where(c)
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    if c._dtype is not dtypes.bool:
        raise errors.InvalidArgumentError(None, None, (
            f"cannot compute SelectV2 as input #0(zero-based) was expected to be a bool tensor but is a "
                f"{c._dtype._cname} tensor "
            "[Op:SelectV2] name: "))
    x_raw, y_raw = x, y
    x, y = match_inputs((x, y))
    if x._dtype is not y._dtype:
        from tfshim.ops.op import dtype_mismatch

        raise dtype_mismatch("SelectV2", 2, x._dtype, y._dtype)
    return run_op(SelectV2, (condition, x_raw, y_raw), c, x, y)


# ----- pack / unpack -----------------------------------------------------------------------------


def _pack_kernel(*xs: np.ndarray, axis: int, name: str = "") -> Any:
    shapes = {x.shape for x in xs}
    if len(shapes) > 1:
        first = xs[0].shape
        for i, x in enumerate(xs):
            if x.shape != first:
                raise kernel_error(
                    "Pack_N_%d" % (len(xs),),
                    "Shapes of all inputs must match: values[0].shape = [%s] != values[%d].shape = [%s]"
                    % (",".join(map(str, first)), i, ",".join(map(str, x.shape))), f" name: {name}")
    return np.stack(xs, axis=axis)


Pack = defop("Pack", _pack_kernel)


@Pack.gradient
def _pack_grad(op: Any, grad: Tensor) -> list:
    """Returns unstack(grad, axis)."""
    return unstack(grad, axis=op.get_attr("axis"))


def pack(ts: list, axis: int = 0, name: str = "") -> Tensor:
    """TF: gen_array_ops.pack on tensors (variables are read): TF's dtype and shape errors name `name`."""
    ts = [convert_to_tensor(t) for t in ts]
    if not ts:  # TF finds no kernel for N=0 (its text varies by run: protobuf randomises the debug-string prefix)
        raise errors.InvalidArgumentError(None, None, (
            "OpKernel 'Pack' has constraint on attr 'T' not in NodeDef '[N=0, axis=%d]', KernelDef: 'goo.gle/debugstr"
            "   op: \"Pack\" device_type: \"CPU\" constraint { name: \"T\" allowed_values { list { type: "
            "DT_FLOAT8_E4M3FN } } }' [Op:Pack] name: %s" % (axis, name)))
    for i in builtins_range(1, len(ts)):
        if ts[i]._dtype is not ts[0]._dtype:
            from tfshim.ops.op import dtype_mismatch

            raise dtype_mismatch("Pack", i, ts[0]._dtype, ts[i]._dtype, name)
    return Pack(*ts, axis=axis % (ts[0].ndim + 1), name=name)


@tf_export("stack")
def stack(values: Any, axis: int = 0, name: str = "stack") -> Tensor:
    """TF: tf.stack, in TF's order (array_ops.stack): with `axis == 0` (a tensor axis compares as a tensor), values
    that convert as they are (a constant, a tensor, a list of them) are the result; then the axis against
    values[0]'s rank; then Pack's wrapper: `values` must be a list (a tensor is not) and `axis` an int."""
    if axis == 0:
        try:
            return convert_to_tensor(values, name=name)
        except (TypeError, ValueError, NotImplementedError):
            pass
    rank = convert_to_tensor(values[0], name=name).ndim  # values[0] of a tensor is its first row (`ndim`: traceable)
    if axis < -rank - 1 or axis >= rank + 1:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank - 1}, {rank + 1})")
    if not isinstance(values, (list, tuple)):
        raise TypeError("Expected list for 'values' argument to 'pack' Op, not %r." % (values,))
    axis = make_int(axis, "axis")
    ts = match_inputs(list(values))
    return pack(ts, axis, name or "")


Unpack = defop("Unpack", lambda x, axis: tuple(np.moveaxis(x, axis, 0)), multi_output=True)


@Unpack.gradient
def _unpack_grad(op: Any, *grads: Tensor) -> Tensor:
    """Returns stack(grads, axis)."""
    return Pack(*grads, axis=op.get_attr("axis"))


@tf_export("unstack")
def unstack(value: Any, num: Any = None, axis: int = 0, name: str = "unstack") -> list:
    if num is None:  # TF: the number of pieces from the static shape
        x = convert_to_tensor(value)
        rank = x._value.ndim
        if axis < -rank or axis >= rank:
            raise ValueError(f"Argument `axis` = {axis} not in range [{-rank}, {rank})")
        num = list(x._value.shape)[axis]
    # TF's gen_array_ops.unpack: the num and axis attrs, then the Unpack kernel's checks. The fast path (ints and a
    # tensor) names the op's scope in its errors; the fallback path does not.
    n, ax = make_int(num, "num"), make_int(axis, "axis")
    x = convert_to_tensor(value)
    fast = type(num) is int and type(axis) is int and isinstance(value, (Tensor, np.ndarray)) and n >= 0
    suffix = f" name: {name}" if fast else ""
    if n < 0:
        raise errors.InvalidArgumentError(None, None, (
            "Value for attr 'num' of %d must be at least minimum 0\n\t; NodeDef: {{node Unpack}}; %s [Op:Unpack]%s"
            % (n, op_def("Unpack")[0], suffix)))  # type: ignore[index]
    rank = x._value.ndim
    if not -rank <= ax < rank:
        message = "axis = %d not in [%d, %d)" % (ax, -rank, rank)
    elif n != x._value.shape[ax]:
        message = "Input shape axis %d must equal %d, got shape %s" % (ax % rank, n, _dims(x._value.shape))
    else:
        return list(Unpack(x, axis=ax % rank))
    raise_op_error("Unpack", KernelError(errors.InvalidArgumentError, message, suffix=suffix),
                   kernel_name=f"Unpack_num_{n}")


# ----- strided slice (Tensor.__getitem__) ------------------------------------------------------

newaxis = None
tf_export("newaxis").export_constant(__name__, "newaxis")


def _strided_slice_kernel(x: np.ndarray, key: tuple, suffix: str = " name: strided_slice/") -> Any:
    consuming = sum(1 for k in key if k is not None and k is not Ellipsis)
    if sum(1 for k in key if k is Ellipsis) > 1:
        raise KernelError(errors.InvalidArgumentError, "Multiple ellipses in slice spec not allowed", suffix=suffix)
    for i, k in enumerate(key):
        if type(k) is builtins_slice and k.step == 0:
            raise KernelError(errors.InvalidArgumentError, "strides[%d] must be non-zero" % (i,), suffix=suffix)
    if x.ndim == 0 and consuming:
        raise KernelError(errors.InvalidArgumentError, "Attempting to slice scalar input.", suffix=suffix)
    dim = 0
    for k in key:
        if k is Ellipsis:  # covers the dimensions the other indices leave (none when they are too many)
            dim += max(0, x.ndim - consuming)
            continue
        if k is None:
            continue
        if dim >= x.ndim:
            raise KernelError(
                errors.InvalidArgumentError,
                "Index out of range using input dim %d; input has only %d dims" % (dim, x.ndim),
                suffix=suffix)
        if type(k) is int and not -x.shape[dim] <= k < x.shape[dim]:
            raise KernelError(
                errors.InvalidArgumentError,
                "slice index %d of dimension %d out of bounds." % (k if k >= 0 else k + x.shape[dim], dim),
                suffix=suffix)
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
        elif isinstance(k, builtins_slice):
            out.append(builtins_slice(*(None if v is None else _index_value(v) for v in (k.start, k.stop, k.step))))
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


# ===== helpers shared by the ops below ==========================================================

_DEVICE = "_device_/job:localhost/replica:0/task:0/device:CPU:0"


def _dims(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def kernel_error(kernel: str, message: str, suffix: str = " name: ", cls: Any = None) -> KernelError:
    """A kernel error whose `{{function_node __wrapped__<kernel>...}}` names a kernel other than
    the op (TF's `ConcatV2_N_2`, `__MklMatMul`, ...)."""
    return KernelError(cls or errors.InvalidArgumentError,
                       f"{{{{function_node __wrapped__{kernel}{_DEVICE}}}}} {message}",
                       wrapped=False, suffix=suffix)


def _const(value: Any, dtype: Any) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    return _wrap_as(np.asarray(value, dtype=dtype.as_numpy_dtype), dtype)


def _axis_int(axis: Any) -> int:
    if isinstance(axis, Tensor):
        return int(axis._value)
    from tfshim.framework.variables import Variable

    if isinstance(axis, Variable):
        return int(axis._value)
    if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
        return int(axis)
    t = convert_to_tensor(axis, dtypes.int32)
    return int(t._value)


# ===== expand_dims / squeeze ===================================================================


def _expand_dims_kernel(x: np.ndarray, axis: int) -> Any:
    if not -x.ndim - 1 <= axis <= x.ndim:
        raise KernelError(errors.InvalidArgumentError,
                          "Tried to expand dim index %d for tensor with %d dimensions." % (axis, x.ndim))
    return np.expand_dims(x, axis)


ExpandDims = defop("ExpandDims", _expand_dims_kernel)


@ExpandDims.gradient
def _expand_dims_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad reshaped to the input's shape."""
    return Reshape(grad, shape=op.inputs[0]._value.shape)


@tf_export("expand_dims")
def expand_dims(input: Any, axis: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.expand_dims (ExpandDims)."""
    x = convert_to_tensor(input)
    dim = convert_index_input(axis)
    raw = (input, axis)
    try:
        check_attr("ExpandDims", dim, "Tdim")
    except errors.OpError as e:
        raise as_called(e, raw) from None
    if dim._value.size != 1:
        raise as_called(errors.InvalidArgumentError(None, None, (
            "{{function_node __wrapped__ExpandDims%s}} 'dim' must be a tensor with a single value [Op:ExpandDims] "
            "name: " % _DEVICE)), raw)
    return run_op(ExpandDims, raw, x, axis=int(dim._value.reshape(-1)[0]))


def _squeeze_kernel(x: np.ndarray, squeeze_dims: tuple) -> Any:
    if not squeeze_dims:
        return x.reshape(tuple(d for d in x.shape if d != 1))
    axes = []
    for a in squeeze_dims:
        if not -x.ndim <= a < x.ndim:
            raise KernelError(errors.InvalidArgumentError,
                              "Tried to squeeze dim index %d for tensor with %d dimensions." % (a, x.ndim))
        a %= x.ndim
        if x.shape[a] != 1:
            raise KernelError(errors.InvalidArgumentError,
                              "Can not squeeze dim[%d], expected a dimension of 1, got %d" % (a, x.shape[a]))
        axes.append(a)
    return x.reshape(tuple(d for i, d in enumerate(x.shape) if i not in axes))


Squeeze = defop("Squeeze", _squeeze_kernel)


@Squeeze.gradient
def _squeeze_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad reshaped to the input's shape."""
    return Reshape(grad, shape=op.inputs[0]._value.shape)


@tf_export("squeeze")
def squeeze(input: Any, axis: Any = None, name: Any = None, squeeze_dims: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.squeeze (Squeeze); `axis` is an int or a list of ints."""
    if squeeze_dims is not None:
        axis = squeeze_dims
    if axis is None:
        axes: tuple = ()
    elif isinstance(axis, (list, tuple)) or (isinstance(axis, Tensor) and axis._value.ndim):
        axes = tuple(_int_list(axis))
    else:
        axes = (_axis_int(axis),)
    return run_op(Squeeze, (input,), convert_to_tensor(input), squeeze_dims=axes)


# ===== concat / split ==========================================================================


def _concat_kernel(*xs: np.ndarray, axis: int) -> Any:
    kernel = "ConcatV2_N_%d" % (len(xs),)
    r = xs[0].ndim
    if r == 0:
        raise kernel_error(kernel, "ConcatOp : Can't concatenate scalars (use tf.stack instead)", " name: concat")
    if not -r <= axis < r:
        raise kernel_error(kernel, "ConcatOp : Expected concatenating dimensions in the range [%d, %d), but got %d"
                           % (-r, r, axis), " name: concat")
    ax = axis % r
    for i, x in enumerate(xs[1:], 1):
        if x.ndim != r:
            raise kernel_error(kernel, "ConcatOp : Ranks of all input tensors should match: shape[0] = %s vs. "
                               "shape[%d] = %s" % (_dims(xs[0].shape), i, _dims(x.shape)), " name: concat")
        for d in builtins_range(r):
            if d != ax and x.shape[d] != xs[0].shape[d]:
                raise kernel_error(kernel, "ConcatOp : Dimension %d in both shapes must be equal: shape[0] = %s vs. "
                                   "shape[%d] = %s" % (d, _dims(xs[0].shape), i, _dims(x.shape)), " name: concat")
    return np.concatenate(xs, axis=ax)


ConcatV2 = defop("ConcatV2", _concat_kernel)


@ConcatV2.gradient
def _concat_grad(op: Any, grad: Tensor) -> list:
    """Returns grad sliced back into the pieces (TF: ConcatOffset + Slice)."""
    r = op.inputs[0]._value.ndim
    ax = op.get_attr("axis") % r
    out, offset = [], 0
    for x in op.inputs:
        begin = [0] * r
        begin[ax] = offset
        out.append(Slice(grad, begin=tuple(begin), size=x._value.shape))
        offset += x._value.shape[ax]
    return out


@tf_export("concat")
def concat(values: Any, axis: Any, name: str = "concat") -> Tensor:
    """TF: tf.concat (ConcatV2). One value is returned through tf.identity, as in TF."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    if len(values) == 1:  # TF checks the axis (an int32 scalar) and returns the value
        convert_to_tensor(axis, dtypes.int32, name="concat_dim").shape.assert_has_rank(0)
        return identity(values[0])
    if not values:
        raise errors.InvalidArgumentError(None, None, (
            "OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef '[N=0, Tidx=DT_INT32]', KernelDef: "
            "'goo.gle/debugstr    op: \"ConcatV2\" device_type: \"CPU\" constraint { name: \"T\" allowed_values { "
            "list { type: DT_QINT32 } } } host_memory_arg: \"axis\"' [Op:ConcatV2] name: concat"))
    ts = match_inputs(list(values))
    for i in builtins_range(1, len(ts)):
        if ts[i]._dtype is not ts[0]._dtype:
            from tfshim.ops.op import dtype_mismatch

            e = dtype_mismatch("ConcatV2", i, ts[0]._dtype, ts[i]._dtype)
            raise type(e)(None, None, e.message + "concat")
    from tfshim.ops.op import _took_slow_path

    ax = convert_index_input(axis)
    slow = _took_slow_path((axis,))  # a list axis: TF's error ends at [Op:ConcatV2]
    try:
        check_attr("ConcatV2", ax, "Tidx", suffix=" name: concat")
        if ax._value.ndim and ax._value.shape != (1,):  # TF's kernel takes a one-element vector too
            raise_op_error("ConcatV2", kernel_error("ConcatV2_N_%d" % len(ts), "axis tensor should be a scalar "
                                                    "integer, but got shape %s" % _dims(ax._value.shape),
                                                    " name: concat"))
        return ConcatV2(*ts, axis=int(ax._value.reshape(())))
    except errors.OpError as e:
        if slow and e.message.endswith("] name: concat"):
            raise type(e)(None, None, e.message[: -len(" name: concat")]) from None
        raise


def _split_kernel(x: np.ndarray, axis: int, num_split: int) -> Any:
    kernel = "Split_num_split_%d" % (num_split,)
    if not -x.ndim <= axis < x.ndim:
        raise kernel_error(kernel, "-input rank(-%d) <= split_dim < input rank (%d), but got %d"
                           % (x.ndim, x.ndim, axis), " name: split")
    ax = axis % x.ndim
    if num_split <= 0 or x.shape[ax] % num_split:
        raise kernel_error(kernel, "Number of ways to split should evenly divide the split dimension, but got "
                           "split_dim %d (size = %d) and num_split %d" % (ax, x.shape[ax], num_split), " name: split")
    return tuple(np.split(x, num_split, axis=ax))


Split = defop("Split", _split_kernel, multi_output=True)


@Split.gradient
def _split_grad(op: Any, *grads: Tensor) -> Tensor:
    """Returns concat(grads, axis)."""
    return ConcatV2(*grads, axis=op.get_attr("axis"))


def _splitv_kernel(x: np.ndarray, axis: int, size_splits: tuple) -> Any:
    kernel = "SplitV_num_split_%d" % (len(size_splits),)
    if not -x.ndim <= axis < x.ndim:
        raise kernel_error(kernel, "-input rank(-%d) <= split_dim < input rank (%d), but got %d"
                           % (x.ndim, x.ndim, axis), " name: split")
    ax = axis % x.ndim
    sizes = list(size_splits)
    unknown = [i for i, s in enumerate(sizes) if s == -1]
    if len(unknown) > 1:
        raise kernel_error(kernel, "There can only be one -1 in the input.", " name: split")
    known = sum(s for s in sizes if s != -1)
    n = x.shape[ax]
    if (not unknown and known != n) or (unknown and known > n):
        raise kernel_error(kernel, "Determined shape must either match input shape along split_dim exactly if fully "
                           "specified, or be less than the size of the input along split_dim if not fully specified.  "
                           "Got: %d" % known, " name: split")
    if unknown:
        sizes[unknown[0]] = n - known
    return tuple(np.split(x, np.cumsum(sizes)[:-1], axis=ax))


SplitV = defop("SplitV", _splitv_kernel, multi_output=True)


@SplitV.gradient
def _splitv_grad(op: Any, *grads: Tensor) -> Tensor:
    """Returns concat(grads, axis)."""
    return ConcatV2(*grads, axis=op.get_attr("axis"))


@tf_export("split")
def split(value: Any, num_or_size_splits: Any, axis: Any = 0, num: Any = None, name: str = "split") -> list:
    """TF: tf.split: Split for a number of pieces (a Python integer, bools included), SplitV for sizes."""
    if isinstance(num_or_size_splits, numbers.Integral):
        return _split_n(value, num_or_size_splits, axis)
    size_splits = convert_to_tensor(num_or_size_splits)
    if size_splits._value.ndim == 0:
        raise ValueError("Rank-0 tensors are not supported as the num_or_size_splits argument to split. Argument "
                         "provided: %s" % (num_or_size_splits,))
    x = convert_to_tensor(value)
    axis = _axis_int(axis)
    sizes = size_splits  # a tensor already: TF's fast path, its errors naming the op "split"
    check_attr("SplitV", sizes, "Tlen", " name: split")
    if num is not None and make_int(num, "num_split") != sizes._value.shape[0]:
        raise_op_error("SplitV", kernel_error(
            "SplitV_num_split_%d" % num, "size of the split_tensor must be 1-D and have the same elements as outputs "
            "got %d -D and %d elements" % (sizes._value.ndim, sizes._value.size), " name: split"))
    return list(SplitV(x, axis=axis, size_splits=tuple(int(d) for d in sizes._value)))


def _split_n(value: Any, num_split: Any, axis: Any) -> list:
    """TF's gen_array_ops.split: the num_split attr, the int32 split_dim, the output count, the attr's minimum."""
    num_split = make_int(num_split, "num_split")
    raw = (axis, value)
    dim = _typed_input("Split", 0, axis, dtypes.int32, raw)
    x = convert_to_tensor(value)
    if num_split > 2**31 - 1:
        raise ValueError("Number of outputs is too big: %d" % num_split)
    suffix = "" if _took_slow_path(raw) or num_split < 0 else " name: split"  # TF's fast path refuses a negative
    if num_split < 1:
        raise errors.InvalidArgumentError(None, None, (
            "Value for attr 'num_split' of %d must be at least minimum 1\n\t; NodeDef: {{node Split}}; %s [Op:Split]%s"
            % (num_split, op_def("Split")[0], suffix)))  # type: ignore[index]
    if dim._value.ndim:
        raise errors.InvalidArgumentError(None, None, "{{function_node __wrapped__Split_num_split_%d%s}} split_dim "
                                          "must be a scalar but has rank %d [Op:Split]%s"
                                          % (num_split, _DEVICE, dim._value.ndim, suffix))
    return list(Split(x, axis=int(dim._value), num_split=num_split))


# ===== tile / pad ==============================================================================


def _tile_kernel(x: np.ndarray, multiples: tuple) -> Any:
    if len(multiples) != x.ndim:
        raise KernelError(errors.InvalidArgumentError, "Expected multiples argument to be a vector of length %d but "
                          "got length %d" % (x.ndim, len(multiples)))
    for i, m in enumerate(multiples):
        if m < 0:
            raise KernelError(errors.InvalidArgumentError,
                              "Expected multiples[%d] >= 0, but got %d" % (i, m))
    return np.tile(x, multiples) if x.ndim else x.copy()


Tile = defop("Tile", _tile_kernel)


@Tile.gradient
def _tile_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns reduce_sum(reshape(grad, [m0, d0, m1, d1, ...]), axes=[0, 2, ...])."""
    from tfshim.ops.math_ops import reduce_sum

    shape = op.inputs[0]._value.shape
    split_shape = [v for m, d in zip(op.get_attr("multiples"), shape) for v in (m, d)]
    if not split_shape:
        return grad
    return reduce_sum(Reshape(grad, shape=tuple(split_shape)), list(builtins_range(0, len(split_shape), 2)))


@tf_export("tile", "manip.tile")
def tile(input: Any, multiples: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.tile (Tile)."""
    raw = (input, multiples)
    x = convert_to_tensor(input)
    m = _index_input("Tile", "Tmultiples", multiples, raw)
    if m._value.ndim != 1:
        raise as_called(_op_error("Tile", "Expected multiples to be 1-D, but got shape " + _dims(m._value.shape)), raw)
    return run_op(Tile, raw, x, multiples=tuple(int(d) for d in m._value))


def _paddings(x: np.ndarray, paddings: tuple, kernel: str, pshape: Any = None) -> None:
    if pshape is not None and (len(pshape) != 2 or pshape[1] != 2):
        raise KernelError(errors.InvalidArgumentError, f"paddings must be a matrix with 2 columns: {_dims(pshape)}")
    p = np.asarray(paddings).reshape(-1, 2) if len(paddings) else np.zeros((0, 2), np.int64)
    if p.shape[0] != x.ndim:
        raise KernelError(errors.InvalidArgumentError, f"The first dimension of paddings must be the rank of "
            f"inputs{_dims(p.shape)} {_dims(x.shape)}")
    for a, b in p:
        if a < 0 or b < 0:
            raise KernelError(errors.InvalidArgumentError, "Paddings must be non-negative: %d %d" % (a, b))


def _pad_kernel(x: np.ndarray, paddings: tuple, constant_values: Any = 0, pshape: Any = None) -> Any:
    _paddings(x, paddings, "Pad", pshape)
    if x.dtype == object:  # strings: Pad fills with b"" (np.pad would store NumPy bytes_ scalars)
        fill = np.asarray(constant_values, dtype=object).item()
        fill = fill if isinstance(fill, bytes) else b""
        out = np.full(tuple(d + a + b for d, (a, b) in zip(x.shape, paddings)), fill, dtype=object)
        out[tuple(builtins_slice(a, a + d) for d, (a, _) in zip(x.shape, paddings))] = x
        return out
    return np.pad(x, [tuple(p) for p in paddings], mode="constant", constant_values=constant_values)


Pad = defop("Pad", _pad_kernel)
PadV2 = defop("PadV2", _pad_kernel)


def _pad_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns slice(grad, paddings[:, 0], input shape)."""
    begin = tuple(int(p[0]) for p in op.get_attr("paddings"))
    return Slice(grad, begin=begin, size=op.inputs[0]._value.shape)


Pad.gradient(_pad_grad)
PadV2.gradient(_pad_grad)


def _mirror_pad_kernel(x: np.ndarray, paddings: tuple, mode: str, pshape: Any = None) -> Any:
    _paddings(x, paddings, "MirrorPad", pshape)
    off = 1 if mode == "REFLECT" else 0
    for (a, b), d in zip(paddings, x.shape):
        if a > d - off or b > d - off:
            raise KernelError(errors.InvalidArgumentError, (
                "paddings must be less than the dimension size: %d, %d not less than %d" if off else
                "paddings must be no greater than the dimension size: %d, %d greater than %d") % (a, b, d))
    return np.pad(x, [tuple(p) for p in paddings], mode="reflect" if off else "symmetric")


MirrorPad = defop("MirrorPad", _mirror_pad_kernel)


def _mirror_pad_grad_kernel(g: np.ndarray, paddings: tuple, mode: str) -> Any:
    """Folds the mirrored borders of `g` back onto the interior they copy."""
    off = 1 if mode == "REFLECT" else 0
    out = g
    for ax, (a, b) in enumerate(paddings):
        n = out.shape[ax] - a - b
        core = np.take(out, builtins_range(a, a + n), axis=ax).copy()
        if a:
            left = np.take(out, builtins_range(a), axis=ax)  # mirrors core[a - 1 + off ... off]
            idx = np.arange(a - 1 + off, off - 1, -1)
            np.add.at(core, (builtins_slice(None),) * ax + (idx,), left)
        if b:
            right = np.take(out, builtins_range(a + n, a + n + b), axis=ax)
            idx = np.arange(n - 1 - off, n - 1 - off - b, -1)
            np.add.at(core, (builtins_slice(None),) * ax + (idx,), right)
        out = core
    return out


MirrorPadGrad = defop("MirrorPadGrad", _mirror_pad_grad_kernel)


@MirrorPad.gradient
def _mirror_pad_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns MirrorPadGrad(grad): the mirrored borders folded back."""
    return MirrorPadGrad(grad, paddings=op.get_attr("paddings"), mode=op.get_attr("mode"))


@MirrorPadGrad.gradient
def _mirror_pad_grad_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns MirrorPad(grad)."""
    return MirrorPad(grad, paddings=op.get_attr("paddings"), mode=op.get_attr("mode"))


@tf_export("pad")
def pad(tensor: Any, paddings: Any, mode: str = "CONSTANT", constant_values: Any = 0, name: Any = None) -> Tensor:
    """TF: tf.pad: Pad (zeros), PadV2 (other constants), MirrorPad (REFLECT, SYMMETRIC)."""
    m = mode.upper()
    if m not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
        raise ValueError('Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
                         f"Received `mode` = {m}")
    # TF: a zero scalar (not a tensor) pads with Pad, any other constant with PadV2 (input and constant share T)
    zero = m == "CONSTANT" and not isinstance(constant_values, Tensor) and not hasattr(constant_values, "assign") \
        and np.ndim(constant_values) == 0 and constant_values == np.zeros_like(constant_values)
    op = Pad if zero else PadV2 if m == "CONSTANT" else MirrorPad
    raw = (tensor, paddings, constant_values) if op is PadV2 else (tensor, paddings)
    if op is PadV2:
        x, c = match_inputs([tensor, constant_values], slow=_took_slow_path(raw))
    else:
        x = convert_to_tensor(tensor)
    p = _index_input(op.name, "Tpaddings", paddings, raw)
    if op is PadV2:
        err = dtype_mismatch("PadV2", 2, x._dtype, c._dtype) if c._dtype is not x._dtype else None
        if err is None and c._value.ndim:
            err = _op_error("PadV2", "constant_values must be a scalar. Found: " + _dims(c._value.shape))
        if err is not None:
            raise as_called(err, raw)
    # TF's kernels check the paddings' shape first ("paddings must be a matrix with 2 columns: [0]")
    if p._value.ndim == 2 and p._value.shape[-1] == 2:
        pv, ps = (tuple(tuple(int(v) for v in row) for row in p._value) if p._value.size else ()), {}
    else:
        pv, ps = (), {"pshape": tuple(p._value.shape)}
    if op is Pad:
        return run_op(Pad, raw, x, paddings=pv, **ps)
    if op is PadV2:
        return run_op(PadV2, raw, x, paddings=pv, constant_values=c._value, **ps)
    return run_op(MirrorPad, raw, x, paddings=pv, mode=m, **ps)


# ===== bitcast / guarantee_const / fingerprint ==================================================


def _bitcast_kernel(x: np.ndarray, type: Any) -> Any:  # noqa: A002
    """TF: kernels/bitcast_op.cc: the same bytes read as `type`. A wider type consumes the last dimension (which
    must hold exactly the ratio of sizes), a narrower one appends a dimension of that ratio."""
    in_dtype = dtypes.as_dtype(x.dtype)
    in_size, out_size = x.dtype.itemsize, type.size
    if not (in_size >= out_size or (x.ndim > 0 and x.shape[-1] == out_size // in_size)):
        # TF prints the DataType enum numbers
        raise KernelError(errors.InvalidArgumentError, "Cannot bitcast from %d to %d"
                          % (in_dtype.as_datatype_enum, type.as_datatype_enum))
    out = np.ascontiguousarray(x).view(type.as_numpy_dtype)
    if in_size > out_size:
        return out.reshape(x.shape + (in_size // out_size,))
    if in_size < out_size:
        return out.reshape(x.shape[:-1])
    return out.reshape(x.shape)


Bitcast = defop("Bitcast", _bitcast_kernel)  # TF registers no gradient: a LookupError when one is needed


@tf_export("bitcast")
def bitcast(input: Any, type: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.bitcast (Bitcast): reinterprets the bytes of `input` as `type`, no copy of values."""
    out_type = make_type(type, "type")
    x = convert_to_tensor(input)
    suffix = error_suffix((input,))
    check_attr("Bitcast", x, "T", suffix)
    check_type_attr("Bitcast", out_type, "type", suffix)
    return run_op(Bitcast, (input,), x, type=out_type)


GuaranteeConst = defop("GuaranteeConst", lambda x: x)  # no gradient registered in TF


@tf_export("guarantee_const")
def guarantee_const(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.guarantee_const (GuaranteeConst, deprecated): the input, promised constant to the graph
    optimizer; eagerly an identity with no gradient."""
    from tfshim.platform.test import _log_deprecated

    _log_deprecated("guarantee_const", "tensorflow.python.ops.array_ops", "Not for public use.", warn_once=True)
    x = convert_to_tensor(input)
    return run_op(GuaranteeConst, (input,), x)


def _fingerprint_rows(rows: Any) -> np.ndarray:
    """Each row's FarmHash Fingerprint64 as its 8 little-endian bytes (TF's CopyToBuffer)."""
    from tfshim.ops.string_hash import fingerprint64

    out = np.zeros((len(rows), 8), np.uint8)
    for i, row in enumerate(rows):
        out[i] = np.frombuffer(fingerprint64(row).to_bytes(8, "little"), np.uint8)
    return out


def _fingerprint_kernel(data: np.ndarray, method: np.ndarray) -> Any:
    """TF: kernels/fingerprint_op.cc. Numbers: the Fingerprint64 of each dim-0 row's bytes. Strings: of the string
    itself when rows hold one element, else of the row's concatenated string fingerprints."""
    if method.ndim != 0:
        raise KernelError(errors.InvalidArgumentError, "`method` should be a scalar string: %s" % _dims(method.shape))
    m = method[()]
    if m != b"farmhash64":
        raise KernelError(errors.InvalidArgumentError, "Unsupported fingerprint method: %s"
                          % m.decode("utf-8", "replace"))
    if data.ndim < 1:
        raise KernelError(errors.InvalidArgumentError, "`data` should have at least one dimension: %s"
                          % _dims(data.shape))
    n = data.shape[0]
    per_row = data.size // n if n else 0
    if data.dtype == object:
        if per_row == 0:  # TF leaves its output unwritten here (uninitialized memory): tfshim gives zeros
            return np.zeros((n, 8), np.uint8)
        strings = _fingerprint_rows([bytes(v) for v in data.reshape(-1)])
        if per_row <= 1:
            return strings
        return _fingerprint_rows([r.tobytes() for r in strings.reshape(n, per_row * 8)])
    flat = np.ascontiguousarray(data).reshape(n, per_row)
    return _fingerprint_rows([r.tobytes() for r in flat])


Fingerprint = defop("Fingerprint", _fingerprint_kernel)


@tf_export("fingerprint")
def fingerprint(data: Any, method: Any = "farmhash64", name: Any = None) -> Tensor:
    """TF: tf.fingerprint (Fingerprint): an [N, 8] uint8 fingerprint (FarmHash Fingerprint64) of each of the
    N slices of `data` along its first dimension."""
    raw = (data, method)
    d = convert_to_tensor(data)
    return run_op(Fingerprint, raw, d, _typed_input("Fingerprint", 1, method, dtypes.string, raw), check=False)


# ===== extract_volume_patches ===================================================================


def _volume_patches_kernel(x: np.ndarray, ksizes: tuple, strides: tuple, padding: str) -> Any:
    """TF: kernels/extract_volume_patches_op.cc: each [kp, kr, kc] window (zero-padded for SAME) flattened in
    (plane, row, col, depth) order into the last dimension."""
    for name, v in (("ksizes", ksizes), ("strides", strides)):
        if any(k <= 0 for k in v):
            raise KernelError(errors.OutOfRangeError, "%s is out of range." % name)
        if v[0] != 1 or v[4] != 1:
            raise KernelError(errors.UnimplementedError, "Only support %s across space." % name)
    if x.ndim != 5:
        raise KernelError(errors.InvalidArgumentError, "input must be 5-dimensional%s" % _dims(x.shape))
    outs, pads = [], [(0, 0)]
    for n, k, st in zip(x.shape[1:4], ksizes[1:4], strides[1:4]):
        if padding == "VALID":
            o = builtins.max(int((n - k + st) / st), 0)  # C++ division truncates toward zero
            pads.append((0, 0))
        else:
            o = -(-n // st)
            total = builtins.max((o - 1) * st + k - n, 0)
            pads.append((total // 2, total - total // 2))
        outs.append(o)
    xp = np.pad(x, pads + [(0, 0)])
    out = np.zeros((x.shape[0], *outs, ksizes[1] * ksizes[2] * ksizes[3] * x.shape[4]), x.dtype)
    k = 0
    for a in builtins_range(ksizes[1]):
        for b in builtins_range(ksizes[2]):
            for c in builtins_range(ksizes[3]):
                win = xp[:, a:a + (outs[0] - 1) * strides[1] + 1:strides[1],
                         b:b + (outs[1] - 1) * strides[2] + 1:strides[2],
                         c:c + (outs[2] - 1) * strides[3] + 1:strides[3]]
                if builtins.min(outs) > 0:
                    out[..., k:k + x.shape[4]] = win
                k += x.shape[4]
    return out


ExtractVolumePatches = defop("ExtractVolumePatches", _volume_patches_kernel)


@ExtractVolumePatches.gradient
def _extract_volume_patches_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns each input cell's sum of grad over the patch entries that copied it (TF: the same map built from
    the patches of an index volume, 0 marking padding)."""
    from tfshim.ops.segment_ops import UnsortedSegmentSum

    b, p, r, c, d = op.inputs[0]._value.shape
    ks, st, pad = op.get_attr("ksizes"), op.get_attr("strides"), op.get_attr("padding")
    idx = np.arange(1, 1 + p * r * c, dtype=np.int64).reshape(1, p, r, c, 1)
    ids = _volume_patches_kernel(idx, ks, st, pad).reshape(-1)  # one id per (patch, tap)
    n = ids.shape[0]
    g = Reshape(grad, shape=(b, n, d))
    g = Transpose(g, perm=(1, 0, 2))  # [patch taps, batch, depth]
    summed = UnsortedSegmentSum(g, _wrap_as(ids, dtypes.int64), _wrap_as(np.array(1 + p * r * c, np.int64),
                                                                           dtypes.int64))
    summed = Slice(summed, begin=(1, 0, 0), size=(p * r * c, b, d))
    return Reshape(Transpose(summed, perm=(1, 0, 2)), shape=(b, p, r, c, d))


@tf_export("extract_volume_patches")
def extract_volume_patches(input: Any, ksizes: Any, strides: Any, padding: str, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.extract_volume_patches (ExtractVolumePatches): [kp, kr, kc] patches of a 5-D [batch, planes, rows,
    cols, depth] input, every `strides` cells, each flattened into the last dimension."""
    from tfshim.ops.eager_attrs import op_attrs
    from tfshim.ops.nn_ops_3d import _attr_error

    ks, st, padding = op_attrs("extract_volume_patches", (input,), ("ints", "ksizes", ksizes),
                               ("ints", "strides", strides), ("str", "padding", padding))
    x = convert_to_tensor(input)
    node = "ExtractVolumePatches"
    check_attr(node, x, "T")
    for arg, v in (("ksizes", ks), ("strides", st)):
        if len(v) < 5:
            raise _attr_error(node, node, "Length for attr '%s' of %d must be at least minimum 5" % (arg, len(v)))
    if padding not in ("SAME", "VALID"):
        raise _attr_error(node, node, 'Value for attr \'padding\' of "%s" is not in the list of allowed values: '
                          '"SAME", "VALID"' % padding)
    return run_op(ExtractVolumePatches, (input,), x, ksizes=tuple(ks), strides=tuple(st), padding=padding)


# ===== edit_distance ============================================================================


def _levenshtein(a: list, b: list) -> int:
    row = list(builtins_range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], builtins.min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def _edit_distance_kernel(h_idx: np.ndarray, h_val: np.ndarray, h_shape: np.ndarray, t_idx: np.ndarray,
                          t_val: np.ndarray, t_shape: np.ndarray, normalize: bool) -> Any:
    """TF: kernels/edit_distance_op.cc: the Levenshtein distance of each pair of sequences sharing all but the
    last index; a group in the hypothesis only scores its length (inf normalized), in the truth only its length
    (1 normalized); divided by the truth's length when normalizing."""
    if t_shape.shape[0] < 2:
        raise KernelError(errors.InvalidArgumentError, "Input SparseTensors must have rank at least 2, but "
                          "truth_shape rank is: %d" % t_shape.shape[0])
    if h_shape.shape[0] != t_shape.shape[0]:
        raise KernelError(errors.InvalidArgumentError, "Expected truth and hypothesis to have matching ranks, but "
                          "their shapes are: %s and %s" % (_dims(t_shape.shape), _dims(h_shape.shape)))
    out_shape = tuple(int(builtins.max(a, b)) for a, b in zip(h_shape[:-1], t_shape[:-1]))

    def groups(idx: np.ndarray, val: np.ndarray) -> dict:
        g: dict = {}
        for i in builtins_range(idx.shape[0]):
            g.setdefault(tuple(int(v) for v in idx[i, :-1]), []).append(val[i])
        return g

    hyp, truth = groups(h_idx, h_val), groups(t_idx, t_val)
    out = np.zeros(out_shape, np.float32)
    one = np.float32(1)
    for key in set(hyp) | set(truth):
        h, t = hyp.get(key, []), truth.get(key, [])
        if key in hyp and key in truth:
            d = np.float32(_levenshtein(t, h))
            out[key] = d / np.float32(len(t)) if normalize else d
        elif key in hyp:
            out[key] = np.float32(np.inf) if normalize else np.float32(len(h))
        else:
            out[key] = one if normalize else np.float32(len(t))
    return out


EditDistance = defop("EditDistance", _edit_distance_kernel)
not_differentiable(EditDistance)


@tf_export("edit_distance")
def edit_distance(hypothesis: Any, truth: Any, normalize: bool = True, name: str = "edit_distance") -> Tensor:
    """TF: tf.edit_distance (EditDistance): float32 Levenshtein distances between the sequences of two
    SparseTensors, grouped by all but their last index; shape the larger of their dense shapes minus the last."""
    if not isinstance(hypothesis, SparseTensor):
        raise TypeError("Hypothesis must be a SparseTensor.")
    if not isinstance(truth, SparseTensor):
        raise TypeError("Truth must be a SparseTensor.")
    norm = make_bool(normalize, "normalize", True)
    hv, tv = hypothesis.values, truth.values
    if tv.dtype != hv.dtype:
        raise errors.InvalidArgumentError(None, None, "cannot compute EditDistance as input #4(zero-based) was "
                                          "expected to be a %s tensor but is a %s tensor [Op:EditDistance] name: %s"
                                          % (hv.dtype._cname, tv.dtype._cname, name))
    try:
        return EditDistance(hypothesis.indices, hv, hypothesis.dense_shape, truth.indices, tv, truth.dense_shape,
                            normalize=norm)
    except errors.OpError as e:
        raise type(e)(None, None, e.message + str(name)) from None


# ===== space_to_batch / batch_to_space =========================================================
# TF: kernels/spacetobatch_op.cc, batchtospace_op.cc. Both kernels first fold into the batch (or depth) the
# leading (trailing) block dimensions that have block 1 and no padding/crop, and support at most 4 block
# dimensions besides; their checks follow the kernels' order.

_MAX_BLOCK_DIMS = 4


def _block_args(x: np.ndarray, block_shape: np.ndarray, pads: np.ndarray, what: str) -> tuple:
    """Checks the block_shape / paddings (crops) shapes as both kernels do; returns them as Python ints and
    the number of block dimensions the kernel works on (after folding the trivial leading/trailing ones)."""
    if block_shape.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, "block_shape rank should be 1 instead of %d" % block_shape.ndim)
    m = block_shape.shape[0]
    if x.ndim < 1 + m:
        raise KernelError(errors.InvalidArgumentError, "input rank should be >= %d instead of %d" % (1 + m, x.ndim))
    if not (pads.ndim == 2 and pads.shape[0] == m and pads.shape[1] == 2):
        raise KernelError(errors.InvalidArgumentError, "%s should have shape [%d, 2] instead of %s"
                          % (what, m, _dims(pads.shape)))
    block = [int(b) for b in block_shape]
    pad = [(int(a), int(b)) for a, b in pads]
    trivial = [pad[i] == (0, 0) and block[i] == 1 for i in builtins_range(m)]
    prefix = 0
    while prefix < m and trivial[prefix]:
        prefix += 1
    suffix = 0
    while suffix < m - prefix and trivial[m - 1 - suffix]:
        suffix += 1
    return block, pad, prefix, m - suffix


def _max_block_dims_check(internal: int) -> None:
    if internal > _MAX_BLOCK_DIMS:
        raise KernelError(errors.InvalidArgumentError, "Maximum number of non-combined block dimensions is %d but "
                          "must not exceed %d" % (internal, _MAX_BLOCK_DIMS))


def _space_to_batch_nd_kernel(x: np.ndarray, block_shape: np.ndarray, paddings: np.ndarray) -> Any:
    block, pad, first, last = _block_args(x, block_shape, paddings, "paddings")
    product = 1
    for i, b in enumerate(block):
        if b < 1:
            raise KernelError(errors.InvalidArgumentError, "All values in block_shape must be positive, got value, "
                              "%d at index %d." % (b, i))
        product *= b
    _max_block_dims_check(last - first)
    if last == first:
        return x
    m = len(block)
    for i in builtins_range(first, last):
        a, b = pad[i]
        if a < 0 or b < 0:
            raise KernelError(errors.InvalidArgumentError, "Paddings must be non-negative")
        padded = x.shape[i + 1] + a + b
        if padded % block[i]:
            raise KernelError(errors.InvalidArgumentError, "padded_shape[%d]=%d is not divisible by block_shape[%d]=%d"
                              % (i, padded, i, block[i]))
    padded_x = np.pad(x, [(0, 0)] + pad + [(0, 0)] * (x.ndim - 1 - m))
    rest = padded_x.shape[1 + m:]
    # [batch, s0/b0, b0, ..., rest] -> [b0, ..., batch, s0/b0, ..., rest]
    split = [x.shape[0]]
    for i in builtins_range(m):
        split += [padded_x.shape[i + 1] // block[i], block[i]]
    y = padded_x.reshape(split + list(rest))
    perm = [2 + 2 * i for i in builtins_range(m)] + [0] + [1 + 2 * i for i in builtins_range(m)]
    perm += list(builtins_range(1 + 2 * m, y.ndim))
    out_shape = [x.shape[0] * product] + [padded_x.shape[i + 1] // block[i] for i in builtins_range(m)] + list(rest)
    return np.ascontiguousarray(y.transpose(perm)).reshape(out_shape)


def _batch_to_space_nd_kernel(x: np.ndarray, block_shape: np.ndarray, crops: np.ndarray) -> Any:
    block, crop, first, last = _block_args(x, block_shape, crops, "crops")
    product = 1
    for b in block:
        product *= b
    if product <= 0:
        raise KernelError(errors.InvalidArgumentError, "Product of block sizes must be positive, got %d" % product)
    _max_block_dims_check(last - first)
    if last == first:
        return x
    if x.shape[0] % product:
        raise KernelError(errors.InvalidArgumentError, "Input batch dimension (%d) is not divisible by product of "
                          "block sizes (%d)" % (x.shape[0], product))
    for i in builtins_range(first, last):
        a, b = crop[i]
        if a < 0 or b < 0:
            raise KernelError(errors.InvalidArgumentError, "Crops must be non-negative")
        cropped = x.shape[i + 1] * block[i] - a - b
        if cropped < 0:
            raise KernelError(errors.InvalidArgumentError, "cropped_shape[%d]=%d must be non-negative" % (i, cropped))
    m = len(block)
    batch = x.shape[0] // product
    spatial = list(x.shape[1:1 + m])
    rest = list(x.shape[1 + m:])
    # [b0, ..., batch, s0, ..., rest] -> [batch, s0, b0, s1, b1, ..., rest]
    y = x.reshape(block + [batch] + spatial + rest)
    perm = [m]
    for i in builtins_range(m):
        perm += [m + 1 + i, i]
    perm += list(builtins_range(2 * m + 1, y.ndim))
    y = np.ascontiguousarray(y.transpose(perm)).reshape([batch] + [s * b for s, b in zip(spatial, block)] + rest)
    key = (builtins_slice(None),) + tuple(builtins_slice(a, y.shape[i + 1] - b) for i, (a, b) in enumerate(crop))
    return np.ascontiguousarray(y[key])


SpaceToBatchND = defop("SpaceToBatchND", _space_to_batch_nd_kernel)
BatchToSpaceND = defop("BatchToSpaceND", _batch_to_space_nd_kernel)


@SpaceToBatchND.gradient
def _space_to_batch_nd_grad(op: Any, grad: Tensor) -> tuple:
    """Returns batch_to_space_nd(grad, block_shape, paddings): the opposite op."""
    return BatchToSpaceND(grad, op.inputs[1], op.inputs[2]), None, None


@BatchToSpaceND.gradient
def _batch_to_space_nd_grad(op: Any, grad: Tensor) -> tuple:
    """Returns space_to_batch_nd(grad, block_shape, crops): the opposite op."""
    return SpaceToBatchND(grad, op.inputs[1], op.inputs[2]), None, None


def _run_block_op(op: Any, input: Any, block_shape: Any, pads: Any, pads_attr: str) -> Tensor:  # noqa: A002
    """Converts as TF's generated wrapper (block_shape, paddings/crops: int32 unless tensors), checks the
    attrs and the input's CPU kernel, runs."""
    raw = (input, block_shape, pads)
    x = convert_to_tensor(input)
    b = convert_index_input(block_shape, _took_slow_path(raw))
    p = convert_index_input(pads, _took_slow_path(raw))
    suffix = error_suffix(raw)
    check_attr(op.name, b, "Tblock_shape", suffix)
    check_attr(op.name, p, pads_attr, suffix)
    from tfshim.ops.op import check_kernel

    check_kernel(op.name, x._dtype, suffix, "T=DT_%s, Tblock_shape=DT_%s, %s=DT_%s" % (
        x._dtype._cname.upper(), b._dtype._cname.upper(), pads_attr, p._dtype._cname.upper()))
    return run_op(op, raw, x, b, p)


@tf_export("space_to_batch_nd")
def space_to_batch_nd(input: Any, block_shape: Any, paddings: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.space_to_batch_nd (SpaceToBatchND): the spatial dimensions zero-padded, then cut into
    block_shape blocks that move into the batch dimension (block offsets outermost)."""
    return _run_block_op(SpaceToBatchND, input, block_shape, paddings, "Tpaddings")


@tf_export("space_to_batch", "nn.space_to_batch")
def space_to_batch(input: Any, block_shape: Any, paddings: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.space_to_batch (TF 2's space_to_batch_v2): space_to_batch_nd."""
    return space_to_batch_nd(input, block_shape, paddings, name)


@tf_export("batch_to_space")
def batch_to_space(input: Any, block_shape: Any, crops: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.batch_to_space (BatchToSpaceND), the inverse of space_to_batch: the batch's blocks interleaved
    back into the spatial dimensions, then cropped. A Python int block_shape means [b, b] (TF 1's form)."""
    if isinstance(block_shape, int):
        block_shape = np.array([block_shape, block_shape], dtype=np.int64)
    return _run_block_op(BatchToSpaceND, input, block_shape, crops, "Tcrops")


def _int32_input(value: Any, name: str) -> Tensor:
    """ops.convert_to_tensor(value, int32, name=name): TF prefixes a tensor's dtype mismatch with the name."""
    try:
        return convert_to_tensor(value, dtypes.int32)
    except ValueError as e:
        if isinstance(value, Tensor):
            raise ValueError("%s: %s" % (name, e)) from None
        raise


def _assert_compatible(t: Tensor, dims: list) -> None:
    """TF's TensorShape.assert_is_compatible_with(list): the message prints the list as given."""
    if tuple(t._value.shape) != tuple(dims):
        raise ValueError("Shapes %s and %s are incompatible" % (TensorShape(t._value.shape), dims))


@tf_export("required_space_to_batch_paddings")
def required_space_to_batch_paddings(input_shape: Any, block_shape: Any, base_paddings: Any = None,
                                     name: Any = None) -> tuple:
    """TF: tf.required_space_to_batch_paddings: (paddings, crops), int32 [N, 2]: base_paddings with the end
    padding grown until block_shape divides each padded size, and the crops that undo that growth."""
    shape = _int32_input(input_shape, "input_shape")
    block = _int32_input(block_shape, "block_shape")
    if block._value.ndim != 1:
        raise ValueError("Shape %s must have rank 1" % TensorShape(block._value.shape))
    n = block._value.shape[0]
    if n == 0:
        return zeros([0, 2], dtypes.int32), zeros([0, 2], dtypes.int32)
    _assert_compatible(shape, [n])
    if base_paddings is not None:
        base = _int32_input(base_paddings, "base_paddings")
        _assert_compatible(base, [n, 2])
        base_v = base._value
    else:
        base_v = np.zeros([n, 2], np.int32)
    pad_start = base_v[:, 0]
    full = shape._value + pad_start + base_v[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):  # TF's NumPy arithmetic: a 0 block gives 0 (a warning)
        extra = (block._value - full % block._value) % block._value
    paddings = np.stack([pad_start, base_v[:, 1] + extra], axis=1).astype(np.int32)
    crops = np.stack([np.zeros_like(extra), extra], axis=1).astype(np.int32)
    return _wrap_as(paddings, dtypes.int32), _wrap_as(crops, dtypes.int32)


# ===== slice / strided_slice / reverse ==========================================================


def _slice_kernel(x: np.ndarray, begin: tuple, size: tuple) -> Any:
    if len(begin) != x.ndim or len(size) != x.ndim:
        raise KernelError(errors.InvalidArgumentError, "Expected begin and size arguments to be 1-D tensors of size "
                          "%d, but got shapes [%d] and [%d] instead." % (x.ndim, len(begin), len(size)))
    key = []
    for i, (b, s) in enumerate(zip(begin, size)):
        d = x.shape[i]
        if s == -1:
            s = d - b
        if d == 0:  # TF's own check for an empty dimension
            if b != 0 or s != 0:
                raise KernelError(errors.InvalidArgumentError, "Expected begin[%d] == 0 (got %d) and size[%d] == 0 "
                                  "(got %d) when input.dim_size(%d) == 0" % (i, b, i, s, i))
        elif not 0 <= b <= d:
            raise KernelError(errors.InvalidArgumentError,
                              "Expected begin[%d] in [0, %d], but got %d" % (i, d, b))
        if not 0 <= s <= d - b:
            raise KernelError(errors.InvalidArgumentError,
                              "Expected size[%d] in [0, %d], but got %d" % (i, d - b, s))
        key.append(builtins_slice(b, b + s))
    return x[tuple(key)]


Slice = defop("Slice", _slice_kernel)


@Slice.gradient
def _slice_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns pad(grad, [begin, input_shape - size - begin])."""
    shape = op.inputs[0]._value.shape
    begin = op.get_attr("begin")
    gshape = grad._value.shape
    paddings = tuple((b, d - g - b) for b, d, g in zip(begin, shape, gshape))
    return Pad(grad, paddings=paddings)


@tf_export("slice")
def slice(input_: Any, begin: Any, size: Any, name: Any = None) -> Tensor:  # noqa: A001 - TF's name
    """TF: tf.slice (Slice); size -1 takes the rest of a dimension."""
    return run_op(Slice, (input_, begin, size), convert_to_tensor(input_), begin=tuple(_int_list(begin)),
                  size=tuple(_int_list(size)))


@tf_export("strided_slice")
def strided_slice(input_: Any, begin: Any, end: Any, strides: Any = None, begin_mask: int = 0, end_mask: int = 0,
                  ellipsis_mask: int = 0, new_axis_mask: int = 0, shrink_axis_mask: int = 0, var: Any = None,
                  name: Any = None) -> Tensor:
    """TF: tf.strided_slice (StridedSlice), its masks turned into a Python index key."""
    if strides is None:
        strides = ones_like(begin)
    masks = [make_int(0 if m is None else m, n) for m, n in zip(  # TF's generated wrapper: attrs before inputs
        (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask),
        ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"))]
    begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask = masks
    raw = (input_, begin, end, strides)
    x = convert_to_tensor(input_)
    index = match_inputs([begin, end, strides], _INDEX_TYPES, slow=_took_slow_path(raw))
    try:
        for i, t in enumerate(index):
            if t._dtype is not index[0]._dtype:
                raise dtype_mismatch("StridedSlice", i + 1, index[0]._dtype, t._dtype)
        check_attr("StridedSlice", index[0], "Index")
        if any(t._value.ndim != 1 for t in index) or not len(set(t._value.shape for t in index)) == 1:
            raise _op_error("StridedSlice", "Expected begin, end, and strides to be 1D equal size tensors, but got "
                            "shapes %s, %s, and %s instead." % tuple(_dims(t._value.shape) for t in index))
    except errors.OpError as err:
        raise as_called(err, raw) from None
    b, e, s = ([int(d) for d in t._value] for t in index)
    key: list = []
    for i in builtins_range(len(b)):
        if ellipsis_mask >> i & 1:
            key.append(Ellipsis)
        elif new_axis_mask >> i & 1:
            key.append(None)
        elif shrink_axis_mask >> i & 1:
            key.append(b[i])
        else:
            key.append(builtins_slice(None if begin_mask >> i & 1 else b[i], None if end_mask >> i & 1 else e[i],
                                      s[i]))
    return run_op(StridedSlice, raw, x, key=tuple(key), suffix=" name: ")


_INDEX_TYPES = (dtypes.int16, dtypes.int32, dtypes.int64)


def _reverse_kernel(x: np.ndarray, axis: tuple) -> Any:
    seen = set()
    for i, a in enumerate(axis):
        if not -x.ndim <= a < x.ndim:
            raise KernelError(errors.InvalidArgumentError, "'axis'[%d] = %d is out of valid range [0, %d"
                              % (i, a, x.ndim - 1))
        a %= x.ndim
        if a in seen:
            raise KernelError(errors.InvalidArgumentError, "axis %d specified more than once." % (a,))
        seen.add(a)
    return np.flip(x, tuple(seen)) if seen else x


ReverseV2 = defop("ReverseV2", _reverse_kernel)


@ReverseV2.gradient
def _reverse_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns reverse(grad, axis)."""
    return ReverseV2(grad, axis=op.get_attr("axis"))


@tf_export("reverse", "manip.reverse")
def reverse(tensor: Any, axis: Any, name: Any = None) -> Tensor:
    """TF: tf.reverse (ReverseV2)."""
    x = convert_to_tensor(tensor)
    if hasattr(axis, "assign"):
        axis = axis.value()
    ax = axis if isinstance(axis, Tensor) else convert_to_tensor(
        list(axis) if isinstance(axis, TensorShape) else axis, dtypes.int32)
    check_attr("ReverseV2", ax, "Tidx")
    if x._value.ndim == 0 or x._value.size == 0:  # TF's kernel returns such an input before looking at axis
        return run_op(ReverseV2, (tensor, axis), x, axis=())
    if ax._value.ndim != 1:
        raise_op_error("ReverseV2", KernelError(errors.InvalidArgumentError,
                                                "'dims' must be 1-dimension, not %d" % ax._value.ndim))
    return run_op(ReverseV2, (tensor, axis), x, axis=tuple(int(v) for v in ax._value))


# ===== gather / scatter ==========================================================================


def _index_text(shape: tuple, flat: int) -> str:
    return ",".join(str(i) for i in np.unravel_index(flat, shape)) if shape else ""


def _gather_kernel(params: np.ndarray, indices: np.ndarray, axis: int, batch_dims: int, static_axis: Any = None) -> Any:
    r = params.ndim
    if not -r <= axis < r:
        if axis >= 0:
            raise KernelError(errors.InvalidArgumentError,
                              "Shape must be at least rank %d but is rank %d" % (axis + 1, r))
        raise KernelError(errors.InvalidArgumentError,
                          "Expected axis in the range [%d, %d), but got %d" % (-r, r, axis))
    axis %= r
    n = params.shape[axis]
    bad = np.flatnonzero((indices < 0) | (indices >= n))
    if bad.size:
        i = int(bad[0])
        raise KernelError(errors.InvalidArgumentError, "indices[%s] = %d is not in [0, %d)"
                          % (_index_text(indices.shape, i), indices.reshape(-1)[i], n))
    if batch_dims == 0:
        return np.take(params, indices, axis=axis)
    # batch_dims > 0: the leading dims of params and indices are matched, not gathered.
    bshape = params.shape[:batch_dims]
    out = [np.take(params[b], indices[b], axis=axis - batch_dims) for b in np.ndindex(bshape)]
    out_shape = bshape + params.shape[batch_dims:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]
    return np.stack(out).reshape(out_shape) if out else np.zeros(out_shape, params.dtype)


GatherV2 = defop("GatherV2", _gather_kernel)


def _gather_coords(pshape: tuple, indices: np.ndarray, axis: int, batch_dims: int) -> np.ndarray:
    """For every output element of GatherV2, the params coordinate it was read from."""
    out_shape = pshape[:axis] + indices.shape[batch_dims:] + pshape[axis + 1:]
    grids = np.indices(out_shape, sparse=False) if out_shape else np.zeros((0,), np.int64)
    nidx = indices.ndim - batch_dims
    outer = [grids[i] for i in builtins_range(axis)]
    idx_pos = [grids[axis + j] for j in builtins_range(nidx)]
    inner = [grids[axis + nidx + j] for j in builtins_range(len(pshape) - axis - 1)]
    picked = indices[tuple(outer[:batch_dims]) + tuple(idx_pos)]
    return np.stack(outer + [picked] + inner, axis=-1).astype(np.int64)


@GatherV2.gradient
def _gather_grad(op: Any, grad: Tensor) -> list:
    """Returns IndexedSlices(grad, indices, params.shape) for axis 0; else grad scattered (summed)
    back to the params positions it was read from."""
    from tfshim.framework.indexed_slices import IndexedSlices

    params, indices = op.inputs
    pshape = params._value.shape
    axis, batch_dims = op.get_attr("axis") % len(pshape), op.get_attr("batch_dims")
    given = getattr(op, "attrs", {}).get("static_axis")
    if (axis if given is None else given) == 0 and batch_dims == 0:  # TF: the axis *as given* is 0 (-1: dense)
        size = indices._value.size
        values = Reshape(grad, shape=(size,) + pshape[1:])
        flat = Reshape(indices, shape=(size,))
        return [IndexedSlices(values, flat, _const(pshape, dtypes.int32)), None]
    coords = _gather_coords(pshape, indices._value, axis, batch_dims)
    return [ScatterNd(_const(coords, dtypes.int64), grad, shape=pshape), None]


@tf_export("gather")
def gather(params: Any, indices: Any, validate_indices: Any = None, axis: Any = None, batch_dims: int = 0,
           name: Any = None) -> Tensor:
    """TF: tf.gather (GatherV2). The gradient for axis 0 is a tf.IndexedSlices, as in TF."""
    p = convert_to_tensor(params)
    i = convert_to_tensor(indices)
    check_attr("GatherV2", i, "Tindices", suffix=error_suffix((indices,)))
    axis = batch_dims if axis is None else _axis_int(axis)
    given = axis
    if batch_dims < 0:
        batch_dims += i._value.ndim
    if axis < 0:
        axis += p._value.ndim
    return run_op(GatherV2, (params, indices), p, i, axis=axis, batch_dims=int(batch_dims), static_axis=given)


def _gather_nd_kernel(params: np.ndarray, indices: np.ndarray) -> Any:
    k = indices.shape[-1] if indices.ndim else 0
    if indices.ndim == 0:
        raise KernelError(errors.InvalidArgumentError,
                          "indices must be at least a vector, but got shape [] ")
    if k > params.ndim:
        raise KernelError(errors.InvalidArgumentError, "index innermost dimension length must be <= params rank; "
                          "saw: %d vs. %d" % (k, params.ndim))
    flat = indices.reshape(-1, k)
    bad = np.flatnonzero(np.any((flat < 0) | (flat >= np.asarray(params.shape[:k])), axis=1))
    if bad.size:
        i = int(bad[0])
        raise KernelError(errors.InvalidArgumentError, "indices{} = [{}] does not index into param shape {}, node "
                          "name: GatherNd".format(f"[{_index_text(indices.shape[:-1], i)}]",
                                              ", ".join(str(int(v)) for v in flat[i]), _dims(params.shape)))
    return params[tuple(np.moveaxis(indices, -1, 0))] if k else np.broadcast_to(
        params, indices.shape[:-1] + params.shape).copy()


GatherNd = defop("GatherNd", _gather_nd_kernel)


@GatherNd.gradient
def _gather_nd_grad(op: Any, grad: Tensor) -> list:
    """Returns scatter_nd(indices, grad, params.shape); IndexedSlices for [N, 1] indices."""
    from tfshim.framework.indexed_slices import IndexedSlices

    params, indices = op.inputs
    shape = params._value.shape
    if indices._value.ndim == 2 and indices._value.shape[-1] == 1:
        return [IndexedSlices(grad, Squeeze(indices, squeeze_dims=(-1,)), _const(shape, indices._dtype)), None]
    return [ScatterNd(indices, grad, shape=shape), None]


@tf_export("gather_nd", "manip.gather_nd")
def gather_nd(params: Any, indices: Any, batch_dims: int = 0, name: Any = None, bad_indices_policy: str = "") -> Tensor:
    """TF: tf.gather_nd (GatherNd); batch_dims > 0 as TF's batch_gather_nd, in the same ops (so its gradient too).
    tfshim does not implement `bad_indices_policy` other than the default."""
    if isinstance(batch_dims, (Tensor, np.ndarray, np.generic)):  # TF: tensor_util.constant_value
        batch_dims = np.asarray(batch_dims._value if isinstance(batch_dims, Tensor) else batch_dims).item()
    batch_dims = int(batch_dims)
    if batch_dims:
        return _batch_gather_nd(params, indices, batch_dims, bad_indices_policy)
    p = convert_to_tensor(params)
    i = convert_to_tensor(indices)
    check_attr("GatherNd", i, "Tindices", suffix=error_suffix((indices,)))
    if not (isinstance(bad_indices_policy, str) and bad_indices_policy in ("", "DEFAULT")):
        raise NotImplementedError("tf.gather_nd(bad_indices_policy=...) is not implemented by tfshim")
    return run_op(GatherNd, (params, indices), p, i)


def _batch_gather_nd(params: Any, indices: Any, batch_dims: int, bad_indices_policy: Any) -> Tensor:
    """TF: array_ops.batch_gather_nd: the batch coordinates are prepended to each index vector, then one GatherNd
    over the flattened batch."""
    indices = convert_to_tensor(indices)
    params = convert_to_tensor(params)
    if batch_dims < 0:
        raise ValueError("tf.gather_nd does not allow negative batch_dims.")
    if batch_dims >= indices._value.ndim:
        raise ValueError(f"Argument `batch_dims` = {batch_dims} must be less than rank(`indices`) = "
                         f"{indices._value.ndim}")
    if batch_dims >= params._value.ndim:
        raise ValueError(f"Argument `batch_dims` = {batch_dims} must be less than rank(`params`) = "
                         f"{params._value.ndim}")
    from tfshim.ops import math_ops

    params_shape, indices_shape = shape(params), shape(indices)
    batch_shape = params_shape[:batch_dims]
    batch_size = math_ops.reduce_prod(batch_shape, [0])
    index_internal_ndims = indices._value.ndim - batch_dims - 1
    indices_internal_shape = indices_shape[batch_dims:-1]
    dim_ranges = [math_ops.cast(range(0, math_ops.cast(x, dtypes.int32), 1), indices.dtype)
                  for x in unstack(batch_shape, axis=0)]
    flat_list = [reshape(x, shape=(-1,)) for x in meshgrid(*dim_ranges, indexing="ij")]
    index_grid = transpose(stack(flat_list, axis=0))
    index_grid_shape = shape(index_grid)
    index_grid = reshape(index_grid, concat([index_grid_shape[:1], ones(index_internal_ndims, dtype=dtypes.int32),
                                             index_grid_shape[1:]], axis=0))
    index_grid = tile(index_grid, multiples=concat(((1,), indices_internal_shape, (1,)), axis=0))
    flat_indices = reshape(indices, shape=concat(([batch_size], indices_shape[batch_dims:]), axis=0))
    out = gather_nd(params, concat((index_grid, flat_indices), axis=-1), bad_indices_policy=bad_indices_policy)
    return reshape(out, shape=concat((batch_shape, shape(out)[1:]), axis=0))

def _scatter_check(kernel: str, indices: np.ndarray, updates: np.ndarray, shape: tuple, word: str) -> np.ndarray:
    k = indices.shape[-1] if indices.ndim else 1
    outer = indices.shape[:-1]
    if updates.shape[:len(outer)] != outer or updates.shape[len(outer):] != tuple(shape[k:]):
        raise KernelError(errors.InvalidArgumentError, "Outer dimensions of indices and update must match. Indices "
                          f"shape: {_dims(indices.shape)}, updates shape:{_dims(updates.shape)}")
    flat = indices.reshape(-1, k)
    bad = np.flatnonzero(np.any((flat < 0) | (flat >= np.asarray(shape[:k])), axis=1))
    if bad.size:
        i = int(bad[0])
        raise KernelError(errors.InvalidArgumentError, "indices[%d] = [%s] does not index into %s %s"
                          % (i, ", ".join(str(int(v)) for v in flat[i]), word, _dims(shape)))
    return flat


def _tensor_scatter_check(kernel: str, tensor: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> np.ndarray:
    """TF's TensorScatterOp shape checks, in its order; returns the indices as rows."""
    def fail(message: str) -> KernelError:
        return KernelError(errors.InvalidArgumentError, message)

    if indices.ndim < 1:
        raise fail("Indices shape must have rank at least one. Found:%s" % _dims(indices.shape))
    if updates.ndim < 1:
        raise fail("Updates shape must have rank at least one. Found:%s" % _dims(updates.shape))
    if not ((indices.size == 0 and updates.size == 0) or (tensor.size and indices.size and updates.size)):
        raise fail("Indices and updates specified for empty output shape")
    outer = indices.ndim - 1
    if any(i >= updates.ndim or indices.shape[i] != updates.shape[i] for i in range(outer)):
        raise fail("Outer dimensions of indices and update must match. Indices shape: %s, updates shape:%s"
                   % (_dims(indices.shape), _dims(updates.shape)))
    ix = indices.shape[outer]
    shape = tensor.shape
    if updates.ndim - outer != len(shape) - ix:
        raise fail("Inner dimensions of output shape must match inner dimensions of updates shape. Output: %s "
                   "updates: %s" % (_dims(shape), _dims(updates.shape)))
    if updates.shape[outer:] != shape[ix:]:
        raise fail("The inner %d dimensions of output.shape=%s must match the inner %d dimensions of updates.shape=%s"
                   % (len(shape) - ix, _dims(shape), updates.ndim - outer, _dims(updates.shape)))
    return _scatter_check(kernel, indices, updates, shape, "shape")


def _scatter_nd_kernel(indices: np.ndarray, updates: np.ndarray, shape: tuple) -> Any:
    flat = _scatter_check("ScatterNd", indices, updates, shape, "shape")
    if 0 in tuple(shape) and (indices.size or updates.size):
        raise KernelError(errors.InvalidArgumentError, "Indices and updates specified for empty output shape",
                          suffix="")
    out = np.zeros(shape, dtype=updates.dtype)
    k = flat.shape[1]
    from tfshim.kernels import fpenv

    with fpenv.kernel_env():  # TF sums under FTZ/DAZ: 0 + 1e-40 is 0
        np.add.at(out, tuple(flat.T), updates.reshape((-1,) + tuple(shape[k:])))
    return out


ScatterNd = defop("ScatterNd", _scatter_nd_kernel)


@ScatterNd.gradient
def _scatter_nd_grad(op: Any, grad: Tensor) -> list:
    """Returns (None, gather_nd(grad, indices))."""
    return [None, GatherNd(grad, op.inputs[0])]


@tf_export("scatter_nd", "manip.scatter_nd")
def scatter_nd(indices: Any, updates: Any, shape: Any, name: Any = None) -> Tensor:
    """TF: tf.scatter_nd (ScatterNd): duplicates are summed. `indices` and `shape` share the Tindices attr."""
    raw = (indices, updates, shape)
    i, s = match_inputs([indices, shape], _INDEX_TYPES, slow=_took_slow_path(raw))
    u = convert_to_tensor(updates)
    try:
        if s._dtype is not i._dtype:
            raise dtype_mismatch("ScatterNd", 2, i._dtype, s._dtype)
        check_attr("ScatterNd", i, "Tindices")
        if s._value.ndim != 1:
            raise _op_error("ScatterNd", "Shape must be a vector")
    except errors.OpError as e:
        raise as_called(e, raw) from None
    return run_op(ScatterNd, raw, i, u, shape=tuple(int(d) for d in np.ravel(s._value)))


def _tensor_scatter_update_kernel(tensor: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> Any:
    flat = _tensor_scatter_check("TensorScatterUpdate", tensor, indices, updates)
    out = tensor.copy()
    out[tuple(flat.T)] = updates.reshape((-1,) + tensor.shape[flat.shape[1]:])
    return out


TensorScatterUpdate = defop("TensorScatterUpdate", _tensor_scatter_update_kernel)


@TensorScatterUpdate.gradient
def _tensor_scatter_update_grad(op: Any, grad: Tensor) -> list:
    """Returns (tensor_scatter_update(grad, indices, 0), None, gather_nd(grad, indices))."""
    indices = op.inputs[1]
    updates_grad = GatherNd(grad, indices)
    zeros = _wrap_as(np.zeros(op.inputs[2]._value.shape, grad._value.dtype), grad._dtype)
    tensor_grad = TensorScatterUpdate(Identity(grad), indices, zeros)
    return [tensor_grad, None, updates_grad]


@tf_export("tensor_scatter_nd_update")
def tensor_scatter_nd_update(tensor: Any, indices: Any, updates: Any, name: Any = None) -> Tensor:
    """TF: tf.tensor_scatter_nd_update (TensorScatterUpdate)."""
    return _tensor_scatter(TensorScatterUpdate, tensor, indices, updates)


@tf_export("boolean_mask")
def boolean_mask(tensor: Any, mask: Any, axis: Any = None, name: str = "boolean_mask") -> Tensor:
    """TF: tf.boolean_mask: reshape the masked dims into one, then gather where(mask)."""
    t = convert_to_tensor(tensor)
    m = convert_to_tensor(mask)
    nm = m._value.ndim
    if nm == 0:
        raise ValueError("mask cannot be scalar.")
    axis = 0 if axis is None else _axis_int(axis)
    shape_t = t.shape
    TensorShape(shape_t.as_list()[axis:axis + nm]).assert_is_compatible_with(m.shape)
    ts = t._value.shape
    lead = int(np.prod(ts[axis:axis + nm], dtype=np.int64))
    t = reshape(t, list(ts[:axis]) + [lead] + list(ts[axis + nm:]))
    m = reshape(m, [-1])
    indices = squeeze(where(m), axis=[1])
    return gather(t, indices, axis=axis)


# ===== construction: one_hot, eye, range, linspace, meshgrid ==========================================


def _one_hot_kernel(indices: np.ndarray, on: np.ndarray, off: np.ndarray, depth: int, axis: int) -> Any:
    if depth < 0:
        raise KernelError(errors.InvalidArgumentError, "depth must be non-negative, got: %d" % (depth,))
    r = indices.ndim
    if not -1 <= axis <= r:
        raise KernelError(errors.InvalidArgumentError, "Expected axis to be -1 or between [0, %d).  But received: %d"
                          % (r + 1, axis))
    hot = indices[..., None] == np.arange(depth, dtype=np.int64)
    out = np.where(hot, on, off).astype(on.dtype)
    return np.moveaxis(out, -1, axis) if axis != -1 else out


OneHot = defop("OneHot", _one_hot_kernel)
not_differentiable(OneHot)


@tf_export("one_hot")
def one_hot(indices: Any, depth: Any, on_value: Any = None, off_value: Any = None, axis: Any = None,
            dtype: Any = None, name: Any = None) -> Tensor:
    """TF: tf.one_hot (OneHot); the dtype comes from on/off_value, else float32."""
    dtype = None if dtype is None else dtypes.as_dtype(dtype)
    on = None if on_value is None else convert_to_tensor(on_value, dtype_hint=dtype)
    off = None if off_value is None else convert_to_tensor(off_value, dtype_hint=dtype)
    if on is not None or off is not None:
        if dtype is not None:
            if on is not None and on._dtype is not dtype:
                raise TypeError(f"dtype {on._dtype} of on_value does not match dtype parameter {dtype}")
            if off is not None and off._dtype is not dtype:
                raise TypeError(f"dtype {off._dtype} of off_value does not match dtype parameter {dtype}")
        else:
            dtype = on._dtype if on is not None else off._dtype
    elif dtype is None:
        dtype = dtypes.float32
    on = on if on is not None else convert_to_tensor(1, dtype)
    off = off if off is not None else convert_to_tensor(0, dtype)
    if on._dtype is not off._dtype:
        raise TypeError(f"dtype {on._dtype} of on_value does not match dtype {off._dtype} of off_value")
    # TF's gen_array_ops.one_hot: the axis attr, then the inputs (depth is an int32 input), then the kernel's checks
    axis = make_int(-1 if axis is None else axis, "axis")
    raw = (indices, depth)
    i = convert_to_tensor(indices)
    d = _typed_input("OneHot", 1, depth, dtypes.int32, raw)
    check_attr("OneHot", i, "TI", suffix=error_suffix(raw))
    for what, t in (("depth", d), ("on_value", on), ("off_value", off)):
        if t._value.ndim:
            raise as_called(_op_error("OneHot", "%s must be a scalar, but got: %s" % (what, _dims(t._value.shape))),
                            raw)
    return run_op(OneHot, raw, i, on, off, depth=int(d._value), axis=axis)


@tf_export("eye", "linalg.eye")
def eye(num_rows: Any, num_columns: Any = None, batch_shape: Any = None, dtype: Any = dtypes.float32,
        name: Any = None) -> Tensor:
    """TF: tf.eye (built as matrix_diag(ones)); a constant, so no gradient."""
    dtype = dtypes.as_dtype(dtype)
    if not isinstance(num_rows, Tensor) and not isinstance(num_columns, Tensor):
        # TF: Python integers (bools too), then ones(batch + [min]) and, if not square, zeros(batch + [n, m])
        cols = num_rows if num_columns is None else num_columns
        if not isinstance(num_rows, (int, np.integer)) or not isinstance(cols, (int, np.integer)):
            raise TypeError("Arguments `num_rows` and `num_columns` must be positive integer values. Received: "
                            f"num_rows={num_rows}, num_columns={cols}")
        if isinstance(batch_shape, Tensor):
            convert_to_tensor(batch_shape, dtypes.int32, name="shape")
        else:
            pre = [] if batch_shape is None else list(batch_shape)
            ones(pre + [np.minimum(num_rows, cols)], dtype=dtype)
            if num_rows != cols:
                zeros(pre + [num_rows, cols], dtype=dtype)
    n = _axis_int(num_rows)
    m = n if num_columns is None else _axis_int(num_columns)
    batch = [] if batch_shape is None else _int_list(batch_shape)
    for d in [min(n, m)] + batch:
        if d < 0:
            raise errors.InvalidArgumentError(None, None, "{{function_node __wrapped__Fill%s}} Dimension %d must be "
                                              ">= 0 [Op:Fill] name: " % (_DEVICE, d))
    out = np.broadcast_to(np.eye(n, m, dtype=dtype.as_numpy_dtype), tuple(batch) + (n, m)).copy()
    return _wrap_as(out, dtype)


def _num_text(v: Any) -> str:
    if isinstance(v, (float, np.floating)):
        return (f"{v:.6g}") if np.asarray(v).dtype != np.float64 else repr(float(v))
    return str(v)


def _range_kernel(start: np.ndarray, limit: np.ndarray, delta: np.ndarray) -> Any:
    for what, v in (("start", start), ("limit", limit), ("delta", delta)):
        if not (v.ndim == 0 or v.shape == (1,)):  # TF's kernel takes a 1-element vector as a scalar
            raise KernelError(errors.InvalidArgumentError, f"{what} must be a scalar, not shape {_dims(v.shape)}")
    s, lim, d = start.reshape(())[()], limit.reshape(())[()], delta.reshape(())[()]
    if d == 0:
        raise KernelError(errors.InvalidArgumentError, f"Requires delta != 0: {_num_text(d)}")
    # Written as TF's kernel writes them, so that NaN fails each comparison as it does there.
    if d > 0:
        if not s <= lim:
            raise KernelError(errors.InvalidArgumentError, f"Requires start <= limit when delta > 0: "
                f"{_num_text(s)}/{_num_text(lim)}")
    elif not s >= lim:
        raise KernelError(errors.InvalidArgumentError, f"Requires start >= limit when delta < 0: "
            f"{_num_text(s)}/{_num_text(lim)}")
    if start.dtype.kind in "iu":
        size = (abs(int(lim) - int(s)) + abs(int(d)) - 1) // abs(int(d))
    else:
        with np.errstate(all="ignore"):  # TF: ceil(|(limit - start) / delta|) in T's own precision
            size_float = np.ceil(np.abs((lim - s) / d))
        if not size_float <= 9223372036854775807:
            raise KernelError(errors.InvalidArgumentError,
                              "Requires ((limit - start) / delta) <= 9223372036854775807")
        size = int(size_float)
    with np.errstate(all="ignore"):
        return (s + np.arange(size).astype(start.dtype) * d).astype(start.dtype)


Range = defop("Range", _range_kernel)
not_differentiable(Range)


_RANGE_HIERARCHY = [dtypes.int32, dtypes.int64, dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64]


@tf_export("range")
def range(start: Any, limit: Any = None, delta: Any = 1, dtype: Any = None, name: str = "range") -> Tensor:  # noqa: A001
    """TF: tf.range (Range). The dtype is the widest of the arguments' (int32 < int64 < float32 < float64)."""
    if limit is None:
        start, limit = 0, start
    dtype = None if dtype is None else dtypes.as_dtype(dtype)
    args = [a if isinstance(a, Tensor) else convert_to_tensor(a, dtype) for a in (start, limit, delta)]
    from tfshim.ops.math_ops import cast

    if dtype is None:
        if not all(a._dtype in _RANGE_HIERARCHY for a in args):
            raise AssertionError()  # TF's range asserts its dtype hierarchy, message-less
        dtype = max((a._dtype for a in args), key=_RANGE_HIERARCHY.index)
    args = [cast(a, dtype) for a in args]
    Range.check(*args)
    return Range(*args)


@tf_export("linspace", "lin_space")
def linspace(start: Any, stop: Any, num: Any, name: Any = None, axis: int = 0) -> Tensor:
    """TF: tf.linspace (linspace_nd): start + delta * [1 .. num-2] between the exact end points."""
    from tfshim.ops.math_ops import cast, multiply, subtract, truediv

    start = convert_to_tensor(start, name="start")
    stop = convert_to_tensor(stop, name="stop", dtype=start._dtype)
    num_t = convert_to_tensor(num, dtype_hint=dtypes.int32, name="num")  # TF: array_ops.convert_to_int_tensor
    if not num_t._dtype.is_integer:
        raise TypeError(f"Argument `tensor` (name: num) must be of type integer. Received `tensor` = {num_t} of "
                        f"dtype: {num_t._dtype}")
    n = _axis_int(num_t)
    num_t = cast(_const(n, dtypes.int32), start._dtype)
    bshape = np.broadcast_shapes(start._value.shape, stop._value.shape)
    start = broadcast_to(start, bshape)
    stop = broadcast_to(stop, bshape)
    es = expand_dims(start, axis)
    est = expand_dims(stop, axis)
    nd = es._value.ndim
    ax = axis if axis >= 0 else nd + axis
    n_steps = max(n - 1, 1)
    delta = truediv(subtract(est, es), cast(_const(n_steps, dtypes.int32), est._dtype))
    del num_t
    es = cast(es, delta._dtype)
    est = cast(est, delta._dtype)
    if n < 0:
        range(1, -1)  # TF fails in the Range kernel: "Requires start <= limit ..."
    rng = cast(range(1, n_steps, dtype=dtypes.int64), delta._dtype)
    rng = reshape(rng, [max(n - 2, 0) if i == ax else 1 for i in builtins_range(nd)])
    from tfshim.ops.math_ops import add

    res = add(es, multiply(delta, rng))
    cat = concat([es, res, est], axis=ax)
    size = list(es._value.shape)
    size[ax] = n
    return Slice(cat, begin=(0,) * nd, size=tuple(size))


@tf_export("meshgrid")
def meshgrid(*args: Any, **kwargs: Any) -> list:
    """TF: tf.meshgrid: each input reshaped to its axis, times ones of the full shape."""
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        key = list(kwargs.keys())[0]
        raise TypeError(f"'{key}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got '{indexing}'")
    ndim = len(args)
    s0 = (1,) * ndim
    if not ndim:
        return []
    # TF: reshape(stack(x), ...) for each input, sizes, then the first input's dtype
    output = [reshape(stack(x), s0[:i] + (-1,) + s0[i + 1:]) for i, x in enumerate(args)]
    shapes = [size(x) for x in args]
    dtype = convert_to_tensor(args[0])._dtype
    if indexing == "xy" and ndim > 1:
        output[0] = reshape(output[0], (1, -1) + (1,) * (ndim - 2))
        output[1] = reshape(output[1], (-1, 1) + (1,) * (ndim - 2))
        shapes[0], shapes[1] = shapes[1], shapes[0]
    mult_fact = ones(shapes, dtype)
    return [x * mult_fact for x in output]  # TF's operator: bools multiply too


# ===== sort / top_k / unique ========================================================================


def _topk_kernel(x: np.ndarray, k: int, sorted: bool = True) -> Any:  # noqa: A002
    if x.ndim < 1:
        raise KernelError(errors.InvalidArgumentError, f"input must be >= 1-D, got shape {_dims(x.shape)}")
    if k < 0:
        raise KernelError(errors.InvalidArgumentError, "Need k >= 0, got %d" % (k,))
    if x.shape[-1] < k:
        raise KernelError(errors.InvalidArgumentError,
                          "input must have at least k columns. Had %d, needed %d" % (x.shape[-1], k))
    # Stable descending order: larger first, ties by lower index (TF's TopKV2); NaN counts as largest.
    if x.dtype.kind == "f" and k == 1 and x.shape[-1]:
        # TF's k == 1 path is an argmax scan, measured: NaN never wins over a number (-inf included), the
        # first of equal maxima wins, and a row of NaN gives index 0.
        m = np.max(np.where(np.isnan(x), -np.inf, x), axis=-1, keepdims=True)
        idx = np.argmax(x == m, axis=-1)[..., None].astype(np.int32)
        return np.take_along_axis(x, idx, axis=-1), idx
    if x.dtype.kind == "f":
        key = np.where(np.isnan(x), np.inf, x)
        nan_first = np.isnan(x)
        order = np.lexsort((np.broadcast_to(np.arange(x.shape[-1]), x.shape), -key, ~nan_first), axis=-1)
    elif x.dtype.kind == "u":
        order = np.argsort(np.iinfo(x.dtype).max - x, axis=-1, kind="stable")
    elif x.dtype.kind == "b":
        order = np.argsort(~x, axis=-1, kind="stable")
    else:
        order = np.argsort(-x.astype(np.float64) if x.dtype.itemsize < 8 else ~x, axis=-1, kind="stable")
    idx = order[..., :k].astype(np.int32)
    return np.take_along_axis(x, idx, axis=-1), idx


TopKV2 = defop("TopKV2", _topk_kernel, multi_output=True)


@TopKV2.gradient
def _topk_grad(op: Any, grad: Tensor, _: Any) -> Tensor:
    """Returns grad scattered into zeros at the (flattened) positions of the top-k indices."""
    in_shape = op.inputs[0]._value.shape
    idx = op.outputs[1]._value
    last = in_shape[-1]
    ind2d = idx.reshape(-1, idx.shape[-1]).astype(np.int64)
    flat = (ind2d + np.arange(ind2d.shape[0], dtype=np.int64)[:, None] * last).reshape(-1, 1)
    total = int(np.prod(in_shape, dtype=np.int64))
    out = ScatterNd(_const(flat.astype(np.int32), dtypes.int32), Reshape(grad, shape=(-1,)), shape=(total,))
    return Reshape(out, shape=in_shape)


def _topk_namedtuple() -> Any:
    import collections

    return collections.namedtuple("TopKV2", ["values", "indices"])


TopKV2Output = _topk_namedtuple()


@tf_export("math.top_k", "nn.top_k")
def top_k(input: Any, k: Any = 1, sorted: bool = True, index_type: Any = dtypes.int32, name: Any = None) -> Any:  # noqa: A002
    """TF: tf.math.top_k (TopKV2): a TopKV2(values, indices) namedtuple, indices int32."""
    x = convert_to_tensor(input)
    sorted = make_bool(sorted, "sorted")
    values, indices = run_op(TopKV2, (input,), x, check=True, k=_axis_int(k), sorted=sorted)
    return TopKV2Output(values, indices)


_SORT_DIRECTIONS = ("ASCENDING", "DESCENDING")


def _sort_or_argsort(values: Any, axis: Any, direction: str, return_argsort: bool) -> Tensor:
    from tfshim.ops.math_ops import negative, subtract

    if direction not in _SORT_DIRECTIONS:
        raise ValueError("Argument `direction` should be one of ASCENDING, DESCENDING. "
                         f"Received: direction={direction}")
    axis = _axis_int(axis)
    x = convert_to_tensor(values)

    def descending(v: Tensor) -> Tensor:
        rank = v._value.ndim
        k = shape(v)[axis]  # TF indexes the shape, so a bad axis fails in StridedSlice
        if axis == -1 or axis + 1 == rank:
            out = top_k(v, int(k._value))
            return out.indices if return_argsort else out.values
        a = axis + rank if axis < 0 else axis
        perm = list(builtins_range(a)) + [rank - 1] + list(builtins_range(a + 1, rank - 1)) + [a]
        out = top_k(transpose(v, perm), int(k._value))
        res = out.indices if return_argsort else out.values
        return transpose(res, perm)

    if direction == "DESCENDING":
        return descending(x)
    d = x._dtype
    if d.is_unsigned:
        off = _const(d.max, d)
        r = descending(subtract(off, x))
        return r if return_argsort else subtract(off, r)
    if d.is_integer:
        one = _const(1, d)
        r = descending(subtract(negative(x), one))
        return r if return_argsort else subtract(negative(r), one)
    r = descending(negative(x))
    return r if return_argsort else negative(r)


@tf_export("sort")
def sort(values: Any, axis: Any = -1, direction: str = "ASCENDING", name: Any = None) -> Tensor:
    """TF: tf.sort, built on top_k as TF builds it (ascending sorts -x)."""
    return _sort_or_argsort(values, axis, direction, return_argsort=False)


@tf_export("argsort")
def argsort(values: Any, axis: Any = -1, direction: str = "ASCENDING", stable: bool = False,
            name: Any = None) -> Tensor:
    """TF: tf.argsort: int32 indices from top_k (always stable, as TF's is)."""
    return _sort_or_argsort(values, axis, direction, return_argsort=True)


def _unique_kernel(x: np.ndarray, out_idx: Any) -> Any:
    if x.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, "unique expects a 1D vector.")
    # TF hashes with ==: -0 joins 0, and every NaN is its own element; y keeps first-occurrence order.
    n = x.shape[0]
    nan = np.isnan(x) if x.dtype.kind in "fc" else np.zeros(n, bool)
    first_of = np.flatnonzero(nan) if nan.all() else np.empty(n, np.int64)
    if not nan.all():
        where = np.flatnonzero(~nan)
        _, first, inverse = np.unique(x[where], return_index=True, return_inverse=True)
        first_of[where] = where[first][inverse.reshape(-1)]
        first_of[nan] = np.flatnonzero(nan)
    firsts = np.unique(first_of)
    return x[firsts], np.searchsorted(firsts, first_of).astype(out_idx.as_numpy_dtype)


Unique = defop("Unique", _unique_kernel, multi_output=True)


def _unique_namedtuple() -> Any:
    import collections

    return collections.namedtuple("Unique", ["y", "idx"])


UniqueOutput = _unique_namedtuple()


@tf_export("unique")
def unique(x: Any, out_idx: Any = dtypes.int32, name: Any = None) -> Any:
    """TF: tf.unique (Unique): Unique(y, idx) in first-occurrence order, idx int32."""
    t = convert_to_tensor(x)
    out_idx = make_type(out_idx, "out_idx")
    check_type_attr("Unique", out_idx, "out_idx")
    try:
        check_kernel("Unique", t._dtype, attrs="T=DT_%s, out_idx=DT_%s" % (t._dtype._cname.upper(),
                                                                          out_idx._cname.upper()))
    except errors.OpError as e:
        raise as_called(e, (x,)) from None
    y, idx = run_op(Unique, (x,), t, out_idx=out_idx)
    return UniqueOutput(y, idx)


# ===== clip_by_norm ================================================================================


@tf_export("clip_by_norm")
def clip_by_norm(t: Any, clip_norm: Any, axes: Any = None, name: Any = None) -> Tensor:
    """TF: tf.clip_by_norm: t * clip_norm / max(l2norm(t), clip_norm), with a safe sqrt at 0."""
    from tfshim.framework.indexed_slices import IndexedSlices
    from tfshim.ops import math_ops

    values = convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t)
    if np.isscalar(clip_norm):
        if clip_norm < 0:
            clip_norm = 0
    else:
        clip_norm = math_ops.cast(math_ops.maximum(clip_norm, 0), dtype=values.dtype)
    # TF's own operators, in TF's order, so that bad input fails where TF's does
    l2sum = math_ops.reduce_sum(values * values, axes, keepdims=True)
    pred = l2sum > 0
    l2sum_safe = where(pred, l2sum, ones_like(l2sum))
    l2norm = where(pred, math_ops.sqrt(l2sum_safe), l2sum)
    intermediate = values * clip_norm
    values.shape.assert_is_compatible_with(intermediate.shape)
    values_clip = identity(intermediate / math_ops.maximum(l2norm, clip_norm))
    if isinstance(t, IndexedSlices):
        return IndexedSlices(values_clip, t.indices, t.dense_shape)
    return values_clip


# ===== repeat, searchsorted, sequence_mask, reverse_sequence, permutations, scatter variants ==========


def _positive_axis(axis: int, rank: int, name: str = "rank(data)") -> int:
    """TF: array_ops.get_positive_axis."""
    if not -rank <= axis < rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-rank}<=axis<{rank}")
    return axis + rank if axis < 0 else axis


@tf_export("repeat")
def repeat(input: Any, repeats: Any, axis: Any = None, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.repeat, built as TF builds it (tile then boolean_mask), so its gradient is TF's."""
    from tfshim.ops import math_ops

    data = convert_to_tensor(input)
    if axis is None:
        data = reshape(data, [-1])
        axis = 0
    if not isinstance(axis, int):
        raise TypeError(f"Argument `axis` must be an int. Received `axis` = {axis} of type {type(axis).__name__}")
    reps = convert_to_tensor(repeats, dtype_hint=dtypes.int32)  # TF: convert_to_int_tensor
    if not reps._dtype.is_integer:
        raise TypeError(f"Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = {reps} of "
                        f"dtype: {reps._dtype}")
    reps = math_ops.cast(reps, dtypes.int32)
    if reps.shape.ndims > 1:
        raise ValueError(f"Shape {reps.shape} must have rank at most 1")
    if data.shape.ndims == 0:
        data = stack([data])
    axis = _positive_axis(axis, data.shape.ndims)
    dshape = list(data._value.shape)
    multiples = [1] * (data.shape.ndims + 1)
    if reps._value.size == 1:
        r = int(reps._value.reshape(-1)[0])
        multiples[axis + 1] = r
        tiled = tile(expand_dims(data, axis + 1), multiples)
        return reshape(tiled, dshape[:axis] + [r * dshape[axis]] + dshape[axis + 1:])
    if reps.shape.ndims == 1 and reps.shape[0] != dshape[axis]:
        raise ValueError("Dimensions %d and %d are not compatible" % (dshape[axis], reps.shape[0]))
    counts = np.broadcast_to(reps._value, (dshape[axis],))
    max_repeat = max(int(counts.max()) if counts.size else 0, 0)
    mask = convert_to_tensor(np.arange(max_repeat)[None, :] < counts[:, None])
    if axis:
        mask = broadcast_to(mask, dshape[:axis] + [dshape[axis], max_repeat])
    multiples[axis + 1] = max_repeat
    masked = boolean_mask(tile(expand_dims(data, axis + 1), multiples), mask)
    if axis == 0:
        return masked
    return reshape(masked, dshape[:axis] + [int(counts.sum())] + dshape[axis + 1:])


def _bound_kernel(side: str) -> Any:
    def kernel(sorted_inputs: np.ndarray, values: np.ndarray, out_type: Any) -> Any:
        if sorted_inputs.shape[0] != values.shape[0]:
            raise KernelError(errors.InvalidArgumentError, "Leading dim_size of both tensors must match.")
        # std::lower_bound / upper_bound step by step (NaN compares false, as in TF's kernel).
        rows, n = values.shape[0], sorted_inputs.shape[1]
        first = np.zeros(values.shape, np.int64)
        count = np.full(values.shape, n, np.int64)
        row = np.arange(rows)[:, None]
        while np.any(count > 0):
            step = count // 2
            it = np.minimum(first + step, max(n - 1, 0))
            probe = sorted_inputs[row, it] if n else np.zeros(values.shape, sorted_inputs.dtype)
            go_right = (probe < values) if side == "left" else ~(values < probe)
            go_right &= count > 0
            first = np.where(go_right, it + 1, first)
            count = np.where(go_right, count - step - 1, np.where(count > 0, step, 0))
        return first.astype(out_type.as_numpy_dtype)

    return kernel


LowerBound = defop("LowerBound", _bound_kernel("left"))
UpperBound = defop("UpperBound", _bound_kernel("right"))


@tf_export("searchsorted")
def searchsorted(sorted_sequence: Any, values: Any, side: str = "left", out_type: Any = dtypes.int32,
                 name: Any = None) -> Tensor:
    """TF: tf.searchsorted over the innermost dimension (LowerBound/UpperBound on [-1, n] reshapes)."""
    seq = convert_to_tensor(sorted_sequence)
    vals = convert_to_tensor(values)
    seq2 = reshape(seq, [-1, seq._value.shape[-1] if seq._value.ndim else 0])
    vals2 = reshape(vals, [-1, vals._value.shape[-1] if vals._value.ndim else 0])
    if side == "right":
        op = UpperBound
    elif side == "left":
        op = LowerBound
    else:
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: `side` = '{side}'.")
    ot = dtypes.as_dtype(out_type)
    check_kernel(op.name, seq2._dtype,
                 attrs=lambda: f"T=DT_{seq2._dtype._cname.upper()}, out_type=DT_{ot._cname.upper()}")
    out = run_op(op, (seq2, vals2), seq2, vals2, check=True, out_type=ot)
    return reshape(out, list(vals._value.shape))


@tf_export("sequence_mask")
def sequence_mask(lengths: Any, maxlen: Any = None, dtype: Any = dtypes.bool, name: Any = None) -> Tensor:
    """TF: tf.sequence_mask: mask[..., j] = j < lengths[...] (maxlen: the largest length, at least 0)."""
    from tfshim.ops import math_ops

    lengths = convert_to_tensor(lengths)
    if maxlen is None:
        longest = math_ops.reduce_max(lengths)  # TF: Max first (its attr error for bool lengths), then maximum(0, .)
        maxlen = math_ops.maximum(convert_to_tensor(0, dtype=longest.dtype), longest)
    else:
        maxlen = convert_to_tensor(maxlen)
    if maxlen.shape.ndims != 0:
        raise ValueError(f"Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = {maxlen} with "
                         f"shape '{maxlen.shape}' instead")  # TF formats the tensor (its NumPy value), not str()
    # TF calls the Range op itself here (no tf.range dtype inference)
    row_args = (convert_to_tensor(0, dtype=maxlen.dtype), maxlen, convert_to_tensor(1, dtype=maxlen.dtype))
    Range.check(*row_args)
    check_attr("Range", maxlen, "Tidx")
    row = Range(*row_args)
    matrix = math_ops.cast(expand_dims(lengths, -1), maxlen.dtype)
    result = math_ops.less(row, matrix)
    dtype = dtypes.as_dtype(dtype)
    return result if dtype == dtypes.bool else math_ops.cast(result, dtype)


def _reverse_sequence_kernel(x: np.ndarray, lens: np.ndarray, seq_dim: int = 0, batch_dim: int = 0) -> Any:
    def fail(msg: str) -> KernelError:
        return KernelError(errors.InvalidArgumentError, msg)

    if seq_dim < 0:
        raise fail("Invalid seq_dim %d" % seq_dim)
    if batch_dim < 0:
        raise fail("Invalid batch_dim %d" % batch_dim)
    if lens.ndim != 1:
        raise fail("seq_lens input must be 1-dim, not %d" % lens.ndim)
    if seq_dim == batch_dim:
        raise fail("seq_dim == batch_dim == %d" % seq_dim)
    if seq_dim >= x.ndim:
        raise fail("seq_dim must be < input rank ( %d vs. %d)" % (seq_dim, x.ndim))
    if batch_dim >= x.ndim:
        raise fail("batch_dim must be < input rank ( %d vs. %d)" % (batch_dim, x.ndim))
    if lens.shape[0] != x.shape[batch_dim]:
        raise KernelError(errors.InvalidArgumentError, "Length of seq_lengths != input.dims(%d), (%d vs. %d)"
                          % (batch_dim, lens.shape[0], x.shape[batch_dim]))
    out = x.copy()
    for b, n in enumerate(lens.tolist()):
        if n < 0:
            raise KernelError(errors.InvalidArgumentError, "seq_lens(%d) < 0" % b)
        if n > x.shape[seq_dim]:
            raise KernelError(errors.InvalidArgumentError, "seq_lens(%d) > input.dims(%d)" % (b, seq_dim))
        src = [builtins_slice(None)] * x.ndim
        src[batch_dim] = b
        src[seq_dim] = builtins_slice(0, n)
        dst = tuple(src)
        src[seq_dim] = builtins_slice(n - 1, None, -1) if n else builtins_slice(0, 0)
        out[dst] = x[tuple(src)]
    return out


ReverseSequence = defop("ReverseSequence", _reverse_sequence_kernel)


@ReverseSequence.gradient
def _reverse_sequence_grad(op: Any, grad: Tensor) -> tuple:
    """Returns reverse_sequence(grad, seq_lengths)."""
    return (ReverseSequence(grad, op.inputs[1], seq_dim=op.get_attr("seq_dim"), batch_dim=op.get_attr("batch_dim")),
            None)


@tf_export("reverse_sequence")
def reverse_sequence(input: Any, seq_lengths: Any, seq_axis: Any = None, batch_axis: Any = None,  # noqa: A002
                     name: Any = None) -> Tensor:
    """TF: tf.reverse_sequence: the first seq_lengths[b] elements along seq_axis reversed, per batch b."""
    raw = (input, seq_lengths)
    # TF's wrapper passes seq_axis straight to the op's int attr seq_dim: None is no default there
    seq = make_int(seq_axis, "seq_dim")
    batch = 0 if batch_axis is None else make_int(batch_axis, "batch_dim")
    x, lens = convert_to_tensor(input), convert_to_tensor(seq_lengths)
    return run_op(ReverseSequence, raw, x, lens, seq_dim=seq, batch_dim=batch)


def _invert_permutation_kernel(x: np.ndarray) -> Any:
    if x.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, "invert_permutation expects a 1D vector.")
    out = np.full(x.shape, -1, dtype=x.dtype)
    for i, d in enumerate(x.tolist()):
        if not 0 <= d < x.shape[0]:
            raise KernelError(errors.InvalidArgumentError, "%d is not between 0 and %d" % (d, x.shape[0]))
        if out[d] != -1:
            raise KernelError(errors.InvalidArgumentError, "%d is duplicated in the input." % d)
        out[d] = i
    return out


InvertPermutation = defop("InvertPermutation", _invert_permutation_kernel)
not_differentiable(InvertPermutation)


@tf_export("math.invert_permutation")
def invert_permutation(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.invert_permutation: y[x[i]] = i."""
    return run_op(InvertPermutation, (x,), convert_to_tensor(x), check=True)


def _unravel_index_kernel(indices: np.ndarray, dims: np.ndarray) -> Any:
    if indices.ndim > 1:
        raise KernelError(errors.InvalidArgumentError,
                          f'The indices can only be scalar or vector, got "{_dims(indices.shape)}"')
    if dims.ndim != 1:  # TF's text says "indices" for dims too
        raise KernelError(errors.InvalidArgumentError, f'The indices can only be 1-D, got "{_dims(dims.shape)}"')
    total = int(np.prod(dims))
    if np.any((indices < 0) | (indices >= total)):
        raise KernelError(errors.InvalidArgumentError, "index is out of bound as with dims")
    return np.stack(np.unravel_index(indices, tuple(dims.tolist()))).astype(indices.dtype) if indices.ndim else \
        np.array(np.unravel_index(int(indices), tuple(dims.tolist())), dtype=indices.dtype)


UnravelIndex = defop("UnravelIndex", _unravel_index_kernel)


@tf_export("unravel_index")
def unravel_index(indices: Any, dims: Any, name: Any = None) -> Tensor:
    """TF: tf.unravel_index: row-major coordinates of flat `indices` in shape `dims`."""
    ix, dm = match_inputs([indices, dims])  # TF: both inputs are Tidx, a list `dims` takes indices' dtype
    check_type_attr("UnravelIndex", ix._dtype, "Tidx", error_suffix((indices, dims)))
    return run_op(UnravelIndex, (indices, dims), ix, dm, check=True)


def _unique_with_counts_kernel(x: np.ndarray, out_idx: Any) -> Any:
    y, idx = _unique_kernel(x, out_idx)
    return y, idx, np.bincount(idx, minlength=y.shape[0]).astype(out_idx.as_numpy_dtype)


UniqueWithCounts = defop("UniqueWithCounts", _unique_with_counts_kernel, multi_output=True)


def _unique_with_counts_namedtuple() -> Any:
    import collections

    return collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


UniqueWithCountsOutput = _unique_with_counts_namedtuple()


@tf_export("unique_with_counts")
def unique_with_counts(x: Any, out_idx: Any = dtypes.int32, name: Any = None) -> Any:
    """TF: tf.unique_with_counts: (y, idx, count) in first-occurrence order."""
    t = convert_to_tensor(x)
    out_idx = make_type(out_idx, "out_idx")
    check_type_attr("UniqueWithCounts", out_idx, "out_idx")
    try:
        check_kernel("UniqueWithCounts", t._dtype, attrs="T=DT_%s, out_idx=DT_%s" % (t._dtype._cname.upper(),
                                                                                    out_idx._cname.upper()))
    except errors.OpError as e:
        raise as_called(e, (x,)) from None
    return UniqueWithCountsOutput(*run_op(UniqueWithCounts, (x,), t, out_idx=out_idx))


@tf_export("shape_n")
def shape_n(input: Any, out_type: Any = dtypes.int32, name: Any = None) -> list:  # noqa: A002
    """TF: tf.shape_n: the shapes of a list of tensors (TF's fast path also iterates a tensor of rank >= 1)."""
    if not isinstance(input, (list, tuple)) and not (isinstance(input, Tensor) and input._value.ndim):
        raise TypeError("Expected list for 'input' argument to 'shape_n' Op, not %r." % (input,))
    return [shape(t, out_type=out_type) for t in input]


IdentityN = defop("IdentityN", lambda *xs: tuple(xs), multi_output=True)


@IdentityN.gradient
def _identity_n_grad(op: Any, *grads: Tensor) -> list:
    """Returns the gradients unchanged."""
    return list(grads)


@tf_export("identity_n")
def identity_n(input: Any, name: Any = None) -> list:  # noqa: A002
    """TF: tf.identity_n: each input unchanged (one op, several outputs)."""
    if isinstance(input, np.ndarray) and input.ndim > 1:  # TF's fast path takes only a rank-1 array as a list
        raise ValueError("expected a sequence for attr T, got an ndarray with rank %d instead" % input.ndim)
    ts = [convert_to_tensor(t) for t in input]
    if not ts:
        from tfshim.ops.op import op_def

        raise errors.InvalidArgumentError(None, None, "Length for attr 'T' of 0 must be at least minimum 1\n\t; "
                                          "NodeDef: {{node IdentityN}}; %s [Op:IdentityN] name: "
                                          % op_def("IdentityN")[0])  # type: ignore[index]
    return list(IdentityN(*ts))


def _tensor_scatter_kernel(kind: str) -> Any:
    ufunc = {"Add": np.add, "Sub": np.subtract, "Max": np.maximum, "Min": np.minimum}[kind]

    def kernel(tensor: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> Any:
        flat = _tensor_scatter_check("TensorScatter" + kind, tensor, indices, updates)
        out = tensor.copy()
        ufunc.at(out, tuple(flat.T), updates.reshape((-1,) + tensor.shape[flat.shape[1]:]))
        return out

    return kernel


TensorScatterAdd = defop("TensorScatterAdd", _tensor_scatter_kernel("Add"))
TensorScatterSub = defop("TensorScatterSub", _tensor_scatter_kernel("Sub"))
TensorScatterMax = defop("TensorScatterMax", _tensor_scatter_kernel("Max"))
TensorScatterMin = defop("TensorScatterMin", _tensor_scatter_kernel("Min"))


@TensorScatterAdd.gradient
def _tensor_scatter_add_grad(op: Any, grad: Tensor) -> list:
    """Returns (grad, None, gather_nd(grad, indices))."""
    return [grad, None, GatherNd(grad, op.inputs[1])]


@TensorScatterSub.gradient
def _tensor_scatter_sub_grad(op: Any, grad: Tensor) -> list:
    """Returns (grad, None, -gather_nd(grad, indices))."""
    from tfshim.ops.math_ops import Neg

    return [grad, None, Neg(GatherNd(grad, op.inputs[1]))]


def _tensor_scatter_min_or_max_grad(op: Any, grad: Tensor) -> list:
    """Returns the gradient shared between the tensor and the updates that equal the result."""
    from tfshim.ops import math_ops

    x, indices, y = op.inputs
    z = op.outputs[0]
    x_ind = math_ops.cast(math_ops.equal(x, z), grad.dtype)
    y_ind = math_ops.cast(math_ops.equal(y, GatherNd(z, indices)), grad.dtype)
    indicators = x_ind + ScatterNd(indices, y_ind, shape=tuple(x._value.shape))
    return [grad * x_ind / indicators, None, GatherNd(grad / indicators, indices) * y_ind]


TensorScatterMax.gradient(_tensor_scatter_min_or_max_grad)
TensorScatterMin.gradient(_tensor_scatter_min_or_max_grad)


def _tensor_scatter(op: Any, tensor: Any, indices: Any, updates: Any) -> Tensor:
    """TF's eager fast path for TensorScatter{Update,Add,Sub,Max,Min}: `tensor` and `updates` share the type attr T
    (a non-tensor takes the other's dtype), `indices` its own Tindices; the attrs are checked before the dtypes
    are matched."""
    from tfshim.ops.op import as_called, check_attr, check_kernel, dtype_mismatch

    raw = (tensor, indices, updates)
    from tfshim.ops.op import _took_slow_path

    t, u = match_inputs([tensor, updates], slow=_took_slow_path(raw))
    i = convert_to_tensor(indices)
    try:
        check_attr(op.name, t, "T")
        check_attr(op.name, i, "Tindices")
        check_kernel(op.name, t._dtype, attrs="T=DT_%s, Tindices=DT_%s, bad_indices_policy=\"\"" % (
            t._dtype._cname.upper(), i._dtype._cname.upper()))
    except errors.OpError as e:
        raise as_called(e, raw) from None
    if u._dtype is not t._dtype:
        raise as_called(dtype_mismatch(op.name, 2, t._dtype, u._dtype), raw)
    return run_op(op, raw, t, i, u)


@tf_export("tensor_scatter_nd_add")
def tensor_scatter_nd_add(tensor: Any, indices: Any, updates: Any, name: Any = None) -> Tensor:
    """TF: tf.tensor_scatter_nd_add (repeated indices accumulate)."""
    return _tensor_scatter(TensorScatterAdd, tensor, indices, updates)


@tf_export("tensor_scatter_nd_sub")
def tensor_scatter_nd_sub(tensor: Any, indices: Any, updates: Any, name: Any = None) -> Tensor:
    return _tensor_scatter(TensorScatterSub, tensor, indices, updates)


@tf_export("tensor_scatter_nd_max")
def tensor_scatter_nd_max(tensor: Any, indices: Any, updates: Any, name: Any = None) -> Tensor:
    return _tensor_scatter(TensorScatterMax, tensor, indices, updates)


@tf_export("tensor_scatter_nd_min")
def tensor_scatter_nd_min(tensor: Any, indices: Any, updates: Any, name: Any = None) -> Tensor:
    return _tensor_scatter(TensorScatterMin, tensor, indices, updates)


def _broadcast_args_kernel(sx: np.ndarray, sy: np.ndarray) -> Any:
    for i, s in enumerate((sx, sy)):
        if s.ndim != 1:
            raise KernelError(errors.InvalidArgumentError, f"In[{i}] must be a vector.{_dims(s.shape)}")
    try:
        return np.asarray(np.broadcast_shapes(tuple(sx.tolist()), tuple(sy.tolist())), dtype=sx.dtype)
    except ValueError:
        raise KernelError(errors.InvalidArgumentError, "Incompatible shapes: %s vs. %s"
                          % (_dims(tuple(sx.tolist())), _dims(tuple(sy.tolist())))) from None


BroadcastArgs = defop("BroadcastArgs", _broadcast_args_kernel)


@tf_export("broadcast_dynamic_shape")
def broadcast_dynamic_shape(shape_x: Any, shape_y: Any) -> Tensor:
    """TF: tf.broadcast_dynamic_shape (BroadcastArgs): the broadcast shape of two shape vectors."""
    x, y = match_inputs((shape_x, shape_y))
    return run_op(BroadcastArgs, (shape_x, shape_y), x, y, check=True)


@tf_export("broadcast_static_shape")
def broadcast_static_shape(shape_x: Any, shape_y: Any) -> TensorShape:
    """TF: tf.broadcast_static_shape: the broadcast TensorShape (None dimensions stay unknown)."""
    # TF reads `.ndims` and `.dims` of its arguments: anything but a TensorShape is an AttributeError there
    for v in (shape_x, shape_y):
        if not isinstance(v, TensorShape):
            raise errors.no_attribute(v, "ndims")
    sx, sy = shape_x, shape_y
    if sx.rank is None or sy.rank is None:
        return TensorShape(None)
    a, b = sx.as_list()[::-1], sy.as_list()[::-1]
    out = []
    for i in builtins_range(max(len(a), len(b))):
        u = a[i] if i < len(a) else 1
        v = b[i] if i < len(b) else 1
        if u == 1:
            out.append(v)
        elif v == 1 or u == v:
            out.append(u)
        elif u is None or v is None:
            out.append(u if v is None and u != 1 else v if u is None and v != 1 else None)
        else:
            raise ValueError("Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension "
                             "pair they are either equal or one of them is 1. Received: %s and %s." % (sx, sy))
    return TensorShape(out[::-1])
# Dispatch on other tensor kinds (RaggedTensor), as TF's add_dispatch_support (util/dispatch.py).
dispatch.install(
    globals(),
    unary=("zeros_like", "ones_like"),
    other=("reshape", "zeros", "ones", "fill", "identity", "stop_gradient", "shape", "size", "rank", "where",
           "stack", "unstack", "expand_dims", "squeeze", "concat", "tile", "reverse", "gather"),
)
