"""TF NumPy's math functions (TF: ops/numpy_ops/np_math_ops.py).

Binary functions promote both inputs to their NumPy result type (np_utils.result_type) and call one tfshim
op; unary ones take integers to TF NumPy's float type first where NumPy would.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops, linalg_ops, math_ops, nn_ops
from tfshim.ops.numpy_ops import np_array_ops, np_utils
from tfshim.ops.numpy_ops.np_array_ops import asarray, promote_dtype
from tfshim.util.tf_export import tf_export

pi = math.pi
e = math.e
inf = float("inf")
for _name in ("pi", "e", "inf"):
    tf_export("experimental.numpy." + _name).export_constant(__name__, _name)


def _bin_op(tf_fun: Any, a: Any, b: Any, promote: bool = True) -> Tensor:
    if promote:
        a, b = promote_dtype(a, b)
    else:
        a, b = np_array_ops.array(a), np_array_ops.array(b)
    return tf_fun(a, b)


def _scalar(tf_fn: Any, x: Any, promote_to_float: bool = False) -> Tensor:
    x = asarray(x)
    if promote_to_float and not (x.dtype.is_floating or x.dtype.is_complex):
        # TF calls the Tensor.astype method: an AttributeError until NumPy behaviour is enabled
        x = x.astype(np_utils.result_type(float))
    return tf_fn(x)


def _bool_or(tf_fun: Any, bool_fun: Any) -> Any:
    def f(x1: Tensor, x2: Tensor) -> Tensor:
        return bool_fun(x1, x2) if x1.dtype is dtypes.bool else tf_fun(x1, x2)

    return f


@tf_export("experimental.numpy.add")
def add(x1: Any, x2: Any) -> Tensor:
    return _bin_op(_bool_or(math_ops.add, math_ops.logical_or), x1, x2)


@tf_export("experimental.numpy.subtract")
def subtract(x1: Any, x2: Any) -> Tensor:
    return _bin_op(math_ops.subtract, x1, x2)


@tf_export("experimental.numpy.multiply")
def multiply(x1: Any, x2: Any) -> Tensor:
    return _bin_op(_bool_or(math_ops.multiply, math_ops.logical_and), x1, x2)


@tf_export("experimental.numpy.true_divide", "experimental.numpy.divide")
def true_divide(x1: Any, x2: Any) -> Tensor:
    def f(x1: Tensor, x2: Tensor) -> Tensor:
        if x1.dtype is dtypes.bool:
            x1, x2 = (math_ops.cast(x, np_utils.result_type(float)) for x in (x1, x2))
        return math_ops.truediv(x1, x2)

    return _bin_op(f, x1, x2)


divide = true_divide


@tf_export("experimental.numpy.floor_divide")
def floor_divide(x1: Any, x2: Any) -> Tensor:
    def f(x1: Tensor, x2: Tensor) -> Tensor:
        if x1.dtype is dtypes.bool:
            x1, x2 = math_ops.cast(x1, dtypes.int8), math_ops.cast(x2, dtypes.int8)
        return math_ops.floordiv(x1, x2)

    return _bin_op(f, x1, x2)


@tf_export("experimental.numpy.mod", "experimental.numpy.remainder")
def mod(x1: Any, x2: Any) -> Tensor:
    def f(x1: Tensor, x2: Tensor) -> Tensor:
        if x1.dtype is dtypes.bool:
            x1, x2 = math_ops.cast(x1, dtypes.int32), math_ops.cast(x2, dtypes.int32)
            return math_ops.cast(math_ops.floormod(x1, x2), dtypes.bool)
        return math_ops.floormod(x1, x2)

    return _bin_op(f, x1, x2)


@tf_export("experimental.numpy.divmod")
def divmod(x1: Any, x2: Any) -> tuple:  # noqa: A001
    return floor_divide(x1, x2), mod(x1, x2)


@tf_export("experimental.numpy.power")
def power(x1: Any, x2: Any) -> Tensor:
    return _bin_op(math_ops.pow, x1, x2)


@tf_export("experimental.numpy.float_power")
def float_power(x1: Any, x2: Any) -> Tensor:
    return power(x1, x2)


@tf_export("experimental.numpy.maximum")
def maximum(x1: Any, x2: Any) -> Tensor:
    # TF: a Python 0 as the second argument makes it a relu (same values, relu's gradient)
    if (isinstance(x2, (int, float, np.number)) and not isinstance(x2, bool) and x2 == 0
            and isinstance(x1, Tensor) and x1.dtype is not dtypes.bool):
        return nn_ops.relu(x1)
    return _bin_op(_bool_or(math_ops.maximum, math_ops.logical_or), x1, x2)


@tf_export("experimental.numpy.minimum")
def minimum(x1: Any, x2: Any) -> Tensor:
    return _bin_op(_bool_or(math_ops.minimum, math_ops.logical_and), x1, x2)


@tf_export("experimental.numpy.clip")
def clip(a: Any, a_min: Any, a_max: Any) -> Tensor:
    if a_min is None and a_max is None:
        raise ValueError("Not more than one of `a_min` and `a_max` may be `None`.")
    if a_min is None:
        return minimum(a, a_max)
    if a_max is None:
        return maximum(a, a_min)
    a, a_min, a_max = promote_dtype(a, a_min, a_max)
    shape = np.broadcast_shapes(*(t._value.shape for t in (a, a_min, a_max)))
    a, a_min, a_max = (array_ops.broadcast_to(t, shape) for t in (a, a_min, a_max))
    return math_ops.clip_by_value(a, a_min, a_max)


@tf_export("experimental.numpy.matmul")
def matmul(x1: Any, x2: Any) -> Tensor:
    """TF: tnp.matmul: NumPy's matmul (1-D operands are vectors); shape errors are ValueErrors."""
    def f(x1: Tensor, x2: Tensor) -> Tensor:
        try:
            if x2.shape.rank == 1:
                return linalg_ops.tensordot(x1, x2, axes=1)
            if x1.shape.rank == 1:
                return linalg_ops.tensordot(x1, x2, axes=[[0], [-2]])
            return linalg_ops.matmul(x1, x2)
        except errors.InvalidArgumentError as err:
            raise ValueError(str(err)) from None

    return _bin_op(f, x1, x2)


