"""Neural-network ops: activations, softmax, losses, conv and pooling (TF: ops/nn_ops.py, nn_impl.py, nn_grad.py).

Elementwise kernels use tfshim.kernels.eigen_math (bit-exact to TF's Eigen CPU kernels), softmax and the
cross entropies tfshim.kernels.eigen_softmax (bit-exact, incl. float32 Softmax's oneDNN kernel). Conv and
pooling run oneDNN kernels in TF; tfshim's NumPy versions can differ from them in the last bit of float32.
"""

from __future__ import annotations

import collections
import numbers
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.kernels import eigen_math, eigen_softmax, native
from tfshim.ops import array_ops, math_ops
from tfshim.ops.array_ops import _dims, kernel_error
from tfshim.ops.op import KernelError, defop, gradient_uses, op_def, raise_op_error, tf_export
from tfshim.util import dispatch


def _scalar(v: Any, like: Tensor) -> Tensor:
    return _wrap_as(np.asarray(v, dtype=like._value.dtype), like._dtype)


def _unary(op: Any, x: Any, **attrs: Any) -> Tensor:
    return array_ops.run_op(op, (x,), convert_to_tensor(x), check=True, **attrs)


def _float_kernel(fn: Any) -> Any:
    def kernel(x: np.ndarray, **_: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(x)

    return kernel


# ===== activations ==============================================================================

def _relu_kernel(x: np.ndarray) -> np.ndarray:
    """TF: features.cwiseMax<PropagateNaN>(0), measured bit for bit.  float/double packets (all but the last
    n % 8 resp. n % 4 elements) are max_ps(x, 0) with NaN kept: -0 -> +0.  The scalar tail is std::max(x, 0)
    and half runs scalar-like everywhere: -0 stays -0.  NaN passes through with its bits."""
    if x.dtype.kind != "f":
        return np.maximum(x, np.zeros((), x.dtype))
    zero = np.zeros((), x.dtype)
    if x.dtype == np.float16:
        return np.where(x < 0, zero, x)
    # The tail loop is compiled as two-lane vectors after one peeled scalar when its length is odd: the
    # vectors read subnormals as zeros (DAZ), the peeled element keeps x's bits. Measured on TF 2.21.
    if x.dtype == np.float32 and native.AVAILABLE and x.size >= 8:  # the packets by the compiled twin
        flat = np.ascontiguousarray(x).reshape(-1)
        n = flat.size
        k = n - n % 8
        out = np.empty(n, x.dtype)
        native.lib.relu_f32(flat[:k], out[:k])
        if k < n:
            out[k:] = np.where(flat[k:] < 0, zero, math_ops.daz(flat[k:]))
    else:
        out = np.where(x < 0, zero, math_ops.daz(x)).reshape(-1)
        n = out.size
        k = n - n % math_ops._PACKET[x.dtype]
        out[:k][out[:k] == 0] = zero  # max_ps(-0, 0) = +0
    if (n - k) % 2:
        out[k] = zero if x.flat[k] < 0 else x.flat[k]
    return out.reshape(x.shape)


Relu = defop("Relu", _relu_kernel)
ReluGrad = defop("ReluGrad", lambda g, y: g * (y > 0).astype(g.dtype))


@Relu.gradient
def _relu_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (y > 0) (TF: ReluGrad)."""
    return ReluGrad(grad, op.outputs[0])


gradient_uses(Relu, outputs=(0,))


@ReluGrad.gradient
def _relu_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (relu_grad(grad, x), zeros)."""
    x = op.inputs[1]
    return ReluGrad(grad, x), array_ops.zeros_like(x)


@tf_export("nn.relu")
def relu(features: Any, name: Any = None) -> Tensor:
    """TF: tf.nn.relu (Relu)."""
    return _unary(Relu, features)


def _relu6_kernel(x: np.ndarray) -> np.ndarray:
    """TF: features.cwiseMax(0).cwiseMin(6). Packets as NumPy's maximum/minimum; the scalar tail is
    two compare-and-selects that keep x's bits (-0 and subnormals pass through)."""
    zero, six = np.zeros((), x.dtype), x.dtype.type(6)
    packet = np.minimum(np.maximum(x, zero), six)
    if x.dtype.kind != "f" or x.dtype == np.float16:
        return packet
    tail = np.where(x < zero, zero, np.where(six < x, six, x))
    return np.where(math_ops._packet_mask(x.shape, x.dtype), packet, tail)


Relu6 = defop("Relu6", _float_kernel(_relu6_kernel))
Relu6Grad = defop("Relu6Grad", lambda g, x: g * ((x > 0) & (x < 6)).astype(g.dtype))


@Relu6.gradient
def _relu6_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (0 < y < 6) (TF: Relu6Grad of the output)."""
    return Relu6Grad(grad, op.outputs[0])


@Relu6Grad.gradient
def _relu6_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (relu6_grad(grad, x), zeros)."""
    x = op.inputs[1]
    return Relu6Grad(grad, x), array_ops.zeros_like(x)


@tf_export("nn.relu6")
def relu6(features: Any, name: Any = None) -> Tensor:
    """TF: tf.nn.relu6 (Relu6)."""
    return _unary(Relu6, features)


def _alpha(alpha: float, dtype: np.dtype) -> Any:
    """The float attr `alpha` as TF's kernel sees it: a float32 cast to T (0.2 is 0.20000000298023224 in double)."""
    with np.errstate(all="ignore"):
        return np.float32(alpha).astype(dtype)


LeakyRelu = defop("LeakyRelu", lambda x, alpha: np.where(x > 0, x, x * _alpha(alpha, x.dtype)))
LeakyReluGrad = defop("LeakyReluGrad", lambda g, x, alpha: np.where(x > 0, g, g * _alpha(alpha, g.dtype)))


@LeakyRelu.gradient
def _leaky_relu_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad where x > 0, else alpha * grad."""
    return LeakyReluGrad(grad, op.inputs[0], alpha=op.get_attr("alpha"))


@LeakyReluGrad.gradient
def _leaky_relu_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (leaky_relu_grad(grad, x), zeros)."""
    x = op.inputs[1]
    return LeakyReluGrad(grad, x, alpha=op.get_attr("alpha")), array_ops.zeros_like(x)


@tf_export("nn.leaky_relu")
def leaky_relu(features: Any, alpha: float = 0.2, name: Any = None) -> Tensor:
    """TF: tf.nn.leaky_relu (LeakyRelu); integer inputs are cast to float32 first, as in TF."""
    x = convert_to_tensor(features)
    if x._dtype.is_integer:
        x = math_ops.cast(x, dtypes.float32)
    if isinstance(alpha, np.ndarray):
        alpha = alpha.item()
    from tfshim.ops.eager_attrs import op_attrs

    attrs = op_attrs("leaky_relu", (x,), ("float", "alpha", alpha, 0.2))
    try:
        LeakyRelu.check(x)
    except errors.OpError as e:
        raise attrs.as_called(e) from None
    return LeakyRelu(x, alpha=attrs[0])


Elu = defop("Elu", _float_kernel(eigen_math.elu))
EluGrad = defop("EluGrad", lambda g, y: np.where(y < 0, (y + y.dtype.type(1)) * g, g))


@Elu.gradient
def _elu_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (y + 1) where y < 0, else grad (TF: EluGrad)."""
    return EluGrad(grad, op.outputs[0])


@EluGrad.gradient
def _elu_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (elu_grad(grad, y), where(y < 0, grad * dy, 0))."""
    elu_x = op.inputs[1]
    return EluGrad(grad, elu_x), array_ops.where(math_ops.less(elu_x, _scalar(0, elu_x)),
                                                 math_ops.multiply(grad, op.inputs[0]), array_ops.zeros_like(elu_x))


@tf_export("nn.elu")
def elu(features: Any, name: Any = None) -> Tensor:
    """TF: tf.nn.elu (Elu): exp(x) - 1 for x < 0 (not expm1, as TF)."""
    return _unary(Elu, features)


_SELU_SCALE = 1.0507009873554804934193349852946
_SELU_SCALE_ALPHA = 1.7580993408473768599402175208123

Selu = defop("Selu", _float_kernel(eigen_math.selu))
SeluGrad = defop("SeluGrad", lambda g, y: np.where(y < 0, g * (y + y.dtype.type(_SELU_SCALE_ALPHA)),
                                                   g * g.dtype.type(_SELU_SCALE)))


@Selu.gradient
def _selu_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (y + scale * alpha) where y < 0, else grad * scale (TF: SeluGrad)."""
    return SeluGrad(grad, op.outputs[0])


@SeluGrad.gradient
def _selu_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (selu_grad(grad, y), where(y < 0, grad * dy, 0))."""
    selu_x = op.inputs[1]
    return SeluGrad(grad, selu_x), array_ops.where(math_ops.less(selu_x, _scalar(0, selu_x)),
                                                   math_ops.multiply(grad, op.inputs[0]),
                                                   array_ops.zeros_like(selu_x))


@tf_export("nn.selu")
def selu(features: Any, name: Any = None) -> Tensor:
    """TF: tf.nn.selu (Selu)."""
    return _unary(Selu, features)


Softplus = defop("Softplus", _float_kernel(eigen_math.softplus))


@Softplus.gradient
def _softplus_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * sigmoid(x)."""
    return math_ops.multiply(grad, math_ops.sigmoid(op.inputs[0]))


@tf_export("math.softplus", "nn.softplus")
def softplus(features: Any, name: Any = None) -> Tensor:
    """TF: tf.math.softplus (Softplus)."""
    return _unary(Softplus, features)


def _softsign(x: np.ndarray) -> np.ndarray:
    return x / (np.abs(x) + x.dtype.type(1))


Softsign = defop("Softsign", _float_kernel(_softsign))
SoftsignGrad = defop("SoftsignGrad", lambda g, x: g / np.square(np.abs(x) + x.dtype.type(1)))  # TF: no gradient


@Softsign.gradient
def _softsign_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad / (1 + |x|)^2 (TF: SoftsignGrad, which has no gradient itself)."""
    return SoftsignGrad(grad, op.inputs[0])


@tf_export("math.softsign", "nn.softsign")
def softsign(features: Any, name: Any = None) -> Tensor:
    """TF: tf.math.softsign (Softsign)."""
    return _unary(Softsign, features)


def _swish_kernel(x: np.ndarray, beta: np.ndarray) -> Any:
    with np.errstate(all="ignore"):
        return x * eigen_math.sigmoid(beta * x)


Swish = defop("Swish", _swish_kernel)  # TF: a @custom_gradient function; the op name is tfshim's


@Swish.gradient
def _swish_grad(op: Any, dy: Tensor) -> tuple:
    """Returns (dy * s * (1 + beta*x * (1 - s)), sum(dy * x^2 * s * (1 - s))), s = sigmoid(beta * x)."""
    features, beta = op.inputs
    one = _scalar(1, features)
    bx = math_ops.multiply(beta, features)
    s = math_ops.sigmoid(bx)
    activation_grad = math_ops.multiply(s, math_ops.add(one, math_ops.multiply(bx, math_ops.subtract(one, s))))
    beta_grad = math_ops.reduce_sum(math_ops.multiply(math_ops.multiply(math_ops.multiply(
        dy, math_ops.square(features)), s), math_ops.subtract(one, s)))
    return math_ops.multiply(dy, activation_grad), beta_grad


@tf_export("nn.silu", "nn.swish")
def silu(features: Any, beta: Any = 1.0, **kwargs: Any) -> Tensor:
    """TF: tf.nn.silu: x * sigmoid(beta * x) with TF's custom gradient (for x and beta). TF's signature has no
    `name` (its dispatch wrapper rejects any other keyword)."""
    if kwargs:
        raise TypeError("Got an unexpected keyword argument '%s'" % next(iter(kwargs)))
    x = convert_to_tensor(features)
    b = math_ops.cast(convert_to_tensor(beta), x._dtype)
    math_ops.Mul.check(b, x)
    math_ops.Sigmoid.check(x)
    return Swish(x, b)


swish = silu


@tf_export("nn.gelu")
def gelu(features: Any, approximate: bool = False, name: Any = None) -> Tensor:
    """TF: tf.nn.gelu: 0.5x(1 + erf(x/sqrt2)), or the tanh approximation; composed of math ops as in TF."""
    x = convert_to_tensor(features)
    if not x._dtype.is_floating:
        raise ValueError(f"`features.dtype` must be a floating point tensor.Received:features.dtype={x._dtype}")
    half = _scalar(0.5, x)
    one = _scalar(1.0, x)
    if approximate:
        coeff = math_ops.cast(0.044715, x._dtype)
        inner = math_ops.multiply(_scalar(0.7978845608028654, x),
                                  math_ops.add(x, math_ops.multiply(coeff, math_ops.pow(x, _scalar(3, x)))))
        return math_ops.multiply(math_ops.multiply(half, x), math_ops.add(one, math_ops.tanh(inner)))
    arg = math_ops.multiply(math_ops.negative(x), math_ops.cast(0.7071067811865476, x._dtype))
    return math_ops.multiply(math_ops.multiply(half, x), math_ops.erfc(arg))  # TF: 0.5x * erfc(-x / sqrt2)


# ===== softmax ====================================================================================


def _softmax_kernel(x: np.ndarray) -> Any:
    if x.dtype == np.float32 and not 1 <= x.ndim <= 5:  # _MklSoftmax's limit; Eigen takes any rank
        raise KernelError(errors.AbortedError, "Input dims must be <= 5 and >=1")
    return _log_softmax_kernel(x, eigen_softmax.softmax)


def _log_softmax_kernel(x: np.ndarray, fn: Any = eigen_softmax.log_softmax) -> Any:
    if x.ndim < 1:
        raise KernelError(errors.InvalidArgumentError, f"logits must have >= 1 dimension, got {_dims(x.shape)}")
    return fn(x.reshape(x.size // max(x.shape[-1], 1), x.shape[-1])).reshape(x.shape)  # flat_inner_dims


Softmax = defop("Softmax", _softmax_kernel)
LogSoftmax = defop("LogSoftmax", _log_softmax_kernel)


@Softmax.gradient
def _softmax_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns (grad - sum(grad * y, -1)) * y."""
    y = op.outputs[0]
    s = math_ops.reduce_sum(math_ops.multiply(grad, y), -1, keepdims=True)
    return math_ops.multiply(math_ops.subtract(grad, s), y)


@LogSoftmax.gradient
def _log_softmax_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad - sum(grad, -1) * exp(y)."""
    softmax = math_ops.exp(op.outputs[0])
    return math_ops.subtract(grad, math_ops.multiply(math_ops.reduce_sum(grad, -1, keepdims=True), softmax))


def _swap_axis(x: Tensor, dim: int, last: int) -> Tensor:
    perm = list(range(x._value.ndim))
    perm[dim], perm[last] = perm[last], perm[dim]
    return array_ops.transpose(x, perm)


def _wrap_2d(op: Any, logits: Any, axis: Any) -> Tensor:
    x = convert_to_tensor(logits)
    if axis is None:
        axis = -1
    dim = axis._value if hasattr(axis, "_value") else axis  # TF compares the Python value (1.5 is out of range)
    nd = x._value.ndim
    if dim == -1 or dim == nd - 1:
        return array_ops.run_op(op, (logits,), x, check=True)
    if not -nd <= dim < nd:
        raise errors.InvalidArgumentError(None, None, f"`dim` must be in the range [{-nd}, {nd}) where {nd} is the "
                                          f"number of dimensions in the input. Received: dim={dim}")
    if isinstance(axis, Tensor):  # TF: where(dim < 0, dim + rank(x), dim): a float dim fails in that AddV2
        _ = axis + array_ops.rank(x)
    axis = array_ops._axis_int(axis) % nd
    op.check(x)
    return _swap_axis(op(_swap_axis(x, axis, nd - 1)), axis, nd - 1)


@tf_export("math.softmax", "nn.softmax")
def softmax(logits: Any, axis: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.softmax (Softmax); other axes are swapped to the end and back, as in TF."""
    return _wrap_2d(Softmax, logits, axis)


@tf_export("math.log_softmax", "nn.log_softmax")
def log_softmax(logits: Any, axis: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.log_softmax (LogSoftmax)."""
    return _wrap_2d(LogSoftmax, logits, axis)


@tf_export("math.l2_normalize", "linalg.l2_normalize", "nn.l2_normalize")
def l2_normalize(x: Any, axis: Any = None, epsilon: float = 1e-12, name: Any = None, dim: Any = None) -> Tensor:
    """TF: tf.math.l2_normalize: x * rsqrt(max(sum(x^2), epsilon))."""
    if dim is not None:
        axis = dim
    x = convert_to_tensor(x)
    if x.dtype.is_complex:  # TF: the real and imaginary parts scaled by the norm of |x|
        re, im = math_ops.real(x), math_ops.imag(x)
        square_sum = math_ops.real(math_ops.reduce_sum(math_ops.square(re) + math_ops.square(im), axis, keepdims=True))
        x_inv_norm = math_ops.rsqrt(math_ops.maximum(square_sum, epsilon))
        return math_ops.complex(math_ops.multiply(re, x_inv_norm), math_ops.multiply(im, x_inv_norm))
    square_sum = math_ops.reduce_sum(math_ops.square(x), axis, keepdims=True)
    x_inv_norm = math_ops.rsqrt(math_ops.maximum(square_sum, epsilon))
    return math_ops.multiply(x, x_inv_norm)


# ===== dropout ======================================================================================



@tf_export("nn.dropout")
def dropout(x: Any, rate: Any, noise_shape: Any = None, seed: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.dropout: x / (1 - rate) where uniform >= rate, else 0.

    The mask comes from `tf.random.uniform(noise_shape, dtype=x.dtype, seed=seed)`, as in TF's
    nn_ops.dropout_v2, so it is TF's Philox stream bit for bit (after `tf.random.set_seed`).
    """
    from tfshim.ops import random_ops

    is_rate_number = isinstance(rate, numbers.Real)
    if is_rate_number and (rate < 0 or rate >= 1):
        raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}")
    x = convert_to_tensor(x)
    if not x._dtype.is_floating:
        raise ValueError("`x.dtype` must be a floating point tensor as `x` will be scaled. "
                         f"Received: x_dtype={x._dtype}")
    if is_rate_number and rate == 0:
        random_ops.get_seed(seed)  # TF draws the op seed even when it returns x unchanged
        return x
    if is_rate_number:
        ret = math_ops.multiply(x, convert_to_tensor(1 / (1 - rate), dtype=x._dtype))
        rate_t = convert_to_tensor(rate, dtype=x._dtype)
    elif not hasattr(rate, "_dtype"):  # TF: not tensor_util.is_tf_type(rate)
        raise ValueError(f"`rate` must be a scalar or scalar tensor. Received: rate={rate}")
    else:
        rate.shape.assert_has_rank(0)
        if rate._dtype is not x._dtype:
            raise ValueError(f"`x.dtype` must be compatible with `rate.dtype`. Received: x.dtype={x._dtype} and "
                             f"rate.dtype={rate._dtype}")
        rate_t = rate.value() if hasattr(rate, "assign") else rate
        ret = math_ops.realdiv(x, math_ops.subtract(_scalar(1, x), rate_t))
    if noise_shape is None:
        noise_shape = array_ops.shape(x)  # an int32 tensor, as TF passes it (it keys the kernel cache)
    else:
        dims = noise_shape if isinstance(noise_shape, list) else array_ops._int_list(noise_shape)
        noise_shape = [x._value.shape[i] if d is None else int(d) for i, d in enumerate(dims)]
    random_tensor = random_ops.random_uniform(noise_shape, dtype=x._dtype, seed=seed)
    keep_mask = math_ops.greater_equal(random_tensor, rate_t)
    return array_ops.where(keep_mask, ret, _scalar(0, x))


# ===== cross entropies ================================================================================


def _xent_kernel(logits: np.ndarray, labels: np.ndarray) -> Any:
    if logits.ndim != 2 or labels.ndim != 2 or logits.shape != labels.shape:
        try:
            np.broadcast_shapes(logits.shape, labels.shape)
            ok = logits.ndim == 2 and labels.ndim == 2
        except ValueError:
            ok = False
        if not ok:
            raise KernelError(errors.InvalidArgumentError, f"logits and labels must be broadcastable: "
                f"logits_size={_dims(logits.shape)} "
                              f"labels_size={_dims(labels.shape)}")
        logits, labels = np.broadcast_arrays(logits, labels)
    return eigen_softmax.softmax_xent(logits, labels)


SoftmaxCrossEntropyWithLogits = defop("SoftmaxCrossEntropyWithLogits", _xent_kernel, multi_output=True)


def _broadcast_mul(vec: Tensor, mat: Tensor) -> Tensor:
    return math_ops.multiply(array_ops.expand_dims(vec, -1), mat)


@SoftmaxCrossEntropyWithLogits.gradient
def _xent_grad(op: Any, grad_loss: Tensor, grad_grad: Tensor) -> tuple:
    """Returns (grad_loss * (softmax - labels) [+ second-order term], grad_loss * -log_softmax(logits))."""
    softmax_grad = op.outputs[1]
    grad = _broadcast_mul(grad_loss, softmax_grad)
    logits = op.inputs[0]
    if grad_grad is not None and np.any(grad_grad._value):  # TF skips a zeros grad_grad
        grad = math_ops.add(grad, _xent_second_order(logits, grad_grad))
    return grad, _broadcast_mul(grad_loss, math_ops.negative(LogSoftmax(logits)))


def _xent_second_order(logits: Tensor, grad_grad: Tensor) -> Tensor:
    """(grad_grad - grad_grad . softmax) * softmax: the gradient through the op's backprop output."""
    sm = Softmax(logits)
    inner = array_ops.squeeze(matmul_(array_ops.expand_dims(grad_grad, 1), array_ops.expand_dims(sm, 2)), axis=1)
    return math_ops.multiply(math_ops.subtract(grad_grad, inner), sm)


def matmul_(a: Tensor, b: Tensor) -> Tensor:
    from tfshim.ops.linalg_ops import matmul

    return matmul(a, b)


def _flatten_outer_dims(x: Tensor) -> Tensor:
    return array_ops.reshape(x, [-1, x._value.shape[-1]]) if x._value.ndim != 2 else x


def _move_dim_to_end(x: Tensor, dim: int) -> Tensor:
    nd = x._value.ndim
    perm = list(range(dim)) + list(range(dim + 1, nd)) + [dim]
    return array_ops.transpose(x, perm)


@tf_export("nn.softmax_cross_entropy_with_logits")
def softmax_cross_entropy_with_logits(labels: Any, logits: Any, axis: int = -1, name: Any = None) -> Tensor:
    """TF: tf.nn.softmax_cross_entropy_with_logits (SoftmaxCrossEntropyWithLogits); labels get the logits' dtype."""
    logits = convert_to_tensor(logits)  # TF converts logits first
    labels = convert_to_tensor(labels)
    precise = math_ops.cast(logits, dtypes.float32) if logits._dtype in (dtypes.float16, dtypes.bfloat16) else logits
    labels = math_ops.cast(labels, precise._dtype)  # before the op's dtype check (a Cast to string fails first)
    SoftmaxCrossEntropyWithLogits.check(logits)
    nd = precise._value.ndim
    if nd == 0:  # TF flattens the outer dimensions first: slicing the empty shape fails (its text, as TF's)
        array_ops.slice(array_ops.shape(precise), [nd - 1], [1])
    if axis != -1 and axis != nd - 1:
        ax = axis % nd
        precise = _move_dim_to_end(precise, ax)
        labels = _move_dim_to_end(labels, ax)
    shape = precise._value.shape
    loss, _ = SoftmaxCrossEntropyWithLogits(_flatten_outer_dims(precise), _flatten_outer_dims(labels))
    if nd != 2:
        loss = array_ops.reshape(loss, list(shape[:-1]))
    if logits._dtype in (dtypes.float16, dtypes.bfloat16):
        loss = math_ops.cast(loss, logits._dtype)
    return loss


def _sparse_xent_kernel(logits: np.ndarray, labels: np.ndarray) -> Any:
    n = logits.shape[-1]
    if n == 0:
        raise KernelError(errors.InvalidArgumentError, "Must have at least one class, but got logits shape "
                          f"{_dims(logits.shape)}")
    bad = np.flatnonzero((labels < 0) | (labels >= n))
    if bad.size:
        raise KernelError(errors.InvalidArgumentError, "Received a label value of %d which is outside the valid range "
                          "of [0, %d).  Label values: %s" % (labels.reshape(-1)[bad[0]], n,
                                                             " ".join(str(v) for v in labels.reshape(-1))))
    return eigen_softmax.sparse_softmax_xent(logits, labels)


SparseSoftmaxCrossEntropyWithLogits = defop("SparseSoftmaxCrossEntropyWithLogits", _sparse_xent_kernel,
                                            multi_output=True)

@SparseSoftmaxCrossEntropyWithLogits.gradient
def _sparse_xent_grad(op: Any, grad_loss: Tensor, grad_grad: Tensor) -> tuple:
    """Returns (grad_loss * (softmax - onehot(labels)) [+ second-order term], None)."""
    grad = _broadcast_mul(grad_loss, op.outputs[1])
    if grad_grad is not None and np.any(grad_grad._value):
        grad = math_ops.add(grad, _xent_second_order(op.inputs[0], grad_grad))
    return grad, None


@tf_export("nn.sparse_softmax_cross_entropy_with_logits")
def sparse_softmax_cross_entropy_with_logits(labels: Any = None, logits: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.sparse_softmax_cross_entropy_with_logits (SparseSoftmaxCrossEntropyWithLogits)."""
    if labels is None or logits is None:  # TF's dispatch wrapper: both are required in TF 2
        raise TypeError("Missing required positional argument")
    labels = convert_to_tensor(labels)
    logits = convert_to_tensor(logits)
    precise = math_ops.cast(logits, dtypes.float32) if logits._dtype in (dtypes.float16, dtypes.bfloat16) else logits
    lr, gr = labels._value.ndim, precise._value.ndim
    if gr == 0:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits}`")
    if lr != gr - 1:
        raise ValueError("`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
                         f"labels.shape={labels.shape} of rank {lr} and logits.shape={logits.shape} of rank {gr}")
    if labels._value.shape != precise._value.shape[:-1]:
        raise ValueError("`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
                         f"labels.shape={labels.shape} and logits.shape={logits.shape}")
    SparseSoftmaxCrossEntropyWithLogits.check(precise)
    from tfshim.ops.op import check_attr

    check_attr("SparseSoftmaxCrossEntropyWithLogits", labels, "Tlabels")
    if gr == 2:
        loss, _ = SparseSoftmaxCrossEntropyWithLogits(precise, labels)
    else:
        n = precise._value.shape[-1]
        loss, _ = SparseSoftmaxCrossEntropyWithLogits(array_ops.reshape(precise, [-1, n]),
                                                      array_ops.reshape(labels, [-1]))
        loss = array_ops.reshape(loss, list(labels._value.shape))
    if logits._dtype in (dtypes.float16, dtypes.bfloat16):
        loss = math_ops.cast(loss, logits._dtype)
    return loss


def _same_shape(labels: Tensor, logits: Tensor) -> None:
    try:
        labels.shape.assert_is_compatible_with(logits.shape)
    except ValueError:
        raise ValueError(f"`logits` and `labels` must have the same shape, received ({logits.shape} vs "
                         f"{labels.shape}).") from None


@tf_export("nn.sigmoid_cross_entropy_with_logits")
def sigmoid_cross_entropy_with_logits(labels: Any = None, logits: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.sigmoid_cross_entropy_with_logits: max(x, 0) - x * z + log1p(exp(-|x|))."""
    if labels is None or logits is None:  # TF: nn_ops._ensure_xent_args (its text has no space before Received)
        raise ValueError("Both `labels` and `logits` must be provided for sigmoid_cross_entropy_with_logits"
                         f"Received: labels={labels} and logits={logits}")
    logits = convert_to_tensor(logits)
    labels = convert_to_tensor(labels)
    _same_shape(labels, logits)
    zeros = array_ops.zeros_like(logits)
    cond = math_ops.greater_equal(logits, zeros)
    relu_logits = array_ops.where(cond, logits, zeros)
    neg_abs_logits = array_ops.where(cond, math_ops.negative(logits), logits)
    return math_ops.add(math_ops.subtract(relu_logits, math_ops.multiply(logits, labels)),
                        math_ops.log1p(math_ops.exp(neg_abs_logits)))


@tf_export("nn.weighted_cross_entropy_with_logits")
def weighted_cross_entropy_with_logits(labels: Any, logits: Any, pos_weight: Any, name: Any = None) -> Tensor:
    """TF: tf.nn.weighted_cross_entropy_with_logits: (1 - z) x + (1 + (q - 1) z)(log1p(exp(-|x|)) + relu(-x))."""
    logits = convert_to_tensor(logits)
    labels = convert_to_tensor(labels)
    _same_shape(labels, logits)
    one = _scalar(1, labels)
    log_weight = 1 + (pos_weight - 1) * labels  # as TF writes it: Python operators on pos_weight
    return math_ops.add(
        math_ops.multiply(math_ops.subtract(one, labels), logits),
        math_ops.multiply(log_weight, math_ops.add(
            math_ops.log1p(math_ops.exp(math_ops.negative(math_ops.abs(logits)))),
                                                   relu(math_ops.negative(logits)))))


@tf_export("nn.moments")
def moments(x: Any, axes: Any, shift: Any = None, keepdims: bool = False, name: Any = None) -> tuple:
    """TF: tf.nn.moments: mean and mean((x - stop_gradient(mean))^2), float16 computed in float32."""
    if not hasattr(x, "dtype"):  # TF reads x.dtype before converting x
        raise AttributeError(f"'{type(x).__name__}' object has no attribute 'dtype'")
    x = convert_to_tensor(x)
    y = math_ops.cast(x, dtypes.float32) if x._dtype is dtypes.float16 else x
    mean = math_ops.reduce_mean(y, axes, keepdims=True)
    variance = math_ops.reduce_mean(math_ops.squared_difference(y, array_ops.stop_gradient(mean)), axes,
                                    keepdims=True)
    if not keepdims:
        mean = array_ops.squeeze(mean, axes)
        variance = array_ops.squeeze(variance, axes)
    if x._dtype is dtypes.float16:
        return math_ops.cast(mean, dtypes.float16), math_ops.cast(variance, dtypes.float16)
    return mean, variance


# ===== bias_add ======================================================================================


def _bias_add_kernel(x: np.ndarray, b: np.ndarray) -> Any:
    if x.ndim < 2:
        raise KernelError(errors.InvalidArgumentError, f"Input tensor must be at least 2D: {_dims(x.shape)}")
    if b.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, f"Biases must be 1D: {_dims(b.shape)}")
    if b.shape[0] != x.shape[-1]:
        raise KernelError(errors.InvalidArgumentError, "Must provide as many biases as the last dimension of the "
                          f"input tensor: {_dims(b.shape)} vs. {_dims(x.shape)}")
    with np.errstate(all="ignore"):
        return x + b


BiasAdd = defop("BiasAdd", _bias_add_kernel)


def _bias_add_grad_kernel(g: np.ndarray) -> Any:
    with np.errstate(all="ignore"):
        return np.sum(g.reshape(-1, g.shape[-1]), axis=0, dtype=g.dtype)


BiasAddGrad = defop("BiasAddGrad", _bias_add_grad_kernel)


@BiasAdd.gradient
def _bias_add_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad, sum of grad over all but the last dimension)."""
    return grad, BiasAddGrad(grad)


@BiasAddGrad.gradient
def _bias_add_grad_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns tile(reshape(grad, [1, ..., 1, C]), [shape[:-1], 1])."""
    shape = op.inputs[0]._value.shape
    expanded = array_ops.reshape(grad, [1] * (len(shape) - 1) + [grad._value.shape[0]])
    return array_ops.tile(expanded, list(shape[:-1]) + [1])


@tf_export("nn.bias_add")
def bias_add(value: Any, bias: Any, data_format: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.bias_add (BiasAdd); NHWC (channels last) only."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.eager_attrs import op_attrs

    if data_format is not None:
        if data_format.startswith("NC"):
            data_format = "NCHW"
        elif data_format.startswith("N") and data_format.endswith("C"):
            data_format = "NHWC"
        else:
            raise ValueError("`data_format` must be of the form `N...C` or `NC...`. Received: data_format="
                             f"{data_format}")
    # in eager mode TF passes both to the generated op, whose inputs share T
    attrs = op_attrs("bias_add", (value, bias), ("str", "data_format", data_format, "NHWC"), matching=True)
    x, b = match_inputs([value, bias])
    try:
        BiasAdd.check(x, b)
    except errors.OpError as e:
        raise attrs.as_called(e) from None
    if attrs[0] != "NHWC":
        raise NotImplementedError("tfshim: bias_add supports channels-last data only")
    return BiasAdd(x, b)


# ===== convolution ===================================================================================


def _out_and_pad(n: int, k: int, s: int, d: int, padding: str) -> tuple:
    """TF's GetWindowedOutputSize: output size and the padding before (SAME pads the end more)."""
    ek = (k - 1) * d + 1
    if padding == "VALID":
        return max((n - ek + s) // s, 0), 0, 0
    out = -(-n // s)
    total = max((out - 1) * s + ek - n, 0)
    return out, total // 2, total - total // 2


def _windows(xp: np.ndarray, oh: int, ow: int, kh: int, kw: int, s: tuple, d: tuple) -> np.ndarray:
    """A strided view [N, OH, OW, KH, KW, C] of the padded input's windows."""
    n, _, _, c = xp.shape
    sn, sh, sw, sc = xp.strides
    return np.lib.stride_tricks.as_strided(xp, (n, oh, ow, kh, kw, c),
                                           (sn, sh * s[0], sw * s[1], sh * d[0], sw * d[1], sc), writeable=False)


def _conv_geometry(xshape: tuple, fshape: tuple, strides: tuple, dilations: tuple, padding: str) -> tuple:
    oh, pt, pb = _out_and_pad(xshape[1], fshape[0], strides[0], dilations[0], padding)
    ow, pl, pr = _out_and_pad(xshape[2], fshape[1], strides[1], dilations[1], padding)
    return oh, ow, ((0, 0), (pt, pb), (pl, pr), (0, 0))


def _conv_check(x: np.ndarray, f: np.ndarray) -> None:
    k = "__MklNativeConv2D"
    if x.ndim != 4:
        raise kernel_error(k, f"input must be 4-dimensional{_dims(x.shape)}")
    if f.ndim != 4:
        raise kernel_error(k, f"filter must be 4-dimensional: {_dims(f.shape)}")
    if x.shape[3] != f.shape[2]:
        if f.shape[2] and x.shape[3] % f.shape[2] == 0:
            raise NotImplementedError("tfshim: grouped convolution (input depth a multiple of filter depth)")
        raise kernel_error(k, "input depth must be evenly divisible by filter depth: %d vs %d"
                           % (x.shape[3], f.shape[2]))


def _conv2d_kernel(x: np.ndarray, f: np.ndarray, strides: tuple, dilations: tuple, padding: str) -> Any:
    _conv_check(x, f)
    kh, kw, cin, cout = f.shape
    oh, ow, pads = _conv_geometry(x.shape, f.shape, strides, dilations, padding)
    xp = np.pad(x, pads)
    cols = _windows(xp, oh, ow, kh, kw, strides, dilations).reshape(-1, kh * kw * cin)
    return _gemm(cols, f.reshape(-1, cout)).reshape(x.shape[0], oh, ow, cout)


# The exact oneDNN order costs one pass over the input gradient per filter tap and output channel.
_CONV_EXACT_MAX_MACS = 1 << 24


def _conv2d_backprop_input_kernel(f: np.ndarray, g: np.ndarray, input_sizes: tuple, strides: tuple,
                                  dilations: tuple, padding: str) -> Any:
    """float32 (oneDNN's backward-data kernels; measured on ~130 shapes): each input pixel is one FMA chain over
    filter taps and, within a tap, output channels in order; taps last to first for stride 1 with SAME padding,
    first to last for strides > 1. Otherwise (VALID with stride 1, whose oneDNN order was not identified; other
    dtypes; more than _CONV_EXACT_MAX_MACS) a GEMM per tap, the taps added in order."""
    kh, kw, cin, cout = f.shape
    oh, ow, pads = _conv_geometry(input_sizes, f.shape, strides, dilations, padding)
    n = input_sizes[0]
    hp = input_sizes[1] + pads[1][0] + pads[1][1]
    wp = input_sizes[2] + pads[2][0] + pads[2][1]
    dxp = np.zeros((n, hp, wp, cin), dtype=g.dtype)
    taps = [(i, j) for i in range(kh) for j in range(kw)]
    windows = {t: (slice(None), slice(t[0] * dilations[0], t[0] * dilations[0] + (oh - 1) * strides[0] + 1,
                                      strides[0]),
                   slice(t[1] * dilations[1], t[1] * dilations[1] + (ow - 1) * strides[1] + 1, strides[1]))
               for t in taps}
    stride1 = tuple(strides) == (1, 1)
    exact = g.dtype == np.float32 and (padding == "SAME" or not stride1) and \
        g.size * kh * kw * cin <= _CONV_EXACT_MAX_MACS
    with np.errstate(all="ignore"):
        if exact:
            from tfshim.ops.linalg_ops import _fma32

            g64, f64 = g.astype(np.float64), f.astype(np.float64)
            for t in taps[::-1] if stride1 else taps:
                w = windows[t]
                for c in range(cout):  # a float32 product is exact in float64: one rounding per step, an FMA
                    dxp[w] = _fma32(g64[..., c : c + 1] * f64[t[0], t[1], :, c], dxp[w])
        else:
            dcols = _gemm(g.reshape(-1, cout), f.reshape(-1, cout).T).reshape(n, oh, ow, kh, kw, cin)
            for t in taps:  # one strided add per filter tap (not per pixel)
                dxp[windows[t]] += dcols[:, :, :, t[0], t[1], :]
    return dxp[:, pads[1][0]:pads[1][0] + input_sizes[1], pads[2][0]:pads[2][0] + input_sizes[2]]


def _conv2d_backprop_filter_kernel(x: np.ndarray, g: np.ndarray, filter_sizes: tuple, strides: tuple,
                                   dilations: tuple, padding: str) -> Any:
    kh, kw, cin, cout = filter_sizes
    oh, ow, pads = _conv_geometry(x.shape, filter_sizes, strides, dilations, padding)
    xp = np.pad(x, pads)
    cols = _windows(xp, oh, ow, kh, kw, strides, dilations).reshape(-1, kh * kw * cin)
    return _gemm(cols.T, g.reshape(-1, cout)).reshape(filter_sizes)


def _gemm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    from tfshim.ops.linalg_ops import _matmul_np

    return _matmul_np(a, b)


Conv2D = defop("Conv2D", _conv2d_kernel)
Conv2DBackpropInput = defop("Conv2DBackpropInput", _conv2d_backprop_input_kernel)
Conv2DBackpropFilter = defop("Conv2DBackpropFilter", _conv2d_backprop_filter_kernel)


def _conv_attrs(op: Any) -> dict:
    return {k: op.get_attr(k) for k in ("strides", "dilations", "padding")}


@Conv2D.gradient
def _conv2d_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (conv2d_backprop_input(filter, grad), conv2d_backprop_filter(input, grad)). TF computes both; an
    input the tape does not need (skip_input_indices) gets None instead, the same gradients for less work."""
    x, f = op.inputs
    a = _conv_attrs(op)
    skip = op.skip_input_indices
    return (None if 0 in skip else Conv2DBackpropInput(f, grad, input_sizes=x._value.shape, **a),
            None if 1 in skip else Conv2DBackpropFilter(x, grad, filter_sizes=f._value.shape, **a))


@Conv2DBackpropInput.gradient
def _conv2d_backprop_input_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (conv2d_backprop_filter(grad, out_backprop), conv2d(grad, filter))."""
    f, g = op.inputs
    a = _conv_attrs(op)
    return Conv2DBackpropFilter(grad, g, filter_sizes=f._value.shape, **a), Conv2D(grad, f, **a)


@Conv2DBackpropFilter.gradient
def _conv2d_backprop_filter_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (conv2d_backprop_input(grad, out_backprop), conv2d(input, grad))."""
    x, g = op.inputs
    a = _conv_attrs(op)
    return Conv2DBackpropInput(grad, g, input_sizes=x._value.shape, **a), Conv2D(x, grad, **a)


def _get_sequence(value: Any, n: int, name: str, channel_index: int = -1) -> list:
    """TF: nn_ops._get_sequence: a full-length list in the data format's order ([1, v..., 1] for channels last,
    [1, 1, v...] for `channel_index` 1)."""
    if value is None:
        return [1] * (n + 2)
    if isinstance(value, (list, tuple)):
        value = list(value)
    elif isinstance(value, (int, np.integer)):
        value = [int(value)]
    elif not hasattr(value, "__len__"):  # TF: not collections.abc.Sized
        value = [value]
    else:
        value = list(value)
    if len(value) == n + 2:
        return value
    if len(value) == 1:
        value = value * n
    elif len(value) != n:
        raise ValueError(f"{name} should be of length 1, {n} or {n + 2}. Received: {name}={value} of length "
                         f"{len(value)}")
    if channel_index == 1:
        return [1, 1] + value
    return [1] + value + [1]


def _padding(padding: Any) -> str:
    if not isinstance(padding, str) or padding.upper() not in ("SAME", "VALID"):
        raise NotImplementedError("tfshim: explicit padding lists are not supported; use 'SAME' or 'VALID'")
    return padding.upper()


@tf_export("nn.conv2d")
def conv2d(input: Any, filters: Any, strides: Any, padding: Any, data_format: str = "NHWC",  # noqa: A002
           dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.conv2d (Conv2D), NHWC with SAME/VALID padding, strides and dilations (im2col + one matmul)."""
    if isinstance(padding, str) and padding == "EXPLICIT":  # TF: nn_ops.convert_padding
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         "a list.")
    if isinstance(padding, (list, tuple)):
        raise NotImplementedError("tfshim: explicit padding lists are not supported; use 'SAME' or 'VALID'")
    if data_format is None:
        data_format = "NHWC"
    channel_index = 1 if data_format.startswith("NC") else 3
    s = _get_sequence(strides, 2, "strides", channel_index)
    d = _get_sequence(dilations, 2, "dilations", channel_index)
    input.shape  # noqa: B018 - TF reads the input's shape first (a list or a Python number has none)
    return _gen_conv2d(input, filters, s, padding, data_format, d)


def _gen_conv2d(x: Any, f: Any, strides: list, padding: Any, data_format: Any, dilations: list) -> Tensor:
    """TF: gen_nn_ops.conv2d (run as oneDNN's _MklNativeConv2D): its attrs, its inputs, the op's checks."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.eager_attrs import op_attrs

    attrs = op_attrs("conv2d", (x, f), ("ints", "strides", strides), ("bool", "use_cudnn_on_gpu", True, True),
                     ("str", "padding", padding), ("ints", "explicit_paddings", None, []),
                     ("str", "data_format", data_format, "NHWC"), ("ints", "dilations", dilations, [1, 1, 1, 1]),
                     matching=True)
    s, _, padding, _, data_format, d = attrs
    if data_format != "NHWC":
        raise NotImplementedError("tfshim: conv2d supports data_format='NHWC' only")
    x, f = match_inputs([x, f])
    if f._dtype is not x._dtype:  # (the fast path checks the inputs of the oneDNN node it runs)
        raise errors.InvalidArgumentError(None, None, (
            f"cannot compute {'Conv2D' if attrs.slow else '_MklNativeConv2D'} as input #1(zero-based) was expected "
            f"to be a {x._dtype._cname} tensor but is a {f._dtype._cname} tensor [Op:Conv2D]{attrs.suffix}"))
    try:
        Conv2D.check(x, f)
    except errors.OpError as e:
        raise attrs.as_called(e) from None
    if padding not in ("SAME", "VALID", "EXPLICIT"):
        raise attrs.as_called(errors.InvalidArgumentError(None, None, _MKL_CONV_PADDING % padding))
    if s[0] != 1 or s[3] != 1:
        raise attrs.as_called(errors.UnimplementedError(None, None, (
            "{{function_node __wrapped____MklNativeConv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
            "Current implementation does not yet support strides in the batch and depth dimensions. "
            "[Op:Conv2D] name: ")))
    return Conv2D(x, f, strides=(s[1], s[2]), dilations=(d[1], d[2]), padding=_padding(padding))


_MKL_CONV_PADDING = (
    "Value for attr 'padding' of \"%s\" is not in the list of allowed values: \"SAME\", \"VALID\", \"EXPLICIT\"\n"
    "\t; NodeDef: {{node _MklNativeConv2D}}; Op<name=_MklNativeConv2D; signature=input:T, filter:T -> output:T; "
    "attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, DT_HALF]; attr=strides:list(int); "
    "attr=use_cudnn_on_gpu:bool,default=true; attr=is_filter_const:bool,default=false; "
    "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; attr=explicit_paddings:list(int),default=[]; "
    "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
    "attr=dilations:list(int),default=[1, 1, 1, 1]> [Op:Conv2D] name: ")


@tf_export("nn.conv1d")
def conv1d(input: Any, filters: Any, stride: Any, padding: Any, data_format: str = "NWC",  # noqa: A002
           dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.conv1d: expand_dims to NHWC, conv2d, squeeze, as TF does."""
    if data_format in (None, "NHWC", "NWC"):
        channel_index = 2
    elif data_format in ("NCHW", "NCW"):
        raise NotImplementedError("tfshim: conv1d supports data_format='NWC' only")
    else:
        raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: data_format={data_format}")
    s = [1] + _get_sequence(stride, 1, "stride", channel_index)
    d = [1] + _get_sequence(dilations, 1, "dilations", channel_index)
    x = array_ops.expand_dims(input, -3)
    f = array_ops.expand_dims(filters, 0)
    return array_ops.squeeze(_gen_conv2d(x, f, s, padding, "NHWC", d), [-3])


# ===== pooling =======================================================================================


def _pool_geometry(x: np.ndarray, ksize: tuple, strides: tuple, padding: str, op: str) -> tuple:
    if x.ndim != 4:
        raise KernelError(errors.InvalidArgumentError, "Input must be 4 or 5-dimensional" if op == "MaxPool" else
                          "input must be 4-dimensional")
    oh, pt, pb = _out_and_pad(x.shape[1], ksize[0], strides[0], 1, padding)
    ow, pl, pr = _out_and_pad(x.shape[2], ksize[1], strides[1], 1, padding)
    return oh, ow, ((0, 0), (pt, pb), (pl, pr), (0, 0))


def _max_windows(x: np.ndarray, ksize: tuple, strides: tuple, padding: str) -> tuple:
    oh, ow, pads = _pool_geometry(x, ksize, strides, padding, "MaxPool")
    low = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    xp = np.pad(x, pads, constant_values=low)
    win = _windows(xp, oh, ow, ksize[0], ksize[1], strides, (1, 1))
    win = win.reshape(win.shape[:3] + (ksize[0] * ksize[1], x.shape[3]))
    return win, oh, ow, pads


def _max_pool_kernel(x: np.ndarray, ksize: tuple, strides: tuple, padding: str) -> Any:
    """TF's CPU kernels: each window's maximum starts from the dtype's lowest finite value and takes a later input
    only if strictly larger (NaN and -inf never; of equal zeros the first)."""
    win, _, _, _ = _max_windows(x, ksize, strides, padding)
    if not win.size:
        return np.zeros(win.shape[:3] + win.shape[4:], x.dtype)
    if x.dtype.kind != "f":
        return np.max(win, axis=3)
    win = np.where(np.isnan(win), np.array(-np.inf, x.dtype), win)
    first = np.take_along_axis(win, np.expand_dims(np.argmax(win, axis=3), 3), axis=3)[:, :, :, 0]
    lowest = np.finfo(x.dtype).min
    return np.where(first > lowest, first, lowest).astype(x.dtype)


def _argmax_coords(x: np.ndarray, ksize: tuple, strides: tuple, padding: str) -> tuple:
    """For every pooling output, the input (n, h, w, c) of its first maximum (TF's tie rule)."""
    win, oh, ow, pads = _max_windows(x, ksize, strides, padding)
    k = np.argmax(win, axis=3)  # first occurrence in row-major window order
    n, oh_i, ow_i, c = np.indices(k.shape)
    h = oh_i * strides[0] + k // ksize[1] - pads[1][0]
    w = ow_i * strides[1] + k % ksize[1] - pads[2][0]
    return n, h, w, c


def _max_pool_grad_kernel(x: np.ndarray, y: np.ndarray, g: np.ndarray, ksize: tuple, strides: tuple,
                          padding: str) -> Any:
    out = np.zeros_like(x, dtype=g.dtype)
    with np.errstate(all="ignore"):
        np.add.at(out, _argmax_coords(x, ksize, strides, padding), g)
    return out


def _max_pool_grad_grad_kernel(x: np.ndarray, y: np.ndarray, g: np.ndarray, ksize: tuple, strides: tuple,
                               padding: str) -> Any:
    return g[_argmax_coords(x, ksize, strides, padding)]


MaxPool = defop("MaxPool", _max_pool_kernel)
MaxPoolGrad = defop("MaxPoolGrad", _max_pool_grad_kernel)
MaxPoolGradGrad = defop("MaxPoolGradGrad", _max_pool_grad_grad_kernel)


def _pool_attrs(op: Any) -> dict:
    return {k: op.get_attr(k) for k in ("ksize", "strides", "padding")}


@MaxPool.gradient
def _max_pool_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad routed to the first maximum of each window (TF: MaxPoolGrad)."""
    return MaxPoolGrad(op.inputs[0], op.outputs[0], grad, **_pool_attrs(op))


@MaxPoolGrad.gradient
def _max_pool_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (0, 0, max_pool_grad_grad(grad)): grad read back at each window's maximum."""
    x, y, _ = op.inputs
    return array_ops.zeros_like(x), array_ops.zeros_like(y), MaxPoolGradGrad(x, y, grad, **_pool_attrs(op))


@MaxPoolGradGrad.gradient
def _max_pool_grad_grad_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (0, 0, max_pool_grad(grad))."""
    x, y, _ = op.inputs
    return array_ops.zeros_like(x), array_ops.zeros_like(y), MaxPoolGrad(x, y, grad, **_pool_attrs(op))


def _avg_pool_kernel(x: np.ndarray, ksize: tuple, strides: tuple, padding: str) -> Any:
    oh, ow, pads = _pool_geometry(x, ksize, strides, padding, "AvgPool")
    xp = np.pad(x, pads)
    ones = np.pad(np.ones((1,) + x.shape[1:3] + (1,), x.dtype), pads)
    with np.errstate(all="ignore"):
        s = _windows(xp, oh, ow, ksize[0], ksize[1], strides, (1, 1)).sum(axis=(3, 4))
        cnt = _windows(ones, oh, ow, ksize[0], ksize[1], strides, (1, 1)).sum(axis=(3, 4))
        return (s / cnt).astype(x.dtype)


def _avg_pool_grad_kernel(g: np.ndarray, orig_input_shape: tuple, ksize: tuple, strides: tuple,
                          padding: str) -> Any:
    n, hh, ww, c = orig_input_shape
    oh, ow, pads = _pool_geometry(np.zeros((1, hh, ww, 1), g.dtype), ksize, strides, padding, "AvgPool")
    ones = np.pad(np.ones((1, hh, ww, 1), g.dtype), pads)
    with np.errstate(all="ignore"):
        cnt = _windows(ones, oh, ow, ksize[0], ksize[1], strides, (1, 1)).sum(axis=(3, 4))
        share = g / cnt
        dxp = np.zeros((n, ones.shape[1], ones.shape[2], c), g.dtype)
        for i in range(ksize[0]):  # one strided add per window offset
            for j in range(ksize[1]):
                dxp[:, i:i + (oh - 1) * strides[0] + 1:strides[0], j:j + (ow - 1) * strides[1] + 1:strides[1]] += share
    return dxp[:, pads[1][0]:pads[1][0] + hh, pads[2][0]:pads[2][0] + ww]


AvgPool = defop("AvgPool", _avg_pool_kernel)
AvgPoolGrad = defop("AvgPoolGrad", _avg_pool_grad_kernel)


@AvgPool.gradient
def _avg_pool_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad / window count spread over each window (TF: AvgPoolGrad)."""
    return AvgPoolGrad(grad, orig_input_shape=op.inputs[0]._value.shape, **_pool_attrs(op))


@AvgPoolGrad.gradient
def _avg_pool_grad_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns avg_pool(grad)."""
    return AvgPool(grad, **_pool_attrs(op))


def _pool_attr_error(op: Any, attr: str, value: str, allowed: tuple) -> Exception:
    """TF's attr check of a string attr (padding, data_format); TF runs AvgPool as oneDNN's _MklNativeAvgPool."""
    node = "MaxPool" if op is MaxPool else "_MklNativeAvgPool"
    summary = op_def(node)[0]  # type: ignore[index]
    return errors.InvalidArgumentError(None, None, (
        'Value for attr \'%s\' of "%s" is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; %s '
        "[Op:%s] name: " % (attr, value, ", ".join(f'"{a}"' for a in allowed), node, summary, op.name)))


def _pool(op: Any, x: Any, ksize: Any, strides: Any, padding: Any, n: int, data_format: Any = None) -> Tensor:
    # TF's order: the Python wrapper's ksize/strides sequences, the op's attr types, the input (its dtype), the
    # attr values, the kernel's checks
    k = _get_sequence(ksize, n, "ksize")
    s = _get_sequence(strides, n, "strides")
    # a list attr holding a non-int (1.5) takes TF's slow path: its errors end at [Op:X]
    slow = any(not isinstance(v, (int, np.integer)) for v in k + s)
    try:
        return _pool_checked(op, x, k, s, ksize, strides, padding, n, data_format)
    except errors.OpError as e:
        if slow and e.message.endswith("] name: "):
            raise type(e)(None, None, e.message[: -len(" name: ")]) from None
        raise


def _pool_checked(op: Any, x: Any, k: list, s: list, ksize: Any, strides: Any, padding: Any, n: int,
                  data_format: Any) -> Tensor:
    if not isinstance(padding, str):
        if isinstance(padding, (list, tuple)):
            raise NotImplementedError("tfshim: explicit padding lists are not supported; use 'SAME' or 'VALID'")
        raise TypeError("Expected string for argument 'padding' not %r." % (padding,))
    x = convert_to_tensor(x)
    op.check(x)
    if padding == "EXPLICIT" and op is MaxPool:
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         "a list.")
    pads = ("SAME", "VALID", "EXPLICIT") if op is MaxPool else ("SAME", "VALID")
    if padding not in pads:
        raise _pool_attr_error(op, "padding", padding, pads)
    if n == 1:  # TF: 1-D pooling is 2-D pooling over an expanded dimension; NCW (or NCHW) is channels-first
        channels_first = data_format in ("NCW", "NCHW")
    else:
        formats = ("NHWC", "NCHW", "NCHW_VECT_C") if op is MaxPool else ("NHWC", "NCHW")
        data_format = "NHWC" if data_format is None else data_format
        if data_format not in formats:
            raise _pool_attr_error(op, "data_format", data_format, formats)
        if data_format == "NCHW_VECT_C":
            raise NotImplementedError("tfshim: max_pool with data_format='NCHW_VECT_C' is not implemented")
        channels_first = data_format == "NCHW"
    if channels_first and n == 2:  # full-length lists are in NCHW order: TF pools the same windows in NHWC
        if isinstance(ksize, (list, tuple)) and len(ksize) == 4:
            k = [k[0], k[2], k[3], k[1]]
        if isinstance(strides, (list, tuple)) and len(strides) == 4:
            s = [s[0], s[2], s[3], s[1]]
    if n == 1:
        k4, s4 = [1, 1, k[1], 1], [1, 1, s[1], 1]
    else:
        k4, s4 = k, s
    kernel_name = "MaxPool" if op is MaxPool else "__MklNativeAvgPool"
    if op is not MaxPool:  # list(int) attrs hold int32s (TF aborts on this for MaxPool)
        for attr, values in (("ksize", k4), ("strides", s4)):
            bad = next((v for v in values if not -2**31 <= v < 2**31), None)
            if bad is not None:
                raise_op_error(op.name, KernelError(errors.InvalidArgumentError, "Attr %s has value %d out of range "
                                                    "for an int32" % (attr, bad)), kernel_name)
    if any(v <= 0 for v in k4):
        raise_op_error(op.name, KernelError(errors.InvalidArgumentError, "Sliding window ksize must be positive. The "
                                            "specified or inferred ksize is: " + ",".join(str(v) for v in k4)),
                       kernel_name)
    if any(v <= 0 for v in s4):
        bad = next(v for v in s4 if v <= 0)
        raise_op_error(op.name, KernelError(errors.InvalidArgumentError, f"Stride must be > 0, but got {bad}"),
                       kernel_name)
    if channels_first:  # pooled in NHWC between two transposes (the same windows, the same sums)
        perm, back = ((0, 2, 1), (0, 2, 1)) if n == 1 else ((0, 2, 3, 1), (0, 3, 1, 2))
        x = array_ops.transpose(x, perm)
    if n == 1:
        x4 = array_ops.expand_dims(x, 1)
        out = op(x4, ksize=(1, k[1]), strides=(1, s[1]), padding=padding)
        out = array_ops.squeeze(out, [1])
    else:
        out = op(x, ksize=(k[1], k[2]), strides=(s[1], s[2]), padding=padding)
    return array_ops.transpose(out, back) if channels_first else out


@tf_export("nn.max_pool2d")
def max_pool2d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NHWC",  # noqa: A002
               name: Any = None) -> Tensor:
    """TF: tf.nn.max_pool2d (MaxPool), NHWC; the gradient goes to each window's first maximum."""
    return _pool(MaxPool, input, ksize, strides, padding, 2, data_format)


@tf_export("nn.avg_pool2d")
def avg_pool2d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NHWC",  # noqa: A002
               name: Any = None) -> Tensor:
    """TF: tf.nn.avg_pool2d (AvgPool), NHWC; SAME windows average over the valid cells only."""
    return _pool(AvgPool, input, ksize, strides, padding, 2, data_format)


@tf_export("nn.max_pool1d")
def max_pool1d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NWC",  # noqa: A002
               name: Any = None) -> Tensor:
    """TF: tf.nn.max_pool1d: max_pool2d over an expanded height of 1."""
    return _pool(MaxPool, input, ksize, strides, padding, 1, data_format)


@tf_export("nn.avg_pool1d")
def avg_pool1d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NWC",  # noqa: A002
               name: Any = None) -> Tensor:
    """TF: tf.nn.avg_pool1d: avg_pool2d over an expanded height of 1."""
    return _pool(AvgPool, input, ksize, strides, padding, 1, data_format)


@tf_export("nn.max_pool")
def max_pool(input: Any, ksize: Any, strides: Any, padding: Any, data_format: Any = None,  # noqa: A002
             name: Any = None) -> Tensor:
    """TF: tf.nn.max_pool: 1-D, 2-D or 3-D by the input's rank (3, 4 or 5)."""
    x = convert_to_tensor(input)
    n = x._value.ndim - 2
    if n == 3:
        from tfshim.ops import nn_ops_3d

        return nn_ops_3d.max_pool3d(x, ksize, strides, padding, data_format or "NDHWC")
    if n not in (1, 2):
        raise ValueError(f"`input.shape.rank` must be 3, 4 or 5. Received: input.shape={x.shape} of rank {n + 2}.")
    return _pool(MaxPool, x, ksize, strides, padding, n, data_format)


@tf_export("nn.avg_pool")
def avg_pool(input: Any, ksize: Any, strides: Any, padding: Any, data_format: Any = None,  # noqa: A002
             name: Any = None) -> Tensor:
    """TF: tf.nn.avg_pool: 1-D, 2-D or 3-D by the input's rank (3, 4 or 5)."""
    x = convert_to_tensor(input)
    n = x._value.ndim - 2
    if n == 3:
        from tfshim.ops import nn_ops_3d

        return nn_ops_3d.avg_pool3d(x, ksize, strides, padding, data_format or "NDHWC")
    if n not in (1, 2):
        raise ValueError(f"`input.shape.rank` must be 3, 4 or 5. Received: input.shape={x.shape} of rank {n + 2}.")
    return _pool(AvgPool, x, ksize, strides, padding, n, data_format)


# ----- MaxPoolWithArgmax -------------------------------------------------------------------------------


def _max_pool_argmax_kernel(x: np.ndarray, ksize: tuple, strides: tuple, padding: str, Targmax: Any,  # noqa: N803
                            include_batch_in_index: bool) -> Any:
    """TF's CPU kernel (SpatialMaxPoolWithArgMaxHelper): a window's first in-bounds input (row-major) starts the
    maximum, a later input replaces it only if strictly larger (so a NaN counts only where it comes first). The
    index is ((b * H + y) * W + x) * C + c, without the b term unless include_batch_in_index."""
    if x.ndim != 4:
        raise KernelError(errors.InvalidArgumentError, "tensor_in must be 4-dimensional")
    n, h, w, c = x.shape
    oh, pt, _ = _out_and_pad(h, ksize[0], strides[0], 1, padding)
    ow, pl, _ = _out_and_pad(w, ksize[1], strides[1], 1, padding)
    out = np.zeros((n, oh, ow, c), x.dtype)
    arg = np.full((n, oh, ow, c), -1, np.int64)
    b_off = (np.arange(n) * (h * w * c))[:, None, None, None] if include_batch_in_index else 0
    ys, xs = np.arange(oh) * strides[0] - pt, np.arange(ow) * strides[1] - pl
    for i in range(ksize[0]):
        rows = ys + i
        for j in range(ksize[1]):
            cols = xs + j
            valid = (((rows >= 0) & (rows < h))[:, None] & ((cols >= 0) & (cols < w))[None, :])[None, :, :, None]
            r, q = np.clip(rows, 0, h - 1), np.clip(cols, 0, w - 1)
            val = x[:, r][:, :, q]
            take = valid & ((arg < 0) | (out < val))
            np.copyto(out, val, where=take)
            idx = b_off + ((r[:, None] * w + q[None, :]) * c)[None, :, :, None] + np.arange(c)
            np.copyto(arg, np.broadcast_to(idx, arg.shape), where=take)
    return out, arg.astype(Targmax.as_numpy_dtype)


def _max_pool_grad_argmax_kernel(x: np.ndarray, g: np.ndarray, argmax: np.ndarray, ksize: tuple, strides: tuple,
                                 padding: str, include_batch_in_index: bool) -> Any:
    n = x.shape[0]
    per = x.size // n if n else 0
    idx = argmax.reshape(n, -1).astype(np.int64)
    if not include_batch_in_index:
        idx = idx + (np.arange(n) * per)[:, None]
    if idx.size and (idx.min() < 0 or idx.max() >= x.size):
        bad = idx.reshape(-1)[(idx.reshape(-1) < 0) | (idx.reshape(-1) >= x.size)][0]
        raise KernelError(errors.InvalidArgumentError, "Received input tensor with index %d which is out of range "
                          "[0, %d)" % (bad, x.size))
    out = np.zeros(x.size, g.dtype)
    with np.errstate(all="ignore"):
        np.add.at(out, idx.reshape(-1), g.reshape(-1))
    return out.reshape(x.shape)


MaxPoolWithArgmax = defop("MaxPoolWithArgmax", _max_pool_argmax_kernel, multi_output=True)
MaxPoolGradWithArgmax = defop("MaxPoolGradWithArgmax", _max_pool_grad_argmax_kernel)


def _argmax_attrs(op: Any) -> dict:
    return {k: op.get_attr(k) for k in ("ksize", "strides", "padding", "include_batch_in_index")}


@MaxPoolWithArgmax.gradient
def _max_pool_with_argmax_grad(op: Any, grad: Tensor, unused_argmax_grad: Any) -> Tensor:
    """Returns grad scattered to the argmax positions (TF: MaxPoolGradWithArgmax, whose CPU kernels take int64
    argmax only)."""
    if op.outputs[1]._dtype is not dtypes.int64:
        from tfshim.ops.op_defs import KERNELS

        a = _argmax_attrs(op)
        attrs = 'T=DT_%s, Targmax=DT_%s, include_batch_in_index=%s, ksize=[1, %d, %d, 1], padding="%s", ' \
            "strides=[1, %d, %d, 1]" % (grad._dtype._cname.upper(), op.outputs[1]._dtype._cname.upper(),
                                        str(a["include_batch_in_index"]).lower(), *a["ksize"], a["padding"],
                                        *a["strides"])
        raise errors.NotFoundError(None, None, "Could not find device for node: {{node MaxPoolGradWithArgmax}} = "
                                   "MaxPoolGradWithArgmax[%s]\nAll kernels registered for op MaxPoolGradWithArgmax:"
                                   "\n%s [Op:MaxPoolGradWithArgmax] name: " % (attrs, KERNELS["MaxPoolGradWithArgmax"]))
    return MaxPoolGradWithArgmax(op.inputs[0], grad, op.outputs[1], **_argmax_attrs(op))


# TF registers no gradient for MaxPoolGradWithArgmax: a second derivative raises LookupError.
MaxPoolWithArgmaxOutput = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])


