"""tf.math.bincount (TF: bincount_ops.py, the DenseBincount kernel)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import KernelError, check_type_attr, defop, run_op, tf_export


def _dense_bincount_kernel(arr: np.ndarray, size: np.ndarray, weights: np.ndarray,
                           binary_output: bool = False) -> Any:
    n = int(size)
    if n < 0:
        raise KernelError(errors.InvalidArgumentError, "size (%d) must be non-negative" % n)
    if arr.size and arr.min() < 0:
        raise KernelError(errors.InvalidArgumentError, "Input arr must be non-negative!")
    if weights.size and weights.shape != arr.shape:
        raise KernelError(errors.InvalidArgumentError, "Input indices and weights must have the same shape.")
    dtype = weights.dtype
    rows = arr.reshape(1, -1) if arr.ndim <= 1 else arr
    w_rows = weights.reshape(rows.shape) if weights.size else None
    out = np.zeros((rows.shape[0], n), dtype)
    for r in range(rows.shape[0]):
        keep = rows[r] < n
        idx = rows[r][keep]
        if binary_output:
            out[r, idx] = 1
        elif w_rows is None:
            np.add.at(out[r], idx, 1)
        else:
            np.add.at(out[r], idx, w_rows[r][keep])  # in input order, as TF's loop
    return out[0] if arr.ndim <= 1 else out


DenseBincount = defop("DenseBincount", _dense_bincount_kernel)


@tf_export("math.bincount", "bincount")
def bincount(arr: Any, weights: Any = None, minlength: Any = None, maxlength: Any = None, dtype: Any = dtypes.int32,
             name: Any = None, axis: Any = None, binary_output: bool = False) -> Tensor:
    """TF: tf.math.bincount: counts (or summed weights) of each value; axis=-1 counts each row of a matrix."""
    from tfshim.ops import array_ops, math_ops

    arr = convert_to_tensor(arr)
    if weights is not None:
        weights = convert_to_tensor(weights)
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.")
    if not arr.dtype.is_integer:
        arr = math_ops.cast(arr, dtypes.int32)
    if axis is None:
        axis = 0
    if axis not in [0, -1]:
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are currently supported.")
    size = int(arr._value.max()) + 1 if arr._value.size else 0
    if minlength is not None:
        size = max(int(convert_to_tensor(minlength, dtype=arr.dtype)._value), size)
    if maxlength is not None:
        size = min(int(convert_to_tensor(maxlength, dtype=arr.dtype)._value), size)
    if axis == 0:
        if weights is not None:
            weights = array_ops.reshape(weights, [-1])
        arr = array_ops.reshape(arr, [-1])
    if weights is None:
        weights = convert_to_tensor(np.zeros((0,), dtypes.as_dtype(dtype).as_numpy_dtype))
    check_type_attr("DenseBincount", arr._dtype, "Tidx")  # TF casts only non-integers: uint8 stays, and fails here
    return run_op(DenseBincount, (arr,), arr, convert_to_tensor(size, dtype=arr.dtype), weights,
                  binary_output=binary_output)
