"""tnp.random (TF: ops/numpy_ops/np_random.py): NumPy's random API on TF's stateful random ops.

The draws are TF's (the global seed of `tf.random.set_seed`, which `tnp.random.seed` sets), not NumPy's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.tensor import Tensor
from tfshim.ops import random_ops
from tfshim.ops.numpy_ops import np_array_ops, np_utils
from tfshim.util.tf_export import tf_export


@tf_export("experimental.numpy.random.seed")
def seed(s: Any) -> None:
    """TF: tnp.random.seed: tf.random.set_seed(int(s))."""
    try:
        s = int(s)
    except TypeError:
        raise ValueError(f"Argument `s` got an invalid value {s}. Only integers are supported.") from None
    random_ops.set_seed(s)


@tf_export("experimental.numpy.random.randn")
def randn(*args: Any) -> Tensor:
    """Standard normal draws of shape `args`, in TF NumPy's float type (float64 unless prefer_float32)."""
    return standard_normal(size=args)


@tf_export("experimental.numpy.random.standard_normal")
def standard_normal(size: Any = None) -> Tensor:
    if size is None:
        size = ()
    elif np_utils.isscalar(size):
        size = (size,)
    return random_ops.random_normal(size, dtype=np_utils.result_type(float))


@tf_export("experimental.numpy.random.uniform")
def uniform(low: Any = 0.0, high: Any = 1.0, size: Any = None) -> Tensor:
    dtype = np_utils.result_type(float)
    low = np_array_ops.asarray(low, dtype=dtype)
    high = np_array_ops.asarray(high, dtype=dtype)
    if size is None:
        size = np.broadcast_shapes(low._value.shape, high._value.shape)
    return random_ops.random_uniform(shape=size, minval=low, maxval=high, dtype=dtype)


@tf_export("experimental.numpy.random.random")
def random(size: Any = None) -> Tensor:
    return uniform(0.0, 1.0, size)


@tf_export("experimental.numpy.random.rand")
def rand(*size: Any) -> Tensor:
    return uniform(0.0, 1.0, size)


@tf_export("experimental.numpy.random.randint")
def randint(low: Any, high: Any = None, size: Any = None, dtype: Any = np.int64) -> Tensor:
    low = int(low)
    if high is None:
        high, low = low, 0
    if size is None:
        size = ()
    elif isinstance(size, int):
        size = (size,)
    result_dtype = np_utils.result_type(dtype)
    if result_dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(f"Argument `dtype` got an invalid value {dtype}. Only those convertible to "
                         f"{(np.int32, np.int64)} are supported.")
    return random_ops.random_uniform(shape=size, minval=low, maxval=high, dtype=result_dtype)


@tf_export("experimental.numpy.random.poisson")
def poisson(lam: Any = 1.0, size: Any = None) -> Tensor:
    raise NotImplementedError("tf.experimental.numpy.random.poisson is not implemented by tfshim")