@tf_export("nn.max_pool_with_argmax")
def max_pool_with_argmax(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NHWC",  # noqa: A002
                         output_dtype: Any = dtypes.int64, include_batch_in_index: bool = False,
                         name: Any = None) -> tuple:
    """TF: tf.nn.max_pool_with_argmax (MaxPoolWithArgmax): (output, argmax), the flat index of each maximum."""
    from tfshim.ops.op import check_type_attr

    if data_format != "NHWC":
        raise ValueError("`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")
    from tfshim.ops.eager_attrs import op_attrs

    k = _get_sequence(ksize, 2, "ksize")
    s = _get_sequence(strides, 2, "strides")
    k, s, padding, include = op_attrs("max_pool_with_argmax", (input,), ("ints", "ksize", k), ("ints", "strides", s),
                                      ("str", "padding", padding),
                                      ("bool", "include_batch_in_index", include_batch_in_index, False))
    x = convert_to_tensor(input)
    MaxPoolWithArgmax.check(x)
    targmax = dtypes.as_dtype(output_dtype)
    check_type_attr("MaxPoolWithArgmax", targmax, "Targmax")
    if padding not in ("SAME", "VALID"):
        summary = op_def("MaxPoolWithArgmax")[0]  # type: ignore[index]
        raise errors.InvalidArgumentError(None, None, (
            'Value for attr \'padding\' of "%s" is not in the list of allowed values: "SAME", "VALID"\n\t; NodeDef: '
            "{{node MaxPoolWithArgmax}}; %s [Op:MaxPoolWithArgmax] name: " % (padding, summary)))
    if any(v <= 0 for v in k) or any(v <= 0 for v in s) or k[0] != 1 or k[3] != 1 or s[0] != 1 or s[3] != 1:
        msg = ("ksize must be a positive int32 value, got:%d" % next(v for v in k if v <= 0) if any(v <= 0 for v in k)
               else
               "Stride must be > 0, but got %d" % next(v for v in s if v <= 0) if any(v <= 0 for v in s) else
               "Pooling is not yet supported on the batch dimension." if k[0] != 1 or s[0] != 1 else
               "MaxPooling supports exactly one of pooling across depth or pooling across width/height.")
        cls = errors.UnimplementedError if "support" in msg else errors.InvalidArgumentError
        raise_op_error("MaxPoolWithArgmax", KernelError(cls, msg))
    return MaxPoolWithArgmaxOutput(*MaxPoolWithArgmax(x, ksize=(k[1], k[2]), strides=(s[1], s[2]), padding=padding,
                                                      Targmax=targmax, include_batch_in_index=include))


