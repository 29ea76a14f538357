"""tf.keras.initializers (Keras 3): seeded draws go through TF's stateless random ops.

As in Keras 3, an unseeded random initializer draws its seed from Python's `random`
(`random.randint(1, 10**9)`) when it is constructed, so `tf.random.set_seed` does not make it
reproducible but `tf.keras.utils.set_random_seed` does. Seeds reach the stateless kernels as
`[seed % (2**31 - 2), 0]` (Keras's `_cast_seed`).
"""

from __future__ import annotations

import math
import random as python_random
from typing import Any

import numpy as np

from tfshim.keras._backend import standardize_dtype


def make_default_seed() -> int:
    return python_random.randint(1, int(1e9))


def _seed_pair(seed: Any) -> Any:
    """Keras: random._cast_seed(draw_seed(seed)) for an integer seed or a SeedGenerator."""
    import tfshim as tf

    if isinstance(seed, int):
        return tf.constant([seed % (2**31 - 2), 0], dtype=tf.int32)
    pair = seed.next()
    return tf.cast(tf.math.floormod(pair, 2**31 - 2), tf.int32)


def _draw_uniform(shape: Any, minval: float, maxval: float, dtype: Any, seed: Any) -> Any:
    import tfshim as tf

    dtype = standardize_dtype(dtype)
    return tf.random.stateless_uniform(shape=shape, seed=_seed_pair(seed), minval=tf.cast(minval, dtype),
                                       maxval=tf.cast(maxval, dtype), dtype=dtype)


def _draw_normal(shape: Any, mean: float, stddev: float, dtype: Any, seed: Any) -> Any:
    import tfshim as tf

    return tf.random.stateless_normal(shape=shape, seed=_seed_pair(seed), mean=mean, stddev=stddev,
                                      dtype=standardize_dtype(dtype))


def _draw_truncated_normal(shape: Any, mean: float, stddev: float, dtype: Any, seed: Any) -> Any:
    import tfshim as tf

    return tf.random.stateless_truncated_normal(shape=shape, seed=_seed_pair(seed), mean=mean, stddev=stddev,
                                                dtype=standardize_dtype(dtype))


class Initializer:
    """Keras: keras.initializers.Initializer."""

    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        raise NotImplementedError("Initializer subclasses must implement the `__call__()` method.")

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Initializer:
        return cls(**config)

    def clone(self) -> Initializer:
        return self.__class__.from_config(self.get_config())


class Zeros(Initializer):
    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        import tfshim as tf

        return tf.zeros(shape, dtype=standardize_dtype(dtype))


class Ones(Initializer):
    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        import tfshim as tf

        return tf.ones(shape, dtype=standardize_dtype(dtype))


class Constant(Initializer):
    def __init__(self, value: Any = 0.0) -> None:
        self.value = value

    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        import tfshim as tf

        dtype = standardize_dtype(dtype)
        return tf.cast(self.value, dtype) * tf.ones(shape, dtype=dtype)

    def get_config(self) -> dict:
        return {"value": self.value}


class RandomInitializer(Initializer):
    def __init__(self, seed: Any = None) -> None:
        self._init_seed = seed
        if seed is None:
            seed = make_default_seed()
        elif not isinstance(seed, int) and not hasattr(seed, "next"):
            raise ValueError("`seed` argument should be an instance of `keras.random.SeedGenerator()` or an "
                             f"integer. Received: seed={seed}")
        self.seed = seed

    def get_config(self) -> dict:
        return {"seed": self._init_seed}


