"""keras.layers.Normalization (with `adapt`) and Rescaling (Keras 3 preprocessing layers)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfshim.keras._backend import epsilon
from tfshim.keras.layers.layer import Layer, _tf


class Normalization(Layer):
    """Keras: `(x - mean) / max(sqrt(variance), epsilon)` per kept axis; `adapt(data)` computes the mean
    and variance (NumPy arrays with NumPy, tensors with tf ops, batches by Keras' running update)."""

    def __init__(self, axis: Any = -1, mean: Any = None, variance: Any = None, invert: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.axis = () if axis is None else (axis,) if isinstance(axis, int) else tuple(axis)
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self.supports_masking = True
        self._build_input_shape: Any = None
        self.mean: Any = None
        if (mean is not None) != (variance is not None):
            raise ValueError("When setting values directly, both `mean` and `variance` must be set. "
                             f"Received: mean={mean} and variance={variance}")

    def build(self, input_shape: Any) -> None:
        tf = _tf()
        if input_shape is None:
            return
        ndim = len(input_shape)
        self._build_input_shape = input_shape
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError("All `axis` values must be in the range [-ndim, ndim). "
                             f"Received inputs with ndim={ndim}, while axis={self.axis}")
        self._keep_axis = tuple(sorted(d if d >= 0 else d + ndim for d in self.axis))
        for d in self._keep_axis:
            if input_shape[d] is None:
                raise ValueError(f"All `axis` values to be kept must have a known shape. Received axis={self.axis}, "
                                 f"inputs.shape={input_shape}, with unknown axis at index {d}")
        self._reduce_axis = tuple(d for d in range(ndim) if d not in self._keep_axis)
        self._broadcast_shape = [input_shape[d] if d in self._keep_axis else 1 for d in range(ndim)]
        self._mean_and_var_shape = tuple(input_shape[d] for d in self._keep_axis)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(name="mean", shape=self._mean_and_var_shape, initializer="zeros",
                                              trainable=False)
            self.adapt_variance = self.add_weight(name="variance", shape=self._mean_and_var_shape,
                                                  initializer="ones", trainable=False)
            self.count = self.add_weight(name="count", shape=(), dtype="int", initializer="zeros", trainable=False)
            self.built = True
            self.finalize_state()
        else:
            mean = tf.convert_to_tensor(self.input_mean)
            variance = tf.convert_to_tensor(self.input_variance)
            if len(mean.shape) == 0:
                mean = tf.broadcast_to(mean, self._broadcast_shape)
                variance = tf.broadcast_to(variance, self._broadcast_shape)
            else:
                expanded = [1] * ndim
                for i in range(1, len(mean.shape) + 1):
                    expanded[self._keep_axis[-i]] = mean.shape[-i]
                mean = tf.broadcast_to(tf.reshape(mean, expanded), self._broadcast_shape)
                variance = tf.broadcast_to(tf.reshape(variance, expanded), self._broadcast_shape)
            self.mean = tf.cast(mean, self.compute_dtype)
            self.variance = tf.cast(variance, self.compute_dtype)
            self.built = True

    def adapt(self, data: Any) -> None:
        tf = _tf()
        if isinstance(data, (np.ndarray, tf.Tensor)):
            input_shape = tuple(data.shape)
            batches = None
        elif hasattr(data, "__iter__"):
            batches = [b[0] if isinstance(b, tuple) else b for b in data]
            if not batches:
                raise ValueError("adapt() received an empty iterable (no batches). Expected at least one batch. Pass "
                                 "a non-empty iterable of arrays or tensors, e.g. layer.adapt([x]) or "
                                 "layer.adapt(list_of_batches).")
            input_shape = tuple(batches[0].shape)
        else:
            raise TypeError(f"Unsupported data type: {type(data)}. `adapt` supports `np.ndarray`, backend tensors, "
                            "`tf.data.Dataset`, `keras.utils.PyDataset`, and iterables of batches (e.g. list, "
                            "generator).")
        if not self.built:
            self.build(input_shape)
        if isinstance(data, np.ndarray):
            total_mean = np.mean(data, axis=self._reduce_axis)
            total_var = np.var(data, axis=self._reduce_axis)
        elif batches is None:
            x = tf.cast(data, "float32") if not data.dtype.is_floating else data
            total_mean = tf.reduce_mean(x, axis=self._reduce_axis)
            total_var = tf.math.reduce_variance(x, axis=self._reduce_axis)
        else:
            total_mean = tf.zeros(self._mean_and_var_shape)
            total_var = tf.zeros(self._mean_and_var_shape)
            total_count = 0
            for batch in batches:
                batch = tf.cast(tf.convert_to_tensor(batch), self.compute_dtype)
                batch_mean = tf.reduce_mean(batch, axis=self._reduce_axis)
                batch_var = tf.math.reduce_variance(batch, axis=self._reduce_axis)
                batch_count = math.prod(batch.shape[d] for d in self._reduce_axis) if self._reduce_axis else 1
                total_count += batch_count
                batch_weight = float(batch_count) / total_count
                existing_weight = 1.0 - batch_weight
                new_total_mean = total_mean * existing_weight + batch_mean * batch_weight
                total_var = ((total_var + (total_mean - new_total_mean) ** 2) * existing_weight
                             + (batch_var + (batch_mean - new_total_mean) ** 2) * batch_weight)
                total_mean = new_total_mean
        self.adapt_mean.assign(total_mean)
        self.adapt_variance.assign(total_var)
        self.finalize_state()

    def finalize_state(self) -> None:
        tf = _tf()
        if self.input_mean is not None or not self.built:
            return
        self.mean = tf.cast(tf.reshape(self.adapt_mean, self._broadcast_shape), self.compute_dtype)
        self.variance = tf.cast(tf.reshape(self.adapt_variance, self._broadcast_shape), self.compute_dtype)

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        if self.mean is None:
            raise ValueError("You must call `.build(input_shape)` on the layer before using it.")
        inputs = tf.cast(inputs, self.compute_dtype)
        denom = tf.maximum(tf.sqrt(self.variance), epsilon())
        if self.invert:
            return tf.add(self.mean, tf.multiply(inputs, denom))
        return tf.divide(tf.subtract(inputs, self.mean), denom)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return tuple(input_shape)


class Rescaling(Layer):
    """Keras: `x * scale + offset` in the layer's dtype."""

    def __init__(self, scale: Any, offset: Any = 0.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        dtype = self.compute_dtype
        return tf.cast(inputs, dtype) * tf.cast(self.scale, dtype) + tf.cast(self.offset, dtype)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return tuple(input_shape)
