"""Math ops: each TF op declared once, its NumPy kernel and its gradient side by side.

Gradients follow TF's python/ops/math_grad.py rule for rule and are written in
tfshim ops, so that outer tapes record them (higher-order gradients). TF's
gradient kernels (TanhGrad, SigmoidGrad, SqrtGrad, RsqrtGrad, ReciprocalGrad) are
ops of their own here too, with TF's second-order rules.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_index_input, convert_to_tensor, match_inputs
from tfshim.framework.sparse_tensor import SparseTensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.variables import Variable
from tfshim.kernels import eigen_math, eigen_pow, eigen_rcp, eigen_reduce, eigen_trig, fpenv, native
from tfshim.ops.op import (
    _DEVICE,
    KernelError,
    Op,
    _took_slow_path,
    as_called,
    defop,
    disallowed_dtype,
    dtype_mismatch,
    error_suffix,
    gradient_uses,
    make_bool,
    make_type,
    not_differentiable,
    raise_op_error,
    run_op,
    tf_export,
)
from tfshim.util import dispatch

# ----- kernel helpers --------------------------------------------------------------------


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _incompatible(x: np.ndarray, y: np.ndarray) -> KernelError:
    return KernelError(
        errors.InvalidArgumentError,
        f"Incompatible shapes: {_shape_text(x.shape)} vs. {_shape_text(y.shape)}",
    )


def cwise_binary(np_fn: Any) -> Any:
    """A broadcasting NumPy kernel; bad shapes give TF's `Incompatible shapes` text.

    NumPy's warnings are silenced by the dispatcher (kernels/fpenv.py: quiet).
    """

    def kernel(x: np.ndarray, y: np.ndarray) -> Any:
        try:
            return np_fn(x, y)
        except ValueError:  # (shapes are checked only here: np.broadcast_shapes costs 1.5 us a call)
            _raise_if_incompatible(x, y)
            raise

    return kernel


def _raise_if_incompatible(x: np.ndarray, y: np.ndarray) -> None:
    """TF's `Incompatible shapes` error where NumPy refused to broadcast x and y (else the caller re-raises)."""
    xs, ys = x.shape, y.shape
    if xs != ys and xs and ys:
        try:
            np.broadcast_shapes(xs, ys)
        except ValueError:
            raise _incompatible(x, y) from None


def _quiet_nan(v: np.ndarray) -> np.ndarray:
    """The NaN an x86 instruction returns for NaN operand ``v``: ``v`` with its quiet bit set."""
    bits = {2: np.uint16, 4: np.uint32, 8: np.uint64}[v.dtype.itemsize]
    quiet = bits(1 << (np.finfo(v.dtype).nmant - 1))
    return (np.asarray(v).view(bits) | quiet).view(v.dtype)


_SCANNED = (np.dtype(np.float32), np.dtype(np.float64))  # the dtypes native.lib.has_nan scans


_F32 = np.dtype(np.float32)


def _holds_nan(r: Any) -> bool:
    """Whether a float kernel result (an array, or the NumPy scalar of a 0-d one) holds a NaN, as cheaply as known:
    a comparison for a scalar (20x cheaper than isnan), the compiled scan that stops at the first NaN, or a sum,
    which a NaN anywhere makes NaN (no temporary, unlike isnan)."""
    if type(r) is not np.ndarray:
        return bool(r != r)
    if r.size > 1024:
        if native.AVAILABLE and r.dtype in _SCANNED and r.flags.c_contiguous:
            return bool(native.lib.has_nan(r))
        s = np.add.reduce(r, axis=None)
        if s - s == 0:
            return False
    return bool(np.isnan(r).any())


def _compiled_binary(name: str) -> Any:
    """The compiled float32 twin of an x86_nan_order kernel (tfshim/_kernels.c run_arith), or None."""
    return getattr(native.lib, name, None) if native.AVAILABLE else None


def _run_compiled_binary(c_fn: Any, x: np.ndarray, y: np.ndarray, scalar_wins: bool) -> np.ndarray | None:
    """``c_fn`` on float32 operands of more than 1024 elements (below, NumPy's loop and a NaN scan cost less than
    the call): same shapes, or one operand of one element. None where it does not apply."""
    if x.dtype is not _F32 or y.dtype is not _F32:
        return None
    cx, cy = x.flags.c_contiguous, y.flags.c_contiguous
    if x.shape == y.shape:
        if x.size <= 1024:
            return None
        out = np.empty(x.shape, _F32)
        if cx and cy:
            c_fn(x, y, out, 0, 0)
        elif cx and not any(y.strides):  # y one value broadcast (a BroadcastTo in a gradient): same-shape NaN rule
            c_fn(x, np.array(y[(0,) * y.ndim]).reshape(1), out, 1, 0)
        elif cy and not any(x.strides):
            c_fn(np.array(x[(0,) * x.ndim]).reshape(1), y, out, 2, 0)
        else:
            return None
        return out
    if not (cx and cy):
        return None
    nx, ny = x.size, y.size
    if ny == 1 and nx > 1024:
        mode = 1
    elif nx == 1 and ny > 1024:
        mode = 2
    else:
        return None
    out = np.empty(np.broadcast_shapes(x.shape, y.shape), _F32)
    c_fn(x, y, out, mode, int(scalar_wins))
    return out


def x86_nan_order(np_fn: Any, scalar_wins: bool = False, tail_second: bool = False, compiled: str = "",
                  scalar: str = "") -> Any:
    """``np_fn`` returning the NaN TF's kernel returns where both operands are NaN (NumPy's loops pick either
    operand, depending on the NumPy version and loop): the first operand's, quieted, except (measured)

    * ``scalar_wins`` (add, multiply): when one operand has one element (TF's scalar_left/scalar_right functors),
      the scalar's NaN in float/double packets and the tensor's in the scalar tail and in half;
    * ``tail_second`` (xlogy): the second operand's in the scalar tail of float/double.

    Half arithmetic runs in float32 registers, and NumPy's half loops can drop a lone NaN operand's payload:
    for half every NaN result is the first NaN operand, quieted.

    ``compiled``: the name of the compiled float32 twin in tfshim._kernels (same bits, no NaN scan, two threads).
    ``scalar``: the compiled twin for two 0-d float32/float64 operands in tfshim._eager (binary_kernel: "add",
    "sub", "mul", "div"), which hands every other call to this kernel (its ``fallback``): a loop over Python
    scalars is mostly such calls, ~0.5 us each here.

    A broadcasting kernel, as cwise_binary's (one frame fewer per op)."""
    c_fn = _compiled_binary(compiled) if compiled else None

    def fn(x: np.ndarray, y: np.ndarray) -> Any:
        if c_fn is not None and (x.size > 1024 or y.size > 1024) and native.AVAILABLE:  # (tests switch it off)
            r = _run_compiled_binary(c_fn, x, y, scalar_wins)
            if r is not None:
                return r
        try:
            r = np_fn(x, y)
        except ValueError:
            _raise_if_incompatible(x, y)
            raise
        if type(r) is not np.ndarray and r == r:  # (a 0-d result is NumPy's scalar: a NaN only where r != r)
            return r
        if r.dtype.kind != "f" or not _holds_nan(r):
            return r
        xb, yb = np.broadcast_arrays(x, y)
        nx, ny = np.isnan(xb), np.isnan(yb)
        half = r.dtype == np.float16
        second = np.zeros(r.shape, bool)
        if scalar_wins and (x.size == 1) != (y.size == 1):
            scalar_is_y = y.size == 1
            second[...] = scalar_is_y != half
            if not half:
                second ^= ~_packet_mask(r.shape, r.dtype)  # the tail takes the tensor's
        elif tail_second and not half:
            second = ~_packet_mask(r.shape, r.dtype)
        both = nx & ny
        if half:
            return np.where(both, np.where(second, _quiet_nan(yb), _quiet_nan(xb)),
                            np.where(nx, _quiet_nan(xb), np.where(ny, _quiet_nan(yb), r)))
        if not both.any():
            return r
        return np.where(both, np.where(second, _quiet_nan(yb), _quiet_nan(xb)), r)

    if scalar and native.eager is not None:
        return native.eager.binary_kernel(scalar, fn)
    return fn


def cwise_unary(np_fn: Any) -> Any:
    return np_fn  # the dispatcher silences NumPy's warnings


_EIGEN_DTYPES = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def eigen_unary(em_fn: Callable, np_fn: Callable) -> Any:
    """A unary kernel running TF's bit-exact Eigen emulation for half/float/double, NumPy otherwise."""

    def kernel(x: np.ndarray) -> Any:
        if x.dtype in _EIGEN_DTYPES:
            return em_fn(x)
        with np.errstate(all="ignore"):
            return np_fn(x)

    return kernel


_PACKET = {np.dtype(np.float16): 8, np.dtype(np.float32): 8, np.dtype(np.float64): 4}
# Smallest normals, computed at import (never first under FTZ/DAZ: see kernels/eigen_math.py).
_TINY = {np.dtype(t): np.finfo(t).tiny for t in (np.float16, np.float32, np.float64)}


def _packet_mask(shape: tuple, dtype: np.dtype) -> np.ndarray:
    """True where Eigen's TensorExecutor uses the packet functor (the leading n - n % P elements)."""
    n = int(np.prod(shape, dtype=np.int64))
    p = _PACKET.get(np.dtype(dtype), 1)
    return (np.arange(n) < n - n % p).reshape(shape)


def run(op: Op, raw: tuple, *tensors: Tensor, **attrs: Any) -> Any:
    """Checks `tensors` against `op`'s type attr and runs it (ops/op.py: run_op)."""
    return run_op(op, raw, *tensors, check=True, **attrs)


def binary(op: Op, x: Any, y: Any) -> Tensor:
    """Converts two inputs as TF's eager fast path does, checks them, runs `op`."""
    raw = (x, y)
    if type(x) is not type(y) or not isinstance(x, Tensor):
        x, y = match_inputs((x, y))
    return run(op, raw, x, y)


def unary(op: Op, x: Any) -> Tensor:
    raw = (x,)
    if not isinstance(x, Tensor):
        x = convert_to_tensor(x)
    return run(op, raw, x)


def _const(value: Any, like: Tensor) -> Tensor:
    """A scalar constant of `like`'s dtype (TF: Python numbers in `grad * -2.0`)."""
    return _wrap_as(np.asarray(value, dtype=like._value.dtype), like._dtype)


def reduce_to_shape(grad: Tensor, shape: tuple) -> Tensor:
    """Sums a broadcast gradient back to `shape` (TF: BroadcastGradientArgs + Sum + Reshape)."""
    gshape = grad._value.shape
    if gshape == shape:
        return grad
    lead = len(gshape) - len(shape)
    axes = list(range(lead)) + [lead + i for i, d in enumerate(shape) if d == 1 and gshape[lead + i] != 1]
    if axes:
        grad = reduce_sum(grad, axes, keepdims=True)
    return reshape(grad, shape)


def _reduce_binary_grads(op: Any, gx: Any, gy: Any) -> tuple:
    x, y = op.inputs
    skip = op.skip_input_indices
    if gx is not None:  # (a gradient already of its input's shape, the common case, without a call)
        shape = x._value.shape
        gx = None if 0 in skip else gx if gx._value.shape == shape else reduce_to_shape(gx, shape)
    if gy is not None:
        shape = y._value.shape
        gy = None if 1 in skip else gy if gy._value.shape == shape else reduce_to_shape(gy, shape)
    return gx, gy


def _conj(x: Tensor) -> Tensor:
    return conj(x) if x._dtype._complex else x


def _zeros_like(x: Tensor) -> Tensor:
    from tfshim.ops.array_ops import zeros_like

    return zeros_like(x)


def _where(c: Tensor, x: Tensor, y: Tensor) -> Tensor:
    """SelectV2 on tensors that already have matching dtypes (TF: array_ops.where_v2 in gradients)."""
    from tfshim.ops.array_ops import SelectV2

    return SelectV2(c, x, y)


# ----- binary arithmetic -----------------------------------------------------------------

AddV2 = defop("AddV2", x86_nan_order(np.add, scalar_wins=True, compiled="add_f32", scalar="add"))


@AddV2.gradient
def _add_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad, grad), each summed back to its input's shape."""
    return _reduce_binary_grads(op, grad, grad)


gradient_uses(AddV2)  # only the inputs' shapes


@tf_export("math.add", "add")
def add(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.add: x converts on its own, y prefers x's dtype, but falls back to its own (so
    `tf.add(1, tf.constant(1.5))` and `tf.constant(1) + 1.5` fail in the kernel, as in TF)."""
    if not (isinstance(x, Tensor) and isinstance(y, Tensor)):
        x = x.value() if isinstance(x, Variable) else x
        y = y.value() if isinstance(y, Variable) else y
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, dtype_hint=x._dtype)
    if x._dtype is dtypes.string:  # TF: strings concatenate through the older Add op
        return run(Add, (), x, y)
    return run(AddV2, (), x, y)  # TF's add converts both first: always the fast path


def _add_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    out = np.add(x, y)
    # NumPy returns a bare `bytes` for two 0-d object arrays: keep a string tensor's object array.
    return np.asarray(out, dtype=object) if x.dtype == object else out


Add = defop("Add", cwise_binary(_add_kernel))  # used by tf.add for strings only (bytes + bytes)
not_differentiable(Add)


Sub = defop("Sub", x86_nan_order(np.subtract, compiled="sub_f32", scalar="sub"))


@Sub.gradient
def _sub_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad, -grad)."""
    return _reduce_binary_grads(op, grad, None if 1 in op.skip_input_indices else negative(grad))


gradient_uses(Sub)  # only the inputs' shapes


