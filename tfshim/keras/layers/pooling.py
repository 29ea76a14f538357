"""keras.layers pooling (Keras 3): Max/AveragePooling1D/2D through tf.nn.max_pool/avg_pool, and the global
poolings as reduce_mean/reduce_max over the spatial axes (channels_last)."""

from __future__ import annotations

from typing import Any

from tfshim.keras.layers.convolutional import conv_output_length, standardize_padding, standardize_tuple
from tfshim.keras.layers.layer import InputSpec, Layer, _tf


class BasePooling(Layer):
    def __init__(self, pool_size: Any, strides: Any, pool_dimensions: int, pool_mode: str = "max",
                 padding: str = "valid", data_format: Any = None, name: Any = None, **kwargs: Any) -> None:
        super().__init__(name=name, **kwargs)
        self.pool_size = standardize_tuple(pool_size, pool_dimensions, "pool_size")
        strides = pool_size if strides is None else strides
        self.strides = standardize_tuple(strides, pool_dimensions, "strides")
        self.pool_mode = pool_mode
        self.padding = standardize_padding(padding)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise NotImplementedError("tfshim: keras pooling layers support data_format='channels_last' only")
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        op = tf.nn.max_pool if self.pool_mode == "max" else tf.nn.avg_pool
        return op(inputs, self.pool_size, self.strides, self.padding.upper())

    def compute_output_shape(self, input_shape: Any) -> tuple:
        spatial = [conv_output_length(n, k, self.padding, s) for n, k, s in
                   zip(input_shape[1:-1], self.pool_size, self.strides)]
        return (input_shape[0], *spatial, input_shape[-1])


class MaxPooling1D(BasePooling):
    def __init__(self, pool_size: Any = 2, strides: Any = None, padding: str = "valid", data_format: Any = None,
                 name: Any = None, **kwargs: Any) -> None:
        super().__init__(pool_size, strides, 1, "max", padding, data_format, name=name, **kwargs)


class MaxPooling2D(BasePooling):
    def __init__(self, pool_size: Any = (2, 2), strides: Any = None, padding: str = "valid",
                 data_format: Any = None, name: Any = None, **kwargs: Any) -> None:
        super().__init__(pool_size, strides, 2, "max", padding, data_format, name=name, **kwargs)


class AveragePooling1D(BasePooling):
    def __init__(self, pool_size: Any, strides: Any = None, padding: str = "valid", data_format: Any = None,
                 name: Any = None, **kwargs: Any) -> None:
        super().__init__(pool_size, strides, 1, "average", padding, data_format, name=name, **kwargs)


class AveragePooling2D(BasePooling):
    def __init__(self, pool_size: Any, strides: Any = None, padding: str = "valid",
                 data_format: Any = None, name: Any = None, **kwargs: Any) -> None:
        super().__init__(pool_size, strides, 2, "average", padding, data_format, name=name, **kwargs)


class BaseGlobalPooling(Layer):
    def __init__(self, pool_dimensions: int, mode: str, data_format: Any = None, keepdims: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise NotImplementedError("tfshim: keras global pooling layers support data_format='channels_last' only")
        self.keepdims = keepdims
        self._mode = mode
        self._axes = list(range(1, pool_dimensions + 1))
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        reduce = tf.reduce_mean if self._mode == "average" else tf.reduce_max
        return reduce(inputs, axis=self._axes, keepdims=self.keepdims)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        if self.keepdims:
            return (input_shape[0], *([1] * len(self._axes)), input_shape[-1])
        return (input_shape[0], input_shape[-1])


class GlobalAveragePooling1D(BaseGlobalPooling):
    def __init__(self, data_format: Any = None, keepdims: bool = False, **kwargs: Any) -> None:
        super().__init__(1, "average", data_format, keepdims, **kwargs)
        self.supports_masking = True


class GlobalAveragePooling2D(BaseGlobalPooling):
    def __init__(self, data_format: Any = None, keepdims: bool = False, **kwargs: Any) -> None:
        super().__init__(2, "average", data_format, keepdims, **kwargs)


class GlobalMaxPooling1D(BaseGlobalPooling):
    def __init__(self, data_format: Any = None, keepdims: bool = False, **kwargs: Any) -> None:
        super().__init__(1, "max", data_format, keepdims, **kwargs)


class GlobalMaxPooling2D(BaseGlobalPooling):
    def __init__(self, data_format: Any = None, keepdims: bool = False, **kwargs: Any) -> None:
        super().__init__(2, "max", data_format, keepdims, **kwargs)