class RandomNormal(RandomInitializer):
    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: Any = None) -> None:
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        return _draw_normal(shape, self.mean, self.stddev, dtype, self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class TruncatedNormal(RandomInitializer):
    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: Any = None) -> None:
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        return _draw_truncated_normal(shape, self.mean, self.stddev, dtype, self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class RandomUniform(RandomInitializer):
    def __init__(self, minval: float = -0.05, maxval: float = 0.05, seed: Any = None) -> None:
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed=seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        return _draw_uniform(shape, self.minval, self.maxval, dtype, self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "minval": self.minval, "maxval": self.maxval}


def compute_fans(shape: Any, input_axes: Any = None, output_axes: Any = None) -> tuple:
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        return int(np.prod([shape[a] for a in input_axes])), int(np.prod([shape[a] for a in output_axes]))
    if len(shape) < 1:
        fan_in = fan_out = 1
    elif len(shape) == 1:
        fan_in = fan_out = shape[0]
    elif len(shape) == 2:
        fan_in, fan_out = shape
    else:
        receptive = 1
        for dim in shape[:-2]:
            receptive *= dim
        fan_in, fan_out = shape[-2] * receptive, shape[-1] * receptive
    return int(fan_in), int(fan_out)


class VarianceScaling(RandomInitializer):
    def __init__(self, scale: float = 1.0, mode: str = "fan_in", distribution: str = "truncated_normal",
                 seed: Any = None, input_axes: Any = None, output_axes: Any = None) -> None:
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        allowed_modes = {"fan_in", "fan_out", "fan_avg"}
        if mode not in allowed_modes:
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of {allowed_modes}")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        allowed = {"uniform", "truncated_normal", "untruncated_normal"}
        if distribution not in allowed:
            raise ValueError(f"Invalid `distribution` argument: {distribution}.Please use one of {allowed}")
        self.scale, self.mode, self.distribution = scale, mode, distribution
        self.input_axes, self.output_axes = input_axes, output_axes
        super().__init__(seed=seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        scale = self.scale
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == "truncated_normal":
            return _draw_truncated_normal(shape, 0.0, math.sqrt(scale) / 0.87962566103423978, dtype, self.seed)
        if self.distribution == "untruncated_normal":
            return _draw_normal(shape, 0.0, math.sqrt(scale), dtype, self.seed)
        limit = math.sqrt(3.0 * scale)
        return _draw_uniform(shape, -limit, limit, dtype, self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "input_axes": self.input_axes, "output_axes": self.output_axes}


def _variance_subclass(name: str, scale: float, mode: str, distribution: str) -> type:
    def __init__(self: Any, seed: Any = None, input_axes: Any = None, output_axes: Any = None) -> None:
        VarianceScaling.__init__(self, scale=scale, mode=mode, distribution=distribution, seed=seed,
                                 input_axes=input_axes, output_axes=output_axes)

    def get_config(self: Any) -> dict:
        return {"seed": self._init_seed, "input_axes": self.input_axes, "output_axes": self.output_axes}

    return type(name, (VarianceScaling,), {"__init__": __init__, "get_config": get_config,
                                           "__module__": __name__, "__qualname__": name})


GlorotUniform = _variance_subclass("GlorotUniform", 1.0, "fan_avg", "uniform")
GlorotNormal = _variance_subclass("GlorotNormal", 1.0, "fan_avg", "truncated_normal")
LecunNormal = _variance_subclass("LecunNormal", 1.0, "fan_in", "truncated_normal")
LecunUniform = _variance_subclass("LecunUniform", 1.0, "fan_in", "uniform")
HeNormal = _variance_subclass("HeNormal", 2.0, "fan_in", "truncated_normal")
HeUniform = _variance_subclass("HeUniform", 2.0, "fan_in", "uniform")

class Orthogonal(RandomInitializer):
    """Keras: the Q of a QR decomposition of a normal draw (signs fixed by diag(R)), times `gain`.

    tfshim differs: the QR is NumPy's (LAPACK) where TF uses Eigen's, so the values agree with TF's to
    float32 rounding, not bit for bit."""

    def __init__(self, gain: float = 1.0, seed: Any = None) -> None:
        self.gain = gain
        super().__init__(seed=seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Any:
        import tfshim as tf

        if len(shape) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional. Received: "
                             f"shape={shape} of rank {len(shape)}.")
        num_rows = math.prod(shape[:-1])
        num_cols = shape[-1]
        flat_shape = (max(num_cols, num_rows), min(num_cols, num_rows))
        a = _draw_normal(flat_shape, 0.0, 1.0, dtype, self.seed)
        q, r = np.linalg.qr(np.asarray(a))
        q = q * np.sign(np.diagonal(r))
        if num_rows < num_cols:
            q = q.T
        return self.gain * tf.reshape(tf.constant(q.astype(standardize_dtype(dtype))), shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "gain": self.gain}


_ALIASES = {"orthogonal": Orthogonal, "uniform": RandomUniform, "normal": RandomNormal,
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_normal": RandomNormal,
    "random_uniform": RandomUniform, "truncated_normal": TruncatedNormal, "variance_scaling": VarianceScaling,
    "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal, "lecun_normal": LecunNormal,
    "lecun_uniform": LecunUniform, "he_normal": HeNormal, "he_uniform": HeUniform,
}
zeros, ones, constant = Zeros, Ones, Constant
random_normal, random_uniform = RandomNormal, RandomUniform
glorot_uniform, glorot_normal, he_normal, he_uniform = GlorotUniform, GlorotNormal, HeNormal, HeUniform
lecun_normal, lecun_uniform, truncated_normal, variance_scaling = LecunNormal, LecunUniform, TruncatedNormal, \
    VarianceScaling


def get(identifier: Any) -> Any:
    """Keras: initializers.get — a name (snake_case or class name), a class, an instance or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        from tfshim.keras.saving.serialization_lib import deserialize_keras_object

        return deserialize_keras_object(identifier)
    if isinstance(identifier, str):
        cls = _ALIASES.get(identifier) or globals().get(identifier)
        if not (isinstance(cls, type) and issubclass(cls, Initializer)):
            raise ValueError(f"Could not interpret initializer identifier: {identifier}")
        return cls()
    if isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")


def serialize(initializer: Any) -> dict:
    return {"module": "keras.initializers", "class_name": type(initializer).__name__,
            "config": initializer.get_config(), "registered_name": None}


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.initializers", __name__)
