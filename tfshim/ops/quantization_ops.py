"""tf.quantization's fake-quantization ops (TF: gen_array_ops' FakeQuant* ops, kernels/fake_quant_ops_functor.h,
gradients in ops/array_grad.py).

A fake-quant op rounds float32 values to the `2**num_bits` levels of a range [min, max] "nudged" so that 0.0 is
a level, and returns them as floats; its gradient passes through inside the nudged range. The arithmetic is TF's
float32 scalar code, step for step (`Nudge`): scale, zero point (std::round), nudged bounds, then
`floor((clamp(x) - nudged_min) * inv_scale - quant_zero + 0.5) * scale` (the Vars ops divide by the scale).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.kernels.eigen_reduce import reduce_sum
from tfshim.ops.op import KernelError, defop, dtype_mismatch, make_bool, make_float, make_int, run_op, tf_export

_F = np.float32


def _nudge(min_val: Any, max_val: Any, quant_min: int, quant_max: int) -> tuple:
    """TF: Nudge(): (nudged_min, nudged_max, scale, inv_scale), in float32."""
    qmin, qmax = _F(quant_min), _F(quant_max)
    mn, mx = _F(min_val), _F(max_val)
    with np.errstate(all="ignore"):
        scale = (mx - mn) / (qmax - qmin)
        inv_scale = (qmax - qmin) / (mx - mn)
        zero_point_from_min = qmin - mn / scale
    if np.isnan(zero_point_from_min):  # static_cast<uint16_t> of NaN on x86: cvttss2si's 0x80000000, low bits 0
        zero = 0
    elif zero_point_from_min < qmin:
        zero = quant_min
    elif zero_point_from_min > qmax:
        zero = quant_max
    else:  # std::round: halves away from zero; then uint16_t
        zero = int(np.sign(zero_point_from_min) * np.floor(np.abs(zero_point_from_min) + 0.5)) & 0xFFFF
    with np.errstate(all="ignore"):
        return (qmin - _F(zero)) * scale, (qmax - _F(zero)) * scale, scale, inv_scale


def _quant_range(num_bits: int, narrow_range: bool) -> tuple[int, int]:
    return (1 if narrow_range else 0), (1 << num_bits) - 1


def _check_num_bits(num_bits: int) -> None:
    if not 2 <= num_bits <= 16:
        raise KernelError(errors.InvalidArgumentError, "num_bits must be between 2 and 16, inclusive")


def _fake_quant(x: np.ndarray, min_val: Any, max_val: Any, qmin: int, qmax: int, divide: bool) -> np.ndarray:
    nudged_min, nudged_max, scale, inv_scale = _nudge(min_val, max_val, qmin, qmax)
    with np.errstate(all="ignore"):
        quant_zero = np.floor(-nudged_min * inv_scale + _F(0.5))
        shifted = np.maximum(np.minimum(x, nudged_max), nudged_min) - nudged_min
        scaled = shifted / scale if divide else shifted * inv_scale
        return (np.floor(scaled - quant_zero + _F(0.5)) * scale).astype(_F)


def _inside(x: np.ndarray, min_val: Any, max_val: Any, qmin: int, qmax: int) -> tuple:
    nudged_min, nudged_max, _, _ = _nudge(min_val, max_val, qmin, qmax)
    return (x >= nudged_min) & (x <= nudged_max), x < nudged_min, x > nudged_max


def _args_checks(min: float, max: float, num_bits: int) -> None:  # noqa: A002
    if not min < max:
        raise KernelError(errors.InvalidArgumentError, f"min has to be smaller than max, was: {_g(min)} >= {_g(max)}")
    _check_num_bits(num_bits)


def _g(v: float) -> str:
    """A float as TF's StrCat prints it (%g with up to 6 significant digits)."""
    return "%.6g" % v


def _args_kernel(x: np.ndarray, min: float, max: float, num_bits: int, narrow_range: bool) -> np.ndarray:  # noqa: A002
    _args_checks(min, max, num_bits)
    return _fake_quant(x, min, max, *_quant_range(num_bits, narrow_range), divide=False)


def _args_grad_kernel(g: np.ndarray, x: np.ndarray, min: float, max: float, num_bits: int,  # noqa: A002
                      narrow_range: bool) -> np.ndarray:
    _args_checks(min, max, num_bits)
    inside, _, _ = _inside(x, min, max, *_quant_range(num_bits, narrow_range))
    return g * inside.astype(_F)


def _scalar_check(name: str, t: np.ndarray) -> None:
    if t.ndim != 0:
        raise KernelError(errors.InvalidArgumentError, f"`{name}` must be rank 0 but is rank {t.ndim}")


def _vars_kernel(x: np.ndarray, mn: np.ndarray, mx: np.ndarray, num_bits: int, narrow_range: bool) -> np.ndarray:
    _check_num_bits(num_bits)
    _scalar_check("min", mn)
    _scalar_check("max", mx)
    if mn == 0 and mx == 0:
        return np.zeros_like(x)
    return _fake_quant(x, mn[()], mx[()], *_quant_range(num_bits, narrow_range), divide=True)


