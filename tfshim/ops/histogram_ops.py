"""tf.histogram_fixed_width and histogram_fixed_width_bins (TF: histogram_ops.py, HistogramFixedWidth)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor, match_inputs
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import (
    KernelError,
    _took_slow_path,
    as_called,
    defop,
    dtype_mismatch,
    run_op,
    tf_export,
)


def _histogram_kernel(values: np.ndarray, value_range: np.ndarray, nbins: np.ndarray, dtype: Any = None) -> Any:
    if value_range.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, "value_range should be a vector.")
    if value_range.shape[0] != 2:
        raise KernelError(errors.InvalidArgumentError, "value_range should be a vector of 2 elements.")
    if nbins.ndim != 0:
        raise KernelError(errors.InvalidArgumentError, "nbins should be a scalar.")
    lo, hi = value_range[0], value_range[1]
    n = int(nbins)
    if n <= 0:
        raise KernelError(errors.InvalidArgumentError, "nbins should be a positive number, but got '%d'" % n)
    if not lo < hi:
        raise KernelError(errors.InvalidArgumentError, "value_range should satisfy value_range[0] < value_range[1], "
                          "but got '[%s, %s]'" % (_num(lo), _num(hi)))
    # TF: ((max(x, lo) as double - lo) / step) min (nbins - 1), then truncated to int32
    step = (float(hi) - float(lo)) / float(n)
    with np.errstate(all="ignore"):
        pos = (np.maximum(values, lo).astype(np.float64) - float(lo)) / step
        idx = np.minimum(pos, float(n - 1)).astype(np.int32).reshape(-1)
    return np.bincount(idx, minlength=n).astype(dtype.as_numpy_dtype)


def _num(v: Any) -> str:
    return ("%g" % v) if isinstance(v, np.floating) else str(v)


HistogramFixedWidth = defop("HistogramFixedWidth", _histogram_kernel)


@tf_export("histogram_fixed_width")
def histogram_fixed_width(values: Any, value_range: Any, nbins: Any = 100, dtype: Any = dtypes.int32,
                          name: Any = None) -> Tensor:
    """TF: tf.histogram_fixed_width: counts in nbins equal bins of value_range (outliers in the end bins)."""
    raw = (values, value_range, nbins)
    v, r = match_inputs([values, value_range])  # TF's type attr T: value_range converts to values' dtype
    n = nbins if isinstance(nbins, Tensor) and not _took_slow_path(raw) else convert_to_tensor(nbins, dtypes.int32)
    HistogramFixedWidth.check(v, r)
    if n._dtype is not dtypes.int32:
        raise as_called(dtype_mismatch("HistogramFixedWidth", 2, dtypes.int32, n._dtype), raw)
    return run_op(HistogramFixedWidth, raw, v, r, n, dtype=dtypes.as_dtype(dtype))


@tf_export("histogram_fixed_width_bins")
def histogram_fixed_width_bins(values: Any, value_range: Any, nbins: Any = 100, dtype: Any = dtypes.int32,
                               name: Any = None) -> Tensor:
    """TF: tf.histogram_fixed_width_bins: the bin index of each value (TF's composition of ops)."""
    from tfshim.ops import array_ops, math_ops
    from tfshim.ops.check_ops import Assert

    values = convert_to_tensor(values)
    shape = list(values._value.shape)
    values = array_ops.reshape(values, [-1])
    value_range = convert_to_tensor(value_range)
    nbins_t = convert_to_tensor(nbins, dtype=dtypes.int32)
    Assert(math_ops.greater(nbins_t, convert_to_tensor(0)), ["nbins %s must > 0" % nbins_t])
    nbins_float = math_ops.cast(nbins_t, values.dtype)
    scaled = math_ops.truediv(values - value_range[0], value_range[1] - value_range[0])
    indices = math_ops.floor(nbins_float * scaled)
    indices = math_ops.cast(math_ops.clip_by_value(indices, 0, nbins_float - 1), dtypes.int32)
    return array_ops.reshape(indices, shape)
