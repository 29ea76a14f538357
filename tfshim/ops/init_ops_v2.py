"""TF 2's own initializers: tf.zeros_initializer, tf.random_normal_initializer, ... (TF: ops/init_ops_v2.py).

These are not Keras' initializers (tf.keras.initializers): a seeded random initializer here draws from TF's
stateless ops with the seed pair `[seed, 0]`, so every call returns the same values; an unseeded one draws from
TF's stateful ops (`tf.random.normal(seed=None)`), so `tf.random.set_seed` makes it reproducible.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import constant
from tfshim.framework.tensor import Tensor
from tfshim.ops import random_ops
from tfshim.ops.array_ops import ones, zeros
from tfshim.util.tf_export import tf_export

_PARTITION_SHAPE = "partition_shape"
_PARTITION_OFFSET = "partition_offset"


class Initializer:
    """TF: init_ops_v2.Initializer, the base class: `__call__(shape, dtype=None, **kwargs)`."""

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        raise NotImplementedError

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Initializer:
        config.pop("dtype", None)  # TF drops a dtype that TF 1's initializers put in their configs
        return cls(**config)

    def _validate_kwargs(self, kwargs: dict, support_partition: bool = True) -> None:
        for kwarg in kwargs:
            if kwarg not in (_PARTITION_SHAPE, _PARTITION_OFFSET):
                raise TypeError("Keyword argument should be one of "
                                f"{[_PARTITION_SHAPE, _PARTITION_OFFSET]}. Received: {kwarg}")
            if not support_partition:
                raise ValueError(f"{self.__class__.__name__} initializer doesn't support partition-related arguments")


def _numeric_or_bool(dtype: Any) -> dtypes.DType:
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_numpy_compatible or dtype == dtypes.string:
        raise ValueError(f"Argument `dtype` expected to be numeric or boolean. Received {dtype}.")
    return dtype


def _float_dtype(dtype: Any) -> dtypes.DType:
    """TF: init_ops_v2._assert_float_dtype."""
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: {dtype}.")
    return dtype


@tf_export("zeros_initializer")
class Zeros(Initializer):
    """Tensors of zeros (`tf.zeros(shape, dtype)`)."""

    def __call__(self, shape: Any, dtype: Any = dtypes.float32, **kwargs: Any) -> Tensor:
        self._validate_kwargs(kwargs)
        dtype = _numeric_or_bool(dtype)
        return zeros(kwargs.get(_PARTITION_SHAPE, shape), dtype)


@tf_export("ones_initializer")
class Ones(Initializer):
    """Tensors of ones (`tf.ones(shape, dtype)`)."""

    def __call__(self, shape: Any, dtype: Any = dtypes.float32, **kwargs: Any) -> Tensor:
        self._validate_kwargs(kwargs)
        dtype = _numeric_or_bool(dtype)
        return ones(kwargs.get(_PARTITION_SHAPE, shape), dtype)


@tf_export("constant_initializer")
class Constant(Initializer):
    """`tf.constant(value, dtype, shape)`: a scalar broadcasts, a list must have the shape's number of elements.

    A partition (`partition_shape`) takes the whole value, not a slice of it, as in TF.
    """

    def __init__(self, value: Any = 0, support_partition: bool = False) -> None:
        if not (np.isscalar(value) or isinstance(value, (list, tuple, np.ndarray))):
            raise TypeError(f"Invalid type for initial value: {_type_name(value)}. Expected Python scalar, list or "
                            "tuple of values, or numpy.ndarray.")
        self.value = value
        self.support_partition = support_partition

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        self._validate_kwargs(kwargs, support_partition=self.support_partition)
        if dtype is not None:
            dtype = dtypes.as_dtype(dtype)
        return constant(self.value, dtype=dtype, shape=shape)

    def get_config(self) -> dict:
        return {"value": self.value}


def _type_name(value: Any) -> str:
    # TF's eager tensors are of the C type EagerTensor
    return "EagerTensor" if isinstance(value, Tensor) else type(value).__name__


class _RandomGenerator:
    """TF: init_ops_v2._RandomGenerator: stateless ops with seed `[seed, 0]` when seeded, else stateful ones."""

    def __init__(self, seed: Any = None) -> None:
        self.seed = None if seed is None else [seed, 0]

    def random_normal(self, shape: Any, mean: Any, stddev: Any, dtype: Any) -> Tensor:
        if self.seed:
            return random_ops.stateless_random_normal(shape=shape, seed=self.seed, mean=mean, stddev=stddev,
                                                      dtype=dtype)
        return random_ops.random_normal(shape=shape, mean=mean, stddev=stddev, dtype=dtype, seed=None)

    def random_uniform(self, shape: Any, minval: Any, maxval: Any, dtype: Any) -> Tensor:
        if self.seed:
            return random_ops.stateless_random_uniform(shape=shape, seed=self.seed, minval=minval, maxval=maxval,
                                                       dtype=dtype)
        return random_ops.random_uniform(shape=shape, minval=minval, maxval=maxval, dtype=dtype, seed=None)


@tf_export("random_uniform_initializer")
class RandomUniform(Initializer):
    """Uniform values in [minval, maxval), floating or integer dtypes."""

    def __init__(self, minval: Any = -0.05, maxval: Any = 0.05, seed: Any = None) -> None:
        self.minval = minval
        self.maxval = maxval
        self.seed = seed
        self._random_generator = _RandomGenerator(seed)

    def __call__(self, shape: Any, dtype: Any = dtypes.float32, **kwargs: Any) -> Tensor:
        self._validate_kwargs(kwargs)
        dtype = dtypes.as_dtype(dtype)
        if not dtype.is_floating and not dtype.is_integer:
            raise ValueError(f"Argument `dtype` expected to be numeric or boolean. Received {dtype}.")
        return self._random_generator.random_uniform(kwargs.get(_PARTITION_SHAPE, shape), self.minval,
                                                     self.maxval, dtype)

    def get_config(self) -> dict:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


@tf_export("random_normal_initializer")
class RandomNormal(Initializer):
    """Normal values with the given mean and standard deviation, floating dtypes."""

    def __init__(self, mean: Any = 0.0, stddev: Any = 0.05, seed: Any = None) -> None:
        self.mean = mean
        self.stddev = stddev
        self.seed = seed
        self._random_generator = _RandomGenerator(seed)

    def __call__(self, shape: Any, dtype: Any = dtypes.float32, **kwargs: Any) -> Tensor:
        self._validate_kwargs(kwargs)
        dtype = _float_dtype(dtype)
        return self._random_generator.random_normal(kwargs.get(_PARTITION_SHAPE, shape), self.mean, self.stddev,
                                                    dtype)

    def get_config(self) -> dict:
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}
