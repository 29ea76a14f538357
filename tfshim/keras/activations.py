"""tf.keras.activations (Keras 3, TF backend): thin wrappers over tf.nn.

As Keras does, `sigmoid` and `softmax` remember their input logits on the output
(`_keras_logits`), so that crossentropy losses with `from_logits=False` fed such an output
compute from the logits instead (tfshim keeps that link in a side table).
"""

from __future__ import annotations

from typing import Any

from tfshim.keras._backend import set_keras_logits


def _tf() -> Any:
    import tfshim

    return tfshim


def _to_tensor(x: Any) -> Any:
    tf = _tf()
    return x if isinstance(x, tf.Tensor) else tf.convert_to_tensor(x)


def relu(x: Any, negative_slope: float = 0.0, max_value: Any = None, threshold: float = 0.0) -> Any:
    """Keras: ReLU.static_call; the default case is tf.nn.relu."""
    tf = _tf()
    x = _to_tensor(x)
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return tf.nn.relu(x)
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return tf.nn.leaky_relu(x, alpha=negative_slope)
        if threshold != 0:
            negative_part = tf.nn.relu(-x + threshold)
        else:
            negative_part = tf.nn.relu(-x)
    else:
        negative_part = 1
    clip_max = max_value is not None
    if threshold != 0:
        x = x * tf.cast(tf.greater(x, threshold), dtype=x.dtype)
    elif max_value == 6:
        x = tf.nn.relu6(x)
        clip_max = False
    else:
        x = tf.nn.relu(x)
    if clip_max:  # Keras: ops.cast of both bounds to x's dtype (tf.cast), then backend.numpy.clip
        min_value, max_value = tf.cast(0.0, x.dtype), tf.cast(max_value, x.dtype)
        x = tf.clip_by_value(tf.cast(x, tf.int32) if x.dtype == tf.bool else x, min_value, max_value)
    if negative_slope != 0.0:
        x -= negative_slope * negative_part
    return x


def softmax(x: Any, axis: int = -1) -> Any:
    tf = _tf()
    x = _to_tensor(x)
    if axis is None:
        out = tf.reshape(tf.nn.softmax(tf.reshape(x, [-1]), axis=-1), tf.shape(x))
    else:
        out = tf.nn.softmax(x, axis=axis)
    set_keras_logits(out, x)
    return out


def sigmoid(x: Any) -> Any:
    x = _to_tensor(x)
    out = _tf().nn.sigmoid(x)
    set_keras_logits(out, x)
    return out


def tanh(x: Any) -> Any:
    return _tf().math.tanh(_to_tensor(x))


def linear(x: Any) -> Any:
    return x


def exponential(x: Any) -> Any:
    return _tf().math.exp(_to_tensor(x))


def elu(x: Any, alpha: float = 1.0) -> Any:
    tf = _tf()
    res = tf.nn.elu(_to_tensor(x))
    return res if alpha == 1 else tf.where(x > 0, res, alpha * res)


def selu(x: Any) -> Any:
    return _tf().nn.selu(_to_tensor(x))


def softplus(x: Any) -> Any:
    return _tf().math.softplus(_to_tensor(x))


def gelu(x: Any, approximate: bool = False) -> Any:
    return _tf().nn.gelu(_to_tensor(x), approximate=approximate)


def silu(x: Any) -> Any:
    return _tf().nn.silu(_to_tensor(x))


swish = silu


def leaky_relu(x: Any, negative_slope: float = 0.2) -> Any:
    return _tf().nn.leaky_relu(_to_tensor(x), alpha=negative_slope)


def relu6(x: Any) -> Any:
    return _tf().nn.relu6(_to_tensor(x))


def log_softmax(x: Any, axis: int = -1) -> Any:
    return _tf().nn.log_softmax(_to_tensor(x), axis=axis)


_ALL = {f.__name__: f for f in (relu, softmax, sigmoid, tanh, linear, exponential, elu, selu, softplus, gelu,
                                silu, leaky_relu, relu6, log_softmax)}
_ALL["swish"] = silu


def get(identifier: Any) -> Any:
    """Keras: activations.get. None gives `linear`; strings name a function here."""
    if identifier is None:
        return linear
    obj = _ALL.get(identifier) if isinstance(identifier, str) else identifier
    if callable(obj):
        return obj
    raise ValueError(f"Could not interpret activation function identifier: {identifier}")


def serialize(activation: Any) -> str:
    return activation.__name__


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.activations", __name__)
