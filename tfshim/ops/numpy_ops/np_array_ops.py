"""TF NumPy's array creation and manipulation (TF: ops/numpy_ops/np_array_ops.py).

Each function converts its inputs with TF NumPy's promotion (np_utils.result_type) and then calls
tfshim's ops, so values, gradients and errors are those of the ops TF's version calls.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops, linalg_ops, math_ops
from tfshim.ops.numpy_ops import np_dtypes, np_utils
from tfshim.util.tf_export import tf_export

ndarray = Tensor  # TF 2.21: tnp.ndarray is tf.Tensor
tf_export("experimental.numpy.ndarray").export_constant(__name__, "ndarray")
newaxis = None
tf_export("experimental.numpy.newaxis").export_constant(__name__, "newaxis")


def _convert(value: Any, dtype_hint: Any = None) -> Tensor:
    """TF: np_arrays.convert_to_tensor: a Python float without a hint takes TF NumPy's default float."""
    if dtype_hint is None and type(value) is float:
        return convert_to_tensor(value, np_dtypes.default_float_type())
    return convert_to_tensor(value, dtype_hint=dtype_hint)


def _tf_dtype(dtype: Any) -> dtypes.DType:
    if dtype is None:  # TF passes the None on to tf.ones / tf.eye
        raise TypeError("Cannot convert the argument `type_value`: None to a TensorFlow DType.")
    return dtypes.as_dtype(dtype)


def _array_internal(val: Any, dtype: Any = None, copy: bool = True, ndmin: int = 0) -> Tensor:
    if not isinstance(val, Tensor):
        dtype = np_utils.result_type_unary(val, dtype)
        t = math_ops.cast(_convert(val, dtype), dtype)
    elif dtype:
        t = math_ops.cast(val, dtype)
    else:
        t = val
    if copy:
        t = array_ops.identity(t)
    if ndmin > 32:
        raise ValueError("ndmin bigger than allowable number of dimensions: 32.")
    if ndmin > t.shape.rank:
        t = array_ops.reshape(t, [1] * (ndmin - t.shape.rank) + list(t._value.shape))
    return t


@tf_export("experimental.numpy.array")
def array(val: Any, dtype: Any = None, copy: bool = True, ndmin: int = 0) -> Tensor:
    """TF: tnp.array. A tensor of `val` with TF NumPy's dtype inference (Python floats are float64)."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    return _array_internal(val, dtype, copy, ndmin)


@tf_export("experimental.numpy.asarray")
def asarray(a: Any, dtype: Any = None) -> Tensor:
    """TF: tnp.asarray. `a` itself when it is a tensor of that dtype."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    if isinstance(a, Tensor) and (not dtype or dtype is a.dtype):
        return a
    return array(a, dtype, copy=False)


@tf_export("experimental.numpy.asanyarray")
def asanyarray(a: Any, dtype: Any = None) -> Tensor:
    return asarray(a, dtype)


@tf_export("experimental.numpy.ascontiguousarray")
def ascontiguousarray(a: Any, dtype: Any = None) -> Tensor:
    return array(a, dtype, ndmin=1)


@tf_export("experimental.numpy.copy")
def copy(a: Any) -> Tensor:
    return array(a, copy=True)


def promote_dtype(*arrays: Any) -> list:
    """TF: np_array_ops._promote_dtype: every argument as a tensor of their common result type."""
    dtype = np_utils.result_type(*arrays)
    return [a if isinstance(a, Tensor) and a.dtype is dtype else _array_internal(a, dtype, copy=False)
            for a in arrays]


# ----- creation ----------------------------------------------------------------------------------


@tf_export("experimental.numpy.zeros")
def zeros(shape: Any, dtype: Any = float) -> Tensor:
    dtype = np_utils.result_type(dtype) if dtype else np_dtypes.default_float_type()
    return array_ops.zeros(shape, dtype=dtype)