def _vars_grad_parts(g: np.ndarray, x: np.ndarray, mn: Any, mx: Any, qmin: int, qmax: int) -> tuple:
    if mn == 0 and mx == 0:
        return g.copy(), _F(0), _F(0)
    inside, below, above = _inside(x, mn, mx, qmin, qmax)
    flat = (-1,)
    return (g * inside.astype(_F), reduce_sum((g * below.astype(_F)).reshape(flat), (0,)),
            reduce_sum((g * above.astype(_F)).reshape(flat), (0,)))


def _vars_grad_kernel(g: np.ndarray, x: np.ndarray, mn: np.ndarray, mx: np.ndarray, num_bits: int,
                      narrow_range: bool) -> tuple:
    _check_num_bits(num_bits)
    _scalar_check("min", mn)
    _scalar_check("max", mx)
    dx, dmin, dmax = _vars_grad_parts(g, x, mn[()], mx[()], *_quant_range(num_bits, narrow_range))
    return dx, np.asarray(dmin, _F), np.asarray(dmax, _F)


def _channel_checks(x: np.ndarray, mn: np.ndarray, mx: np.ndarray, num_bits: int) -> None:
    _check_num_bits(num_bits)
    depth = x.shape[-1] if x.ndim else 0
    for name, t in (("min", mn), ("max", mx)):
        if t.ndim != 1 or t.shape[0] != depth:
            raise KernelError(errors.InvalidArgumentError,
                              f"{name} has incorrect size, expected {depth} was {t.shape[0] if t.ndim else 0}")


def _per_channel_kernel(x: np.ndarray, mn: np.ndarray, mx: np.ndarray, num_bits: int,
                        narrow_range: bool) -> np.ndarray:
    _channel_checks(x, mn, mx, num_bits)
    qmin, qmax = _quant_range(num_bits, narrow_range)
    out = np.empty_like(x)
    for i in range(mn.shape[0]):
        if mn[i] == 0 and mx[i] == 0:
            out[..., i] = 0
        else:
            out[..., i] = _fake_quant(x[..., i], mn[i], mx[i], qmin, qmax, divide=False)
    return out


def _per_channel_grad_kernel(g: np.ndarray, x: np.ndarray, mn: np.ndarray, mx: np.ndarray, num_bits: int,
                             narrow_range: bool) -> tuple:
    _channel_checks(x, mn, mx, num_bits)
    qmin, qmax = _quant_range(num_bits, narrow_range)
    dx, dmin, dmax = np.empty_like(x), np.empty(mn.shape, _F), np.empty(mn.shape, _F)
    for i in range(mn.shape[0]):
        dx[..., i], dmin[i], dmax[i] = _vars_grad_parts(g[..., i], x[..., i], mn[i], mx[i], qmin, qmax)
    return dx, dmin, dmax


FakeQuantWithMinMaxArgs = defop("FakeQuantWithMinMaxArgs", _args_kernel)
FakeQuantWithMinMaxArgsGradient = defop("FakeQuantWithMinMaxArgsGradient", _args_grad_kernel)
FakeQuantWithMinMaxVars = defop("FakeQuantWithMinMaxVars", _vars_kernel)
FakeQuantWithMinMaxVarsGradient = defop("FakeQuantWithMinMaxVarsGradient", _vars_grad_kernel, multi_output=True)
FakeQuantWithMinMaxVarsPerChannel = defop("FakeQuantWithMinMaxVarsPerChannel", _per_channel_kernel)
FakeQuantWithMinMaxVarsPerChannelGradient = defop("FakeQuantWithMinMaxVarsPerChannelGradient",
                                                  _per_channel_grad_kernel, multi_output=True)


@FakeQuantWithMinMaxArgs.gradient
def _fake_quant_args_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad where the input is inside the nudged range, else 0."""
    return FakeQuantWithMinMaxArgsGradient(grad, op.inputs[0], **op.attrs)


@FakeQuantWithMinMaxVars.gradient
def _fake_quant_vars_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad inside the nudged range for the input; the sums of grad below/above it for min/max."""
    return FakeQuantWithMinMaxVarsGradient(grad, *op.inputs, **op.attrs)


@FakeQuantWithMinMaxVarsPerChannel.gradient
def _fake_quant_per_channel_grad(op: Any, grad: Tensor) -> tuple:
    """Returns the per-channel FakeQuantWithMinMaxVarsGradient."""
    return FakeQuantWithMinMaxVarsPerChannelGradient(grad, *op.inputs, **op.attrs)


def _fast_input(op: Any, index: int, x: Any) -> Tensor:
    """An input of TF's eager fast path: a tensor must already be float32 (else TF's InvalidArgumentError), a
    Python value converts to float32."""
    dtype = getattr(x, "dtype", None)
    if isinstance(dtype, dtypes.DType) and dtype is not dtypes.float32:
        raise dtype_mismatch(op.name, index, dtypes.float32, dtype)
    return convert_to_tensor(x, dtypes.float32)


