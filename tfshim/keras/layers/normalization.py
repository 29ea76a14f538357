"""keras.layers.BatchNormalization and LayerNormalization (Keras 3 with the TF backend's ops)."""

from __future__ import annotations

from typing import Any

from tfshim.keras import initializers, regularizers
from tfshim.keras.layers.layer import InputSpec, Layer, _tf


def batch_normalization(x: Any, mean: Any, variance: Any, offset: Any, scale: Any, variance_epsilon: float) -> Any:
    """TF's tf.nn.batch_normalization, op for op: `x * inv + (offset - mean * inv)` with
    `inv = rsqrt(variance + epsilon) * scale` (tfshim's tf.nn does not export it yet)."""
    tf = _tf()
    inv = tf.math.rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    shift = offset - mean * inv if offset is not None else -mean * inv
    return x * tf.cast(inv, x.dtype) + tf.cast(shift, x.dtype)


class BatchNormalization(Layer):
    """Keras: normalises with the batch's moments when training (updating the moving statistics with
    `momentum`), with the moving statistics otherwise."""

    def __init__(self, axis: int = -1, momentum: float = 0.99, epsilon: float = 1e-3, center: bool = True,
                 scale: bool = True, beta_initializer: Any = "zeros", gamma_initializer: Any = "ones",
                 moving_mean_initializer: Any = "zeros", moving_variance_initializer: Any = "ones",
                 beta_regularizer: Any = None, gamma_regularizer: Any = None, beta_constraint: Any = None,
                 gamma_constraint: Any = None, synchronized: bool = False, **kwargs: Any) -> None:
        for arg in ("renorm", "renorm_clipping", "renorm_momentum"):
            if kwargs.pop(arg, None):
                raise NotImplementedError(f"tfshim: BatchNormalization({arg}=...) is not implemented")
        super().__init__(**kwargs)
        self.axis = int(axis)
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.synchronized = synchronized
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint, self.gamma_constraint = beta_constraint, gamma_constraint
        self.supports_masking = True
        self.gamma: Any = None
        self.beta: Any = None

    def build(self, input_shape: Any) -> None:
        shape = (input_shape[self.axis],)
        if self.scale:
            self.gamma = self.add_weight(shape=shape, name="gamma", initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer, constraint=self.gamma_constraint)
        if self.center:
            self.beta = self.add_weight(shape=shape, name="beta", initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer, constraint=self.beta_constraint)
        self.moving_mean = self.add_weight(shape=shape, name="moving_mean",
                                           initializer=self.moving_mean_initializer, trainable=False)
        self.moving_variance = self.add_weight(shape=shape, name="moving_variance",
                                               initializer=self.moving_variance_initializer, trainable=False)
        self.input_spec = InputSpec(ndim=len(input_shape), axes={self.axis: input_shape[self.axis]})
        axes = list(range(len(input_shape)))
        del axes[self.axis]
        self._reduction_axes = axes
        self.built = True

    def call(self, inputs: Any, training: Any = None, mask: Any = None) -> Any:
        tf = _tf()
        if mask is not None:
            raise NotImplementedError("tfshim: BatchNormalization with a mask is not implemented")
        moving_mean = tf.convert_to_tensor(self.moving_mean)
        moving_variance = tf.convert_to_tensor(self.moving_variance)
        gamma = tf.convert_to_tensor(self.gamma) if self.scale else None
        beta = tf.convert_to_tensor(self.beta) if self.center else None
        if training and self.trainable:
            mean, variance = tf.nn.moments(inputs, axes=self._reduction_axes)
            self.moving_mean.assign(moving_mean * self.momentum + mean * (1.0 - self.momentum))
            self.moving_variance.assign(moving_variance * self.momentum + variance * (1.0 - self.momentum))
        else:
            mean, variance = moving_mean, moving_variance
        if self.axis != -1 and self.axis != len(inputs.shape) - 1:
            shape = [1] * len(inputs.shape)
            shape[self.axis] = mean.shape[0]
            mean, variance = tf.reshape(mean, shape), tf.reshape(variance, shape)
            beta = None if beta is None else tf.reshape(beta, shape)
            gamma = None if gamma is None else tf.reshape(gamma, shape)
        return batch_normalization(inputs, mean, variance, beta, gamma, self.epsilon)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        if self.axis >= len(input_shape) or self.axis < -len(input_shape):
            raise ValueError(f"Axis {self.axis} is out of bounds for input shape {tuple(input_shape)}. "
                             f"Received: axis={self.axis}")
        return tuple(input_shape)


class LayerNormalization(Layer):
    """Keras: `x * inv + (beta - mean * inv)` with `inv = rsqrt(var + epsilon) * gamma` over `axis`."""

    def __init__(self, axis: Any = -1, epsilon: float = 1e-3, center: bool = True, scale: bool = True,
                 rms_scaling: bool = False, beta_initializer: Any = "zeros", gamma_initializer: Any = "ones",
                 beta_regularizer: Any = None, gamma_regularizer: Any = None, beta_constraint: Any = None,
                 gamma_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError("Expected an int or a list/tuple of ints for the argument 'axis', but received: "
                            f"{axis}")
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint, self.gamma_constraint = beta_constraint, gamma_constraint
        self.supports_masking = True
        self.gamma: Any = None
        self.beta: Any = None

    def build(self, input_shape: Any) -> None:
        if isinstance(self.axis, list):
            shape = tuple(input_shape[dim] for dim in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        if self.scale or self.rms_scaling:
            self.gamma = self.add_weight(name="gamma", shape=shape, initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer, constraint=self.gamma_constraint)
        if self.center and not self.rms_scaling:
            self.beta = self.add_weight(name="beta", shape=shape, initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer, constraint=self.beta_constraint)
        self.built = True

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        ndims = len(inputs.shape)
        axis = sorted(self.axis)
        broadcast_shape = [1] * ndims
        for dim in axis:
            broadcast_shape[dim] = inputs.shape[dim]

        def broadcast(v: Any) -> Any:
            if v is None:
                return None
            v = tf.convert_to_tensor(v)
            return tf.reshape(v, broadcast_shape) if len(v.shape) != ndims and axis != [ndims - 1] else v

        gamma, beta = broadcast(self.gamma), broadcast(self.beta)
        if self.rms_scaling:
            mean, variance = tf.nn.moments(inputs, axes=axis, keepdims=True)
            outputs = inputs * tf.math.rsqrt(variance + self.epsilon)
            return outputs * gamma if gamma is not None else outputs
        mean, variance = tf.nn.moments(inputs, axes=axis, keepdims=True)
        inv = tf.math.rsqrt(variance + self.epsilon)
        if gamma is not None:
            inv = inv * gamma
        res = -mean * inv
        if beta is not None:
            res = res + beta
        return inputs * inv + res

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return tuple(input_shape)
