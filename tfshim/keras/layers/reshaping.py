"""keras.layers.Reshape (Keras 3): reshape each sample to `target_shape` (one dimension may be -1)."""

from __future__ import annotations

import math
from typing import Any

from tfshim.keras.layers.layer import Layer, _tf


def compute_reshape_output_shape(input_shape: Any, newshape: tuple, arg_name: str) -> tuple:
    """Keras: operation_utils.compute_reshape_output_shape (resolves a -1 when the input size is known)."""
    unknown = [i for i, d in enumerate(newshape) if d == -1]
    if len(unknown) > 1:
        raise ValueError(f"There must be at most one unknown dimension (-1) in {arg_name}. Received: "
                         f"{arg_name}={newshape}.")
    if any(d is None for d in input_shape):
        return tuple(None if d == -1 else d for d in newshape)
    input_size = math.prod(input_shape)
    if not unknown:
        if input_size != math.prod(newshape):
            raise ValueError(f"The total size of the tensor must be unchanged. Received: input_shape={input_shape}, "
                             f"{arg_name}={newshape}")
        return tuple(newshape)
    known = math.prod(d for d in newshape if d != -1)
    if known == 0 or input_size % known != 0:
        raise ValueError(f"The total size of the tensor must be unchanged, however, the input size {input_size} is "
                         f"not divisible by the product of the specified shape {known}. Received: "
                         f"input_shape={input_shape}, {arg_name}={newshape}")
    out = list(newshape)
    out[unknown[0]] = input_size // known
    return tuple(out)


class Reshape(Layer):
    def __init__(self, target_shape: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        target_shape = tuple(target_shape)
        if any(not isinstance(d, int) or (d < 0 and d != -1) for d in target_shape):
            raise ValueError("The `target_shape` argument must be a tuple of positive integers or -1. Received: "
                             f"target_shape={target_shape}")
        self.target_shape = target_shape
        self._build_at_init()

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return (input_shape[0], *compute_reshape_output_shape(tuple(input_shape[1:]), self.target_shape,
                                                              "target_shape"))

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        resolved = compute_reshape_output_shape(tuple(inputs.shape.as_list())[1:], self.target_shape, "target_shape")
        resolved = tuple(-1 if d is None else d for d in resolved)
        return tf.reshape(inputs, (tf.shape(inputs)[0], *resolved))