def _attrs(num_bits: Any, narrow_range: Any) -> dict:
    return {"num_bits": make_int(num_bits, "num_bits"), "narrow_range": make_bool(narrow_range, "narrow_range")}


def _run_args_op(op: Any, inputs: tuple, min: Any, max: Any, num_bits: Any, narrow_range: Any) -> Tensor:  # noqa: A002
    """The Args ops: float attrs min and max. TF's fast path takes only Python floats for them; with an int
    (the defaults -6 and 6 are ints) the call takes the slow path, which converts inputs with convert_to_tensor
    (ValueError for a float64 tensor) and reports kernel errors without ` name: `."""
    attrs = {"min": make_float(min, "min"), "max": make_float(max, "max"), **_attrs(num_bits, narrow_range)}
    if isinstance(min, float) and isinstance(max, float):
        return run_op(op, inputs, *[_fast_input(op, i, x) for i, x in enumerate(inputs)], **attrs)
    return run_op(op, inputs + ([],), *[convert_to_tensor(x, dtypes.float32) for x in inputs], **attrs)


def _run_vars_op(op: Any, inputs: tuple, num_bits: Any, narrow_range: Any) -> Any:
    return run_op(op, inputs, *[_fast_input(op, i, x) for i, x in enumerate(inputs)],
                  **_attrs(num_bits, narrow_range))


@tf_export("quantization.fake_quant_with_min_max_args")
def fake_quant_with_min_max_args(inputs: Any, min: float = -6, max: float = 6, num_bits: int = 8,  # noqa: A002
                                 narrow_range: bool = False, name: Any = None) -> Tensor:
    """TF: fake-quantizes float32 `inputs` to [min, max] (Python floats), nudged so that 0.0 is a level."""
    return _run_args_op(FakeQuantWithMinMaxArgs, (inputs,), min, max, num_bits, narrow_range)


@tf_export("quantization.fake_quant_with_min_max_args_gradient")
def fake_quant_with_min_max_args_gradient(gradients: Any, inputs: Any, min: float = -6,  # noqa: A002
                                          max: float = 6, num_bits: int = 8,  # noqa: A002
                                          narrow_range: bool = False, name: Any = None) -> Tensor:
    """TF: the gradient op of fake_quant_with_min_max_args: `gradients` where `inputs` is in range, else 0."""
    return _run_args_op(FakeQuantWithMinMaxArgsGradient, (gradients, inputs), min, max, num_bits, narrow_range)


@tf_export("quantization.fake_quant_with_min_max_vars")
def fake_quant_with_min_max_vars(inputs: Any, min: Any, max: Any, num_bits: int = 8,  # noqa: A002
                                 narrow_range: bool = False, name: Any = None) -> Tensor:
    """TF: fake_quant_with_min_max_args with min and max as float32 scalar tensors (differentiable)."""
    return _run_vars_op(FakeQuantWithMinMaxVars, (inputs, min, max), num_bits, narrow_range)


@tf_export("quantization.fake_quant_with_min_max_vars_gradient")
def fake_quant_with_min_max_vars_gradient(gradients: Any, inputs: Any, min: Any, max: Any,  # noqa: A002
                                          num_bits: int = 8, narrow_range: bool = False, name: Any = None) -> Any:
    """TF: the gradient op of fake_quant_with_min_max_vars: (backprops_wrt_input, backprop_wrt_min,
    backprop_wrt_max)."""
    return _VarsGradient(*_run_vars_op(FakeQuantWithMinMaxVarsGradient, (gradients, inputs, min, max), num_bits,
                                       narrow_range))


@tf_export("quantization.fake_quant_with_min_max_vars_per_channel")
def fake_quant_with_min_max_vars_per_channel(inputs: Any, min: Any, max: Any, num_bits: int = 8,  # noqa: A002
                                             narrow_range: bool = False, name: Any = None) -> Tensor:
    """TF: fake_quant_with_min_max_vars with one [min, max] per channel (the last dimension)."""
    return _run_vars_op(FakeQuantWithMinMaxVarsPerChannel, (inputs, min, max), num_bits, narrow_range)


@tf_export("quantization.fake_quant_with_min_max_vars_per_channel_gradient")
def fake_quant_with_min_max_vars_per_channel_gradient(gradients: Any, inputs: Any, min: Any, max: Any,  # noqa: A002
                                                      num_bits: int = 8, narrow_range: bool = False,
                                                      name: Any = None) -> Any:
    """TF: the gradient op of fake_quant_with_min_max_vars_per_channel."""
    return _PerChannelGradient(*_run_vars_op(FakeQuantWithMinMaxVarsPerChannelGradient,
                                             (gradients, inputs, min, max), num_bits, narrow_range))


def _namedtuple(name: str) -> Any:
    import collections

    return collections.namedtuple(name, ["backprops_wrt_input", "backprop_wrt_min", "backprop_wrt_max"])


# TF's generated wrappers return these namedtuples
_VarsGradient = _namedtuple("FakeQuantWithMinMaxVarsGradient")
_PerChannelGradient = _namedtuple("FakeQuantWithMinMaxVarsPerChannelGradient")