@tf_export("experimental.numpy.ones")
def ones(shape: Any, dtype: Any = float) -> Tensor:
    # `float` is float64 even under prefer_float32 (a type, not a value); dtype=None is tf.ones' dtype error
    if dtype:
        dtype = np_utils.result_type(dtype)
    return array_ops.ones(shape, dtype=_tf_dtype(dtype))


@tf_export("experimental.numpy.empty")
def empty(shape: Any, dtype: Any = float) -> Tensor:
    return zeros(shape, dtype)


@tf_export("experimental.numpy.zeros_like")
def zeros_like(a: Any, dtype: Any = None) -> Tensor:
    return array_ops.zeros_like(asarray(a), np_utils.result_type_unary(a, dtype))


@tf_export("experimental.numpy.ones_like")
def ones_like(a: Any, dtype: Any = None) -> Tensor:
    return array_ops.ones_like(asarray(a), np_utils.result_type_unary(a, dtype))


@tf_export("experimental.numpy.empty_like")
def empty_like(a: Any, dtype: Any = None) -> Tensor:
    return zeros_like(a, dtype)


@tf_export("experimental.numpy.full")
def full(shape: Any, fill_value: Any, dtype: Any = None) -> Tensor:
    shape = atleast_1d(asarray(shape if isinstance(shape, Tensor) else convert_to_tensor(shape, dtype_hint="int32")))
    return array_ops.broadcast_to(asarray(fill_value, dtype=dtype), shape)


@tf_export("experimental.numpy.full_like")
def full_like(a: Any, fill_value: Any, dtype: Any = None, order: str = "K", subok: bool = True,
              shape: Any = None) -> Tensor:
    if order != "K":
        raise ValueError("Non-standard orders are not supported.")
    if not subok:
        raise ValueError("subok being False is not supported.")
    if shape:
        raise ValueError("Overriding the shape is not supported.")
    a = asarray(a)
    dtype = dtype or np_utils.result_type(a)
    return array_ops.broadcast_to(asarray(fill_value, dtype=dtype), list(a._value.shape))


@tf_export("experimental.numpy.eye")
def eye(N: Any, M: Any = None, k: Any = 0, dtype: Any = float) -> Tensor:  # noqa: N803 - NumPy's names
    if dtype:
        dtype = np_utils.result_type(dtype)
    n, m, k = int(N), int(M or N), int(k)
    rows = np.arange(n)[:, None] + k == np.arange(m)[None, :]
    return math_ops.cast(convert_to_tensor(rows), _tf_dtype(dtype))


@tf_export("experimental.numpy.identity")
def identity(n: Any, dtype: Any = float) -> Tensor:
    return eye(n, n, dtype=dtype)


@tf_export("experimental.numpy.arange")
def arange(start: Any, stop: Any = None, step: Any = 1, dtype: Any = None) -> Tensor:
    """TF: tnp.arange. The dtype is the promotion of start, step and stop (Python ints: int64)."""
    if not step:
        raise ValueError("step must be non-zero.")
    if dtype:
        dtype = np_utils.result_type(dtype)
    else:
        dtype = np_utils.result_type(start, step) if stop is None else np_utils.result_type(start, step, stop)
    if step > 0 and ((stop is not None and start > stop) or (stop is None and start < 0)):
        return array([], dtype=dtype)
    if step < 0 and ((stop is not None and start < stop) or (stop is None and start > 0)):
        return array([], dtype=dtype)
    return math_ops.cast(array_ops.range(start, limit=stop, delta=step), dtype)


