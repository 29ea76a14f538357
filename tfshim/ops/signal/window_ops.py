"""tf.signal windows (TF: signal/window_ops.py), composed from ops in TF's order."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import tf_export


def _raised_cosine_window(window_length: Any, periodic: Any, dtype: Any, a: float, b: float) -> Tensor:
    from tfshim.ops import array_ops, math_ops

    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError("dtype must be a floating point type. Found %s" % dtype)
    length = convert_to_tensor(window_length, dtype=dtypes.int32, name="window_length")
    length.shape.assert_has_rank(0)
    if int(length._value) == 1:
        return array_ops.ones([1], dtype=dtype)
    per = math_ops.cast(convert_to_tensor(periodic, dtype=dtypes.bool, name="periodic"), dtypes.int32)
    per.shape.assert_has_rank(0)
    even = 1 - math_ops.floormod(length, 2)
    n = math_ops.cast(length + per * even - 1, dtype)
    count = math_ops.cast(array_ops.range(length), dtype)
    cos_arg = convert_to_tensor(2 * np.pi, dtype=dtype) * count / n
    return math_ops.cast(a - b * math_ops.cos(cos_arg), dtype)


@tf_export("signal.hann_window")
def hann_window(window_length: Any, periodic: Any = True, dtype: Any = dtypes.float32, name: Any = None) -> Tensor:
    """TF: tf.signal.hann_window: 0.5 - 0.5 cos(2 pi n / N)."""
    return _raised_cosine_window(window_length, periodic, dtype, 0.5, 0.5)


@tf_export("signal.hamming_window")
def hamming_window(window_length: Any, periodic: Any = True, dtype: Any = dtypes.float32,
                   name: Any = None) -> Tensor:
    """TF: tf.signal.hamming_window: 0.54 - 0.46 cos(2 pi n / N)."""
    return _raised_cosine_window(window_length, periodic, dtype, 0.54, 0.46)