@tf_export("experimental.numpy.dot")
def dot(a: Any, b: Any) -> Tensor:
    def f(a: Tensor, b: Tensor) -> Tensor:
        if a.shape.rank == 0 or b.shape.rank == 0:
            return a * b
        if b.shape.rank == 1:
            return linalg_ops.tensordot(a, b, axes=[[-1], [-1]])
        return linalg_ops.tensordot(a, b, axes=[[-1], [-2]])

    return _bin_op(f, a, b)


@tf_export("experimental.numpy.tensordot")
def tensordot(a: Any, b: Any, axes: Any = 2) -> Tensor:
    return _bin_op(lambda a, b: linalg_ops.tensordot(a, b, axes=axes), a, b)


@tf_export("experimental.numpy.inner")
def inner(a: Any, b: Any) -> Tensor:
    def f(a: Tensor, b: Tensor) -> Tensor:
        if a.shape.rank == 0 or b.shape.rank == 0:
            return a * b
        return linalg_ops.tensordot(a, b, axes=[[-1], [-1]])

    return _bin_op(f, a, b)


@tf_export("experimental.numpy.outer")
def outer(a: Any, b: Any) -> Tensor:
    return _bin_op(lambda a, b: array_ops.reshape(a, [-1, 1]) * array_ops.reshape(b, [-1]), a, b)


@tf_export("experimental.numpy.vdot")
def vdot(a: Any, b: Any) -> Tensor:
    a, b = promote_dtype(a, b)
    a, b = array_ops.reshape(a, [-1]), array_ops.reshape(b, [-1])
    if a.dtype.is_complex:
        a = math_ops.conj(a)
    return dot(a, b)


@tf_export("experimental.numpy.cross")
def cross(a: Any, b: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1, axis: Any = None) -> Tensor:
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = promote_dtype(a, b)
    a, b = np_array_ops.moveaxis(a, axisa, -1), np_array_ops.moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product (dimension must be 2 or 3)")

    def comp(x: Tensor, i: int) -> Any:
        return x[..., i] if i < x.shape[-1] else 0

    a0, a1, a2 = (comp(a, i) for i in range(3))
    b0, b1, b2 = (comp(b, i) for i in range(3))
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a0 * b1 - a1 * b0
    c = array_ops.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], -1)
    return np_array_ops.moveaxis(c, -1, axisc)


