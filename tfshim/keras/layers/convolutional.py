"""keras.layers.Conv1D / Conv2D (Keras 3 BaseConv): tf.nn convolution, then `+ reshape(bias)`, then the
activation, as the TF backend computes them. channels_last only (tfshim's convolutions are NHWC)."""

from __future__ import annotations

import math
from typing import Any

from tfshim.keras import activations, initializers, regularizers
from tfshim.keras.layers.layer import InputSpec, Layer, _tf


def standardize_tuple(value: Any, n: int, name: str) -> tuple:
    if isinstance(value, int):
        return (value,) * n
    try:
        out = tuple(value)
    except TypeError:
        raise ValueError(f"The `{name}` argument must be a tuple of {n} integers. Received {name}={value}") from None
    if len(out) != n or not all(isinstance(v, int) for v in out):
        raise ValueError(f"The `{name}` argument must be a tuple of {n} integers. Received {name}={value}")
    return out


def standardize_padding(value: str) -> str:
    padding = value.lower()
    if padding not in {"valid", "same", "causal"}:
        raise ValueError("The `padding` argument must be a list/tuple or one of {'valid', 'same', 'causal'}. "
                         f"Received: {padding}")
    return padding


def conv_output_length(length: Any, kernel: int, padding: str, stride: int, dilation: int = 1) -> Any:
    """Keras: compute_conv_output_shape per spatial dimension (None stays None)."""
    if length is None:
        return None
    if padding == "valid":
        return int(math.floor((length - dilation * (kernel - 1) - 1) / stride)) + 1
    return int(math.floor((length - 1) / stride)) + 1


class BaseConv(Layer):
    _config_lists_activity_regularizer = True  # Keras: BaseConv.get_config has the key even when None
    def __init__(self, rank: int, filters: int, kernel_size: Any, strides: Any = 1, padding: str = "valid",
                 data_format: Any = None, dilation_rate: Any = 1, groups: int = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None, lora_rank: Any = None,
                 lora_alpha: Any = None, **kwargs: Any) -> None:
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.filters = filters
        self.groups = groups
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = standardize_padding(padding)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise NotImplementedError("tfshim: keras convolution layers support data_format='channels_last' only")
        if self.padding == "causal":
            raise NotImplementedError("tfshim: keras.layers.Conv1D(padding='causal') is not implemented")
        if groups != 1:
            raise NotImplementedError("tfshim: grouped convolutions (groups > 1) are not implemented")
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint
        self.input_spec = InputSpec(min_ndim=rank + 2)
        if self.filters is not None and self.filters <= 0:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly positive value. "
                             f"Received filters={self.filters}.")
        if not all(self.kernel_size):
            raise ValueError("The argument `kernel_size` cannot contain 0. Received kernel_size="
                             f"{self.kernel_size}.")

    def build(self, input_shape: Any) -> None:
        input_channel = input_shape[-1]
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={-1: input_channel})
        kernel_shape = self.kernel_size + (input_channel // self.groups, self.filters)
        self._kernel = self.add_weight(name="kernel", shape=kernel_shape, initializer=self.kernel_initializer,
                                       regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        else:
            self.bias = None
        self.built = True

    @property
    def kernel(self) -> Any:
        if not self.built:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def convolution_op(self, inputs: Any, kernel: Any) -> Any:
        tf = _tf()
        padding = self.padding.upper()
        if self.rank == 1:
            return tf.nn.conv1d(inputs, kernel, self.strides[0], padding, dilations=self.dilation_rate[0])
        return tf.nn.conv2d(inputs, kernel, (1,) + self.strides + (1,), padding,
                            dilations=(1,) + self.dilation_rate + (1,))

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        outputs = self.convolution_op(inputs, self.kernel)
        if self.use_bias:
            outputs = tf.add(outputs, tf.reshape(self.bias, (1,) * (self.rank + 1) + (self.filters,)))
        if self.activation is not None:
            return self.activation(outputs)
        return outputs

    def compute_output_shape(self, input_shape: Any) -> tuple:
        spatial = [conv_output_length(n, k, self.padding, s, d) for n, k, s, d in
                   zip(input_shape[1:-1], self.kernel_size, self.strides, self.dilation_rate)]
        for n in spatial:
            if n is not None and n <= 0:
                raise ValueError(f"Computed output size would be negative. Received `inputs shape={input_shape}`, "
                                 f"`kernel shape={self.kernel_size}`, `dilation_rate={self.dilation_rate}`.")
        return (input_shape[0], *spatial, self.filters)


class Conv1D(BaseConv):
    """Keras: keras.layers.Conv1D(filters, kernel_size, strides=1, padding="valid", ...)."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = 1, padding: str = "valid",
                 data_format: Any = None, dilation_rate: Any = 1, groups: int = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(1, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, groups=groups, activation=activation, use_bias=use_bias,
                         kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)


class Conv2D(BaseConv):
    """Keras: keras.layers.Conv2D(filters, kernel_size, strides=(1, 1), padding="valid", ...)."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = (1, 1), padding: str = "valid",
                 data_format: Any = None, dilation_rate: Any = (1, 1), groups: int = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(2, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, groups=groups, activation=activation, use_bias=use_bias,
                         kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)
