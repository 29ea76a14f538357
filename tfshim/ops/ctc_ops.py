"""CTC helpers of tf.nn (TF: ctc_ops.py): collapse_repeated and ctc_unique_labels, composed of ops as in TF."""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.ops import array_ops, math_ops
from tfshim.ops.op import tf_export


@tf_export("nn.collapse_repeated")
def collapse_repeated(labels: Any, seq_length: Any, name: Any = None) -> tuple:
    """TF: tf.nn.collapse_repeated: runs of a repeated label merged into one, within each sequence's length,
    left-aligned and padded with 0 to the longest new length; returns (labels, new lengths)."""
    labels = convert_to_tensor(labels)
    seq_length = convert_to_tensor(seq_length)
    label_mask = array_ops.concat([array_ops.ones_like(labels[:, :1], dtypes.bool),
                                   math_ops.not_equal(labels[:, 1:], labels[:, :-1])], axis=1)
    maxlen = labels._value.shape[1]
    seq_mask = array_ops.sequence_mask(seq_length, maxlen=maxlen)
    label_mask = math_ops.logical_and(label_mask, seq_mask)
    new_seq_len = math_ops.reduce_sum(math_ops.cast(label_mask, dtypes.int32), axis=1)
    new_maxlen = math_ops.reduce_max(new_seq_len)
    idx_mask = array_ops.sequence_mask(new_seq_len, maxlen=new_maxlen)
    flat_labels = array_ops.reshape(labels, [-1])
    flat_label_mask = array_ops.reshape(label_mask, [-1])
    flat_idx_mask = array_ops.reshape(idx_mask, [-1])
    idx = array_ops.range(flat_idx_mask._value.shape[0])
    flat = array_ops.scatter_nd(indices=array_ops.expand_dims(array_ops.boolean_mask(idx, flat_idx_mask), axis=1),
                                updates=array_ops.boolean_mask(flat_labels, flat_label_mask),
                                shape=array_ops.shape(flat_idx_mask))
    new_shape = [labels._value.shape[0], new_maxlen]
    return array_ops.reshape(flat, new_shape), math_ops.cast(new_seq_len, seq_length.dtype)


@tf_export("nn.ctc_unique_labels")
def ctc_unique_labels(labels: Any, name: Any = None) -> tuple:
    """TF: tf.nn.ctc_unique_labels: per batch row, the unique labels (int64, padded with 0) and the int32 index of
    each label among them."""
    from tfshim.ops.map_fn import map_fn

    labels = convert_to_tensor(labels)

    def _unique(x: Any) -> list:
        u = array_ops.unique(x)
        y = array_ops.pad(u.y, [[0, u.idx._value.shape[0] - u.y._value.shape[0]]])
        return [math_ops.cast(y, dtypes.int64), u.idx]

    return map_fn(_unique, labels, dtype=[dtypes.int64, dtypes.int32])