@tf_export("experimental.numpy.kron")
def kron(a: Any, b: Any) -> Tensor:
    a, b = promote_dtype(a, b)
    out = array_ops.reshape(a, list(a._value.shape) + [1] * b.shape.rank) * b if a.shape.rank == b.shape.rank \
        else None
    if out is None:
        raise NotImplementedError("tnp.kron of arrays with different ranks is not implemented by tfshim")
    n = a.shape.rank
    perm = [i for pair in zip(range(n), range(n, 2 * n)) for i in pair]
    out = array_ops.transpose(out, perm)
    return array_ops.reshape(out, [x * y for x, y in zip(a._value.shape, b._value.shape)])


@tf_export("experimental.numpy.einsum")
def einsum(subscripts: str, *operands: Any, **kwargs: Any) -> Tensor:
    casting = kwargs.get("casting", "safe")
    if casting == "safe":
        operands = promote_dtype(*operands)
    elif casting == "no":
        operands = [asarray(x) for x in operands]
    else:
        raise ValueError('Invalid value for argument `casting`. Expected casting="safe" or casting="no". '
                         f"Received: casting={casting}")
    optimize = kwargs.get("optimize", False)
    if optimize not in (False, True, "greedy", "optimal"):  # TF's einsum takes greedy or optimal; same result
        raise ValueError('Invalid value for argument `optimize`. Expected one of {True, "greedy", "optimal"}. '
                         f"Received: optimize={optimize}")
    return linalg_ops.einsum(subscripts, *operands)


@tf_export("experimental.numpy.arctan2")
def arctan2(x1: Any, x2: Any) -> Tensor:
    """TF: tnp.arctan2: Atan2 on the promoted inputs (integers are Atan2's dtype error, as in TF)."""
    return _bin_op(math_ops.atan2, x1, x2)


@tf_export("experimental.numpy.hypot")
def hypot(x1: Any, x2: Any) -> Tensor:
    return globals()["sqrt"](globals()["square"](x1) + globals()["square"](x2))


@tf_export("experimental.numpy.logaddexp")
def logaddexp(x1: Any, x2: Any) -> Tensor:
    amax = maximum(x1, x2)
    delta = asarray(x1) - asarray(x2)
    exp, abs_, log1p = globals()["exp"], globals()["abs"], globals()["log1p"]
    return np_array_ops.where(globals()["isnan"](delta), asarray(x1) + asarray(x2), amax + log1p(exp(-abs_(delta))))


# ----- unary -------------------------------------------------------------------------------------

def _unary(name: str, tf_fn: Any, promote_to_float: bool) -> Any:
    def f(x: Any) -> Tensor:
        return _scalar(tf_fn, x, promote_to_float)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"TF: tnp.{name}."
    f.__module__ = __name__
    globals()[name] = f
    return tf_export("experimental.numpy." + name)(f)


for _name, _fn, _float in [
    ("sqrt", math_ops.sqrt, True), ("exp", math_ops.exp, True), ("log", math_ops.log, True),
    ("log1p", math_ops.log1p, True), ("expm1", math_ops.expm1, True), ("sin", math_ops.sin, True),
    ("cos", math_ops.cos, True), ("tan", math_ops.tan, True), ("sinh", math_ops.sinh, True),
    ("cosh", math_ops.cosh, True), ("tanh", math_ops.tanh, True), ("arcsin", math_ops.asin, True),
    ("arccos", math_ops.acos, True), ("arctan", math_ops.atan, True), ("square", math_ops.square, False),
    ("negative", math_ops.negative, False), ("reciprocal", math_ops.reciprocal, False),
    ("abs", math_ops.abs, False), ("absolute", math_ops.abs, False),
    ("isnan", math_ops.is_nan, True), ("isinf", math_ops.is_inf, True), ("isfinite", math_ops.is_finite, True),
    ("conj", math_ops.conj, False), ("conjugate", math_ops.conj, False),
]:
    _unary(_name, _fn, _float)


