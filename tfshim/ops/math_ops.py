"""Math ops: each TF op declared once, its NumPy kernel and its gradient side by side.

Gradients follow TF's python/ops/math_grad.py rule for rule and are written in
tfshim ops, so that outer tapes record them (higher-order gradients).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework import errors
from tfshim.framework.constant_op import convert_to_tensor, match_inputs
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops.op import KernelError, Op, defop, not_differentiable, tf_export

# ----- kernel helpers --------------------------------------------------------------------


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def cwise_binary(np_fn: Any) -> Any:
    """A broadcasting NumPy kernel; bad shapes give TF's `Incompatible shapes` text.

    NumPy warnings (overflow, division by zero) are silenced: TF returns inf/nan quietly.
    """

    def kernel(x: np.ndarray, y: np.ndarray) -> Any:
        try:
            with np.errstate(all="ignore"):
                return np_fn(x, y)
        except ValueError:
            raise KernelError(
                errors.InvalidArgumentError,
                "Incompatible shapes: %s vs. %s" % (_shape_text(x.shape), _shape_text(y.shape)),
            ) from None

    return kernel


def cwise_unary(np_fn: Any) -> Any:
    def kernel(x: np.ndarray) -> Any:
        with np.errstate(all="ignore"):
            return np_fn(x)

    return kernel


def binary(op: Op, x: Any, y: Any) -> Tensor:
    """Converts two inputs as TF's eager fast path does, checks them, runs `op`."""
    if type(x) is not type(y) or not isinstance(x, Tensor):
        x, y = match_inputs((x, y))
    op.check(x, y)
    return op(x, y)


def unary(op: Op, x: Any) -> Tensor:
    if not isinstance(x, Tensor):
        x = convert_to_tensor(x)
    op.check(x)
    return op(x)


def reduce_to_shape(grad: Tensor, shape: tuple) -> Tensor:
    """Sums a broadcast gradient back to `shape` (TF: BroadcastGradientArgs + Sum + Reshape)."""
    gshape = grad._value.shape
    if gshape == shape:
        return grad
    lead = len(gshape) - len(shape)
    axes = list(range(lead)) + [lead + i for i, d in enumerate(shape) if d == 1 and gshape[lead + i] != 1]
    if axes:
        grad = reduce_sum(grad, axes)
    return reshape(grad, shape)


def _reduce_binary_grads(op: Any, gx: Any, gy: Any) -> tuple:
    x, y = op.inputs
    skip = op.skip_input_indices
    gx = None if gx is None or 0 in skip else reduce_to_shape(gx, x._value.shape)
    gy = None if gy is None or 1 in skip else reduce_to_shape(gy, y._value.shape)
    return gx, gy


def _conj(x: Tensor) -> Tensor:
    return conj(x) if x._dtype.is_complex else x


# ----- binary arithmetic -----------------------------------------------------------------

AddV2 = defop("AddV2", cwise_binary(np.add))


@AddV2.gradient
def _add_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad, grad), each summed back to its input's shape."""
    return _reduce_binary_grads(op, grad, grad)