@tf_export("math.subtract", "subtract")
def subtract(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.subtract."""
    return binary(Sub, x, y)


Mul = defop("Mul", x86_nan_order(np.multiply, scalar_wins=True, compiled="mul_f32", scalar="mul"))


@Mul.gradient
def _mul_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad * y, x * grad)."""
    x, y = op.inputs
    skip = op.skip_input_indices
    cx = x._dtype._complex  # (_conj's test once, without its two calls: a real Mul is the common case)
    gx = None if 0 in skip else Mul(grad, conj(y) if cx else y)
    gy = None if 1 in skip else Mul(conj(x) if cx else x, grad)
    return _reduce_binary_grads(op, gx, gy)


gradient_uses(Mul, inputs=(0, 1))


@tf_export("math.multiply", "multiply")
def multiply(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.multiply."""
    return binary(Mul, x, y)


RealDiv = defop("RealDiv", x86_nan_order(np.true_divide, scalar="div"))


@RealDiv.gradient
def _realdiv_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad / y, grad * ((-x / y) / y))."""
    x, y = _conj(op.inputs[0]), _conj(op.inputs[1])
    gx = RealDiv(grad, y)
    gy = Mul(grad, RealDiv(RealDiv(negative(x), y), y))
    return _reduce_binary_grads(op, gx, gy)


@tf_export("realdiv")
def realdiv(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.realdiv (the RealDiv op; no CPU kernel for integers)."""
    x, y = match_inputs([x, y])
    if x._dtype is y._dtype:
        RealDiv.check(x, y)
    return binary(RealDiv, x, y)


# TF: math_ops._TRUEDIV_TABLE. Small ints divide in float32, wide ints in float64.
_TRUEDIV_TABLE = {
    dtypes.uint8: dtypes.float32, dtypes.int8: dtypes.float32, dtypes.uint16: dtypes.float32,
    dtypes.int16: dtypes.float32, dtypes.uint32: dtypes.float64, dtypes.int32: dtypes.float64,
    dtypes.uint64: dtypes.float64, dtypes.int64: dtypes.float64, dtypes.bfloat16: None,
    dtypes.float16: None, dtypes.float32: None, dtypes.float64: None, dtypes.complex64: None,
    dtypes.complex128: None,
}


def _truediv_dtype(d: Any, where: str) -> Any:
    try:
        return _TRUEDIV_TABLE[d]
    except KeyError:
        raise TypeError(
            f"Invalid dtype {d!r} in {where}. Expected one of "
            f"{{{', '.join(repr(t) for t in _TRUEDIV_TABLE)}}}."
        ) from None


def _same_dtype_pair(x: Any, y: Any) -> tuple:
    """TF's conversion in truediv/div_no_nan: y takes x's dtype if it can, else its own."""
    if not isinstance(x, Tensor) and isinstance(y, Tensor):
        y = convert_to_tensor(y)
        x = convert_to_tensor(x, dtype=y._dtype)
    else:
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, dtype_hint=x._dtype)
    if x._dtype is not y._dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x._dtype!r} != {y._dtype!r}.")
    return x, y


@tf_export("math.truediv", "truediv")
def truediv(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.truediv. Integers are cast to float first (int32 -> float64)."""
    # TF's _truediv_python3: x converts on its own, y prefers x's dtype; no other conversion
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype_hint=x._dtype)
    if x._dtype is not y._dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x._dtype!r} != {y._dtype!r}.")
    target = _truediv_dtype(x._dtype, "__truediv__")
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    return run(RealDiv, (), x, y)


@tf_export("math.divide", "divide")
def divide(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.divide: `x / y` after converting a non-tensor x to y's dtype (with a name: truediv)."""
    if name is not None:
        return truediv(x, y)
    if not isinstance(x, (Tensor, Variable)):
        x = convert_to_tensor(x, dtype=y.dtype if isinstance(y, (Tensor, Variable)) else None)
    return x / y


def _div_no_nan_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    def div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        # 0-d dtype-typed constants: NumPy 1.x would promote Python 0/1 against float32 scalars to float64
        return np.where(b == 0, np.zeros((), a.dtype), a / np.where(b == 0, np.ones((), b.dtype), b))

    return cwise_binary(div)(x, y)


DivNoNan = defop("DivNoNan", _div_no_nan_kernel)


@DivNoNan.gradient
def _div_no_nan_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (div_no_nan(grad, y), grad * div_no_nan(div_no_nan(-x, y), y))."""
    x, y = _conj(op.inputs[0]), _conj(op.inputs[1])
    gx = DivNoNan(grad, y)
    gy = Mul(grad, DivNoNan(DivNoNan(negative(x), y), y))
    return _reduce_binary_grads(op, gx, gy)


@tf_export("math.divide_no_nan")
def divide_no_nan(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.divide_no_nan: 0 where y == 0. Integers are cast to float as in truediv."""
    x, y = _same_dtype_pair(x, y)
    target = _truediv_dtype(x._dtype, "tf.math.divide_no_nan")
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    return run(DivNoNan, (), x, y)


def _empty_result(x: np.ndarray, y: np.ndarray) -> bool:
    """Whether the broadcast result has no elements (TF then divides nothing and raises nothing)."""
    try:
        return 0 in np.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        return False


def _int_div_check(x: np.ndarray, y: np.ndarray) -> None:
    if x.dtype.kind in "iu" and not np.all(y) and not _empty_result(x, y):
        raise KernelError(errors.InvalidArgumentError, "Integer division by zero")


def _floordiv_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    """TF: floor(x / y) for floats; for integers, division rounding down."""
    _int_div_check(x, y)
    if x.dtype.kind in "iu":
        return cwise_binary(np.floor_divide)(x, y)
    return cwise_binary(lambda a, b: np.floor(a / b))(x, y)


FloorDiv = defop("FloorDiv", _floordiv_kernel)


@FloorDiv.gradient
def _floordiv_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, None) (TF: _FloorDivGrad)."""
    return None, None


@tf_export("math.floordiv")
def floordiv(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.floordiv (FloorDiv op)."""
    return binary(FloorDiv, x, y)


def _floor_fmod(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """TF's google_floor_fmod: fmod, moved into y's sign when the signs differ."""
    r = np.fmod(a, b)
    return np.where((r != 0) & ((b < 0) != (r < 0)), r + b, r)


def _floormod_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    _int_div_check(x, y)
    if x.dtype.kind in "iu":
        return cwise_binary(np.mod)(x, y)
    return cwise_binary(_floor_fmod)(x, y)


FloorMod = defop("FloorMod", _floormod_kernel)


@FloorMod.gradient
def _floormod_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad, grad * -floor_div(x, y))."""
    x, y = _conj(op.inputs[0]), _conj(op.inputs[1])
    floor_xy = FloorDiv(x, y)
    gy = Mul(grad, negative(floor_xy))
    return _reduce_binary_grads(op, grad, gy)


@tf_export("math.floormod", "math.mod")
def floormod(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.floormod: the remainder has y's sign (Python's %)."""
    return binary(FloorMod, x, y)


def _trunc_check(x: np.ndarray, y: np.ndarray) -> None:
    if x.dtype.kind in "iu" and not np.all(y) and not _empty_result(x, y):
        raise KernelError(
            errors.InternalError, "Unexpected error in binary operator (only integer div and mod should have errors)"
        )


def _truncatediv_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    _trunc_check(x, y)
    if x.dtype.kind in "iu":
        def f(a: np.ndarray, b: np.ndarray) -> np.ndarray:
            q = np.floor_divide(a, b)
            fix = (np.mod(a, b) != 0) & ((a < 0) != (b < 0))
            return (q + fix.astype(q.dtype)).astype(q.dtype)

        return cwise_binary(f)(x, y)
    return cwise_binary(lambda a, b: np.trunc(a / b))(x, y)


TruncateDiv = defop("TruncateDiv", _truncatediv_kernel)


@TruncateDiv.gradient
def _truncatediv_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, None) (TF: _TruncateDivGrad)."""
    return None, None


@tf_export("truncatediv")
def truncatediv(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.truncatediv: division rounding toward zero (C semantics)."""
    return binary(TruncateDiv, x, y)


def _truncatemod_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    _trunc_check(x, y)
    return cwise_binary(np.fmod)(x, y)


TruncateMod = defop("TruncateMod", _truncatemod_kernel)  # TF registers no gradient


_TRUNCATEMOD_KERNELS = (
    "All kernels registered for op TruncateMod:\n"
    "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_BFLOAT16, DT_HALF]\n"
    "  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n  device='CPU'; T in [DT_INT64]\n"
    "  device='CPU'; T in [DT_INT32]\n  device='DEFAULT'; T in [DT_INT32]\n"
)


@tf_export("truncatemod")
def truncatemod(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.truncatemod: the remainder has x's sign (C's fmod). TF has no CPU kernel for half/bfloat16."""
    raw = (x, y)
    xt, yt = convert_to_tensor(x), convert_to_tensor(y)
    if xt._dtype is yt._dtype and xt._dtype in (dtypes.float16, dtypes.bfloat16):
        node = f"{{{{node TruncateMod}}}} = TruncateMod[T=DT_{xt._dtype._cname.upper()}]"
        e = errors.NotFoundError(
            None, None, f"Could not find device for node: {node}\n{_TRUNCATEMOD_KERNELS} [Op:TruncateMod] name: "
        )
        raise as_called(e, raw)
    return binary(TruncateMod, x, y)


def _pow_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    if x.dtype.kind in "iu" and np.any(y < 0):
        out = cwise_binary(np.power)(x, np.maximum(y, 0))  # TF checks the shapes first; an empty output computes none
        if out.size:
            raise KernelError(errors.InvalidArgumentError, "Integers to negative integer powers are not allowed")
        return out
    if x.dtype.kind == "f" and x.dtype.itemsize >= 4:
        return cwise_binary(eigen_pow.pow)(x, y)
    return cwise_binary(np.power)(x, y)


Pow = defop("Pow", _pow_kernel)


@Pow.gradient
def _pow_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad * (y * x^(y-1), z * log(x)), with log(x) := 0 where x <= 0."""
    x, y = op.inputs
    cx, cy = _conj(x), _conj(y)
    skip = op.skip_input_indices
    one = _const(1, y)
    if 1 in skip and y._value.ndim == 0:
        return Mul(Mul(grad, cy), Pow(cx, Sub(cy, one))), None
    gx = None if 0 in skip else Mul(Mul(grad, cy), Pow(cx, Sub(cy, one)))
    gy = None
    if 1 not in skip:
        from tfshim.ops.array_ops import ones_like, zeros_like

        mask = not_equal(cx, 0) if x._dtype.is_complex else greater(cx, 0)
        safe_x = _where(mask, cx, ones_like(x))
        log_x = _where(mask, log(safe_x), zeros_like(x))
        gy = Mul(Mul(grad, _conj(op.outputs[0])), log_x)
    return _reduce_binary_grads(op, gx, gy)


@tf_export("math.pow", "pow")
def pow(x: Any, y: Any, name: Any = None) -> Tensor:  # noqa: A001 - TF's name
    """TF: tf.math.pow."""
    return binary(Pow, x, y)


def _atan2_kernel(y: np.ndarray, x: np.ndarray) -> Any:
    if y.dtype in _EIGEN_DTYPES:
        return eigen_trig.atan2(*np.broadcast_arrays(y, x))  # (np.ascontiguousarray would make 0-d 1-d)
    return np.arctan2(y, x)


Atan2 = defop("Atan2", cwise_binary(_atan2_kernel))


@Atan2.gradient
def _atan2_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (x * g, -y * g) with g = grad / (y^2 + x^2)."""
    y, x = op.inputs
    grad_inv = RealDiv(grad, AddV2(square(y), square(x)))
    return _reduce_binary_grads(op, Mul(x, grad_inv), Mul(negative(y), grad_inv))


@tf_export("math.atan2", "atan2")
def atan2(y: Any, x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.atan2(y, x)."""
    return binary(Atan2, y, x)


def daz(x: np.ndarray) -> np.ndarray:
    """x as an SSE instruction reads it under DAZ: subnormals become zeros of the same sign (half: no DAZ)."""
    if x.dtype not in _TINY or x.dtype == np.float16:
        return x
    return np.where(np.abs(x) < _TINY[x.dtype], np.copysign(np.zeros((), x.dtype), x), x)


def _minmax(np_fn: Any, pick_b: Any) -> Any:
    """TF's Maximum/Minimum (scalar_max_op / scalar_min_op with PropagateNaN).

    The packets agree with NumPy's max/min; the scalar tail is `pick_b(a, b) ? b : a` on DAZ'd
    operands, so a tie (0 vs -0, or a subnormal vs 0) returns the first operand."""

    def fn(x: np.ndarray, y: np.ndarray) -> Any:
        r = np_fn(x, y)
        if r.dtype not in _TINY or r.dtype == np.float16:
            return r
        a, b = (daz(v) for v in np.broadcast_arrays(x, y))
        tail = np.where(np.isnan(a) | np.isnan(b), r, np.where(pick_b(a, b), b, a))
        return np.where(_packet_mask(r.shape, r.dtype), r, tail)

    return fn


Maximum = defop("Maximum", cwise_binary(_minmax(np.maximum, np.less)))
Minimum = defop("Minimum", cwise_binary(_minmax(np.minimum, np.greater)))


def _minmax_grad(op: Any, grad: Tensor, pick_x: Any) -> tuple:
    """TF: _MaximumMinimumGrad. On ties the whole gradient goes to x."""
    x, y = op.inputs
    zeros = _zeros_like(grad)
    xmask = pick_x(x, y)
    if 1 in op.skip_input_indices and y._value.ndim == 0:
        return _where(xmask, grad, zeros), None
    gx = None if 0 in op.skip_input_indices else _where(xmask, grad, zeros)
    gy = None if 1 in op.skip_input_indices else _where(xmask, zeros, grad)
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
    """TF: tf.math.maximum. NaN propagates."""
    return binary(Maximum, x, y)


