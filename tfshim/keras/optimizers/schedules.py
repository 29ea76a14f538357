"""tf.keras.optimizers.schedules (Keras 3): ExponentialDecay, PiecewiseConstantDecay, ...

The arithmetic is Keras's, op for op in float32 (`initial * decay_rate ** (step / decay_steps)`).
"""

from __future__ import annotations

import math
from typing import Any


def _tf() -> Any:
    import tfshim

    return tfshim


def _convert(x: Any) -> Any:
    """Keras ops.convert_to_tensor: Python floats become floatx (float32), ints int32."""
    tf = _tf()
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return tf.convert_to_tensor(x)
    if isinstance(x, float):
        return tf.constant(x, dtype=tf.float32)
    return tf.convert_to_tensor(x)


class LearningRateSchedule:
    """Keras: LearningRateSchedule. Subclasses implement `__call__(step)` and `get_config()`."""

    def __call__(self, step: Any) -> Any:
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must override "
                                  "`__call__(self, step)`.")

    def get_config(self) -> dict:
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must override "
                                  "`get_config()` in order to be serializable.")

    @classmethod
    def from_config(cls, config: dict) -> LearningRateSchedule:
        return cls(**config)


class ExponentialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate: Any, decay_steps: Any, decay_rate: Any, staircase: bool = False,
                 name: str = "ExponentialDecay") -> None:
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        if self.decay_steps <= 0:
            raise ValueError(f"Argument `decay_steps` must be > 0. Received: decay_steps={self.decay_steps}")

    def __call__(self, step: Any) -> Any:
        tf = _tf()
        initial = _convert(self.initial_learning_rate)
        dtype = initial.dtype
        decay_steps = tf.cast(self.decay_steps, dtype)
        decay_rate = tf.cast(self.decay_rate, dtype)
        p = tf.cast(step, dtype) / decay_steps
        if self.staircase:
            p = tf.floor(p)
        return tf.multiply(initial, tf.pow(decay_rate, p))

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class PiecewiseConstantDecay(LearningRateSchedule):
    def __init__(self, boundaries: Any, values: Any, name: str = "PiecewiseConstant") -> None:
        super().__init__()
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length of values. Received: "
                f"boundaries={boundaries} of length {len(boundaries)}, and values={values} of length {len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step: Any) -> Any:
        tf = _tf()
        boundaries = [_convert(x) for x in self.boundaries]
        values = [_convert(x) for x in self.values]
        step = _convert(step)
        boundaries = [b if b.dtype == step.dtype else tf.cast(b, step.dtype) for b in boundaries]
        dtype = values[0].dtype
        result = tf.zeros([], dtype=dtype)
        result += tf.cast(step <= boundaries[0], dtype) * values[0]
        result += tf.cast(step > boundaries[-1], dtype) * values[-1]
        for low, high, value in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
            result += tf.cast(tf.logical_and(step > low, step <= high), dtype) * value
        return result

    def get_config(self) -> dict:
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class InverseTimeDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate: Any, decay_steps: Any, decay_rate: Any, staircase: bool = False,
                 name: str = "InverseTimeDecay") -> None:
        super().__init__()
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.decay_rate, self.staircase, self.name = decay_rate, staircase, name

    def __call__(self, step: Any) -> Any:
        tf = _tf()
        initial = _convert(self.initial_learning_rate)
        dtype = initial.dtype
        p = tf.cast(step, dtype) / tf.cast(self.decay_steps, dtype)
        if self.staircase:
            p = tf.floor(p)
        const = tf.cast(tf.constant(1), dtype)
        return tf.divide(initial, tf.add(const, tf.multiply(tf.cast(self.decay_rate, dtype), p)))

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class CosineDecay(LearningRateSchedule):
    """Keras: CosineDecay without warmup (tfshim: warmup arguments are accepted only at their defaults)."""

    def __init__(self, initial_learning_rate: Any, decay_steps: Any, alpha: float = 0.0, name: str = "CosineDecay",
                 warmup_target: Any = None, warmup_steps: int = 0) -> None:
        super().__init__()
        if warmup_target is not None or warmup_steps:
            raise NotImplementedError("tfshim: CosineDecay warmup is not supported")
        self.initial_learning_rate, self.decay_steps, self.alpha, self.name = (
            initial_learning_rate, decay_steps, alpha, name)
        self.warmup_target, self.warmup_steps = warmup_target, warmup_steps

    def __call__(self, step: Any) -> Any:
        tf = _tf()
        initial = _convert(self.initial_learning_rate)
        dtype = initial.dtype
        decay_steps = tf.cast(self.decay_steps, dtype)
        global_step = tf.minimum(tf.cast(step, dtype), decay_steps)
        completed = global_step / decay_steps
        pi = tf.constant(math.pi, dtype=dtype)
        cosine = 0.5 * (1.0 + tf.cos(pi * completed))
        decayed = (1 - self.alpha) * cosine + self.alpha
        return tf.multiply(initial, decayed)

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "alpha": self.alpha, "name": self.name, "warmup_target": self.warmup_target,
                "warmup_steps": self.warmup_steps}


def serialize(schedule: LearningRateSchedule) -> dict:
    return {"module": "keras.optimizers.schedules", "class_name": type(schedule).__name__,
            "config": schedule.get_config(), "registered_name": None}


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.optimizers.schedules", __name__)