@tf_export("experimental.numpy.linspace")
def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False,
             dtype: Any = float, axis: int = 0) -> Any:
    """TF: tnp.linspace. With NumPy 2 (TF 2.21's), TF takes the dtype from `start * 1.0` and `stop * 1.0`, so a
    `dtype` argument only matters by being truthy; the step is a tensor (nan when undefined)."""
    if dtype:
        dtype = np_utils.result_type([start * 1.0, stop * 1.0])
    start = array(start, dtype=dtype)
    stop = array(stop, dtype=dtype)
    if num < 0:
        raise ValueError(f"Argument `num` (number of samples) must be a non-negative integer. Received: num={num}")
    step = convert_to_tensor(np.nan)
    if endpoint:
        result = array_ops.linspace(start, stop, num, axis=axis)
        if num > 1:
            step = (stop - start) / (num - 1)
    else:
        if num > 0:
            step = (stop - start) / num
        if num > 1:
            new_stop = math_ops.cast(stop, step.dtype) - step
            result = array_ops.linspace(math_ops.cast(start, new_stop.dtype), new_stop, num, axis=axis)
        else:
            result = array_ops.linspace(start, stop, num, axis=axis)
    if dtype:
        if dtype.is_integer:
            result = math_ops.floor(result)
        result = math_ops.cast(result, dtype)
    return (result, step) if retstep else result


@tf_export("experimental.numpy.diag")
def diag(v: Any, k: int = 0) -> Tensor:
    v = asarray(v)
    if v.shape.rank == 1:
        n = v.shape[0] + builtins.abs(k)
        idx = np.arange(v.shape[0])
        rows, cols = (idx, idx + k) if k >= 0 else (idx - k, idx)
        return array_ops.scatter_nd(convert_to_tensor(np.stack([rows, cols], -1)), v, [n, n])
    if v.shape.rank == 2:
        return diagonal(v, offset=k)
    raise ValueError("Input to diag must be 1-d or 2-d.")


