"""keras.layers.Concatenate / Add / Subtract / Multiply / Average / Maximum / Minimum (Keras 3 merging):
called on a list of tensors; the elementwise ones fold left to right as Keras does."""

from __future__ import annotations

from typing import Any

from tfshim.keras.layers.layer import Layer, _tf


class Merge(Layer):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True

    def build(self, input_shape: Any) -> None:
        if not isinstance(input_shape[0], (tuple, list)):
            raise ValueError("A merge layer should be called on a list of inputs. "
                             f"Received: input_shape={input_shape} (not a list of shapes)")
        if len(input_shape) < 1:
            raise ValueError(f"A merge layer should be called on a list of at least 1 input. Got {len(input_shape)} "
                             "inputs. Full input_shape received: {input_shape}")
        self.built = True

    def _merge_function(self, inputs: list) -> Any:
        raise NotImplementedError

    def call(self, inputs: Any) -> Any:
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(f"A merge layer should be called on a list of inputs. Received: inputs={inputs} "
                             "(not a list of tensors)")
        return self._merge_function(list(inputs))

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = list(input_shape[0])
        for other in input_shape[1:]:  # broadcasting of the non-batch dimensions
            other = list(other)
            if len(other) > len(shape):
                shape, other = other, shape
            for i in range(1, len(other) + 1):
                a, b = shape[-i], other[-i]
                shape[-i] = b if a in (1, None) and b != 1 else a
        return tuple(shape)


def _fold(op: Any, inputs: list) -> Any:
    output = inputs[0]
    for x in inputs[1:]:
        output = op(output, x)
    return output


class Add(Merge):
    def _merge_function(self, inputs: list) -> Any:
        return _fold(_tf().add, inputs)


class Subtract(Merge):
    def build(self, input_shape: Any) -> None:
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError(f"A `Subtract` layer should be called on exactly 2 inputs. Received: input_shape="
                             f"{input_shape}")

    def _merge_function(self, inputs: list) -> Any:
        if len(inputs) != 2:
            raise ValueError(f"A `Subtract` layer should be called on exactly 2 inputs. Received: inputs={inputs}")
        return _tf().subtract(inputs[0], inputs[1])


class Multiply(Merge):
    def _merge_function(self, inputs: list) -> Any:
        return _fold(_tf().multiply, inputs)


class Average(Merge):
    def _merge_function(self, inputs: list) -> Any:
        return _tf().divide(_fold(_tf().add, inputs), float(len(inputs)))


class Maximum(Merge):
    def _merge_function(self, inputs: list) -> Any:
        return _fold(_tf().maximum, inputs)


class Minimum(Merge):
    def _merge_function(self, inputs: list) -> Any:
        return _fold(_tf().minimum, inputs)


class Concatenate(Merge):
    def __init__(self, axis: int = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.axis = axis

    def build(self, input_shape: Any) -> None:
        if len(input_shape) < 1 or not isinstance(input_shape[0], (tuple, list)):
            raise ValueError("A `Concatenate` layer should be called on a list of at least 1 input. Received: "
                             f"input_shape={input_shape}")
        self.built = True

    def _merge_function(self, inputs: list) -> Any:
        return _tf().concat(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = list(input_shape[0])
        axis = self.axis % len(shape)
        for other in input_shape[1:]:
            if shape[axis] is None or other[axis] is None:
                shape[axis] = None
            else:
                shape[axis] += other[axis]
        return tuple(shape)


def add(inputs: list, **kwargs: Any) -> Any:
    return Add(**kwargs)(inputs)


def concatenate(inputs: list, axis: int = -1, **kwargs: Any) -> Any:
    return Concatenate(axis=axis, **kwargs)(inputs)
