"""tf.debugging: Assert, the assert_* family, check_numerics, ensure_shape (TF: check_ops.py,
control_flow_assert.py, numerics.py).

All of these run eagerly, as TF's eager branches do: a failed check raises InvalidArgumentError at once,
with TF's message, which summarizes the data (`summarize` elements, NumPy's str of each).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape, as_shape
from tfshim.ops.op import KernelError, defop, disallowed_dtype, run_op, tf_export

# ----- tf.debugging.Assert -------------------------------------------------------------------------


def _summarize_eager(t: Tensor, summarize: Any) -> str:
    """TF: control_flow_assert._summarize_eager (Tensor::SummarizeValue): the first `summarize` elements."""
    if summarize is None:
        summarize = 3
    elif summarize < 0:
        summarize = t._value.size
    arr = t.numpy()
    if t._value.ndim:
        flat = np.asarray(arr).reshape(-1)
        lst = [str(x) for x in flat[:summarize]]
        if len(lst) < flat.size:
            lst.append("...")
    else:
        lst = [str(arr)] if summarize != 0 else []
    return ", ".join(lst)


@tf_export("debugging.Assert", "Assert")
def Assert(condition: Any, data: Any, summarize: Any = None, name: Any = None) -> None:  # noqa: N802
    """TF: tf.debugging.Assert. Eagerly raises InvalidArgumentError when `condition` is false."""
    from tfshim.ops.control_flow_ops import _truth

    if not _truth(condition):
        xs = [convert_to_tensor(x) for x in data]
        raise errors.InvalidArgumentError(None, None, "Expected '%s' to be true. Summarized data: %s" % (
            condition, "\n".join(_summarize_eager(x, summarize) for x in xs)))


# ----- binary asserts ------------------------------------------------------------------------------


def _message_prefix(message: Any) -> str:
    return "%s.  " % message if message else ""


def _shape_and_dtype_str(t: Tensor) -> str:
    return "shape=%s dtype=%s" % (t.shape, t.dtype.name)


def _pretty_print(item: Any, summarize: Any) -> str:
    if isinstance(item, Tensor):
        arr = item.numpy()
        if np.isscalar(arr):
            return str(arr)
        flat = arr.reshape(-1)
        lst = [str(x) for x in flat[:summarize]]
        if len(lst) < flat.size:
            lst.append("...")
        return str(lst)
    return str(item)


def _make_assert_msg_data(sym: str, x: Tensor, y: Tensor, summarize: Any, test: np.ndarray) -> list:
    data: list = ["Condition x %s y did not hold." % sym]
    if summarize > 0:
        if x.shape == y.shape and x.shape.as_list():
            mask = ~test
            indices = np.argwhere(mask).astype(np.int64)
            num = int(min(summarize, indices.shape[0]))
            data += ["Indices of first %d different values:" % num, indices[:num],
                     "Corresponding x values:", x.numpy()[mask].reshape(-1)[:num],
                     "Corresponding y values:", y.numpy()[mask].reshape(-1)[:num]]
        x_np, y_np = np.asarray(x.numpy()).reshape(-1), np.asarray(y.numpy()).reshape(-1)
        x_sum, y_sum = int(min(x_np.size, summarize)), int(min(y_np.size, summarize))
        data += ["First %d elements of x:" % x_sum, x_np[:x_sum], "First %d elements of y:" % y_sum, y_np[:y_sum]]
    return data


def _binary_assert(sym: str, op_func: Any, x: Any, y: Any, data: Any, summarize: Any, message: Any) -> None:
    """TF: check_ops._binary_assert's eager branch (the comparison runs as TF's op, with its errors)."""
    from tfshim.ops.math_ops import reduce_all

    x = convert_to_tensor(x)
    y = convert_to_tensor(y)
    test = op_func(x, y)
    if bool(reduce_all(test)._value):
        return
    if summarize is None:
        summarize = 3
    elif summarize < 0:
        summarize = 1e9
    if data is None:
        data = _make_assert_msg_data(sym, x, y, summarize, np.broadcast_to(test._value, test._value.shape))
    if message is not None:
        data = [message] + list(data)
    raise errors.InvalidArgumentError(None, None, "\n".join(_pretty_print(d, int(summarize)) for d in data))


def _math(name: str) -> Any:
    from tfshim.ops import math_ops

    return getattr(math_ops, name)


@tf_export("debugging.assert_equal", "assert_equal")
def assert_equal(x: Any, y: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    """TF: tf.debugging.assert_equal (element-wise x == y, broadcasting)."""
    if x is y:
        return None
    return _binary_assert("==", _math("equal"), x, y, None, summarize, message)


@tf_export("debugging.assert_none_equal")
def assert_none_equal(x: Any, y: Any, summarize: Any = None, message: Any = None, name: Any = None) -> None:
    return _binary_assert("!=", _math("not_equal"), x, y, None, summarize, message)


@tf_export("debugging.assert_less", "assert_less")
def assert_less(x: Any, y: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _binary_assert("<", _math("less"), x, y, None, summarize, message)


@tf_export("debugging.assert_less_equal")
def assert_less_equal(x: Any, y: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _binary_assert("<=", _math("less_equal"), x, y, None, summarize, message)


@tf_export("debugging.assert_greater", "assert_greater")
def assert_greater(x: Any, y: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _binary_assert(">", _math("greater"), x, y, None, summarize, message)


@tf_export("debugging.assert_greater_equal")
def assert_greater_equal(x: Any, y: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _binary_assert(">=", _math("greater_equal"), x, y, None, summarize, message)


def _sign_assert(x: Any, message: Any, summarize: Any, sym: str, zero_first: bool, strict: bool) -> None:
    """TF's assert_positive & co: a binary assert against zero with data naming the condition."""
    message = _message_prefix(message)
    x = convert_to_tensor(x)
    # TF's assert_non_positive lacks a comma between two strings: its text runs into the next line.
    cond_text = "Condition x %s 0 did not hold element-wise:" % sym
    name = _shape_and_dtype_str(x)
    data = ([message, cond_text + "x (%s) = " % name, x] if sym == "<=" else
            [message, cond_text, "x (%s) = " % name, x])
    zero = convert_to_tensor(0, dtype=x.dtype)
    op = _math("less") if strict else _math("less_equal")
    a, b = (zero, x) if zero_first else (x, zero)
    _binary_assert("<" if strict else "<=", op, a, b, data, summarize, None)