@tf_export("math.add", "add")
def add(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.add. Non-tensors prefer the other input's dtype, but fall back to
    their own (so `tf.constant(1) + 1.5` fails in the kernel, as in TF)."""
    if not (isinstance(x, Tensor) and isinstance(y, Tensor)):
        from tfshim.framework.variables import Variable

        x = x.value() if isinstance(x, Variable) else x
        y = y.value() if isinstance(y, Variable) else y
        hint = x._dtype if isinstance(x, Tensor) else (y._dtype if isinstance(y, Tensor) else None)
        x = convert_to_tensor(x, dtype_hint=hint)
        y = convert_to_tensor(y, dtype_hint=x._dtype)
    AddV2.check(x, y)
    return AddV2(x, y)


Sub = defop("Sub", cwise_binary(np.subtract))


@Sub.gradient
def _sub_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad, -grad)."""
    return _reduce_binary_grads(op, grad, None if 1 in op.skip_input_indices else negative(grad))


@tf_export("math.subtract", "subtract")
def subtract(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(Sub, x, y)


Mul = defop("Mul", cwise_binary(np.multiply))


@Mul.gradient
def _mul_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad * y, grad * x)."""
    x, y = op.inputs
    skip = op.skip_input_indices
    gx = None if 0 in skip else Mul(grad, _conj(y))
    gy = None if 1 in skip else Mul(_conj(x), grad)
    return _reduce_binary_grads(op, gx, gy)


@tf_export("math.multiply", "multiply")
def multiply(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(Mul, x, y)


RealDiv = defop("RealDiv", cwise_binary(np.true_divide))


@RealDiv.gradient
def _realdiv_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad / y, grad * (-x / y) / y)."""
    x, y = _conj(op.inputs[0]), _conj(op.inputs[1])
    gx = RealDiv(grad, y)
    gy = Mul(grad, RealDiv(RealDiv(negative(x), y), y))
    return _reduce_binary_grads(op, gx, gy)


@tf_export("realdiv", "math.realdiv")
def realdiv(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(RealDiv, x, y)


# TF: math_ops._TRUEDIV_TABLE. Small ints divide in float32, wide ints in float64.
_TRUEDIV_TABLE = {
    dtypes.uint8: dtypes.float32, dtypes.int8: dtypes.float32, dtypes.uint16: dtypes.float32,
    dtypes.int16: dtypes.float32, dtypes.uint32: dtypes.float64, dtypes.int32: dtypes.float64,
    dtypes.uint64: dtypes.float64, dtypes.int64: dtypes.float64,
}


@tf_export("math.truediv", "truediv")
def truediv(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.truediv. Integers are cast to float first (int32 -> float64)."""
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype_hint=x._dtype)
    if x._dtype is not y._dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x._dtype!r} != {y._dtype!r}.")
    target = _TRUEDIV_TABLE.get(x._dtype)
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    return binary(RealDiv, x, y)


@tf_export("math.divide", "divide")
def divide(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.divide, which is truediv for tensors."""
    return truediv(x, y)


def _floordiv_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    if x.dtype.kind in "iu" and not np.all(y):
        raise KernelError(errors.InvalidArgumentError, "Integer division by zero")
    return cwise_binary(np.floor_divide)(x, y)


FloorDiv = defop("FloorDiv", _floordiv_kernel)
not_differentiable(FloorDiv)  # TF registers no gradient: math_grad has `FloorDiv: None`


@tf_export("math.floordiv", "floordiv")
def floordiv(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(FloorDiv, x, y)


def _floormod_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    if x.dtype.kind in "iu" and not np.all(y):
        raise KernelError(errors.InvalidArgumentError, "Integer division by zero")
    return cwise_binary(np.mod)(x, y)


FloorMod = defop("FloorMod", _floormod_kernel)


@FloorMod.gradient
def _floormod_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad, -grad * floor(x / y))."""
    x, y = op.inputs
    gy = Mul(negative(grad), floor(RealDiv(x, y))) if x._dtype.is_floating else None
    return _reduce_binary_grads(op, grad, gy)


@tf_export("math.floormod", "math.mod", "floormod", "mod")
def floormod(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(FloorMod, x, y)


def _pow_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    if x.dtype.kind in "iu" and np.any(y < 0):
        raise KernelError(errors.InvalidArgumentError, "Integers to negative integer powers are not allowed")
    return cwise_binary(np.power)(x, y)


Pow = defop("Pow", _pow_kernel)


@Pow.gradient
def _pow_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad * (y * x^(y-1), z * log(x)), with log(x) := 0 where x <= 0."""
    x, y = op.inputs
    cx, cy = _conj(x), _conj(y)
    skip = op.skip_input_indices
    one = _wrap_as(np.ones((), dtype=y._value.dtype), y._dtype)
    if 1 in skip and y._value.ndim == 0:
        return Mul(Mul(grad, cy), Pow(cx, Sub(cy, one))), None
    gx = None if 0 in skip else Mul(Mul(grad, cy), Pow(cx, Sub(cy, one)))
    gy = None
    if 1 not in skip:
        from tfshim.ops.array_ops import ones_like, where, zeros_like

        mask = not_equal(cx, 0) if x._dtype.is_complex else greater(cx, 0)
        safe_x = where(mask, cx, ones_like(x))
        log_x = where(mask, log(safe_x), zeros_like(x))
        gy = Mul(Mul(grad, _conj(op.outputs[0])), log_x)
    return _reduce_binary_grads(op, gx, gy)


@tf_export("math.pow", "pow")
def pow(x: Any, y: Any, name: Any = None) -> Tensor:  # noqa: A001 - TF's name
    return binary(Pow, x, y)


Maximum = defop("Maximum", cwise_binary(np.maximum))
Minimum = defop("Minimum", cwise_binary(np.minimum))


def _minmax_grad(op: Any, grad: Tensor, pick_x: Any) -> tuple:
    """TF: _MaximumMinimumGrad. On ties the whole gradient goes to x."""
    from tfshim.ops.array_ops import where, zeros_like

    x, y = op.inputs
    xmask = pick_x(x, y)
    zeros = zeros_like(grad)
    gx = where(xmask, grad, zeros)
    gy = where(xmask, zeros, grad)
    return _reduce_binary_grads(op, gx, gy)


@Maximum.gradient
def _maximum_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad where x >= y to x, the rest to y."""
    return _minmax_grad(op, grad, greater_equal)


@Minimum.gradient
def _minimum_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad where x <= y to x, the rest to y."""
    return _minmax_grad(op, grad, less_equal)


@tf_export("math.maximum", "maximum")
def maximum(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(Maximum, x, y)


@tf_export("math.minimum", "minimum")
def minimum(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(Minimum, x, y)


SquaredDifference = defop("SquaredDifference", cwise_binary(lambda x, y: np.square(x - y)))


@SquaredDifference.gradient
def _squared_difference_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (2 * grad * (x - y), -2 * grad * (x - y))."""
    x, y = op.inputs
    two = _wrap_as(np.asarray(2, dtype=grad._value.dtype), grad._dtype)
    x_grad = Mul(Mul(two, grad), Sub(x, y))
    return _reduce_binary_grads(op, x_grad, negative(x_grad))


@tf_export("math.squared_difference", "squared_difference")
def squared_difference(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(SquaredDifference, x, y)


# ----- comparisons and logic (not differentiable) ------------------------------------------


def _comparison(name: str, np_fn: Any) -> Op:
    op = defop(name, cwise_binary(np_fn))
    not_differentiable(op)
    return op


Equal = _comparison("Equal", np.equal)
NotEqual = _comparison("NotEqual", np.not_equal)
Less = _comparison("Less", np.less)
LessEqual = _comparison("LessEqual", np.less_equal)
Greater = _comparison("Greater", np.greater)
GreaterEqual = _comparison("GreaterEqual", np.greater_equal)
LogicalAnd = _comparison("LogicalAnd", np.logical_and)
LogicalOr = _comparison("LogicalOr", np.logical_or)


def _broadcastable(a: tuple, b: tuple) -> bool:
    return all(p == q or p == 1 or q == 1 for p, q in zip(a[::-1], b[::-1]))


def _equality(op: Op, x: Any, y: Any, incompatible_shape_error: bool) -> Tensor:
    x, y = match_inputs((x, y))
    op.check(x, y)
    if not incompatible_shape_error and not _broadcastable(x._value.shape, y._value.shape):
        # TF: Equal(incompatible_shape_error=False) gives a scalar answer
        return _wrap_as(np.asarray(op is NotEqual), dtypes.bool)
    return op(x, y)


@tf_export("math.equal", "equal")
def equal(x: Any, y: Any, name: Any = None, incompatible_shape_error: bool = True) -> Tensor:
    return _equality(Equal, x, y, incompatible_shape_error)


@tf_export("math.not_equal", "not_equal")
def not_equal(x: Any, y: Any, name: Any = None, incompatible_shape_error: bool = True) -> Tensor:
    return _equality(NotEqual, x, y, incompatible_shape_error)


@tf_export("math.less", "less")
def less(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(Less, x, y)


@tf_export("math.less_equal", "less_equal")
def less_equal(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(LessEqual, x, y)


@tf_export("math.greater", "greater")
def greater(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(Greater, x, y)


@tf_export("math.greater_equal", "greater_equal")
def greater_equal(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(GreaterEqual, x, y)


@tf_export("math.logical_and", "logical_and")
def logical_and(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(LogicalAnd, x, y)


@tf_export("math.logical_or", "logical_or")
def logical_or(x: Any, y: Any, name: Any = None) -> Tensor:
    return binary(LogicalOr, x, y)


@tf_export("math.logical_xor", "logical_xor")
def logical_xor(x: Any, y: Any, name: str = "LogicalXor") -> Tensor:
    """TF: tf.math.logical_xor, built as (x | y) & ~(x & y) as in TF."""
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)))


LogicalNot = defop("LogicalNot", np.logical_not)
not_differentiable(LogicalNot)


@tf_export("math.logical_not", "logical_not")
def logical_not(x: Any, name: Any = None) -> Tensor:
    return unary(LogicalNot, x)


# ----- unary ops -----------------------------------------------------------------------------

Neg = defop("Neg", np.negative)


@Neg.gradient
def _neg_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns -grad."""
    return Neg(grad)


@tf_export("math.negative", "negative")
def negative(x: Any, name: Any = None) -> Tensor:
    return unary(Neg, x)


Abs = defop("Abs", np.abs)


@Abs.gradient
def _abs_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * sign(x); 0 at x == 0."""
    return Mul(grad, sign(op.inputs[0]))


@tf_export("math.abs", "abs")
def abs(x: Any, name: Any = None) -> Tensor:  # noqa: A001 - TF's name
    return unary(Abs, x)


Sign = defop("Sign", np.sign)


@Sign.gradient
def _sign_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns zeros."""
    from tfshim.ops.array_ops import zeros_like

    return zeros_like(op.inputs[0])


@tf_export("math.sign", "sign")
def sign(x: Any, name: Any = None) -> Tensor:
    return unary(Sign, x)


Square = defop("Square", cwise_unary(np.square))


@Square.gradient
def _square_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (x * 2)."""
    x = _conj(op.inputs[0])
    two = _wrap_as(np.asarray(2, dtype=x._value.dtype), x._dtype)
    return Mul(grad, Mul(x, two))


@tf_export("math.square", "square")
def square(x: Any, name: Any = None) -> Tensor:
    return unary(Square, x)


Exp = defop("Exp", cwise_unary(np.exp))


@Exp.gradient
def _exp_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * exp(x)."""
    return Mul(grad, _conj(op.outputs[0]))


@tf_export("math.exp", "exp")
def exp(x: Any, name: Any = None) -> Tensor:
    return unary(Exp, x)


Log = defop("Log", cwise_unary(np.log))


@Log.gradient
def _log_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (1 / x)."""
    return Mul(grad, reciprocal(_conj(op.inputs[0])))


@tf_export("math.log", "log")
def log(x: Any, name: Any = None) -> Tensor:
    return unary(Log, x)


Reciprocal = defop("Reciprocal", cwise_unary(np.reciprocal))


@Reciprocal.gradient
def _reciprocal_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns -grad * y * y (TF: ReciprocalGrad)."""
    y = _conj(op.outputs[0])
    return Mul(Neg(grad), Mul(y, y))


@tf_export("math.reciprocal", "math.inv")
def reciprocal(x: Any, name: Any = None) -> Tensor:
    return unary(Reciprocal, x)


Sqrt = defop("Sqrt", cwise_unary(np.sqrt))


@Sqrt.gradient
def _sqrt_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * 0.5 / y (TF: SqrtGrad); inf at 0."""
    y = _conj(op.outputs[0])
    half = _wrap_as(np.asarray(0.5, dtype=y._value.dtype), y._dtype)
    return RealDiv(Mul(grad, half), y)


@tf_export("math.sqrt", "sqrt")
def sqrt(x: Any, name: Any = None) -> Tensor:
    return unary(Sqrt, x)


Floor = defop("Floor", np.floor)
not_differentiable(Floor)  # TF: Floor's gradient is [None]


@tf_export("math.floor", "floor")
def floor(x: Any, name: Any = None) -> Tensor:
    return unary(Floor, x)


Conj = defop("Conj", np.conj)


@Conj.gradient
def _conj_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns conj(grad)."""
    return Conj(grad)


@tf_export("math.conj", "conj")
def conj(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.conj. Real tensors are returned as they are."""
    x = convert_to_tensor(x)
    return Conj(x) if x._dtype.is_complex else x


# ----- casts -----------------------------------------------------------------------------------


def _cast_kernel(x: np.ndarray, DstT: Any) -> Any:  # noqa: N803 - TF attr name
    src = dtypes.from_numpy(x.dtype)
    if (DstT is dtypes.string) != (src is dtypes.string):
        raise KernelError(errors.UnimplementedError, f"Cast {src._cname} to {DstT._cname} is not supported")
    if x.dtype.kind == "c" and DstT.is_complex is False:
        x = x.real
    with np.errstate(all="ignore"):
        return x.astype(DstT.as_numpy_dtype)


Cast = defop("Cast", _cast_kernel)


@Cast.gradient
def _cast_grad(op: Any, grad: Tensor) -> Any:
    """Returns cast(grad, src dtype) between float/complex types, else None."""
    src = op.inputs[0]._dtype
    ok = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.bfloat16, dtypes.complex64, dtypes.complex128)
    if src in ok and grad._dtype in ok:
        return cast(grad, src)
    return None


@tf_export("cast", "dtypes.cast")
def cast(x: Any, dtype: Any, name: Any = None) -> Tensor:
    """TF: tf.cast. Returns `x` itself when it already has `dtype`."""
    dtype = dtypes.as_dtype(dtype)
    x = convert_to_tensor(x)
    if x._dtype is dtype:
        return x
    return Cast(x, DstT=dtype)


# ----- reductions ----------------------------------------------------------------------------


def _axis_list(axis: Any) -> Any:
    """Python ints from an axis argument (int, list, tuple, tensor, None)."""
    if axis is None:
        return None
    if isinstance(axis, Tensor) or not isinstance(axis, (int, np.integer, list, tuple)):
        axis = convert_to_tensor(axis, dtypes.int32) if not isinstance(axis, Tensor) else axis
        return [int(a) for a in np.ravel(axis._value)]
    if isinstance(axis, (list, tuple)):
        for a in axis:
            if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
                convert_to_tensor(a, dtypes.int32)  # raises TF's TypeError
        return [int(a) for a in axis]
    return [int(axis)]


def _canonical_axes(axes: Any, rank: int) -> tuple:
    if axes is None:
        return tuple(range(rank))
    out = []
    for a in axes:
        if not -rank <= a < rank:
            raise KernelError(
                errors.InvalidArgumentError, "Invalid reduction dimension (%d for input with %d dimension(s)" % (a, rank)
            )
        a = a % rank
        if a in out:
            raise KernelError(
                errors.InvalidArgumentError,
                "Invalid reduction arguments: Axes contains duplicate dimension: %d" % a,
                suffix="",
            )
        out.append(a)
    return tuple(out)


def _sum_kernel(x: np.ndarray, axis: Any, keepdims: bool) -> Any:
    axes = _canonical_axes(axis, x.ndim)
    with np.errstate(all="ignore"):
        return np.sum(x, axis=axes, dtype=x.dtype, keepdims=keepdims)


Sum = defop("Sum", _sum_kernel)


@Sum.gradient
def _sum_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad broadcast back to the input's shape."""
    from tfshim.ops.array_ops import broadcast_to

    shape = op.inputs[0]._value.shape
    axes = _canonical_axes(op.get_attr("axis"), len(shape))
    kept = tuple(1 if i in axes else d for i, d in enumerate(shape))
    return broadcast_to(reshape(grad, kept), shape)


@tf_export("math.reduce_sum", "reduce_sum")
def reduce_sum(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_sum."""
    x = convert_to_tensor(input_tensor)
    Sum.check(x)
    return Sum(x, axis=_axis_list(axis), keepdims=bool(keepdims))


def reshape(tensor: Any, shape: Any) -> Tensor:
    from tfshim.ops.array_ops import reshape as _reshape

    return _reshape(tensor, shape)