@tf_export("experimental.numpy.diagonal")
def diagonal(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Tensor:
    a = moveaxis(asarray(a), (axis1, axis2), (-2, -1))
    n, m = a.shape[-2], a.shape[-1]
    i = np.arange(n)
    j = i + offset
    keep = (j >= 0) & (j < m)
    idx = np.stack([i[keep], j[keep]], -1)
    batch = a.shape.rank - 2
    moved = transpose(a, list(range(batch, batch + 2)) + list(range(batch)))
    out = array_ops.gather_nd(moved, convert_to_tensor(idx))
    return transpose(out, list(range(1, batch + 1)) + [0])


@tf_export("experimental.numpy.trace")
def trace(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None) -> Tensor:
    if dtype:
        dtype = np_utils.result_type(dtype)
    a = asarray(a, dtype)
    if offset == 0:
        a = moveaxis(a, (axis1, axis2), (-2, -1))
        return linalg_ops.trace(a)
    return math_ops.reduce_sum(diagonal(a, offset, axis1, axis2), -1)


@tf_export("experimental.numpy.tri")
def tri(N: Any, M: Any = None, k: int = 0, dtype: Any = None) -> Tensor:  # noqa: N803
    dtype = np_utils.result_type(dtype or float)
    m = N if M is None else M
    return math_ops.cast(convert_to_tensor(np.tri(N, m, k, dtype=bool)), dtype)


def _band(m: Any, k: int, lower: bool) -> Tensor:
    m = asarray(m)
    if m.shape.rank < 2:
        raise ValueError(f"Argument to {'tril' if lower else 'triu'} should have rank at least 2")
    n, c = m.shape[-2], m.shape[-1]
    mask = np.tri(n, c, k if lower else k - 1, dtype=bool)
    if not lower:
        mask = ~mask
    return array_ops.where(convert_to_tensor(mask), m, array_ops.zeros_like(m))


@tf_export("experimental.numpy.tril")
def tril(m: Any, k: int = 0) -> Tensor:
    return _band(m, k, True)


@tf_export("experimental.numpy.triu")
def triu(m: Any, k: int = 0) -> Tensor:
    return _band(m, k, False)


# ----- reductions --------------------------------------------------------------------------------

_TO_INT, _TO_FLOAT = 1, 2


def _reduce(tf_fn: Any, a: Any, axis: Any = None, dtype: Any = None, keepdims: Any = None,
            promote_int: Any = _TO_INT, tf_bool_fn: Any = None, preserve_bool: bool = False) -> Tensor:
    """TF: np_array_ops._reduce: integers and bools are widened as NumPy does (sum -> int64, mean -> float)."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    keepdims = bool(keepdims)
    a = asarray(a, dtype=dtype)
    if (dtype is dtypes.bool or (preserve_bool and a.dtype is dtypes.bool)) and tf_bool_fn is not None:
        return tf_bool_fn(a, axis=axis, keepdims=keepdims)
    if dtype is None and (a.dtype.is_integer or a.dtype is dtypes.bool):
        np_type = np.dtype(a.dtype.as_numpy_dtype)
        if promote_int == _TO_INT:
            if np_type == np.bool_:
                a = math_ops.cast(a, dtypes.int64)
            elif np_type.itemsize < 8:
                a = math_ops.cast(a, dtypes.int64 if np_type.kind == "i" else dtypes.uint64)
        elif promote_int == _TO_FLOAT:
            a = math_ops.cast(a, np_utils.result_type(float))
    return tf_fn(a, axis=axis, keepdims=keepdims)


@tf_export("experimental.numpy.sum")
def sum(a: Any, axis: Any = None, dtype: Any = None, keepdims: Any = None) -> Tensor:  # noqa: A001
    return _reduce(math_ops.reduce_sum, a, axis, dtype, keepdims, tf_bool_fn=math_ops.reduce_any)


@tf_export("experimental.numpy.prod")
def prod(a: Any, axis: Any = None, dtype: Any = None, keepdims: Any = None) -> Tensor:
    return _reduce(math_ops.reduce_prod, a, axis, dtype, keepdims, tf_bool_fn=math_ops.reduce_all)


@tf_export("experimental.numpy.mean")
def mean(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = None) -> Tensor:
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(math_ops.reduce_mean, a, axis, dtype, keepdims, promote_int=_TO_FLOAT)


@tf_export("experimental.numpy.amax", "experimental.numpy.max")
def amax(a: Any, axis: Any = None, out: Any = None, keepdims: Any = None) -> Tensor:
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(math_ops.reduce_max, a, axis, None, keepdims, promote_int=None,
                   tf_bool_fn=math_ops.reduce_any, preserve_bool=True)


@tf_export("experimental.numpy.amin", "experimental.numpy.min")
def amin(a: Any, axis: Any = None, out: Any = None, keepdims: Any = None) -> Tensor:
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(math_ops.reduce_min, a, axis, None, keepdims, promote_int=None,
                   tf_bool_fn=math_ops.reduce_all, preserve_bool=True)


@tf_export("experimental.numpy.var")
def var(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: int = 0, keepdims: Any = None) -> Tensor:
    if out is not None:
        raise ValueError("Setting out is not supported.")
    working = np_utils.result_type(a, dtype) if dtype else None

    def reduce_fn(x: Tensor, axis: Any, keepdims: bool) -> Tensor:
        if ddof == 0:
            return math_ops.reduce_variance(x, axis=axis, keepdims=keepdims)
        centered = math_ops.square(x - math_ops.reduce_mean(x, axis=axis, keepdims=True))
        ss = math_ops.reduce_sum(centered, axis=axis, keepdims=keepdims)
        n = x._value.size if axis is None else int(np.prod([x._value.shape[i] for i in np.atleast_1d(axis)]))
        return ss / math_ops.cast(n - ddof, x.dtype)

    result = _reduce(reduce_fn, a, axis, working, keepdims, promote_int=_TO_FLOAT)
    return math_ops.cast(result, np_utils.result_type(dtype)) if dtype else result


@tf_export("experimental.numpy.std")
def std(a: Any, axis: Any = None, keepdims: Any = None) -> Tensor:
    return _reduce(math_ops.reduce_std, a, axis, None, keepdims, promote_int=_TO_FLOAT)


@tf_export("experimental.numpy.all")
def all(a: Any, axis: Any = None, keepdims: Any = None) -> Tensor:  # noqa: A001
    return math_ops.reduce_all(math_ops.cast(asarray(a), dtypes.bool), axis=axis, keepdims=bool(keepdims))


@tf_export("experimental.numpy.any")
def any(a: Any, axis: Any = None, keepdims: Any = None) -> Tensor:  # noqa: A001
    return math_ops.reduce_any(math_ops.cast(asarray(a), dtypes.bool), axis=axis, keepdims=bool(keepdims))


@tf_export("experimental.numpy.cumsum")
def cumsum(a: Any, axis: Any = None, dtype: Any = None) -> Tensor:
    a = _cum_input(a, dtype)
    if axis is None:
        a, axis = ravel(a), 0
    return math_ops.cumsum(a, axis)


@tf_export("experimental.numpy.cumprod")
def cumprod(a: Any, axis: Any = None, dtype: Any = None) -> Tensor:
    a = _cum_input(a, dtype)
    if axis is None:
        a, axis = ravel(a), 0
    return math_ops.cumprod(a, axis)


def _cum_input(a: Any, dtype: Any) -> Tensor:
    """TF: integers narrower than NumPy's int are widened (np.promote_types(t, int): uint64 -> float64); bools
    are not (TF's Cumsum then rejects them)."""
    a = asarray(a, dtype=dtype)
    if dtype is None and a.dtype.is_integer:
        out = np.promote_types(a.dtype.as_numpy_dtype, int)
        if out != a.dtype.as_numpy_dtype:
            a = asarray(a, dtype=out)
    return a


@tf_export("experimental.numpy.size")
def size(x: Any, axis: Any = None) -> Any:
    if axis is not None:
        raise NotImplementedError("axis argument is not supported in the current `np.size` implementation")
    if isinstance(x, (int, float, np.int32, np.int64, np.float32, np.float64)):
        return 1
    return np.prod(asarray(x)._value.shape, dtype=int)


@tf_export("experimental.numpy.shape")
def shape(a: Any) -> Any:
    return asarray(a).shape


@tf_export("experimental.numpy.ndim")
def ndim(a: Any) -> int:
    return asarray(a).shape.rank


@tf_export("experimental.numpy.isscalar")
def isscalar(num: Any) -> bool:
    return ndim(num) == 0


# ----- shape manipulation -----------------------------------------------------------------------


@tf_export("experimental.numpy.reshape")
def reshape(a: Any, newshape: Any, order: str = "C") -> Tensor:
    if order not in {"C", "F"}:
        raise ValueError(f"Unsupported order argument {order}")
    a = asarray(a)
    if isinstance(newshape, int):
        newshape = [newshape]
    if order == "F":
        return array_ops.transpose(array_ops.reshape(array_ops.transpose(a), list(newshape)[::-1]))
    return array_ops.reshape(a, newshape)


def _reshape_method_wrapper(a: Any, *newshape: Any, **kwargs: Any) -> Tensor:
    """Tensor.reshape under NumPy behaviour: `t.reshape(2, 3)` or `t.reshape((2, 3))`."""
    order = kwargs.pop("order", "C")
    if kwargs:
        raise ValueError(f"Unsupported arguments: {kwargs.keys()}")
    if len(newshape) == 1 and not isinstance(newshape[0], int):
        newshape = newshape[0]
    return reshape(a, newshape, order=order)


@tf_export("experimental.numpy.ravel")
def ravel(a: Any) -> Tensor:
    return array_ops.reshape(asarray(a), [-1])


@tf_export("experimental.numpy.flatten")
def flatten(a: Any, order: str = "C") -> Tensor:
    a = asarray(a)
    if order in ("C", "A", "K"):
        return array_ops.reshape(a, [-1])
    if order == "F":
        return array_ops.reshape(array_ops.transpose(a), [-1])
    raise ValueError(f"order can only be C, A, K (all row major) or F (column major). Received: {order}")


@tf_export("experimental.numpy.transpose")
def transpose(a: Any, axes: Any = None) -> Tensor:
    a = asarray(a)
    if axes is not None:
        axes = asarray(axes)
    return array_ops.transpose(a, axes)


@tf_export("experimental.numpy.swapaxes")
def swapaxes(a: Any, axis1: int, axis2: int) -> Tensor:
    a = asarray(a)
    rank = a.shape.rank
    perm = list(range(rank))
    perm[axis1 % rank], perm[axis2 % rank] = perm[axis2 % rank], perm[axis1 % rank]
    return array_ops.transpose(a, perm)


@tf_export("experimental.numpy.moveaxis")
def moveaxis(a: Any, source: Any, destination: Any) -> Tensor:
    a = asarray(a)
    rank = a.shape.rank
    source = [s % rank for s in np.atleast_1d(source).tolist()]
    destination = [d % rank for d in np.atleast_1d(destination).tolist()]
    perm = [i for i in range(rank) if i not in source]
    for d, s in sorted(zip(destination, source)):
        perm.insert(d, s)
    return a if perm == list(range(rank)) else array_ops.transpose(a, perm)


@tf_export("experimental.numpy.expand_dims")
def expand_dims(a: Any, axis: int) -> Tensor:
    return array_ops.expand_dims(asarray(a), axis)


@tf_export("experimental.numpy.squeeze")
def squeeze(a: Any, axis: Any = None) -> Tensor:
    return array_ops.squeeze(asarray(a), axis)


@tf_export("experimental.numpy.atleast_1d")
def atleast_1d(*arys: Any) -> Any:
    return _atleast(1, arys)


@tf_export("experimental.numpy.atleast_2d")
def atleast_2d(*arys: Any) -> Any:
    return _atleast(2, arys)


@tf_export("experimental.numpy.atleast_3d")
def atleast_3d(*arys: Any) -> Any:
    return _atleast(3, arys)


def _atleast(n: int, arys: Any) -> Any:
    out = []
    for a in arys:
        a = asarray(a)
        shape = list(a._value.shape)
        if len(shape) < n:
            if n == 3 and len(shape) == 2:
                shape = shape + [1]
            elif n == 3 and len(shape) == 1:
                shape = [1] + shape + [1]
            else:
                shape = [1] * (n - len(shape)) + shape
            a = array_ops.reshape(a, shape)
        out.append(a)
    return out[0] if len(out) == 1 else out


@tf_export("experimental.numpy.broadcast_to")
def broadcast_to(array: Any, shape: Any) -> Tensor:  # noqa: A002
    return full(shape, array)


@tf_export("experimental.numpy.broadcast_arrays")
def broadcast_arrays(*args: Any, **kwargs: Any) -> list:
    if kwargs.get("subok", False):
        raise ValueError("subok=True is not supported.")
    args = [asarray(a) for a in args]
    shape = np.broadcast_shapes(*[a._value.shape for a in args])
    return [array_ops.broadcast_to(a, shape) for a in args]


@tf_export("experimental.numpy.stack")
def stack(arrays: Any, axis: int = 0) -> Tensor:
    if isinstance(arrays, Tensor):
        arrays = asarray(arrays)
        return arrays if axis == 0 else swapaxes(arrays, 0, axis)
    arrays = promote_dtype(*arrays)
    unwrapped = [a for a in arrays]
    return array_ops.stack(unwrapped, axis)


@tf_export("experimental.numpy.hstack")
def hstack(tup: Any) -> Tensor:
    arrays = [atleast_1d(a) for a in promote_dtype(*tup)]
    return array_ops.concat(arrays, 0 if arrays[0].shape.rank == 1 else 1)


@tf_export("experimental.numpy.vstack")
def vstack(tup: Any) -> Tensor:
    return array_ops.concat([atleast_2d(a) for a in promote_dtype(*tup)], 0)


@tf_export("experimental.numpy.dstack")
def dstack(tup: Any) -> Tensor:
    return array_ops.concat([atleast_3d(a) for a in promote_dtype(*tup)], 2)


@tf_export("experimental.numpy.split")
def split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list:
    ary = asarray(ary)
    if isinstance(indices_or_sections, int):
        return array_ops.split(ary, indices_or_sections, axis=axis)
    n = ary._value.shape[axis]
    bounds = [0] + [min(int(i), n) for i in indices_or_sections] + [n]
    sizes = [max(b - a, 0) for a, b in zip(bounds[:-1], bounds[1:])]
    return array_ops.split(ary, sizes, axis=axis)


@tf_export("experimental.numpy.vsplit")
def vsplit(ary: Any, indices_or_sections: Any) -> list:
    return split(ary, indices_or_sections, 0)


@tf_export("experimental.numpy.hsplit")
def hsplit(ary: Any, indices_or_sections: Any) -> list:
    ary = asarray(ary)
    return split(ary, indices_or_sections, 0 if ary.shape.rank == 1 else 1)


@tf_export("experimental.numpy.dsplit")
def dsplit(ary: Any, indices_or_sections: Any) -> list:
    return split(ary, indices_or_sections, 2)


@tf_export("experimental.numpy.tile")
def tile(a: Any, reps: Any) -> Tensor:
    a = asarray(a)
    reps = [int(r) for r in np.atleast_1d(np.asarray(reps))]
    rank = builtins.max(a.shape.rank, len(reps))
    a = array_ops.reshape(a, [1] * (rank - a.shape.rank) + list(a._value.shape))
    return array_ops.tile(a, [1] * (rank - len(reps)) + reps)


@tf_export("experimental.numpy.repeat")
def repeat(a: Any, repeats: Any, axis: Any = None) -> Tensor:
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    n = a._value.shape[axis]
    idx = np.repeat(np.arange(n), np.asarray(repeats, dtype=np.int64))
    return array_ops.gather(a, convert_to_tensor(idx), axis=axis)


@tf_export("experimental.numpy.pad")
def pad(array: Any, pad_width: Any, mode: str, **kwargs: Any) -> Tensor:  # noqa: A002
    """TF: tnp.pad: modes constant, reflect and symmetric; `pad_width` goes to tf.pad as it is (no broadcast)."""
    constant_values = kwargs.get("constant_values", 0)
    if mode not in ("constant", "reflect", "symmetric"):
        raise ValueError("Unsupported padding mode: " + mode)
    return array_ops.pad(asarray(array), asarray(pad_width, dtype=dtypes.int32), mode.upper(),
                         constant_values=constant_values)


@tf_export("experimental.numpy.flip")
def flip(m: Any, axis: Any = None) -> Tensor:
    m = asarray(m)
    axes = list(range(m.shape.rank)) if axis is None else [int(axis) % m.shape.rank]
    return array_ops.reverse(m, axes)


@tf_export("experimental.numpy.flipud")
def flipud(m: Any) -> Tensor:
    return flip(m, 0)


@tf_export("experimental.numpy.fliplr")
def fliplr(m: Any) -> Tensor:
    return flip(m, 1)


@tf_export("experimental.numpy.roll")
def roll(a: Any, shift: Any, axis: Any = None) -> Tensor:
    a = asarray(a)
    if axis is None:
        return reshape(roll(ravel(a), shift, 0), list(a._value.shape))
    idx = np.roll(np.arange(a._value.shape[axis]), shift)
    return array_ops.gather(a, convert_to_tensor(idx), axis=axis)


# ----- indexing and selection -------------------------------------------------------------------


@tf_export("experimental.numpy.where")
def where(condition: Any, x: Any = None, y: Any = None) -> Any:
    condition = asarray(condition, dtype=np.bool_)
    if x is None and y is None:
        return nonzero(condition)
    if x is not None and y is not None:
        x, y = promote_dtype(x, y)
        shape = np.broadcast_shapes(condition._value.shape, x._value.shape, y._value.shape)
        return array_ops.where(array_ops.broadcast_to(condition, shape), array_ops.broadcast_to(x, shape),
                               array_ops.broadcast_to(y, shape))
    raise ValueError("Both x and y must be ndarrays, or both must be None.")


@tf_export("experimental.numpy.nonzero")
def nonzero(a: Any) -> list:
    """TF: tnp.nonzero: a list (NumPy: a tuple) of int64 index tensors, one per axis."""
    a = math_ops.cast(atleast_1d(a), dtypes.bool)
    indices = array_ops.where(a)
    return [indices[:, i] for i in range(a.shape.rank)]


@tf_export("experimental.numpy.take")
def take(a: Any, indices: Any, axis: Any = None, out: Any = None, mode: str = "clip") -> Tensor:
    if out is not None:
        raise ValueError("out argument is not supported in take.")
    if mode not in {"raise", "clip", "wrap"}:
        raise ValueError(f"Invalid mode '{mode}' for take")
    a = asarray(a)
    idx = asarray(indices)._value.astype(np.int64)
    if axis is None:
        a, axis = ravel(a), 0
    n = a._value.shape[axis]
    if mode == "wrap":
        idx = idx % n
    elif mode == "clip":
        idx = np.clip(idx, 0, n - 1)
    else:
        raise ValueError("The 'raise' mode to take is not supported.")
    return array_ops.gather(a, convert_to_tensor(idx), axis=axis)


@tf_export("experimental.numpy.take_along_axis")
def take_along_axis(arr: Any, indices: Any, axis: Any) -> Tensor:
    arr = asarray(arr)
    idx = asarray(indices)._value.astype(np.int64)
    if axis is None:
        arr, axis = ravel(arr), 0
    flat = np.arange(arr._value.size).reshape(arr._value.shape)
    picked = np.take_along_axis(flat, np.where(idx < 0, idx + arr._value.shape[axis], idx), axis)
    return array_ops.gather(ravel(arr), convert_to_tensor(picked))


@tf_export("experimental.numpy.compress")
def compress(condition: Any, a: Any, axis: Any = None) -> Tensor:
    cond = asarray(condition, dtype=np.bool_)._value
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    keep = np.nonzero(cond[: a._value.shape[axis]])[0]
    return array_ops.gather(a, convert_to_tensor(keep), axis=axis)


@tf_export("experimental.numpy.select")
def select(condlist: Any, choicelist: Any, default: Any = 0) -> Tensor:
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist must have length equal to choicelist ({len(condlist)} vs {len(choicelist)})")
    if not condlist:
        raise ValueError("condlist must be non-empty")
    choices = promote_dtype(default, *choicelist)
    output = choices[0]
    for cond, choice in zip(condlist[::-1], choices[:0:-1]):
        output = where(cond, choice, output)
    return output


@tf_export("experimental.numpy.round", "experimental.numpy.around")
def around(a: Any, decimals: int = 0) -> Tensor:
    """TF: tnp.around: x * 10**decimals rounded half to even, divided back; integers round in the float type."""
    a = asarray(a)
    dtype = a.dtype
    factor = math.pow(10, decimals)
    if not (dtype.is_floating or dtype.is_complex):
        a = math_ops.cast(a, np_utils.result_type(float))
    f = math_ops.cast(factor, a.dtype)
    # TF ends with the Tensor.astype method, so round(tensor) is an AttributeError until NumPy behaviour is enabled
    return (math_ops.round(a * f) / f).astype(dtype)


Tensor.__round__ = around  # type: ignore[attr-defined]  # TF sets it when tnp is imported


@tf_export("experimental.numpy.sign")
def sign(x: Any, out: Any = None, where: Any = None, **kwargs: Any) -> Tensor:
    if out is not None or where is not None or kwargs:
        raise ValueError("tnp.sign does not support out, where or extra arguments")
    return math_ops.sign(asarray(x))