def _floor_or_ceil(tf_fn: Any) -> Any:
    def f(x: Tensor) -> Tensor:
        return tf_fn(x) if x.dtype.is_floating else x
    return f


_unary("floor", _floor_or_ceil(math_ops.floor), True)
_unary("ceil", _floor_or_ceil(math_ops.ceil), True)
_unary("log2", lambda x: math_ops.log(x) / math.log(2), True)
_unary("log10", lambda x: math_ops.log(x) / math.log(10), True)
_unary("exp2", lambda x: math_ops.pow(math_ops.cast(2, x.dtype), x), True)
_unary("deg2rad", lambda x: x * (math.pi / 180.0), True)
_unary("rad2deg", lambda x: x * (180.0 / math.pi), True)
_unary("positive", lambda x: x, False)
_unary("signbit", lambda x: x < 0 if not x.dtype.is_floating else
       math_ops.not_equal(math_ops.cast(math_ops.sign(x) < 0, dtypes.int8) +
                          math_ops.cast(math_ops.equal(1 / x, -np.inf), dtypes.int8), 0), False)


@tf_export("experimental.numpy.isposinf")
def isposinf(x: Any) -> Tensor:
    x = asarray(x)
    return math_ops.equal(x, convert_to_tensor(np.inf, x.dtype)) if x.dtype.is_floating else \
        array_ops.zeros_like(x, dtypes.bool)


@tf_export("experimental.numpy.isneginf")
def isneginf(x: Any) -> Tensor:
    x = asarray(x)
    return math_ops.equal(x, convert_to_tensor(-np.inf, x.dtype)) if x.dtype.is_floating else \
        array_ops.zeros_like(x, dtypes.bool)


# ----- comparisons and logic ---------------------------------------------------------------------


def _comparison(tf_fun: Any, x1: Any, x2: Any, cast_bool_to_int: bool = False) -> Tensor:
    dtype = np_utils.result_type(x1, x2)
    x1, x2 = np_array_ops.array(x1, dtype=dtype), np_array_ops.array(x2, dtype=dtype)
    if cast_bool_to_int and x1.dtype is dtypes.bool:
        x1, x2 = math_ops.cast(x1, dtypes.int32), math_ops.cast(x2, dtypes.int32)
    return tf_fun(x1, x2)


def _compare(name: str, tf_fun: Any, cast_bool: bool) -> None:
    def f(x1: Any, x2: Any) -> Tensor:
        return _comparison(tf_fun, x1, x2, cast_bool)

    f.__name__ = f.__qualname__ = name
    f.__module__ = __name__
    globals()[name] = f
    tf_export("experimental.numpy." + name)(f)


for _name, _fn, _cast in [("equal", math_ops.equal, False), ("not_equal", math_ops.not_equal, False),
                          ("greater", math_ops.greater, True), ("greater_equal", math_ops.greater_equal, True),
                          ("less", math_ops.less, True), ("less_equal", math_ops.less_equal, True)]:
    _compare(_name, _fn, _cast)


def _logical_binary(tf_fun: Any, x1: Any, x2: Any) -> Tensor:
    return tf_fun(asarray(x1, dtype=np.bool_), asarray(x2, dtype=np.bool_))


@tf_export("experimental.numpy.logical_and")
def logical_and(x1: Any, x2: Any) -> Tensor:
    return _logical_binary(math_ops.logical_and, x1, x2)


@tf_export("experimental.numpy.logical_or")
def logical_or(x1: Any, x2: Any) -> Tensor:
    return _logical_binary(math_ops.logical_or, x1, x2)


@tf_export("experimental.numpy.logical_xor")
def logical_xor(x1: Any, x2: Any) -> Tensor:
    return _logical_binary(math_ops.logical_xor, x1, x2)


@tf_export("experimental.numpy.logical_not")
def logical_not(x: Any) -> Tensor:
    return math_ops.logical_not(asarray(x, dtype=np.bool_))


@tf_export("experimental.numpy.array_equal")
def array_equal(a1: Any, a2: Any) -> Tensor:
    a1, a2 = asarray(a1), asarray(a2)
    if a1._value.shape != a2._value.shape:
        return convert_to_tensor(False)
    return math_ops.reduce_all(globals()["equal"](a1, a2))