@tf_export("math.minimum", "minimum")
def minimum(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.minimum. NaN propagates."""
    return binary(Minimum, x, y)


SquaredDifference = defop("SquaredDifference", cwise_binary(lambda x, y: (x - y) * (x - y)))


@SquaredDifference.gradient
def _squared_difference_grad(op: Any, grad: Tensor) -> tuple:
    """Returns ((2 * grad) * (x - y), -that)."""
    x, y = op.inputs
    x_grad = Mul(Mul(_const(2, grad), grad), Sub(x, y))
    skip = op.skip_input_indices
    return _reduce_binary_grads(op, x_grad, None if 1 in skip else negative(x_grad))


@tf_export("math.squared_difference")
def squared_difference(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.squared_difference: (x - y) * (x - y)."""
    return binary(SquaredDifference, x, y)


def _x_or_zero(a: np.ndarray, v: np.ndarray) -> np.ndarray:
    """TF's xlogy/xdivy select: the packet functor returns x itself where x == 0 (a signed zero, since
    DAZ makes subnormals compare equal to 0 and read as zero); the scalar tail returns +0."""
    zero = np.zeros((), a.dtype)
    if a.dtype not in _EIGEN_DTYPES:
        return np.where(a == 0, zero, v)
    is_zero = np.abs(a) < _TINY[a.dtype] if a.dtype != np.float16 else a == 0  # half: no DAZ
    packet = np.where(is_zero, np.copysign(zero, a), v)
    return np.where(_packet_mask(a.shape, a.dtype), packet, np.where(is_zero, zero, v))


def _xlogy_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    def f(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a, b = np.broadcast_arrays(a, b)
        # (ascontiguousarray makes a 0-d array 1-d: reshape back)
        lg = eigen_math.log(np.ascontiguousarray(b)).reshape(b.shape) if b.dtype in _EIGEN_DTYPES else np.log(b)
        return _x_or_zero(a, x86_nan_order(np.multiply, tail_second=True)(a, lg))

    return cwise_binary(f)(x, y)


Xlogy = defop("Xlogy", _xlogy_kernel)


@Xlogy.gradient
def _xlogy_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (xlogy(x != 0, y) * grad, xdivy(x, y) * grad), summed to each input's shape."""
    x, y = op.inputs
    not_zero_x = cast(not_equal(x, _const(0, x)), x._dtype)
    partial_x = Xlogy(not_zero_x, y)
    partial_y = Xdivy(x, y)
    return reduce_to_shape(Mul(partial_x, grad), x._value.shape), reduce_to_shape(Mul(partial_y, grad), y._value.shape)


@tf_export("math.xlogy")
def xlogy(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.xlogy: 0 where x == 0, else x * log(y)."""
    return binary(Xlogy, x, y)


Xdivy = defop("Xdivy", cwise_binary(lambda a, b: _x_or_zero(*np.broadcast_arrays(a, a / b))))


@Xdivy.gradient
def _xdivy_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (xdivy(x != 0, y) * grad, xdivy(-x, y**2) * grad), summed to each input's shape."""
    x, y = op.inputs
    not_zero_x = cast(not_equal(x, _const(0, x)), x._dtype)
    partial_x = Xdivy(not_zero_x, y)
    partial_y = Xdivy(negative(x), Pow(y, _const(2, y)))
    return reduce_to_shape(Mul(partial_x, grad), x._value.shape), reduce_to_shape(Mul(partial_y, grad), y._value.shape)


@tf_export("math.xdivy")
def xdivy(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.xdivy: 0 where x == 0, else x / y."""
    return binary(Xdivy, x, y)


def _add_n_kernel(*xs: np.ndarray) -> Any:
    for i, x in enumerate(xs[1:], 1):
        if x.shape != xs[0].shape:
            raise KernelError(
                errors.InvalidArgumentError,
                f"{{{{function_node __wrapped__AddN_N_{len(xs)}{_DEVICE}}}}} "
                "Inputs to operation AddN of type AddN must have the same size and shape.  "
                f"Input 0: {_shape_text(xs[0].shape)} != input {i}: {_shape_text(x.shape)}",
                wrapped=False,
            )
    if len(xs) == 1:
        return xs[0].copy()
    if xs[0].dtype is _F32 and xs[0].size > 1024 and native.AVAILABLE:
        return _add_n(xs, _add_in_order)  # the compiled adds pick TF's NaN in the same pass (and use two threads)
    if len(xs) > 16 and xs[0].size <= 1024 and xs[0].dtype.kind in "fiu":
        out = _add_n_stacked(xs)
    else:
        out = _add_n(xs, np.add)  # NumPy's loops first (which NaN payload they keep varies): redone below if NaN
    if out.dtype.kind == "f" and _holds_nan(out):
        out = _add_n(xs, _add_in_order)
    return np.asarray(out)


def _add_n_head(n: int) -> int:
    """How many of AddN's n inputs TF sums first, left to right: n % 8 (8 if none, 9 if one); the rest go by 8."""
    r = n % 8
    return 8 if r == 0 else 9 if r == 1 else r


def _add_n(xs: tuple, add: Callable) -> Any:
    """TF's AddN order: the first n % 8 inputs (8 if none, 9 if one) summed left to right (Add2..Add9), then each
    further 8 summed left to right and added to the total as `chunk + total` (Add8p's `out += in1 + ... + in8`:
    measured, the chunk's NaN wins)."""
    n = len(xs)
    r = _add_n_head(n)
    out = xs[0]
    for x in xs[1:r]:
        out = add(out, x)
    for i in range(r, n, 8):
        chunk = xs[i]
        for x in xs[i + 1:i + 8]:
            chunk = add(chunk, x)
        out = add(chunk, out)
    return out


def _add_n_stacked(xs: tuple) -> np.ndarray:
    """_add_n's order with np.add for many small inputs (a loop over shared variables reaches one tensor through many
    gradients: 1,001 scalars cost 0.8 ms one add at a time): the stacked inputs summed by np.add.accumulate, which
    adds in order and rounds every partial sum. Chunk totals are added as `total + chunk` rather than `chunk +
    total`: the same bits (IEEE addition commutes) except which NaN a sum keeps, and a NaN result is redone."""
    n = len(xs)
    r = _add_n_head(n)
    d = xs[0].dtype  # (accumulate would widen small integers, as sum does)
    s = np.array(xs, d)  # (the shapes are equal: a stack, 10x faster than np.stack)
    out = np.add.accumulate(s[:r], axis=0, dtype=d)[-1]
    if n > r:
        chunks = np.add.accumulate(s[r:].reshape(((n - r) // 8, 8) + s.shape[1:]), axis=1, dtype=d)[:, -1]
        out = np.add.accumulate(np.concatenate([out[None], chunks]), axis=0, dtype=d)[-1]
    return out


# AddN sums left to right (Eigen's Add2..Add8 expressions), a NaN from the left winning as in AddV2's packets
_add_in_order = x86_nan_order(np.add, compiled="add_f32")
AddN = defop("AddN", _add_n_kernel)


@AddN.gradient
def _add_n_grad(op: Any, grad: Tensor) -> list:
    """Returns [grad] * len(inputs)."""
    return [grad] * len(op.inputs)


@tf_export("math.add_n", "add_n")
def add_n(inputs: Any, name: Any = None) -> Tensor:
    """TF: tf.math.add_n. Each input is converted on its own; the sum runs left to right."""
    if isinstance(inputs, (Tensor, Variable)):
        from tfshim.ops.array_ops import unstack

        if inputs.shape.rank == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        inputs = unstack(convert_to_tensor(inputs))
    elif inputs is not None and not isinstance(inputs, (list, tuple, str, bytes, dict, set)):
        inputs = list(inputs)  # TF iterates the inputs: a scalar fails there with Python's TypeError
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise ValueError(
            "Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape."
        )
    tensors = [convert_to_tensor(v) for v in inputs]
    if len(tensors) == 1:
        return tensors[0]
    return run(AddN, (), *tensors)


# ----- comparisons and logic (not differentiable) ------------------------------------------


def _comparison(name: str, np_fn: Any) -> Op:
    op = defop(name, cwise_binary(np_fn))
    not_differentiable(op)
    return op


def _on_fields(np_fn: Any) -> Any:
    """Equality of quantized tensors (TF has Equal kernels for qint8/16/32) compares their integers."""
    def fn(x: np.ndarray, y: np.ndarray) -> Any:
        if x.dtype.names is not None:
            x, y = x.view(x.dtype[0]), y.view(y.dtype[0])
        return np_fn(x, y)
    return fn


Equal = _comparison("Equal", _on_fields(np.equal))
NotEqual = _comparison("NotEqual", _on_fields(np.not_equal))
Less = _comparison("Less", np.less)
LessEqual = _comparison("LessEqual", np.less_equal)
Greater = _comparison("Greater", np.greater)
GreaterEqual = _comparison("GreaterEqual", np.greater_equal)
LogicalAnd = _comparison("LogicalAnd", np.logical_and)
LogicalOr = _comparison("LogicalOr", np.logical_or)


def _broadcastable(a: tuple, b: tuple) -> bool:
    return all(p == q or p == 1 or q == 1 for p, q in zip(a[::-1], b[::-1]))


def _equality(op: Op, x: Any, y: Any, incompatible_shape_error: bool) -> Tensor:
    raw = (x, y)
    x, y = match_inputs((x, y))
    if not incompatible_shape_error and x._dtype is y._dtype and not _broadcastable(x._value.shape, y._value.shape):
        # TF: Equal(incompatible_shape_error=False) gives a scalar answer
        return _wrap_as(np.asarray(op is NotEqual), dtypes.bool)
    return run(op, raw, x, y)


@tf_export("math.equal", "equal")
def equal(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.equal (its public signature has no incompatible_shape_error; `==` passes False)."""
    return _equality(Equal, x, y, True)


@tf_export("math.not_equal", "not_equal")
def not_equal(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.not_equal (its public signature has no incompatible_shape_error; `!=` passes False)."""
    return _equality(NotEqual, x, y, True)


@tf_export("math.less", "less")
def less(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.less."""
    return binary(Less, x, y)


@tf_export("math.less_equal", "less_equal")
def less_equal(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.less_equal."""
    return binary(LessEqual, x, y)


@tf_export("math.greater", "greater")
def greater(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.greater."""
    return binary(Greater, x, y)


@tf_export("math.greater_equal", "greater_equal")
def greater_equal(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.greater_equal."""
    return binary(GreaterEqual, x, y)


def _bool_inputs(op: Op, *raw: Any, slow: bool = False, name: Any = None) -> list:
    """Converts the inputs of an op whose inputs are typed `bool` (not a type attr): non-tensors
    must convert to bool, tensors must be bool (TF's `cannot compute ... bool tensor` text, ending with the
    op's `name`). `slow`: another argument of the call sends it through TF's slow path."""
    for v in raw:
        if isinstance(v, builtins.int) and not -2**63 <= v < 2**63:
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    fast = (Tensor, Variable, builtins.bool, builtins.int, builtins.float, np.ndarray)
    if slow or not all(isinstance(v, fast) for v in raw):
        # TF's slow path (NumPy scalars, sequences): values and tensors convert to bool (a variable is read as is)
        out = [v.value() if isinstance(v, Variable) else convert_to_tensor(v, dtypes.bool) for v in raw]
    else:
        out = [v.value() if isinstance(v, Variable) else v if isinstance(v, Tensor)
               else convert_to_tensor(v, dtypes.bool) for v in raw]
    for i, x in enumerate(out):
        if x._dtype is not dtypes.bool:
            raise dtype_mismatch(op.name, i, dtypes.bool, x._dtype, "" if name is None else str(name))
    return out


@tf_export("math.logical_and", "logical_and")
def logical_and(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.logical_and (bool only)."""
    return run(LogicalAnd, (), *_bool_inputs(LogicalAnd, x, y, name=name))


@tf_export("math.logical_or", "logical_or")
def logical_or(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.logical_or (bool only)."""
    return run(LogicalOr, (), *_bool_inputs(LogicalOr, x, y, name=name))


@tf_export("math.logical_xor")
def logical_xor(x: Any, y: Any, name: str = "LogicalXor") -> Tensor:
    """TF: tf.math.logical_xor, built as (x | y) & ~(x & y) as in TF."""
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)))


LogicalNot = defop("LogicalNot", np.logical_not)
not_differentiable(LogicalNot)


@tf_export("math.logical_not", "logical_not")
def logical_not(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.logical_not (bool only)."""
    return run(LogicalNot, (), *_bool_inputs(LogicalNot, x, name=name))


# ----- unary ops -----------------------------------------------------------------------------

def _neg_kernel(x: np.ndarray) -> Any:
    """np.negative; float32 above 1024 elements by its compiled twin (neg_f32, two threads on large arrays)."""
    if x.dtype is _F32 and x.size > 1024 and native.AVAILABLE and x.flags.c_contiguous:
        out = np.empty(x.shape, _F32)
        native.lib.neg_f32(x, out)
        return out
    return np.negative(x)


Neg = defop("Neg", _neg_kernel)


@Neg.gradient
def _neg_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns -grad."""
    return Neg(grad)


gradient_uses(Neg)


@tf_export("math.negative", "negative")
def negative(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.negative."""
    return unary(Neg, x)


Abs = defop("Abs", cwise_unary(np.abs))


@Abs.gradient
def _abs_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * sign(x); 0 at x == 0."""
    return Mul(grad, sign(op.inputs[0]))


ComplexAbs = defop("ComplexAbs", cwise_unary(np.abs))


@ComplexAbs.gradient
def _complex_abs_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns div_no_nan(complex(grad, 0) * x, complex(|x|, 0))."""
    x = op.inputs[0]
    g = cast(grad, x._dtype)
    return DivNoNan(Mul(g, x), cast(op.outputs[0], x._dtype))


@tf_export("math.abs", "abs")
def abs(x: Any, name: Any = None) -> Tensor:  # noqa: A001 - TF's name
    """TF: tf.math.abs. Complex inputs give their real magnitude (ComplexAbs)."""
    x = convert_to_tensor(x)
    return run(ComplexAbs if x._dtype.is_complex else Abs, (), x)


def _sign_kernel(x: np.ndarray) -> Any:
    """Eigen psign on the packets, numext::sign on the tail.

    psign returns |x| where not 0 < |x| (so +0, +NaN with its payload, and under DAZ +|subnormal|);
    the scalar path returns NaN untouched and 0 for subnormals (DAZ compare)."""
    with np.errstate(all="ignore"):
        if x.dtype.kind == "c":
            a = np.abs(x)
            return np.where(a == 0, 0, x / np.where(a == 0, 1, a)).astype(x.dtype)
        if x.dtype.kind != "f":
            return np.sign(x)
        ax = np.abs(x)
        one = np.copysign(np.ones((), x.dtype), x)
        zero = np.zeros((), x.dtype)
        nonzero = ax >= _TINY[x.dtype] if x.dtype != np.float16 else ax > 0  # half: no DAZ
        packet = np.where(nonzero, one, ax)
        scalar = np.where(np.isnan(x), x, np.where(nonzero, one, zero))
        return np.where(_packet_mask(x.shape, x.dtype), packet, scalar)


Sign = defop("Sign", _sign_kernel)


@Sign.gradient
def _sign_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns zeros_like(x)."""
    return _zeros_like(op.inputs[0])


@tf_export("math.sign", "sign")
def sign(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.sign: -1, 0 or 1; NaN stays NaN."""
    return unary(Sign, convert_to_tensor(x))


Square = defop("Square", cwise_unary(lambda x: x * x))


@Square.gradient
def _square_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (x * 2)."""
    x = _conj(op.inputs[0])
    return Mul(grad, Mul(x, _const(2, x)))


@tf_export("math.square", "square")
def square(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.square: x * x."""
    return unary(Square, x)


def _grad_kernel(packet: Callable, scalar: Callable) -> Any:
    """A TF gradient kernel `f(y, dy)`: Eigen's packet formula on the leading packets, the scalar
    formula on the tail (they round differently)."""

    def kernel(y: np.ndarray, dy: np.ndarray) -> Any:
        if y.shape != dy.shape:
            raise _incompatible(y, dy)
        with np.errstate(all="ignore"):
            if y.dtype.kind == "c":
                return np.asarray(scalar(y, dy))
            p = packet(y, dy)
            if packet is scalar:  # one formula (TanhGrad): the packets and the tail round alike
                return np.asarray(p).astype(y.dtype, copy=False)
            out = np.array(p, dtype=y.dtype, order="C")
            n = out.size
            k = n - n % _PACKET.get(np.dtype(y.dtype), 1)
            if k < n:  # the scalar formula on the tail only (elementwise: the same bits as on everything)
                flat = out.reshape(-1)
                flat[k:] = np.asarray(scalar(y.reshape(-1)[k:], dy.reshape(-1)[k:]), dtype=y.dtype)
            return out

    return kernel


def _no_nan(dy: np.ndarray, v: np.ndarray) -> np.ndarray:
    return np.where(dy == 0, np.zeros((), dy.dtype), v)


def _mul_no_nan(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Eigen mul_no_nan_op: +0 where b == 0, else a * b."""
    return _no_nan(b, a * b)


def _tanh_grad_formula(y: np.ndarray, dy: np.ndarray) -> np.ndarray:
    return dy * (y.dtype.type(1) - y * y)


_tanh_grad_np = _grad_kernel(_tanh_grad_formula, _tanh_grad_formula)
_tanh_grad_c = _compiled_binary("tanh_grad_f32")


def _tanh_grad_kernel(y: np.ndarray, dy: np.ndarray) -> Any:
    """Eigen's scalar_tanh_gradient_op, dy * (1 - y * y), with TF's NaN where both are NaN (measured): y's for
    float and double, dy's for half (computed in float32 registers); a lone NaN operand's, quieted."""
    if _tanh_grad_c is not None and native.AVAILABLE and y.shape == dy.shape:
        r = _run_compiled_binary(_tanh_grad_c, y, dy, False)
        if r is not None:
            return r
    r = _tanh_grad_np(y, dy)
    if r.dtype.kind == "f" and _holds_nan(r):
        first, second = (dy, y) if r.dtype == np.float16 else (y, dy)
        r = np.where(np.isnan(first), _quiet_nan(first), np.where(np.isnan(second), _quiet_nan(second), r))
    return r


TanhGrad = defop("TanhGrad", _tanh_grad_kernel)


@TanhGrad.gradient
def _tanh_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad * -2 * dy * y, tanh_grad(y, grad))."""
    a, b = _conj(op.inputs[0]), _conj(op.inputs[1])
    return Mul(Mul(Mul(grad, _const(-2.0, grad)), b), a), TanhGrad(a, grad)


SigmoidGrad = defop("SigmoidGrad", _grad_kernel(
    lambda y, dy: dy * (y * (y.dtype.type(1) - y)),
    lambda y, dy: (dy * y) * (y.dtype.type(1) - y),
))


@SigmoidGrad.gradient
def _sigmoid_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (gb - 2 * gb * y with gb = grad * dy, sigmoid_grad(y, grad))."""
    a, b = _conj(op.inputs[0]), _conj(op.inputs[1])
    gb = Mul(grad, b)
    return Sub(gb, Mul(Mul(_const(2.0, gb), gb), a)), SigmoidGrad(a, grad)


SqrtGrad = defop("SqrtGrad", _grad_kernel(
    lambda y, dy: _no_nan(dy, (y.dtype.type(0.5) / y) * dy),
    lambda y, dy: _no_nan(dy, (y.dtype.type(0.5) * dy) / y),
))


@SqrtGrad.gradient
def _sqrt_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (-conj(grad / y) * out, 0.5 * (grad / y))."""
    a = op.inputs[0]
    ga = RealDiv(grad, a)
    return Mul(negative(_conj(ga)), op.outputs[0]), Mul(_const(0.5, ga), ga)


_rsqrt_grad_np = _grad_kernel(
    lambda y, dy: _mul_no_nan(y.dtype.type(-0.5) * (y * y), _no_nan(dy, y * dy)),
    lambda y, dy: _no_nan(dy, (y.dtype.type(-0.5) * (dy * y)) * (y * y)),
)


def _y_nan_first(r: np.ndarray, y: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """`r` with the NaN TF's float and double gradient kernels of (y, dy) return (measured for RsqrtGrad and
    ReciprocalGrad): y's, quieted, its sign kept, where y is NaN (and dy is not 0, which gives 0), else dy's."""
    return np.where(np.isnan(y) & (dy != 0), _quiet_nan(y), np.where(np.isnan(dy), _quiet_nan(dy), r))


def _rsqrt_grad_kernel(y: np.ndarray, dy: np.ndarray) -> Any:
    """Eigen's scalar_rsqrt_gradient_op, -0.5 * dy * y^3 (0 where dy is 0), with TF's NaN (measured): see
    _y_nan_first; for half, where both are NaN, y's on the packets and dy's on the scalar tail."""
    r = _rsqrt_grad_np(y, dy)
    if r.dtype.kind != "f" or not _holds_nan(r):
        return r
    if r.dtype == np.float16:
        both = np.isnan(y) & np.isnan(dy)
        packet = _packet_mask(r.shape, r.dtype)
        return np.where(both & packet, _quiet_nan(y), np.where(both, _quiet_nan(dy), r))
    return _y_nan_first(r, y, dy)


RsqrtGrad = defop("RsqrtGrad", _rsqrt_grad_kernel)


@RsqrtGrad.gradient
def _rsqrt_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (-1.5 * grad * dy * y^2, rsqrt_grad(y, grad))."""
    a, b = op.inputs
    ca, cg = _conj(a), _conj(grad)
    grad_a = Mul(Mul(Mul(_const(-1.5, cg), cg), b), square(ca))
    return grad_a, RsqrtGrad(ca, grad)


_reciprocal_grad_np = _grad_kernel(
    lambda y, dy: _no_nan(dy, -(y * y) * dy),
    lambda y, dy: _no_nan(dy, -(y * y) * dy),
)


def _reciprocal_grad_kernel(y: np.ndarray, dy: np.ndarray) -> Any:
    """Eigen's scalar_inverse_gradient_op: -y * y * dy, 0 where dy is 0; the NaN as TF returns it (measured): for
    float and double see _y_nan_first (the negation does not reach a NaN y's sign); for half dy's where both are
    NaN, and a lone NaN y with its sign flipped on the packets but kept on the scalar tail."""
    r = _reciprocal_grad_np(y, dy)
    if r.dtype.kind != "f" or not _holds_nan(r):
        return r
    if r.dtype == np.float16:  # only the tail's lone NaN y differs from NumPy's result
        tail = ~_packet_mask(r.shape, r.dtype) & np.isnan(y) & (dy != 0) & ~np.isnan(dy)
        return np.where(tail, _quiet_nan(y), r)
    return _y_nan_first(r, y, dy)


ReciprocalGrad = defop("ReciprocalGrad", _reciprocal_grad_kernel)


@ReciprocalGrad.gradient
def _reciprocal_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad * -2 * dy * y, reciprocal_grad(y, grad))."""
    a, b = op.inputs
    ca, cg = _conj(a), _conj(grad)
    return Mul(Mul(Mul(cg, _const(-2.0, cg)), b), ca), ReciprocalGrad(ca, grad)


Exp = defop("Exp", eigen_unary(eigen_math.exp, np.exp))


@Exp.gradient
def _exp_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * exp(x)."""
    return Mul(grad, _conj(op.outputs[0]))


gradient_uses(Exp, outputs=(0,))


@tf_export("math.exp", "exp")
def exp(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.exp (Eigen's pexp, emulated bit for bit)."""
    return unary(Exp, x)


Expm1 = defop("Expm1", eigen_unary(eigen_math.expm1, np.expm1))


@Expm1.gradient
def _expm1_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * exp(x)."""
    return Mul(grad, exp(_conj(op.inputs[0])))


@tf_export("math.expm1")
def expm1(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.expm1: exp(x) - 1."""
    return unary(Expm1, x)


Log = defop("Log", eigen_unary(eigen_math.log, np.log))


@Log.gradient
def _log_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (1 / x)."""
    return Mul(grad, reciprocal(_conj(op.inputs[0])))


@tf_export("math.log")
def log(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.log (Eigen's plog, emulated bit for bit)."""
    return unary(Log, x)


def _log1p_kernel(x: np.ndarray) -> Any:
    # eigen_math.log1p is bit-exact for half, float and double values.  NaN bits of double, measured: the
    # packets of TensorExecutor's 4x-unrolled loop (the leading floor(n/16)*16 elements) give plog's all-ones
    # NaN; the remaining single packets and the scalar tail return the input NaN, quieted.
    if x.dtype in _EIGEN_DTYPES[:2]:
        return eigen_math.log1p(x)
    if x.dtype == np.float64:
        r = eigen_math.log1p(x).reshape(-1)
        flat = np.ascontiguousarray(x).reshape(-1)
        late = np.isnan(flat) & (np.arange(flat.size) >= flat.size - flat.size % 16)
        r[late] = (flat[late].view(np.uint64) | np.uint64(0x0008000000000000)).view(np.float64)
        return r.reshape(x.shape)
    with np.errstate(all="ignore"):
        return np.log1p(x)


Log1p = defop("Log1p", _log1p_kernel)


@Log1p.gradient
def _log1p_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (1 / (1 + x))."""
    x = _conj(op.inputs[0])
    return Mul(grad, reciprocal(AddV2(_const(1, x), x)))


@tf_export("math.log1p")
def log1p(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.log1p: log(1 + x) (Eigen's generic_log1p, emulated bit for bit)."""
    return unary(Log1p, x)


Reciprocal = defop("Reciprocal", eigen_unary(eigen_rcp.reciprocal, lambda x: np.ones((), x.dtype) / x))

_RECIPROCAL_KERNELS = (
    "All kernels registered for op Reciprocal:\n"
    "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
    "DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n"
    "  device='CPU'; T in [DT_COMPLEX128]\n  device='CPU'; T in [DT_COMPLEX64]\n  device='CPU'; T in [DT_DOUBLE]\n"
    "  device='CPU'; T in [DT_BFLOAT16]\n  device='CPU'; T in [DT_HALF]\n  device='CPU'; T in [DT_FLOAT]\n"
)


@Reciprocal.gradient
def _reciprocal_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns reciprocal_grad(y, grad) = -grad * y * y."""
    return ReciprocalGrad(op.outputs[0], grad)


@tf_export("math.reciprocal")
def reciprocal(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.reciprocal: 1 / x. TF has no CPU kernel for integers (NotFoundError)."""
    raw = (x,)
    x = convert_to_tensor(x)
    if x._dtype.is_integer and Reciprocal.allowed is not None and x._dtype in Reciprocal.allowed:
        node = f"{{{{node Reciprocal}}}} = Reciprocal[T=DT_{x._dtype._cname.upper()}]"
        e = errors.NotFoundError(
            None, None, f"Could not find device for node: {node}\n{_RECIPROCAL_KERNELS} [Op:Reciprocal] name: "
        )
        raise as_called(e, raw)
    return run(Reciprocal, raw, x)


Sqrt = defop("Sqrt", eigen_unary(eigen_math.sqrt, np.sqrt))


@Sqrt.gradient
def _sqrt_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns sqrt_grad(y, grad) = grad * 0.5 / y (inf at 0; 0 where grad is 0)."""
    return SqrtGrad(op.outputs[0], grad)


@tf_export("math.sqrt", "sqrt")
def sqrt(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.sqrt."""
    return unary(Sqrt, x)


def _rsqrt_np(x: np.ndarray) -> np.ndarray:
    return np.ones((), x.dtype) / np.sqrt(x)


Rsqrt = defop("Rsqrt", eigen_unary(eigen_rcp.rsqrt, _rsqrt_np))


@Rsqrt.gradient
def _rsqrt_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns rsqrt_grad(y, grad) = -0.5 * grad * y^3."""
    return RsqrtGrad(op.outputs[0], grad)


@tf_export("math.rsqrt")
def rsqrt(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.rsqrt: 1 / sqrt(x); float packets are vrsqrtps + a Newton step (kernels/eigen_rcp.py)."""
    return unary(Rsqrt, x)


Sin = defop("Sin", eigen_unary(eigen_math.sin, np.sin))
Cos = defop("Cos", eigen_unary(eigen_math.cos, np.cos))
Tan = defop("Tan", eigen_unary(eigen_trig.tan, np.tan))


@Sin.gradient
def _sin_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * cos(x)."""
    return Mul(grad, cos(_conj(op.inputs[0])))


@Cos.gradient
def _cos_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns -grad * sin(x)."""
    return Mul(negative(grad), sin(_conj(op.inputs[0])))


@Tan.gradient
def _tan_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns square(1 / cos(x)) * grad."""
    secx = reciprocal(cos(_conj(op.inputs[0])))
    return Mul(square(secx), grad)


@tf_export("math.sin", "sin")
def sin(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.sin."""
    return unary(Sin, x)


@tf_export("math.cos", "cos")
def cos(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.cos."""
    return unary(Cos, x)


@tf_export("math.tan", "tan")
def tan(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.tan (glibc tanf per element, emulated; float64 is NumPy's: kernels/eigen_trig.py)."""
    return unary(Tan, x)


Asin = defop("Asin", eigen_unary(eigen_trig.asin, np.arcsin))
Acos = defop("Acos", eigen_unary(eigen_trig.acos, np.arccos))
Atan = defop("Atan", eigen_unary(eigen_trig.atan, np.arctan))


def _one_minus_x2(x: Tensor) -> Tensor:
    return Sub(_const(1, x), square(x))


@Asin.gradient
def _asin_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * 1 / sqrt(1 - x^2)."""
    x = _conj(op.inputs[0])
    return Mul(grad, reciprocal(sqrt(_one_minus_x2(x))))


@Acos.gradient
def _acos_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns -grad * 1 / sqrt(1 - x^2)."""
    x = _conj(op.inputs[0])
    return Mul(negative(grad), reciprocal(sqrt(_one_minus_x2(x))))


@Atan.gradient
def _atan_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * 1 / (1 + x^2)."""
    x = _conj(op.inputs[0])
    return Mul(grad, reciprocal(AddV2(_const(1, x), square(x))))


@tf_export("math.asin", "asin")
def asin(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.asin."""
    return unary(Asin, x)


@tf_export("math.acos", "acos")
def acos(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.acos."""
    return unary(Acos, x)


@tf_export("math.atan", "atan")
def atan(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.atan."""
    return unary(Atan, x)


Sinh = defop("Sinh", eigen_unary(eigen_trig.sinh, np.sinh))
Cosh = defop("Cosh", eigen_unary(eigen_trig.cosh, np.cosh))


@Sinh.gradient
def _sinh_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * cosh(x)."""
    return Mul(grad, cosh(_conj(op.inputs[0])))


@Cosh.gradient
def _cosh_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * sinh(x)."""
    return Mul(grad, sinh(_conj(op.inputs[0])))


@tf_export("math.sinh", "sinh")
def sinh(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.sinh."""
    return unary(Sinh, x)


@tf_export("math.cosh", "cosh")
def cosh(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.cosh."""
    return unary(Cosh, x)


Tanh = defop("Tanh", eigen_unary(eigen_math.tanh, np.tanh))


@Tanh.gradient
def _tanh_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns tanh_grad(y, grad) = grad * (1 - y * y)."""
    return TanhGrad(_conj(op.outputs[0]), grad)


gradient_uses(Tanh, outputs=(0,))


@tf_export("math.tanh", "tanh", "nn.tanh")
def tanh(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.tanh (Eigen's ptanh, emulated bit for bit)."""
    return unary(Tanh, x)


Sigmoid = defop("Sigmoid", eigen_unary(eigen_math.sigmoid, lambda x: 1 / (1 + np.exp(-x))))


@Sigmoid.gradient
def _sigmoid_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns sigmoid_grad(y, grad) = grad * y * (1 - y)."""
    return SigmoidGrad(_conj(op.outputs[0]), grad)


gradient_uses(Sigmoid, outputs=(0,))


@tf_export("math.sigmoid", "sigmoid", "nn.sigmoid")
def sigmoid(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.sigmoid (Eigen's logistic, emulated bit for bit)."""
    return unary(Sigmoid, convert_to_tensor(x))


Erf = defop("Erf", eigen_unary(eigen_math.erf, lambda x: np.vectorize(__import__("math").erf)(x)))

_TWO_OVER_ROOT_PI = 2 / np.sqrt(np.pi)


@Erf.gradient
def _erf_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * 2/sqrt(pi) * exp(-x**2)."""
    x = _conj(op.inputs[0])
    return Mul(Mul(grad, _const(_TWO_OVER_ROOT_PI, grad)), exp(negative(square(x))))


@tf_export("math.erf")
def erf(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.erf (Eigen's rational approximation, emulated bit for bit)."""
    return unary(Erf, x)


def _erfc_kernel(x: np.ndarray) -> Any:
    """TF: Eigen's generic_fast_erfc (kernels/eigen_rcp.py: float packets use vrcpps for 1/x^2)."""
    if x.dtype not in _EIGEN_DTYPES:
        raise KernelError(errors.InvalidArgumentError, f"erfc: unsupported dtype {x.dtype}")
    return eigen_rcp.erfc(x)


Erfc = defop("Erfc", _erfc_kernel)


@Erfc.gradient
def _erfc_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * -2/sqrt(pi) * exp(-x**2)."""
    x = _conj(op.inputs[0])
    return Mul(Mul(grad, _const(-_TWO_OVER_ROOT_PI, grad)), exp(negative(square(x))))


@tf_export("math.erfc")
def erfc(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.erfc (Erfc): 1 - erf(x) without the cancellation."""
    return unary(Erfc, x)


Round = defop("Round", cwise_unary(np.rint))
Floor = defop("Floor", cwise_unary(np.floor))
Ceil = defop("Ceil", cwise_unary(np.ceil))
not_differentiable(Round, Floor, Ceil)  # TF: their gradients are [None]


@tf_export("math.round", "round")
def round(x: Any, name: Any = None) -> Tensor:  # noqa: A001 - TF's name
    """TF: tf.math.round: half to even. Integer tensors are returned as they are."""
    x = convert_to_tensor(x)
    if x._dtype.is_integer:
        return x
    Round.check(x)  # TF has no complex Round kernel
    return unary(Round, x)


@tf_export("math.floor", "floor")
def floor(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.floor."""
    return unary(Floor, x)


@tf_export("math.ceil")
def ceil(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.ceil."""
    return unary(Ceil, x)


IsNan = defop("IsNan", cwise_unary(np.isnan))
IsInf = defop("IsInf", cwise_unary(np.isinf))
IsFinite = defop("IsFinite", cwise_unary(np.isfinite))  # TF registers no gradient for these


@tf_export("math.is_nan")
def is_nan(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.is_nan."""
    return unary(IsNan, x)


@tf_export("math.is_inf")
def is_inf(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.is_inf."""
    return unary(IsInf, x)


@tf_export("math.is_finite")
def is_finite(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.is_finite."""
    return unary(IsFinite, x)


Conj = defop("Conj", np.conj)


@Conj.gradient
def _conj_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns conj(grad)."""
    return Conj(grad)


@tf_export("math.conj")
def conj(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.conj. Real tensors are returned as they are."""
    x = convert_to_tensor(x)
    if x._dtype.is_complex:
        return Conj(x)
    if not (x._dtype.is_floating or x._dtype.is_integer):
        raise TypeError(f"Expected numeric or variant tensor, got dtype {x._dtype!r}.")
    return x


# ----- clipping --------------------------------------------------------------------------------


@tf_export("clip_by_value")
def clip_by_value(t: Any, clip_value_min: Any, clip_value_max: Any, name: Any = None) -> Tensor:
    """TF: tf.clip_by_value = maximum(minimum(t, max), min); the gradient follows Minimum/Maximum
    (at a bound it goes to t). Bounds may not broadcast t to a larger shape."""
    values = convert_to_tensor(t)
    t_min = minimum(values, clip_value_max)
    _assert_compatible(values, t_min)
    t_max = maximum(t_min, clip_value_min)
    _assert_compatible(values, t_max)
    return t_max


def _assert_compatible(a: Tensor, b: Tensor) -> None:
    if a._value.shape != b._value.shape:
        raise ValueError(f"Shapes {a.shape} and {b.shape} are incompatible")


# ----- casts -----------------------------------------------------------------------------------


def _cast_kernel(x: np.ndarray, DstT: Any) -> Any:  # noqa: N803 - TF attr name
    src = dtypes.from_numpy(x.dtype)
    if (DstT is dtypes.string) != (src is dtypes.string):
        raise KernelError(errors.UnimplementedError, f"Cast {src._cname} to {DstT._cname} is not supported")
    if src._q:  # quantized types cast as their integers
        x = x.view(src._np[0])
    if x.dtype.kind == "c" and DstT.is_complex is False:
        x = x.real
    with np.errstate(all="ignore"):
        if DstT._q:
            return x.astype(DstT._np[0]).view(DstT._np)
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
    """TF: tf.cast. Returns `x` itself when it already has `dtype`; a SparseTensor's values are cast."""
    dtype = dtypes.as_dtype(dtype)
    if isinstance(x, SparseTensor):
        return SparseTensor(x.indices, cast(x.values, dtype), x.dense_shape)
    x = convert_to_tensor(x)
    if x._dtype is dtype:
        return x
    return Cast(x, DstT=dtype)


def _limit(v: Any) -> float:
    return float(v) if not isinstance(v, (bool, np.bool_)) else int(v)


@tf_export("dtypes.saturate_cast", "saturate_cast")
def saturate_cast(value: Any, dtype: Any, name: Any = None) -> Tensor:
    """TF: tf.dtypes.saturate_cast: clips to the target's range (nudged to be representable) then casts."""
    value = convert_to_tensor(value)
    dtype = dtypes.as_dtype(dtype)
    in_dtype = value._dtype
    if in_dtype.is_complex:
        if dtype.is_complex:
            return cast(value, dtype)
        value = cast(value, in_dtype.real_dtype)
        in_dtype = in_dtype.real_dtype
    out_real = dtype.real_dtype
    try:
        in_min, in_max = in_dtype.min, in_dtype.max
    except TypeError:
        raise TypeError(f"Cannot find minimum value of {in_dtype} with type {in_dtype}.") from None
    np_dtype = in_dtype.as_numpy_dtype
    try:
        promoted = np.promote_types(np_dtype, out_real.as_numpy_dtype)
    except TypeError:
        promoted = np.dtype(float)
    with np.errstate(all="ignore"):
        min_limit = np_dtype(np.maximum(in_min, out_real.min))
        pr = np.array([min_limit, out_real.min], dtype=promoted)
        if pr[0] < pr[1]:
            min_limit = np.nextafter(min_limit, np_dtype(0), dtype=np_dtype)
        max_limit = np_dtype(np.minimum(float(in_max), float(out_real.max)))
        pr = np.array([max_limit, out_real.max], dtype=promoted)
        if pr[0] > pr[1]:
            max_limit = np.nextafter(max_limit, np_dtype(0), dtype=np_dtype)
    value = clip_by_value(
        value, _wrap_as(np.asarray(min_limit, np_dtype), in_dtype), _wrap_as(np.asarray(max_limit, np_dtype), in_dtype)
    )
    return cast(value, dtype)


# ----- reductions ----------------------------------------------------------------------------


def _axis_list(axis: Any, op_name: str | None = None, raw: tuple = ()) -> Any:
    """Python ints from a reduction's axis argument, converted as TF's fast path converts its `Tidx` input."""
    if axis is None:
        return None
    t = type(axis)
    if t is builtins.int and -2**31 <= axis < 2**31:
        return [axis]
    if (t is builtins.list or t is builtins.tuple) and axis and all(
            type(a) is builtins.int and -2**31 <= a < 2**31 for a in axis):
        return list(axis)  # what the int32 conversion below gives, without building the tensor (~20 us)
    if isinstance(axis, builtins.int) and not -2**31 <= axis < 2**31:
        t = convert_to_tensor(axis, dtypes.int64)  # TF's reductions do not wrap a Python int into int32
    elif op_name is not None and isinstance(axis, builtins.float) and any(
            isinstance(v, (list, tuple, str, bytes, builtins.complex, np.generic)) and not isinstance(v, np.bool_)
            for v in raw):
        # TF's slow path (an input its fast path cannot take): float32, then the attr error without ` name: `
        raise disallowed_dtype(op_name, dtypes.float32, "Tidx", suffix="")
    else:
        t = convert_index_input(axis)
    if op_name is not None and t._dtype not in (dtypes.int32, dtypes.int64):
        raise as_called(disallowed_dtype(op_name, t._dtype, "Tidx"), raw)
    return [int(a) for a in np.ravel(t._value)]


def _canonical_axes(axes: Any, rank: int) -> tuple:
    if axes is None:
        return tuple(range(rank))
    out = []
    for a in axes:
        if not -rank <= a < rank:
            raise KernelError(
                errors.InvalidArgumentError, f"Invalid reduction dimension ({a} for input with {rank} dimension(s)"
            )
        a = a % rank
        if a in out:
            raise KernelError(
                errors.InvalidArgumentError,
                f"Invalid reduction arguments: Axes contains duplicate dimension: {a}",
            )
        out.append(a)
    return tuple(out)


def _reducer(np_fn: Callable) -> Callable:
    def kernel(x: np.ndarray, axis: Any, keepdims: bool) -> Any:
        axes = _canonical_axes(axis, x.ndim)
        with fpenv.kernel_env():  # (image_ops calls Mean's kernel itself)
            return np.asarray(np_fn(x, axes, keepdims)).astype(x.dtype, copy=False)

    return kernel


def _kept_shape(shape: tuple, axis: Any) -> tuple:
    axes = _canonical_axes(axis, len(shape))
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def _reduce(op: Op, input_tensor: Any, axis: Any, keepdims: Any) -> Tensor:
    """TF's reduce_* fast path: the input tensor and axis go straight to the op."""
    raw = (input_tensor, axis)
    x = convert_to_tensor(input_tensor)
    keepdims = False if keepdims is None else bool(keepdims)
    return run(op, raw, x, axis=_axis_list(axis, op.name, raw), keepdims=keepdims)


Sum = defop("Sum", _reducer(eigen_reduce.reduce_sum))  # Eigen SumReducer's exact accumulation order


def _sum_grad_value(op: Any, grad: Tensor) -> Tensor:
    from tfshim.ops.array_ops import broadcast_to

    shape = op.inputs[0]._value.shape
    return broadcast_to(reshape(grad, _kept_shape(shape, op.get_attr("axis"))), shape)


@Sum.gradient
def _sum_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad broadcast back to the input's shape."""
    return _sum_grad_value(op, grad)



@tf_export("math.reduce_sum", "reduce_sum")
def reduce_sum(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_sum."""
    return _reduce(Sum, input_tensor, axis, keepdims)


Mean = defop("Mean", _reducer(eigen_reduce.reduce_mean))  # TF: SumReducer / count; ints truncate


@Mean.gradient
def _mean_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns the Sum gradient divided by (input size // output size)."""
    sum_grad = _sum_grad_value(op, grad)
    in_size = int(np.prod(op.inputs[0]._value.shape, dtype=np.int64))
    out_size = int(np.prod(op.outputs[0]._value.shape, dtype=np.int64))
    factor = _const(in_size // builtins.max(out_size, 1), sum_grad)
    return truediv(sum_grad, factor)



@tf_export("math.reduce_mean", "reduce_mean")
def reduce_mean(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_mean: sum / count; integer means truncate toward zero."""
    return _reduce(Mean, input_tensor, axis, keepdims)


def _lowest(dt: np.dtype) -> Any:
    return -np.inf if dt.kind == "f" else (np.iinfo(dt).min if dt.kind in "iu" else False)


def _highest(dt: np.dtype) -> Any:
    return np.inf if dt.kind == "f" else (np.iinfo(dt).max if dt.kind in "iu" else True)


Max = defop("Max", _reducer(eigen_reduce.reduce_max))
Min = defop("Min", _reducer(eigen_reduce.reduce_min))


def _min_or_max_grad(op: Any, grad: Tensor) -> Tensor:
    """TF: _MinOrMaxGrad. Ties share the gradient equally."""
    x = op.inputs[0]
    kept = _kept_shape(x._value.shape, op.get_attr("axis"))
    y = reshape(op.outputs[0], kept)
    grad = reshape(grad, kept)
    indicators = cast(equal(y, x), grad._dtype)
    num_selected = reshape(Sum(indicators, axis=op.get_attr("axis"), keepdims=False), kept)
    return Mul(divide(indicators, num_selected), grad)


@Max.gradient
def _max_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns (x == max) / count(x == max) * grad."""
    return _min_or_max_grad(op, grad)


@Min.gradient
def _min_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns (x == min) / count(x == min) * grad."""
    return _min_or_max_grad(op, grad)


@tf_export("math.reduce_max", "reduce_max")
def reduce_max(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_max. NaN propagates; empty reductions give the dtype's lowest value."""
    return _reduce(Max, input_tensor, axis, keepdims)


@tf_export("math.reduce_min", "reduce_min")
def reduce_min(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_min. NaN propagates; empty reductions give the dtype's highest value."""
    return _reduce(Min, input_tensor, axis, keepdims)


Prod = defop("Prod", _reducer(eigen_reduce.reduce_prod))


@Prod.gradient
def _prod_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (product of all other entries), built from two exclusive cumprods (safe with zeros)."""
    from tfshim.ops.array_ops import broadcast_to, transpose

    x = op.inputs[0]
    shape = x._value.shape
    rank = len(shape)
    reduced = list(_canonical_axes(op.get_attr("axis"), rank))
    grad = broadcast_to(reshape(grad, _kept_shape(shape, op.get_attr("axis"))), shape)
    other = [i for i in range(rank) if i not in reduced]
    perm = reduced + other
    reduced_num = int(np.prod([shape[i] for i in reduced], dtype=np.int64))
    other_num = int(np.prod([shape[i] for i in other], dtype=np.int64))
    permuted = transpose(x, perm)
    permuted_shape = permuted._value.shape
    reshaped = reshape(permuted, (reduced_num, other_num))
    left = cumprod(reshaped, axis=0, exclusive=True)
    right = cumprod(reshaped, axis=0, exclusive=True, reverse=True)
    y = reshape(Mul(_conj(left), _conj(right)), permuted_shape)
    inv = [perm.index(i) for i in range(rank)]
    out = Mul(grad, transpose(y, inv))
    return reshape(out, shape)


@tf_export("math.reduce_prod", "reduce_prod")
def reduce_prod(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_prod."""
    return _reduce(Prod, input_tensor, axis, keepdims)


All = defop("All", _reducer(lambda x, axes, k: np.all(x, axis=axes, keepdims=k)))
Any_ = defop("Any", _reducer(lambda x, axes, k: np.any(x, axis=axes, keepdims=k)))  # no gradient in TF


def _bool_reduce(op: Op, input_tensor: Any, axis: Any, keepdims: Any) -> Tensor:
    keepdims = False if keepdims is None else bool(keepdims)
    raw = (input_tensor, axis)
    if _took_slow_path(raw) or input_tensor is None:  # TF's eager fallback converts the input to bool first
        convert_to_tensor(input_tensor, dtypes.bool)
    axes = _axis_list(axis, op.name, raw)  # the fast path converts the axis before the kernel checks the input
    (x,) = _bool_inputs(op, input_tensor)
    return run(op, raw, x, axis=axes, keepdims=keepdims)


@tf_export("math.reduce_all", "reduce_all")
def reduce_all(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_all (bool only)."""
    return _bool_reduce(All, input_tensor, axis, keepdims)


@tf_export("math.reduce_any", "reduce_any")
def reduce_any(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_any (bool only)."""
    return _bool_reduce(Any_, input_tensor, axis, keepdims)


@tf_export("math.reduce_logsumexp", "reduce_logsumexp")
def reduce_logsumexp(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_logsumexp: log(sum(exp(x - m))) + m with m = stop_gradient(finite max)."""
    from tfshim.ops.array_ops import stop_gradient

    raw_max = reduce_max(input_tensor, axis=axis, keepdims=True)
    finite = is_finite(raw_max)
    my_max = stop_gradient(_where(finite, raw_max, _const(0, raw_max)))
    result = log(reduce_sum(exp(subtract(input_tensor, my_max)), axis=axis, keepdims=keepdims))
    if not keepdims:
        my_max = reshape(my_max, result._value.shape)
    return add(result, my_max)


@tf_export("math.reduce_variance")
def reduce_variance(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_variance: mean(square(x - mean(x))). Integers are a TypeError."""
    input_tensor = convert_to_tensor(input_tensor)
    means = reduce_mean(input_tensor, axis=axis, keepdims=True)
    if means._dtype.is_integer:
        raise TypeError(f"Input must be either real or complex. Received integer type {means._dtype}.")
    diff = subtract(input_tensor, means)
    if diff._dtype.is_complex:
        squared = cast(Mul(conj(diff), diff), diff._dtype.real_dtype)
    else:
        squared = square(diff)
    return reduce_mean(squared, axis=axis, keepdims=keepdims)


@tf_export("math.reduce_std")
def reduce_std(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_std: sqrt(reduce_variance)."""
    input_tensor = convert_to_tensor(input_tensor)
    return sqrt(reduce_variance(input_tensor, axis=axis, keepdims=keepdims))


@tf_export("math.count_nonzero")
def count_nonzero(input: Any, axis: Any = None, keepdims: Any = None, dtype: Any = dtypes.int64,  # noqa: A002
                  name: Any = None) -> Tensor:
    """TF: tf.math.count_nonzero: sum(cast(x != 0, int64)), cast to `dtype`."""
    keepdims = False if keepdims is None else keepdims
    x = convert_to_tensor(input)
    if x._dtype is dtypes.bool:
        predicate = x
    else:
        zero = _wrap_as(np.asarray(b"" if x._dtype is dtypes.string else 0, dtype=x._value.dtype), x._dtype)
        predicate = run(NotEqual, (), x, zero)
    return cast(reduce_sum(cast(predicate, dtypes.int64), axis=axis, keepdims=keepdims), dtype)


# ----- argmax / argmin -----------------------------------------------------------------------------


def _arg_kernel(np_fn: Callable, nan_as: float) -> Callable:
    def kernel(x: np.ndarray, dim: int, output_type: Any) -> Any:
        rank = x.ndim
        axis = dim + rank if dim < 0 else dim
        if not 0 <= axis < rank:
            raise KernelError(
                errors.InvalidArgumentError, f"Expected dimension in the range [{-rank}, {rank}), but got {dim}"
            )
        if x.shape[axis] == 0:
            raise KernelError(
                errors.InvalidArgumentError, f"Reduction axis {axis} is empty in shape {_shape_text(x.shape)}"
            )
        if x.dtype.kind == "f":
            x = np.where(np.isnan(x), x.dtype.type(nan_as), x)
        return np_fn(x, axis=axis).astype(output_type.as_numpy_dtype)

    return kernel


ArgMax = defop("ArgMax", _arg_kernel(np.argmax, -np.inf))
ArgMin = defop("ArgMin", _arg_kernel(np.argmin, np.inf))


@ArgMax.gradient
def _argmax_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, None)."""
    return None, None


@ArgMin.gradient
def _argmin_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, None)."""
    return None, None


_ARGMAX_AXIS_DTYPES = (dtypes.int8, dtypes.uint8, dtypes.int16, dtypes.uint16, dtypes.int32, dtypes.int64)


def _arg_reduce(op: Op, input: Any, axis: Any, output_type: Any) -> Tensor:  # noqa: A002
    raw = (input, axis)
    if axis is None:
        axis = 0
    if op is ArgMax:  # TF's argmax_v2 (not argmin_v2) checks the axis in Python first
        if hasattr(axis, "dtype"):  # a NumPy dtype is never in TF's set of DTypes (their hashes differ)
            if not isinstance(axis.dtype, dtypes.DType) or axis.dtype not in _ARGMAX_AXIS_DTYPES:
                raise TypeError(f"axis tensor dtypes {axis.dtype} is not supported")
            if axis.dtype.size < 4:
                axis = cast(axis, dtypes.int32)
        elif not isinstance(axis, builtins.int):
            raise TypeError("axis must be int or Tensor with integer datatype")
    output_type = make_type(output_type, "output_type")  # TF's generated wrapper: attrs before inputs
    x = convert_to_tensor(input)
    dim = convert_index_input(axis, _took_slow_path(raw))
    try:
        op.check(x)
        from tfshim.ops.op import _allowed_dtypes

        if dim._dtype not in _allowed_dtypes(op.name, "Tidx"):
            raise disallowed_dtype(op.name, dim._dtype, "Tidx")

        allowed = _allowed_dtypes(op.name, "output_type")
        if allowed is not None and output_type not in allowed:
            raise disallowed_dtype(op.name, output_type, "output_type")
        if dim._value.ndim:
            raise_op_error(op.name, KernelError(errors.InvalidArgumentError, "dim must be a scalar, but received "
                                                "tensor of shape: %s" % _shape_text(dim._value.shape)))
        return op(x, dim=int(dim._value), output_type=output_type)
    except errors.OpError as e:
        raise as_called(e, raw) from None


@tf_export("math.argmax", "argmax")
def argmax(input: Any, axis: Any = None, output_type: Any = dtypes.int64, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.math.argmax: the first index of the largest value along `axis` (default 0); NaN is skipped."""
    return _arg_reduce(ArgMax, input, axis, output_type)


@tf_export("math.argmin", "argmin")
def argmin(input: Any, axis: Any = None, output_type: Any = dtypes.int64, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.math.argmin: the first index of the smallest value along `axis` (default 0)."""
    return _arg_reduce(ArgMin, input, axis, output_type)


# ----- cumulative sums and products ----------------------------------------------------------------


def _scan_kernel(np_fn: Callable, identity: int) -> Callable:
    def kernel(x: np.ndarray, axis: Any, exclusive: bool, reverse: bool) -> Any:
        if not isinstance(axis, (int, np.integer)):
            raise KernelError(
                errors.InvalidArgumentError, f"ScanOp: axis must be a scalar, not {_shape_text(np.shape(axis))}")
        rank = x.ndim
        a = axis + rank if axis < 0 else axis
        if not 0 <= a < rank:
            raise KernelError(
                errors.InvalidArgumentError,
                f"ScanOp: Expected scan axis in the range [{-rank}, {rank}), but got {a}",
            )
        with np.errstate(all="ignore"):
            v = np.flip(x, a) if reverse else x
            out = np_fn(v, axis=a, dtype=x.dtype)
            if exclusive and out.shape[a]:  # an empty scan axis stays empty (TF)
                lead = np.full_like(np.take(out, [0], axis=a), identity)
                out = np.concatenate([lead, np.take(out, range(out.shape[a] - 1), axis=a)], axis=a)
            return np.flip(out, a) if reverse else out

    return kernel


Cumsum = defop("Cumsum", _scan_kernel(np.cumsum, 0))
Cumprod = defop("Cumprod", _scan_kernel(np.cumprod, 1))


@Cumsum.gradient
def _cumsum_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns cumsum(grad, axis, exclusive, reverse=not reverse)."""
    return cumsum(grad, op.get_attr("axis"), exclusive=op.get_attr("exclusive"), reverse=not op.get_attr("reverse"))


@Cumprod.gradient
def _cumprod_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns div_no_nan(cumsum(cumprod(x) * grad, reverse=not reverse), x)."""
    x = op.inputs[0]
    axis, exclusive, rev = op.get_attr("axis"), op.get_attr("exclusive"), op.get_attr("reverse")
    prod = cumprod(x, axis, exclusive=exclusive, reverse=rev)
    out = cumsum(Mul(prod, grad), axis, exclusive=exclusive, reverse=not rev)
    return DivNoNan(out, x)


def _scan(op: Op, x: Any, axis: Any, exclusive: bool, reverse: bool) -> Tensor:
    x = convert_to_tensor(x)
    raw = (axis,)
    exclusive, reverse = make_bool(exclusive, "exclusive"), make_bool(reverse, "reverse")  # TF: attrs first
    t = convert_index_input(axis, _took_slow_path(raw))
    if t._dtype not in (dtypes.int32, dtypes.int64):
        raise as_called(disallowed_dtype(op.name, t._dtype, "Tidx"), raw)
    axis = int(t._value) if t._value.ndim == 0 else t._value
    return run(op, raw, x, axis=axis, exclusive=exclusive, reverse=reverse)


@tf_export("math.cumsum", "cumsum")
def cumsum(x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.cumsum."""
    return _scan(Cumsum, x, axis, exclusive, reverse)


@tf_export("math.cumprod")
def cumprod(x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.cumprod."""
    return _scan(Cumprod, x, axis, exclusive, reverse)


# ----- norms ---------------------------------------------------------------------------------------


@tf_export("norm", "linalg.norm")
def norm(tensor: Any, ord: Any = "euclidean", axis: Any = None, keepdims: Any = None,  # noqa: A002
         name: Any = None) -> Tensor:
    """TF: tf.norm / tf.linalg.norm: vector norms and the fro/1/inf matrix norms, built from
    abs/pow/reduce ops as in TF. tfshim: the matrix 2-norm (needs an SVD) is not implemented."""
    keepdims = False if keepdims is None else keepdims
    is_matrix_norm = isinstance(axis, (tuple, list)) and len(axis) == 2
    if is_matrix_norm:
        axis = tuple(axis)
        if not isinstance(axis[0], int) or not isinstance(axis[1], int) or axis[0] == axis[1]:
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        supported = ["euclidean", "fro", 1, 2, np.inf]
        if ord not in supported:
            raise ValueError(f"'ord' must be a supported matrix norm in {supported}, got {ord}")
    else:
        if not (isinstance(axis, int) or axis is None):
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        supported = ["euclidean", 1, 2, np.inf]
        if (not np.isreal(ord) or ord <= 0) and ord not in supported:  # TF's test, as TF evaluates it
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
        if axis is not None:
            axis = (axis,)
    tensor = convert_to_tensor(tensor)
    if ord in ["fro", "euclidean", 2, 2.0]:
        if is_matrix_norm and ord in [2, 2.0]:
            raise NotImplementedError("tfshim: tf.norm(ord=2) over a matrix needs tf.linalg.svd")
        result = sqrt(reduce_sum(multiply(tensor, conj(tensor)), list(axis) if axis else None, keepdims=True))
    else:
        result = abs(tensor)
        if ord == 1:
            sum_axis = None if axis is None else axis[0]
            result = reduce_sum(result, sum_axis, keepdims=True)
            if is_matrix_norm:
                result = reduce_max(result, axis[-1], keepdims=True)
        elif ord == np.inf:
            if is_matrix_norm:
                result = reduce_sum(result, axis[1], keepdims=True)
            max_axis = None if axis is None else axis[0]
            result = reduce_max(result, max_axis, keepdims=True)
        else:
            p = _const(ord, result)
            result = pow(reduce_sum(pow(result, p), list(axis) if axis else None, keepdims=True),
                         _const(1.0 / ord, result))
    if not keepdims:
        shape = result._value.shape
        if axis is None:
            new = ()
        else:
            drop = {a % len(shape) for a in axis}
            new = tuple(d for i, d in enumerate(shape) if i not in drop)
        result = reshape(result, new)
    return result


def reshape(tensor: Any, shape: Any) -> Tensor:
    from tfshim.ops.array_ops import reshape as _reshape

    return _reshape(tensor, shape)


# ===== inverse hyperbolic, gamma family, complex parts, no-nan products (kernels: kernels/eigen_special.py) =====


def _special_kernel(fn: Callable) -> Any:
    from tfshim.kernels import eigen_special

    def kernel(x: np.ndarray) -> Any:
        return getattr(eigen_special, fn)(x)

    return kernel


Asinh = defop("Asinh", _special_kernel("asinh"))
Acosh = defop("Acosh", _special_kernel("acosh"))
Atanh = defop("Atanh", _special_kernel("atanh"))


@Asinh.gradient
def _asinh_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad / cosh(y)."""
    return RealDiv(grad, cosh(_conj(op.outputs[0])))


@Acosh.gradient
def _acosh_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad / sinh(y)."""
    return RealDiv(grad, sinh(_conj(op.outputs[0])))


@Atanh.gradient
def _atanh_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad / (1 - x**2)."""
    x = _conj(op.inputs[0])
    return Mul(grad, Reciprocal(Sub(_const(1, x), Square(x))))


@tf_export("math.asinh", "asinh")
def asinh(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.asinh (glibc asinhf/asinh per element, as Eigen's scalar functor)."""
    return unary(Asinh, x)


@tf_export("math.acosh", "acosh")
def acosh(x: Any, name: Any = None) -> Tensor:
    return unary(Acosh, x)


@tf_export("math.atanh", "atanh")
def atanh(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.atanh (Eigen patanh on packets, glibc atanhf/atanh on the tail)."""
    return unary(Atanh, x)


Lgamma = defop("Lgamma", _special_kernel("lgamma"))
Digamma = defop("Digamma", _special_kernel("digamma"))


def _binary_special(fn: str) -> Any:
    from tfshim.kernels import eigen_special

    return cwise_binary(lambda a, b: getattr(eigen_special, fn)(a, b))


Polygamma = defop("Polygamma", _binary_special("polygamma"))
Zeta = defop("Zeta", _binary_special("zeta"))


@Lgamma.gradient
def _lgamma_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * digamma(x)."""
    return Mul(grad, Digamma(_conj(op.inputs[0])))


@Digamma.gradient
def _digamma_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * polygamma(1, x)."""
    x = _conj(op.inputs[0])
    return Mul(grad, run(Polygamma, (), _wrap_as(np.ones_like(x._value), x._dtype), x))


@Polygamma.gradient
def _polygamma_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, grad * polygamma(n + 1, x))."""
    n, x = op.inputs
    partial_x = run(Polygamma, (), AddV2(n, _const(1, n)), x)
    return None, reduce_to_shape(Mul(grad, partial_x), x._value.shape)


@Zeta.gradient
def _zeta_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, grad * -x * zeta(x + 1, q))."""
    x, q = op.inputs
    partial_q = Mul(Neg(x), Zeta(AddV2(x, _const(1, x)), q))
    return None, reduce_to_shape(Mul(grad, partial_q), q._value.shape)


@tf_export("math.lgamma", "lgamma")
def lgamma(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.lgamma (glibc lgammaf_r/lgamma_r per element, as Eigen's scalar functor)."""
    return unary(Lgamma, x)


@tf_export("math.digamma", "digamma")
def digamma(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.digamma (Eigen's Cephes psi)."""
    return unary(Digamma, x)


@tf_export("math.polygamma", "polygamma")
def polygamma(a: Any, x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.polygamma(a, x): digamma for a = 0, else (-1)^(a+1) a! zeta(a+1, x)."""
    return binary(Polygamma, a, x)


@tf_export("math.zeta", "zeta")
def zeta(x: Any, q: Any, name: Any = None) -> Tensor:
    """TF: tf.math.zeta, the Hurwitz zeta function (Eigen's Cephes zeta)."""
    return binary(Zeta, x, q)


@tf_export("math.lbeta", "lbeta")
def lbeta(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.lbeta: sum(lgamma(x), -1) - lgamma(sum(x, -1)) (TF: special_math_ops.lbeta)."""
    x = convert_to_tensor(x)
    log_prod = reduce_sum(lgamma(x), axis=[-1])
    log_gamma_of_sum = lgamma(reduce_sum(x, axis=[-1]))
    return log_prod - log_gamma_of_sum


Rint = defop("Rint", cwise_unary(np.rint))
not_differentiable(Rint)


_RINT_KERNELS = ("All kernels registered for op Rint:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, "
                 "DT_HALF]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n")


@tf_export("math.rint", "rint")
def rint(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.rint: round half to even (no gradient: TF registers None). TF has no CPU kernel for
    half/bfloat16 (NotFoundError)."""
    raw = (x,)
    x = convert_to_tensor(x)
    if x._dtype in (dtypes.float16, dtypes.bfloat16):
        node = f"{{{{node Rint}}}} = Rint[T=DT_{x._dtype._cname.upper()}]"
        raise as_called(errors.NotFoundError(
            None, None, f"Could not find device for node: {node}\n{_RINT_KERNELS} [Op:Rint] name: "), raw)
    return run(Rint, raw, x)


def _real_kernel(x: np.ndarray, Tout: Any = None) -> Any:  # noqa: N803 - TF's attr name
    return np.array(x.real)


def _imag_kernel(x: np.ndarray, Tout: Any = None) -> Any:  # noqa: N803
    return np.array(x.imag)


Real = defop("Real", _real_kernel)
Imag = defop("Imag", _imag_kernel)
def _angle_kernel(x: np.ndarray, Tout: Any = None) -> Any:  # noqa: N803
    """std::arg per element = glibc atan2f/atan2(imag, real) under TF's FTZ|DAZ: a subnormal part is not read
    as zero there (measured: angle(complex64(0, 1e-40)) = pi/2, angle(complex64(1, 1e-40)) = 1e-40), unlike
    NumPy's arctan2 under DAZ."""
    re = np.ascontiguousarray(x.real).reshape(-1)
    im = np.ascontiguousarray(x.imag).reshape(-1)
    return eigen_math._libm("atan2", im, re).reshape(x.shape)


Angle = defop("Angle", _angle_kernel)
def _complex_kernel(re: np.ndarray, im: np.ndarray, Tout: Any = None) -> Any:  # noqa: N803
    re, im = np.broadcast_arrays(re, im)
    out = np.empty(re.shape, Tout.as_numpy_dtype)
    out.real, out.imag = re, im  # (re + 1j * im would turn a NaN imaginary part into a NaN real part)
    return out


Complex = defop("Complex", _complex_kernel)


@Real.gradient
def _real_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns complex(grad, 0)."""
    return Complex(grad, _zeros_like(grad), Tout=op.inputs[0]._dtype)


@Imag.gradient
def _imag_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns complex(0, grad)."""
    return Complex(_zeros_like(grad), grad, Tout=op.inputs[0]._dtype)


@Complex.gradient
def _complex_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (real(grad), imag(grad)), summed to each input's shape."""
    x, y = op.inputs
    rd = x._dtype
    return (reduce_to_shape(Real(grad, Tout=rd), x._value.shape),
            reduce_to_shape(Imag(grad, Tout=rd), y._value.shape))


@Angle.gradient
def _angle_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns -grad / (imag(x) + i real(x)) (TF's math_grad._AngleGrad)."""
    x = op.inputs[0]
    rd = op.outputs[0]._dtype
    re, im = Real(x, Tout=rd), Imag(x, Tout=rd)
    z = Reciprocal(Complex(im, re, Tout=x._dtype))
    zero = _wrap_as(np.zeros((), rd.as_numpy_dtype), rd)
    return Mul(Neg(Complex(grad, _zeros_like(grad) if grad._value.shape else zero, Tout=x._dtype)), z)


@tf_export("math.real", "real")
def real(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.math.real: the real part (a real tensor is returned unchanged)."""
    x = convert_to_tensor(input)
    if x._dtype.is_complex:
        return Real(x, Tout=x._dtype.real_dtype)
    if x._dtype.is_floating or x._dtype.is_integer:
        return x
    raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {x._dtype}")


@tf_export("math.imag", "imag")
def imag(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.math.imag (zeros for a real tensor)."""
    x = convert_to_tensor(input)
    if x._dtype.is_complex:
        return Imag(x, Tout=x._dtype.real_dtype)
    return _zeros_like(x)


@tf_export("math.angle", "angle")
def angle(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.math.angle (real input: pi where negative, else 0)."""
    from tfshim.ops.array_ops import ones_like, where

    x = convert_to_tensor(input)
    if x._dtype.is_complex:
        return Angle(x, Tout=x._dtype.real_dtype)
    # TF's own operators, so its errors too: `x < 0` for a bool x, `pi * ones` for an integer x are TypeErrors
    return where(x < 0, np.pi * ones_like(x), _zeros_like(x))


@tf_export("dtypes.complex", "complex")
def complex(real: Any, imag: Any, name: Any = None) -> Tensor:  # noqa: A001 - TF's name
    """TF: tf.complex: float32 parts give complex64, float64 parts complex128."""
    re, im = convert_to_tensor(real), convert_to_tensor(imag)
    if re._dtype != im._dtype or re._dtype not in (dtypes.float32, dtypes.float64):
        raise TypeError(f"The `real` and `imag` components have incorrect types: {re._dtype.name} {im._dtype.name}. "
                        f"They must be consistent, and one of {[dtypes.float32, dtypes.float64]}")
    out = dtypes.complex64 if re._dtype == dtypes.float32 else dtypes.complex128
    return run_op(Complex, (real, imag), re, im, Tout=out)


def _xlog1py_kernel(x: np.ndarray, y: np.ndarray) -> Any:
    def f(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a, b = np.broadcast_arrays(a, b)
        lg = eigen_math.log1p(np.ascontiguousarray(b)).reshape(b.shape) if b.dtype in _EIGEN_DTYPES else np.log1p(b)
        return _x_or_zero(a, np.multiply(a, lg))

    return cwise_binary(f)(x, y)


Xlog1py = defop("Xlog1py", _xlog1py_kernel)


@Xlog1py.gradient
def _xlog1py_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (xlog1py(x != 0, y) * grad, xdivy(x, y + 1) * grad)."""
    x, y = op.inputs
    not_zero_x = cast(not_equal(x, _const(0, x)), x._dtype)
    partial_x = Xlog1py(not_zero_x, y)
    partial_y = Xdivy(x, AddV2(y, _const(1, y)))
    return reduce_to_shape(Mul(partial_x, grad), x._value.shape), reduce_to_shape(Mul(partial_y, grad), y._value.shape)


@tf_export("math.xlog1py")
def xlog1py(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.xlog1py: 0 where x == 0, else x * log1p(y)."""
    return binary(Xlog1py, x, y)


MulNoNan = defop("MulNoNan", cwise_binary(lambda a, b: np.where(np.broadcast_to(b == 0, np.broadcast_shapes(
    a.shape, b.shape)), np.zeros((), np.result_type(a, b)), a * b)))


@MulNoNan.gradient
def _mul_no_nan_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (mul_no_nan(grad, y), mul_no_nan(x, grad)), summed to each input's shape."""
    x, y = op.inputs
    return (reduce_to_shape(MulNoNan(grad, y), x._value.shape), reduce_to_shape(MulNoNan(x, grad), y._value.shape))


@tf_export("math.multiply_no_nan")
def multiply_no_nan(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.math.multiply_no_nan: 0 where y == 0 (even for x inf or NaN), else x * y."""
    xt = convert_to_tensor(x)
    if isinstance(y, Tensor) and y._dtype != xt._dtype:
        raise ValueError(f"y: Tensor conversion requested dtype {xt._dtype.name} for Tensor with dtype "
                         f"{y._dtype.name}: {y!r}")
    yt = convert_to_tensor(y, dtype=xt._dtype)
    return run(MulNoNan, (x, y), xt, yt)


@tf_export("math.reciprocal_no_nan")
def reciprocal_no_nan(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.reciprocal_no_nan = div_no_nan(1, x)."""
    xt = convert_to_tensor(x)
    return run(DivNoNan, (xt,), convert_to_tensor(1, dtype=xt._dtype), xt)  # TF: constant(1, x.dtype) first


@tf_export("math.log_sigmoid")
def log_sigmoid(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.log_sigmoid = -softplus(-x)."""
    from tfshim.ops.nn_ops import softplus

    xt = convert_to_tensor(x)
    return Neg(softplus(negative(xt)))


NextAfter = defop("NextAfter", cwise_binary(np.nextafter))
not_differentiable(NextAfter)


@tf_export("math.nextafter")
def nextafter(x1: Any, x2: Any, name: Any = None) -> Tensor:
    """TF: tf.math.nextafter: the next representable value of x1 towards x2."""
    x, y = match_inputs((x1, x2), allowed=(dtypes.float64, dtypes.float32), default=dtypes.float32)
    return run(NextAfter, (x1, x2), x, y)


@tf_export("math.scalar_mul", "scalar_mul")
def scalar_mul(scalar: Any, x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.scalar_mul: scalar * x (the scalar must be 0-D)."""
    if not hasattr(x, "dtype"):  # TF reads x.dtype first: a list or Python number fails there
        raise AttributeError(f"'{type(x).__name__}' object has no attribute 'dtype'")
    s = convert_to_tensor(scalar, dtype=dtypes.as_dtype(x.dtype), name="scalar")
    x = convert_to_tensor(x)
    if s.shape.ndims != 0:
        raise ValueError(f"The input scalar must be a 0-D value. Received shape {s.shape}.")
    return run(Mul, (s, x), s, x)


@tf_export("math.accumulate_n")
def accumulate_n(inputs: Any, shape: Any = None, tensor_dtype: Any = None, name: Any = None) -> Tensor:
    """TF: tf.math.accumulate_n = add_n (with TF's argument checks)."""
    def input_error() -> ValueError:
        return ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")

    if not inputs or not isinstance(inputs, (list, tuple)):
        raise input_error()
    inputs = [convert_to_tensor(t) for t in inputs]
    if not all(t._dtype == inputs[0]._dtype for t in inputs):
        raise input_error()
    from tfshim.framework import tensor_shape

    merged = tensor_shape.as_shape(shape) if shape is not None else tensor_shape.TensorShape(None)
    for t in inputs:  # TF: the inputs' shapes merge with `shape` (ValueError when incompatible)
        merged = merged.merge_with(t.shape)
    if tensor_dtype is not None and tensor_dtype != inputs[0]._dtype:
        raise TypeError(f"The `tensor_dtype` argument is {tensor_dtype}, but `input` is of type {inputs[0].dtype}. "
                        "These must be equal. Try casting the input to the desired type.")
    return inputs[0] if len(inputs) == 1 else add_n(inputs)


def _euclidean_norm_kernel(x: np.ndarray, axis: Any, keepdims: bool) -> Any:
    axes = _canonical_axes(axis, x.ndim)
    with np.errstate(all="ignore"):
        sq = (x * np.conj(x)) if x.dtype.kind == "c" else x * x
        if x.dtype.kind in "iu":
            s = np.sum(sq, axis=axes, keepdims=keepdims, dtype=x.dtype)
            return np.sqrt(s.astype(np.float64)).astype(x.dtype)
        s = np.asarray(eigen_reduce.reduce_sum(sq, axes, keepdims)).astype(x.dtype, copy=False)
        return np.sqrt(s)


EuclideanNorm = defop("EuclideanNorm", _euclidean_norm_kernel)


@EuclideanNorm.gradient
def _euclidean_norm_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns x * grad / norm (broadcast back over the reduced axes)."""
    shape = op.inputs[0]._value.shape
    kept = _kept_shape(shape, op.get_attr("axis"))
    out = reshape(op.outputs[0], kept)
    g = reshape(grad, kept)
    return Mul(_conj(op.inputs[0]), RealDiv(g, out))


@tf_export("math.reduce_euclidean_norm")
def reduce_euclidean_norm(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None) -> Tensor:
    """TF: tf.math.reduce_euclidean_norm: sqrt(sum(x * conj(x))) over `axis`."""
    return _reduce(EuclideanNorm, input_tensor, axis, keepdims)


@tf_export("math.polyval")
def polyval(coeffs: Any, x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.polyval: Horner's rule, coeffs[0] the highest degree (coeffs must be a list)."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    x = convert_to_tensor(x)
    if len(coeffs) < 1:
        return _zeros_like(x)
    cs = [convert_to_tensor(c) for c in coeffs]
    p = cs[0]
    for c in cs[1:]:
        p = c + p * x
    return p


@tf_export("math.zero_fraction", "nn.zero_fraction")
def zero_fraction(value: Any, name: Any = None) -> Tensor:
    """TF: tf.math.zero_fraction: the fraction of zeros, as float32."""
    v = convert_to_tensor(value)
    size = v._value.size
    # TF counts NotEqual(value, 0), which runs with denormals flushed: a float32 subnormal counts as zero
    nonzero = int(np.count_nonzero(NotEqual(v, _wrap_as(np.zeros((), v._value.dtype), v._dtype))._value))
    with np.errstate(all="ignore"):
        return _wrap_as(np.float32(size - nonzero) / np.float32(size), dtypes.float32)


def _cumulative_logsumexp_kernel(x: np.ndarray, axis: np.ndarray, exclusive: bool = False,
                                 reverse: bool = False) -> Any:
    if axis.ndim:
        raise KernelError(errors.InvalidArgumentError, f"ScanOp: axis must be a scalar, not {_shape_text(axis.shape)}")
    ax = int(axis)
    if not -x.ndim <= ax < x.ndim:
        raise KernelError(errors.InvalidArgumentError, "ScanOp: Expected scan axis in the range [%d, %d), but got %d"
                          % (-x.ndim, x.ndim, ax))
    ax %= x.ndim
    v = np.moveaxis(x, ax, 0)
    if reverse:
        v = v[::-1]
    lowest = np.finfo(x.dtype).min
    acc = np.full(v.shape[1:], -np.inf, x.dtype)  # TF's reducer starts at -inf
    out = np.empty_like(v)
    with np.errstate(all="ignore"):
        for i in range(v.shape[0]):
            if exclusive:
                out[i] = acc
            mi, ma = np.minimum(acc, v[i]), np.maximum(acc, v[i])
            d = np.ascontiguousarray(mi - ma).reshape(-1)
            if x.dtype in _EIGEN_DTYPES:  # TF's functor runs Eigen's exp and log1p (half: in float)
                d32 = d.astype(np.float32) if x.dtype == np.float16 else d
                e = eigen_math.log1p(eigen_math.exp(d32).astype(d32.dtype)).astype(d32.dtype)
                lse = (e.reshape(ma.shape) + ma).astype(x.dtype)
            else:
                lse = (np.log1p(np.exp(d)).reshape(ma.shape) + ma).astype(x.dtype)
            acc = np.where(ma < lowest, ma, lse)  # TF's LogSumExp functor
            if not exclusive:
                out[i] = acc
    if reverse:
        out = out[::-1]
    return np.ascontiguousarray(np.moveaxis(out, 0, ax))


CumulativeLogsumexp = defop("CumulativeLogsumexp", _cumulative_logsumexp_kernel)


@CumulativeLogsumexp.gradient
def _cumulative_logsumexp_grad(op: Any, grad: Tensor) -> tuple:
    """TF's math_grad._CumulativeLogsumexpGrad: positive and negative parts of grad through the reversed scan."""
    from tfshim.ops.array_ops import where

    x, axis = op.inputs
    out = op.outputs[0]
    exclusive, reverse = op.get_attr("exclusive"), op.get_attr("reverse")
    lowest = _const(np.finfo(grad._value.dtype).min, grad)
    zero = _const(0, grad)
    log_pos = where(greater(grad, zero), log(where(greater(grad, zero), grad, _const(1, grad))), lowest)
    log_neg = where(less(grad, zero), log(where(less(grad, zero), -grad, _const(1, grad))), lowest)
    pos = exp(CumulativeLogsumexp(log_pos - out, axis, exclusive=exclusive, reverse=not reverse) + x)
    neg = exp(CumulativeLogsumexp(log_neg - out, axis, exclusive=exclusive, reverse=not reverse) + x)
    return pos - neg, None


@tf_export("math.cumulative_logsumexp")
def cumulative_logsumexp(x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False,
                         name: Any = None) -> Tensor:
    """TF: tf.math.cumulative_logsumexp: log(cumsum(exp(x))) computed stably along `axis`."""
    from tfshim.ops.op import check_attr

    raw = (x, axis)
    xt = convert_to_tensor(x)
    axis_t = axis if isinstance(axis, Tensor) else convert_index_input(axis)
    exclusive, reverse = make_bool(exclusive, "exclusive"), make_bool(reverse, "reverse")
    check_attr("CumulativeLogsumexp", xt, "T", error_suffix(raw))
    check_attr("CumulativeLogsumexp", axis_t, "Tidx", error_suffix(raw))
    return run_op(CumulativeLogsumexp, raw, xt, axis_t, exclusive=exclusive, reverse=reverse)
# TF's public ops dispatch on other tensor kinds (RaggedTensor): util/dispatch.py wraps them here,
# as TF decorates them with @dispatch.register_unary/binary_elementwise_api and add_dispatch_support.
dispatch.install(
    globals(),
    unary=("negative", "abs", "sign", "square", "exp", "expm1", "log", "log1p", "reciprocal", "sqrt", "rsqrt",
           "sin", "cos", "tan", "asin", "acos", "atan", "asinh", "atanh", "sinh", "cosh", "tanh", "sigmoid", "erf",
           "erfc", "round", "floor", "ceil", "is_nan", "is_inf", "is_finite", "conj", "logical_not", "cast",
           "saturate_cast", "clip_by_value"),
    binary=("add", "subtract", "multiply", "realdiv", "truediv", "divide", "divide_no_nan", "floordiv",
            "floormod", "truncatediv", "truncatemod", "pow", "atan2", "maximum", "minimum", "squared_difference",
            "xlogy", "xdivy", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
            "logical_and", "logical_or", "logical_xor"),
    other=("add_n", "reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_all",
           "reduce_any", "reduce_variance", "reduce_std", "argmax", "argmin"),
)
