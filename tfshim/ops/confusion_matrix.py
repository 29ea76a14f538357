"""tf.math.confusion_matrix (TF: confusion_matrix.py): scatter_nd of ones (or weights) at (label, prediction)."""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import tf_export


def _remove_squeezable_dimensions(labels: Tensor, predictions: Tensor) -> tuple:
    from tfshim.ops import array_ops

    diff = predictions.shape.ndims - labels.shape.ndims
    if diff == 1 and predictions._value.shape[-1] == 1:
        predictions = array_ops.squeeze(predictions, [-1])
    elif diff == -1 and labels._value.shape[-1] == 1:
        labels = array_ops.squeeze(labels, [-1])
    return labels, predictions


@tf_export("math.confusion_matrix")
def confusion_matrix(labels: Any, predictions: Any, num_classes: Any = None, weights: Any = None,
                     dtype: Any = dtypes.int32, name: Any = None) -> Tensor:
    """TF: tf.math.confusion_matrix: rows are labels, columns predictions (checked as TF checks them)."""
    from tfshim.ops import array_ops, math_ops
    from tfshim.ops.check_ops import assert_less, assert_non_negative

    labels, predictions = _remove_squeezable_dimensions(convert_to_tensor(labels), convert_to_tensor(predictions))
    predictions = math_ops.cast(predictions, dtypes.int64)
    labels = math_ops.cast(labels, dtypes.int64)
    assert_non_negative(labels, message="`labels` contains negative values")
    assert_non_negative(predictions, message="`predictions` contains negative values")
    if num_classes is None:
        num_classes = math_ops.maximum(math_ops.reduce_max(predictions), math_ops.reduce_max(labels)) + 1
    else:
        n64 = math_ops.cast(num_classes, dtypes.int64)
        assert_less(labels, n64, message="`labels` out of bound")
        assert_less(predictions, n64, message="`predictions` out of bound")
    dtype = dtypes.as_dtype(dtype)
    if weights is not None:
        weights = convert_to_tensor(weights)
        if not predictions.shape.is_compatible_with(weights.shape):
            raise ValueError(f"Shapes {predictions.shape} and {weights.shape} are incompatible")
        weights = math_ops.cast(weights, dtype)
    n = int(convert_to_tensor(num_classes)._value)
    indices = array_ops.stack([labels, predictions], axis=1)
    values = array_ops.ones_like(predictions, dtype) if weights is None else weights
    return array_ops.scatter_nd(indices, values, convert_to_tensor([n, n], dtype=dtypes.int64))
