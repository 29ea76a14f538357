"""tf.nn.compute_average_loss and tf.nn.scale_regularization_loss (TF: nn_impl_distribute.py): losses scaled for
the replicas of the current tf.distribute strategy (one replica outside any strategy)."""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops, check_ops, math_ops
from tfshim.ops.op import tf_export


def _num_replicas(fn: str) -> int:
    from tfshim.distribute import distribute_lib

    if distribute_lib.has_strategy() and distribute_lib.in_cross_replica_context():
        raise RuntimeError(f"You are calling `{fn}` in cross replica context, while it was expected to be called in "
                           "replica context.")
    return distribute_lib.get_strategy().num_replicas_in_sync


@tf_export("nn.scale_regularization_loss")
def scale_regularization_loss(regularization_loss: Any) -> Tensor:
    """TF: tf.nn.scale_regularization_loss = reduce_sum(loss) / num_replicas_in_sync."""
    n = _num_replicas("scale_regularization_loss")
    return math_ops.reduce_sum(regularization_loss) / n


def _scale_losses_by_sample_weight(losses: Tensor, sample_weight: Tensor) -> Tensor:
    """TF: losses_util.scale_losses_by_sample_weight: both cast to float32, sample_weight's last dimension
    squeezed or expanded when its rank differs from the losses' by one."""
    losses = math_ops.cast(losses, dtypes.float32)
    sample_weight = math_ops.cast(sample_weight, dtypes.float32)
    wr, lr = sample_weight.shape.ndims, losses.shape.ndims
    if wr != 0:
        if wr - lr == 1:
            sample_weight = array_ops.squeeze(sample_weight, [-1])
        elif lr - wr == 1:
            sample_weight = array_ops.expand_dims(sample_weight, -1)
    return math_ops.multiply(losses, sample_weight)


@tf_export("nn.compute_average_loss")
def compute_average_loss(per_example_loss: Any, sample_weight: Any = None, global_batch_size: Any = None) -> Tensor:
    """TF: tf.nn.compute_average_loss: sum(per_example_loss * sample_weight) / global_batch_size (0 when the batch
    size is 0); global_batch_size defaults to the first dimension times the number of replicas."""
    per_example_loss = convert_to_tensor(per_example_loss)
    input_dtype = per_example_loss.dtype
    if per_example_loss.shape.ndims == 0:
        raise ValueError("Invalid value passed for `per_example_loss`. Expected a tensor with at least rank 1. "
                         f"Received per_example_loss={per_example_loss} with rank 0")
    if sample_weight is not None:
        per_example_loss = _scale_losses_by_sample_weight(per_example_loss, convert_to_tensor(sample_weight))
    per_example_loss = math_ops.cast(per_example_loss, input_dtype)
    if global_batch_size is None:
        n = _num_replicas("compute_average_loss")
        global_batch_size = array_ops.shape(per_example_loss)[0] * n
    check_ops.assert_scalar(global_batch_size, message="global_batch_size must be scalar.")
    check_ops.assert_integer(global_batch_size, message="global_batch_size must be an integer.")
    check_ops.assert_non_negative(global_batch_size, message="global_batch_size must be non-negative.")
    loss = math_ops.reduce_sum(per_example_loss)
    return math_ops.divide_no_nan(loss, math_ops.cast(global_batch_size, input_dtype))
