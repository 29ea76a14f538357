"""tf.keras.regularizers (Keras 3: keras/src/regularizers/): penalties on weights that a layer adds
to `layer.losses` (and so to the loss `fit` minimises).

A layer's `kernel_regularizer`/`bias_regularizer`/... go through `get` (a name, class, config dict,
instance or callable); `Layer.losses` calls each trainable weight's regularizer on the weight, and
an `activity_regularizer` adds its penalty on each output, divided by the batch size, as Keras does.
"""

from __future__ import annotations

import inspect
import math
from typing import Any

from tfshim.keras._backend import epsilon


def _tf() -> Any:
    import tfshim

    return tfshim


def validate_float_arg(value: Any, name: str) -> float:
    """Keras: a regularization factor must be a finite, non-negative int or float."""
    if (not isinstance(value, (float, int)) or (math.isinf(value) or math.isnan(value)) or value < 0):
        raise ValueError(f"Invalid value for argument {name}: expected a non-negative float.Received: {name}={value}")
    return float(value)


class Regularizer:
    """Keras: keras.regularizers.Regularizer, a callable from a weight tensor to a scalar penalty."""

    def __call__(self, x: Any) -> Any:
        return 0.0

    @classmethod
    def from_config(cls, config: dict) -> Any:
        return cls(**config)

    def get_config(self) -> dict:
        raise NotImplementedError(f"{self} does not implement get_config()")


class L1L2(Regularizer):
    """Keras: `l1 * sum(abs(x)) + l2 * sum(square(x))`, each term only when its factor is non-zero."""

    def __init__(self, l1: float = 0.0, l2: float = 0.0) -> None:
        self.l1 = validate_float_arg(0.0 if l1 is None else l1, name="l1")
        self.l2 = validate_float_arg(0.0 if l2 is None else l2, name="l2")

    def __call__(self, x: Any) -> Any:
        tf = _tf()
        x = tf.convert_to_tensor(x)
        regularization = tf.constant(0.0, dtype=x.dtype)
        if self.l1 != 0.0:
            regularization += tf.cast(self.l1, x.dtype) * tf.reduce_sum(tf.abs(x))
        if self.l2 != 0.0:
            regularization += tf.cast(self.l2, x.dtype) * tf.reduce_sum(tf.square(x))
        return regularization

    def get_config(self) -> dict:
        return {"l1": self.l1, "l2": self.l2}


class L1(Regularizer):
    """Keras: `l1 * sum(abs(x))`. As in Keras, the factor is kept as a float32 tensor."""

    def __init__(self, l1: float = 0.01) -> None:
        tf = _tf()
        self.l1 = tf.convert_to_tensor(validate_float_arg(0.01 if l1 is None else l1, name="l1"))

    def __call__(self, x: Any) -> Any:
        tf = _tf()
        x = tf.convert_to_tensor(x)
        return tf.cast(self.l1, x.dtype) * tf.reduce_sum(tf.abs(x))

    def get_config(self) -> dict:
        return {"l1": float(self.l1)}


class L2(Regularizer):
    """Keras: `l2 * sum(square(x))`."""

    def __init__(self, l2: float = 0.01) -> None:
        self.l2 = validate_float_arg(0.01 if l2 is None else l2, name="l2")

    def __call__(self, x: Any) -> Any:
        tf = _tf()
        x = tf.convert_to_tensor(x)
        return tf.cast(self.l2, x.dtype) * tf.reduce_sum(tf.square(x))

    def get_config(self) -> dict:
        return {"l2": self.l2}


class OrthogonalRegularizer(Regularizer):
    """Keras: `factor * 0.5 * sum(|P - diag(P)|) / (n (n - 1) / 2)`, with P the products of the
    L2-normalised rows (or columns) of a rank-2 input."""

    def __init__(self, factor: float = 0.01, mode: str = "rows") -> None:
        tf = _tf()
        validate_float_arg(factor, name="factor")
        self.factor = tf.convert_to_tensor(factor)
        if mode not in {"rows", "columns"}:
            raise ValueError(f'Invalid value for argument `mode`. Expected one of {{"rows", "columns"}}. '
                             f"Received: mode={mode}")
        self.mode = mode

    def __call__(self, inputs: Any) -> Any:
        tf = _tf()
        inputs = tf.convert_to_tensor(inputs)
        if len(inputs.shape) != 2:
            raise ValueError(f"Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape={inputs.shape}")
        axis = 1 if self.mode == "rows" else 0
        # Keras: ops.nn.normalize(x, axis, order=2) = x * min(rsqrt(sum(x^2)), 1 / epsilon)
        inv_norm = tf.math.rsqrt(tf.reduce_sum(tf.square(inputs), axis=axis, keepdims=True))
        inputs = inputs * tf.minimum(inv_norm, 1.0 / epsilon())
        if self.mode == "rows":
            product = tf.matmul(inputs, tf.transpose(inputs))
            size = inputs.shape[0]
        else:
            product = tf.matmul(tf.transpose(inputs), inputs)
            size = inputs.shape[1]
        product_no_diagonal = product * (1.0 - tf.eye(size, dtype=inputs.dtype))
        num_pairs = size * (size - 1.0) / 2.0
        return self.factor * 0.5 * tf.reduce_sum(tf.abs(product_no_diagonal)) / num_pairs

    def get_config(self) -> dict:
        return {"factor": float(self.factor), "mode": self.mode}


l1 = L1
l2 = L2
l1_l2 = L1L2
orthogonal_regularizer = OrthogonalRegularizer

_ALL = {cls.__name__: cls for cls in (Regularizer, L1, L2, L1L2, OrthogonalRegularizer)}
_ALL.update({"regularizer": Regularizer, "l1": L1, "l2": L2, "l1_l2": L1L2,
             "orthogonal_regularizer": OrthogonalRegularizer})


def serialize(regularizer: Any) -> Any:
    """Keras: `{"module": "keras.regularizers", "class_name", "config", "registered_name"}`."""
    from tfshim.keras.saving.serialization_lib import serialize_keras_object

    return serialize_keras_object(regularizer)


def deserialize(config: Any, custom_objects: Any = None) -> Any:
    from tfshim.keras.saving.serialization_lib import deserialize_keras_object

    return deserialize_keras_object(config, custom_objects={**_ALL, **(custom_objects or {})})


def get(identifier: Any) -> Any:
    """Keras: a regularizer from None, a config dict, a name ("l2", "L1L2", ...), a class or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = _ALL.get(identifier, None)
    else:
        obj = identifier
    if callable(obj):
        if inspect.isclass(obj):
            obj = obj()
        return obj
    raise ValueError(f"Could not interpret regularizer identifier: {identifier}")


__all__ = ["L1", "L1L2", "L2", "OrthogonalRegularizer", "Regularizer", "deserialize", "get", "l1", "l1_l2", "l2",
           "orthogonal_regularizer", "serialize"]


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.regularizers", __name__)