@tf_export("experimental.numpy.isclose")
def isclose(a: Any, b: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Tensor:
    a, b = promote_dtype(a, b)
    if not (a.dtype.is_floating or a.dtype.is_complex):
        a, b = promote_dtype(a, b, 1.0)[:2]
    result = math_ops.abs(a - b) <= atol + rtol * math_ops.abs(b)
    result = math_ops.logical_or(result, math_ops.equal(a, b))
    if equal_nan:
        result = math_ops.logical_or(result, math_ops.logical_and(math_ops.is_nan(a), math_ops.is_nan(b)))
    return result


@tf_export("experimental.numpy.allclose")
def allclose(a: Any, b: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Tensor:
    return np_array_ops.all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


# ----- sorting, searching, counting --------------------------------------------------------------


def _argminmax(fn: Any, a: Any, axis: Any = None) -> Tensor:
    a = np_array_ops.array(a)
    a = array_ops.reshape(a, [-1]) if axis is None else np_array_ops.atleast_1d(a)
    return fn(a, axis=0 if axis is None else axis)


@tf_export("experimental.numpy.argmax")
def argmax(a: Any, axis: Any = None) -> Tensor:
    return _argminmax(math_ops.argmax, a, axis)


@tf_export("experimental.numpy.argmin")
def argmin(a: Any, axis: Any = None) -> Tensor:
    return _argminmax(math_ops.argmin, a, axis)


@tf_export("experimental.numpy.argsort")
def argsort(a: Any, axis: Any = -1, kind: str = "quicksort", order: Any = None) -> Tensor:
    if kind not in ("quicksort", "stable"):
        raise ValueError('Invalid value for argument `kind`. Only kind="quicksort" and kind="stable" are '
                         f"supported. Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    a = np_array_ops.array(a)
    if a.dtype.is_complex:
        raise TypeError(f"argsort does not support complex64/complex128 dtypes. Received dtype: {a.dtype}")
    if a.shape.rank == 0:
        result = convert_to_tensor([0])
    else:
        if axis is None:
            a, axis = array_ops.reshape(a, [-1]), 0
        result = array_ops.argsort(a, axis, stable=kind == "stable")
    return np_array_ops.array(result, dtype=np.intp)


@tf_export("experimental.numpy.sort")
def sort(a: Any, axis: Any = -1, kind: str = "quicksort", order: Any = None) -> Tensor:
    if kind != "quicksort":
        raise ValueError('Invalid value for argument `kind`. Only kind="quicksort" is supported. '
                         f"Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    a = np_array_ops.array(a)
    if axis is None:
        return array_ops.sort(array_ops.reshape(a, [-1]), 0)
    return array_ops.sort(a, axis)


@tf_export("experimental.numpy.count_nonzero")
def count_nonzero(a: Any, axis: Any = None) -> Tensor:
    return math_ops.count_nonzero(np_array_ops.array(a), axis)


@tf_export("experimental.numpy.concatenate")
def concatenate(arys: Any, axis: int = 0) -> Tensor:
    if not isinstance(arys, (list, tuple)):
        arys = [arys]
    if not arys:
        raise ValueError(f"Need at least one array to concatenate. Received empty input: arys={arys}")
    dtype = np_utils.result_type(*arys)
    return array_ops.concat([np_array_ops.array(a, dtype=dtype) for a in arys], axis)


@tf_export("experimental.numpy.append")
def append(arr: Any, values: Any, axis: Any = None) -> Tensor:
    if axis is None:
        return concatenate([np_array_ops.ravel(arr), np_array_ops.ravel(values)], 0)
    return concatenate([arr, values], axis=axis)


@tf_export("experimental.numpy.meshgrid")
def meshgrid(*xi: Any, **kwargs: Any) -> list:
    sparse = kwargs.get("sparse", False)
    if sparse:
        raise ValueError(f"Function `meshgrid` does not support returning sparse arrays yet. Received: sparse={sparse}")
    copy = kwargs.get("copy", True)
    if not copy:
        raise ValueError(f"Function `meshgrid` only supports copy=True. Received: copy={copy}")
    return array_ops.meshgrid(*[asarray(x) for x in xi], indexing=kwargs.get("indexing", "xy"))


@tf_export("experimental.numpy.diff")
def diff(a: Any, n: int = 1, axis: int = -1) -> Tensor:
    a = asarray(a)
    if n < 0:
        raise ValueError(f"Argument `order` must be a non-negative integer. Received: axis={n}")
    if a.shape.rank == 0:
        raise ValueError(f"Argument `a` must have rank at least 1. Received: a={a}")
    for _ in range(n):
        hi = array_ops.gather(a, convert_to_tensor(np.arange(1, a._value.shape[axis])), axis=axis)
        lo = array_ops.gather(a, convert_to_tensor(np.arange(0, a._value.shape[axis] - 1)), axis=axis)
        a = math_ops.logical_xor(hi, lo) if a.dtype is dtypes.bool else hi - lo
    return a


@tf_export("experimental.numpy.ptp")
def ptp(a: Any, axis: Any = None, keepdims: Any = None) -> Tensor:
    return np_array_ops.amax(a, axis=axis, keepdims=keepdims) - np_array_ops.amin(a, axis=axis, keepdims=keepdims)


@tf_export("experimental.numpy.average")
def average(a: Any, axis: Any = None, weights: Any = None, returned: bool = False) -> Any:
    if weights is None:
        avg = np_array_ops.mean(a, axis=axis)
        if not returned:
            return avg
        a = asarray(a)
        count = a._value.size if axis is None else a._value.shape[axis]
        return avg, math_ops.cast(count, avg.dtype) * array_ops.ones_like(avg)
    a, weights = promote_dtype(a, weights)
    if not (a.dtype.is_floating or a.dtype.is_complex):
        a, weights = promote_dtype(a, weights, 1.0)[:2]
    if weights.shape.rank == 1 and a.shape.rank > 1 and axis is not None:  # NumPy: 1-D weights run along `axis`
        shape = [1] * a.shape.rank
        shape[axis] = -1
        weights = array_ops.reshape(weights, shape)
    total = math_ops.reduce_sum(array_ops.broadcast_to(weights, list(a._value.shape)), axis=axis)
    avg = math_ops.reduce_sum(a * weights, axis=axis) / total
    return (avg, total) if returned else avg


def _tensor_t(self: Tensor) -> Tensor:
    return np_array_ops.transpose(self)


def _tensor_size(self: Tensor) -> Any:
    return np.prod(list(self._value.shape))  # TF: np.prod(shape.as_list()), so a scalar's is 1.0


def _tensor_pos(self: Tensor) -> Tensor:
    return self


def _tensor_tolist(self: Tensor) -> Any:
    return self._numpy().tolist()


def numpy_methods() -> dict:
    """The attributes TF's enable_numpy_methods_on_tensor adds to tf.Tensor."""
    return {
        "T": property(_tensor_t), "size": property(_tensor_size), "__pos__": _tensor_pos, "tolist": _tensor_tolist,
        "transpose": np_array_ops.transpose, "flatten": np_array_ops.flatten,
        "reshape": np_array_ops._reshape_method_wrapper, "ravel": np_array_ops.ravel, "clip": clip,
        "astype": math_ops.cast, "__round__": np_array_ops.around, "max": np_array_ops.amax,
        "mean": np_array_ops.mean, "min": np_array_ops.amin, "data": property(lambda self: self),
    }


def _not_implemented(name: str) -> None:
    def f(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"tf.experimental.numpy.{name} is not implemented by tfshim")

    f.__name__ = f.__qualname__ = name
    f.__module__ = __name__
    globals()[name] = f
    tf_export("experimental.numpy." + name)(f)


# TF NumPy functions tfshim lacks yet: they raise NotImplementedError naming the API
for _name in ("angle", "arccosh", "arcsinh", "arctanh", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor",
              "cbrt", "diag_indices", "diagflat", "fabs", "fix", "gcd", "geomspace", "heaviside", "imag", "iscomplex",
              "iscomplexobj", "isreal", "isrealobj", "ix_", "lcm", "logaddexp2", "logspace", "nanmean", "nanprod",
              "nansum", "nextafter", "polyval", "real", "rot90", "sinc", "vander"):
    _not_implemented(_name)
