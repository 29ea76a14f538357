"""keras.layers.Embedding and Lambda (Keras 3 core layers beyond Dense)."""

from __future__ import annotations

import inspect
from typing import Any

from tfshim.keras import initializers, regularizers
from tfshim.keras.layers.layer import Layer, _tf


class Embedding(Layer):
    """Keras: a (input_dim, output_dim) table gathered at integer indices (cast to int32 unless integer)."""

    def __init__(self, input_dim: int, output_dim: int, embeddings_initializer: Any = "uniform",
                 embeddings_regularizer: Any = None, embeddings_constraint: Any = None, mask_zero: bool = False,
                 weights: Any = None, lora_rank: Any = None, lora_alpha: Any = None, **kwargs: Any) -> None:
        kwargs.pop("input_length", None)
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = embeddings_constraint
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self._initial_weights = weights
        if weights is not None:
            self.build()
            self.set_weights(weights if isinstance(weights, list) else [weights])

    def build(self, input_shape: Any = None) -> None:
        if self.built:
            return
        self._embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                           initializer=self.embeddings_initializer, name="embeddings",
                                           regularizer=self.embeddings_regularizer,
                                           constraint=self.embeddings_constraint, trainable=True)
        self.built = True

    @property
    def embeddings(self) -> Any:
        return self._embeddings

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        inputs = tf.convert_to_tensor(inputs)
        if inputs.dtype not in (tf.int32, tf.int64):
            inputs = tf.cast(inputs, "int32")
        # Keras' take: negative indices count from the end
        inputs = tf.where(inputs < 0, inputs + tf.cast(tf.shape(self._embeddings)[0], inputs.dtype), inputs)
        return tf.gather(self._embeddings, inputs, axis=0)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if not self.mask_zero:
            return None
        return _tf().not_equal(inputs, 0)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return (*input_shape, self.output_dim)


class Lambda(Layer):
    """Keras: wraps `function(inputs, **arguments)` as a layer; without `output_shape` the output shape is
    found by running the function."""

    def __init__(self, function: Any, output_shape: Any = None, mask: Any = None, arguments: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.arguments = arguments or {}
        self.function = function
        self.supports_masking = mask is not None
        self.mask = mask
        self._lambda_output_shape = output_shape
        try:
            args = inspect.getfullargspec(function).args
        except TypeError:
            args = []
        self._fn_expects_training_arg = "training" in args
        self._fn_expects_mask_arg = "mask" in args
        self._build_at_init()

    def compute_output_shape(self, input_shape: Any) -> Any:
        if self._lambda_output_shape is None:
            raise NotImplementedError  # the symbolic call runs the function instead
        if callable(self._lambda_output_shape):
            return self._lambda_output_shape(input_shape)
        batch = input_shape[0] if isinstance(input_shape, tuple) else input_shape[0][0]
        return (batch, *self._lambda_output_shape)

    def call(self, inputs: Any, mask: Any = None, training: Any = None) -> Any:
        kwargs = dict(self.arguments)
        if self._fn_expects_mask_arg:
            kwargs["mask"] = mask
        if self._fn_expects_training_arg:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)