# Dispatch on other tensor kinds (RaggedTensor), as TF's register_unary_elementwise_api (util/dispatch.py).
dispatch.install(globals(), unary=("relu", "relu6", "leaky_relu", "elu", "selu", "softplus", "softsign", "silu",
                                   "gelu"))


# ===== with_space_to_batch ===========================================================================


def _space_to_batch_adjust(orig: np.ndarray, fill: int, spatial_dims: list) -> np.ndarray:
    """TF: nn_ops._with_space_to_batch_adjust: rows of `orig` placed at spatial_dims[i] - 1, `fill` elsewhere."""
    out = np.full((spatial_dims[-1],) + orig.shape[1:], fill, orig.dtype)
    for i, d in enumerate(spatial_dims):
        out[d - 1] = orig[i]
    return out


@tf_export("nn.with_space_to_batch")
def with_space_to_batch(input: Any, dilation_rate: Any, padding: Any, op: Any, filter_shape: Any = None,  # noqa: A002
                        spatial_dims: Any = None, data_format: Any = None) -> Tensor:
    """TF: tf.nn.with_space_to_batch: `op(converted, num_spatial_dims, "VALID")` on the space_to_batch form of
    `input` (blocks of dilation_rate, padded as SAME/VALID needs), turned back with batch_to_space; `op` runs on
    `input` itself when every rate is 1."""
    x = convert_to_tensor(input)
    rate = convert_to_tensor(dilation_rate, dtypes.int32, name="dilation_rate")
    if rate.shape.rank != 1:
        raise ValueError(f"`dilation_rate.shape.rank` must be 1. Received: dilation_rate={rate} of rank "
                         f"{rate.shape.rank}")
    n = rate.shape[0]
    start = 2 if data_format is not None and data_format.startswith("NC") else 1
    if spatial_dims is None:
        spatial_dims = range(start, n + start)
    orig = list(spatial_dims)
    dims = sorted(set(int(d) for d in orig))
    if dims != orig or any(d < 1 for d in dims):
        raise ValueError("`spatial_dims` must be a monotonically increasing sequence of positive integers. "
                         f"Received: spatial_dims={orig}")
    expected = dims[-1] if data_format is not None and data_format.startswith("NC") else dims[-1] + 1
    if x.shape.rank < expected:
        raise ValueError(f"`input.shape.rank` must be at least {expected}. Received: input.shape={x.shape} with "
                         f"rank {x.shape.rank}")
    r = rate._value
    if np.any(r < 1):
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate={r}")
    if np.all(r == 1):
        return op(x, n, padding)
    if isinstance(padding, (list, tuple)):
        raise NotImplementedError("tf.nn.with_space_to_batch with explicit paddings is not implemented by tfshim")
    if padding == "EXPLICIT":
        raise ValueError('"EXPLICIT" is not a valid value for `padding`. To use explicit padding, `padding` must be '
                         'a list.')
    if padding == "SAME":
        if filter_shape is None:
            raise ValueError("`filter_shape` must be specified for `padding='SAME'`. Received: filter_shape=None and "
                             "padding=SAME")
        fs = np.asarray(convert_to_tensor(filter_shape)._value)[:n]
        extra = (fs - 1) * r
        base = np.stack([extra // 2, extra - extra // 2], axis=1)
    elif padding == "VALID":
        base = np.zeros([n, 2], np.int32)
    else:
        raise ValueError(f"`padding` must be one of 'SAME' or 'VALID'. Received: padding={padding}")
    shape = x.shape.as_list()
    paddings, crops = array_ops.required_space_to_batch_paddings([shape[d] for d in dims], r, base)
    rate_adj = _space_to_batch_adjust(r, 1, dims)
    converted = array_ops.space_to_batch_nd(x, rate_adj, _space_to_batch_adjust(paddings._value, 0, dims))
    result = op(converted, n, "VALID")
    return array_ops.batch_to_space(result, rate_adj, _space_to_batch_adjust(crops._value, 0, dims))