@tf_export("debugging.assert_negative")
def assert_negative(x: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _sign_assert(x, message, summarize, "<", False, True)


@tf_export("debugging.assert_positive")
def assert_positive(x: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _sign_assert(x, message, summarize, ">", True, True)


@tf_export("debugging.assert_non_negative")
def assert_non_negative(x: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _sign_assert(x, message, summarize, ">=", True, False)


@tf_export("debugging.assert_non_positive")
def assert_non_positive(x: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
    return _sign_assert(x, message, summarize, "<=", False, False)


@tf_export("debugging.assert_near")
def assert_near(x: Any, y: Any, rtol: Any = None, atol: Any = None, message: Any = None, summarize: Any = None,
                name: Any = None) -> None:
    """TF: tf.debugging.assert_near: |x - y| < atol + rtol * |y| everywhere (default tolerances 10 eps)."""
    from tfshim.ops.math_ops import abs as tf_abs
    from tfshim.ops.math_ops import less, reduce_all

    message = _message_prefix(message)
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    dtype = x.dtype.real_dtype if x.dtype.is_complex else x.dtype
    eps = np.finfo(dtype.as_numpy_dtype).eps
    rtol = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=dtype)
    atol = convert_to_tensor(10 * eps if atol is None else atol, dtype=dtype)
    data = [message, "x and y not equal to tolerance rtol = %s, atol = %s" % (rtol, atol),
            "x (%s) = " % _shape_and_dtype_str(x), x, "y (%s) = " % _shape_and_dtype_str(y), y]
    tol = atol + rtol * tf_abs(y)
    diff = tf_abs(x - y)
    Assert(reduce_all(less(diff, tol)), data, summarize=summarize)


# ----- rank, type and shape asserts ----------------------------------------------------------------


def _static_rank(x: Any) -> Tensor:
    return x if isinstance(x, Tensor) else convert_to_tensor(x)


def _check_rank_arg(rank: Tensor) -> None:
    assert_type(rank, dtypes.int32)
    if rank._value.ndim != 0:
        raise ValueError("Rank must be a scalar.")


@tf_export("debugging.assert_rank", "assert_rank")
def assert_rank(x: Any, rank: Any, message: Any = None, name: Any = None) -> None:
    x = _static_rank(x)
    rank = convert_to_tensor(rank)
    message = _message_prefix(message)
    _check_rank_arg(rank)
    if x.shape.ndims != int(rank._value):
        raise ValueError("%sTensor %s must have rank %d.  Received rank %d, shape %s"
                         % (message, "", int(rank._value), x.shape.ndims, x.shape))


@tf_export("debugging.assert_rank_at_least")
def assert_rank_at_least(x: Any, rank: Any, message: Any = None, name: Any = None) -> None:
    x = _static_rank(x)
    rank = convert_to_tensor(rank)
    message = _message_prefix(message)
    _check_rank_arg(rank)
    if x.shape.ndims < int(rank._value):
        raise ValueError("%sTensor %s must have rank at least %d.  Received rank %d, shape %s"
                         % (message, "", int(rank._value), x.shape.ndims, x.shape))


@tf_export("debugging.assert_rank_in")
def assert_rank_in(x: Any, ranks: Any, message: Any = None, name: Any = None) -> None:
    x = _static_rank(x)
    ranks = tuple(convert_to_tensor(r) for r in ranks)
    message = _message_prefix(message)
    for r in ranks:
        _check_rank_arg(r)
    given = tuple(int(r._value) for r in ranks)
    if x.shape.ndims not in given:
        raise ValueError("%sTensor %s must have rank in %s.  Received rank %d, shape %s"
                         % (message, "", given, x.shape.ndims, x.shape))


@tf_export("debugging.assert_integer")
def assert_integer(x: Any, message: Any = None, name: Any = None) -> None:
    x = convert_to_tensor(x)
    if not x.dtype.is_integer:
        raise TypeError('%sExpected "x" to be integer type.  Found: %s of dtype %s'
                        % (_message_prefix(message), "tensor", x.dtype))


@tf_export("debugging.assert_type")
def assert_type(tensor: Any, tf_type: Any, message: Any = None, name: Any = None) -> None:
    tf_type = dtypes.as_dtype(tf_type)
    tensor = convert_to_tensor(tensor)
    if tensor.dtype != tf_type:
        # TF prints getattr(tensor, "name", "tensor"): eager tensors have no name.
        raise TypeError(f"{_message_prefix(message)}tensor must be of type {tf_type!r}; got {tensor.dtype!r}")


@tf_export("debugging.assert_scalar")
def assert_scalar(tensor: Any, message: Any = None, name: Any = None) -> None:
    """TF: tf.debugging.assert_scalar (v2 returns None)."""
    tensor = convert_to_tensor(tensor)
    if tensor.shape.ndims != 0:
        raise ValueError("%sExpected scalar shape, saw shape: %s." % (_message_prefix(message), tensor.shape))


@tf_export("debugging.assert_proper_iterable")
def assert_proper_iterable(values: Any) -> None:
    if isinstance(values, (Tensor, np.ndarray, bytes, str)):
        raise TypeError('Expected argument "values" to be a "proper" iterable.  Found: %s' % type(values))
    if not hasattr(values, "__iter__"):
        raise TypeError('Expected argument "values" to be iterable.  Found: %s' % type(values))


@tf_export("debugging.assert_same_float_dtype")
def assert_same_float_dtype(tensors: Any = None, dtype: Any = None) -> dtypes.DType:
    if tensors:
        original = dtype
        for item in tensors:
            if item is None:
                continue
            t = item.dtype.base_dtype
            if not dtype:
                dtype = t
            elif dtype != t:
                first = None
                expected = original
                for it in tensors:
                    if it is None:
                        continue
                    it_t = it.dtype.base_dtype
                    if not expected:
                        expected, first = it_t, str(it)
                    elif expected != it_t:
                        raise ValueError("%s, type=%s, must be of the same type (%s)%s." % (
                            it, it_t, expected, (" as %s" % first) if first else ""))
    if not dtype:
        dtype = dtypes.float32
    elif not dtype.is_floating:
        raise ValueError("Expected floating point type, got %s." % dtype)
    return dtype


@tf_export("debugging.is_numeric_tensor")
def is_numeric_tensor(tensor: Any) -> bool:
    numeric = {dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int8, dtypes.int16, dtypes.int32,
               dtypes.int64, dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64, dtypes.complex64,
               dtypes.complex128, dtypes.bfloat16}
    return isinstance(tensor, Tensor) and tensor.dtype in numeric


def _monotonic(x: Any, compare: Any) -> Tensor:
    from tfshim.ops.array_ops import reshape
    from tfshim.ops.math_ops import reduce_all

    x = reshape(convert_to_tensor(x), [-1])
    if not is_numeric_tensor(x):
        raise TypeError("Expected x to be numeric, instead found: %s" % x)
    if x._value.size < 2:
        return reduce_all(convert_to_tensor([], dtype=dtypes.bool))
    return reduce_all(compare(x[1:], x[:-1]))


@tf_export("math.is_non_decreasing", "debugging.is_non_decreasing")
def is_non_decreasing(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.is_non_decreasing (True for fewer than two elements)."""
    return _monotonic(x, _math("greater_equal"))


@tf_export("math.is_strictly_increasing", "debugging.is_strictly_increasing")
def is_strictly_increasing(x: Any, name: Any = None) -> Tensor:
    return _monotonic(x, _math("greater"))


# ----- CheckNumerics, EnsureShape ------------------------------------------------------------------


def _check_numerics_kernel(x: np.ndarray, message: str = "") -> np.ndarray:
    nan, inf = bool(np.isnan(x).any()), bool(np.isinf(x).any())
    if nan or inf:
        what = "Inf and NaN" if nan and inf else "NaN" if nan else "Inf"
        raise KernelError(errors.InvalidArgumentError, "%s : Tensor had %s values" % (message, what))
    return x


CheckNumerics = defop("CheckNumerics", _check_numerics_kernel)


@CheckNumerics.gradient
def _check_numerics_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns check_numerics(grad): the gradient is checked too, with TF's message."""
    return CheckNumerics(grad, message="Not a number (NaN) or infinity (Inf) values detected in gradient. %s"
                         % op.get_attr("message"))


@tf_export("debugging.check_numerics")
def check_numerics(tensor: Any, message: str, name: Any = None) -> Tensor:
    """TF: tf.debugging.check_numerics (float types only)."""
    raw = (tensor,)
    tensor = convert_to_tensor(tensor)
    if tensor.dtype not in (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.bfloat16):
        raise disallowed_dtype("CheckNumerics", tensor.dtype)
    return run_op(CheckNumerics, raw, tensor, message=message)


@tf_export("debugging.assert_all_finite")
def assert_all_finite(x: Any, message: str, name: Any = None) -> Tensor:
    """TF: tf.debugging.assert_all_finite = check_numerics."""
    return check_numerics(x, message)


def _shape_text(dims: list) -> str:
    return "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"


def _ensure_shape_kernel(x: np.ndarray, shape: TensorShape) -> np.ndarray:
    if not shape.is_compatible_with(x.shape):
        raise KernelError(errors.InvalidArgumentError, "Shape of tensor input %s is not compatible with expected "
                          "shape %s." % (_shape_text(list(x.shape)), _shape_text(shape.as_list())))
    return x


EnsureShape = defop("EnsureShape", _ensure_shape_kernel)


@EnsureShape.gradient
def _ensure_shape_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad unchanged."""
    return grad


@tf_export("ensure_shape")
def ensure_shape(x: Any, shape: Any, name: Any = None) -> Tensor:
    """TF: tf.ensure_shape: `x` unchanged when its shape is compatible with `shape` (None dims match any)."""
    shape = as_shape(shape)
    x = convert_to_tensor(x)
    return run_op(EnsureShape, (x,), x, shape=shape)
