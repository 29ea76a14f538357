"""CTC ops of tf.nn (TF: ctc_ops.py, kernels/ctc_decoder_ops.cc): collapse_repeated and ctc_unique_labels, composed
of ops as in TF, and the greedy decoder."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops, math_ops
from tfshim.ops.op import (
    KernelError,
    as_called,
    check_attr,
    defop,
    dtype_mismatch,
    error_suffix,
    not_differentiable,
    run_op,
    tf_export,
)


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


# ----- CTCGreedyDecoder ----------------------------------------------------------------------------


def _greedy_decoder_kernel(inputs: np.ndarray, seq_len: np.ndarray, merge_repeated: bool, blank_index: int) -> Any:
    """TF's kernel: per batch entry, the first largest class at each time step below its length; a class is
    emitted unless it is the blank or (merge_repeated) repeats the previous step's class. The log probability
    is minus the sum of the step maxima, added in time order."""
    if inputs.ndim != 3:
        raise KernelError(errors.InvalidArgumentError, "inputs is not a 3-Tensor")
    if inputs.size == 0:
        raise KernelError(errors.InvalidArgumentError, "inputs must not be empty")
    if seq_len.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, "sequence_length is not a vector")
    max_time, batch, num_classes = inputs.shape
    if seq_len.shape[0] != batch:
        raise KernelError(errors.FailedPreconditionError, "len(sequence_length) != batch_size.  len(sequence_length):  "
                          "%d batch_size: %d" % (seq_len.shape[0], batch))
    for b in range(batch):
        if seq_len[b] > max_time:
            raise KernelError(errors.FailedPreconditionError, "sequence_length(%d) <= %d" % (b, max_time))
    if not -num_classes <= blank_index < num_classes:
        raise KernelError(errors.InvalidArgumentError, "blank_index expected to be between %d and %d but was %d"
                          % (-num_classes, num_classes - 1, blank_index))
    if blank_index < 0:
        blank_index += num_classes
    sequences = []
    log_prob = np.zeros((batch, 1), inputs.dtype)
    with np.errstate(all="ignore"):
        for b in range(batch):
            seq: list = []
            prev = -1
            for t in range(max(int(seq_len[b]), 0)):
                row = inputs[t, b]
                best, cls = row[0], 0
                for i in range(1, num_classes):  # RowMax: strictly greater replaces
                    if row[i] > best:
                        best, cls = row[i], i
                log_prob[b, 0] += -best
                if cls != blank_index and not (merge_repeated and cls == prev):
                    seq.append(cls)
                prev = cls
            sequences.append(seq)
    longest = max((len(s) for s in sequences), default=0)
    indices = np.array([[b, i] for b, s in enumerate(sequences) for i in range(len(s))], np.int64).reshape(-1, 2)
    values = np.array([c for s in sequences for c in s], np.int64)
    return indices, values, np.array([batch, longest], np.int64), log_prob


CTCGreedyDecoder = defop("CTCGreedyDecoder", _greedy_decoder_kernel, multi_output=True)
not_differentiable(CTCGreedyDecoder)


@tf_export("nn.ctc_greedy_decoder")
def ctc_greedy_decoder(inputs: Any, sequence_length: Any, merge_repeated: bool = True,
                       blank_index: Any = None) -> tuple:
    """TF: tf.nn.ctc_greedy_decoder (CTCGreedyDecoder): best-path decoding of time-major logits; returns
    ([SparseTensor of the decoded classes], -sum of the per-step maxima [batch, 1]). The blank defaults to the last
    class."""
    from tfshim.framework.sparse_tensor import SparseTensor
    from tfshim.ops.eager_attrs import op_attrs

    merge_repeated, blank_index = op_attrs("ctc_greedy_decoder", (inputs, sequence_length),
                                           ("bool", "merge_repeated", merge_repeated, False),
                                           ("int", "blank_index", blank_index, -1))
    x = convert_to_tensor(inputs)
    # TF converts a Python sequence_length to the op's int32
    n = convert_to_tensor(sequence_length, dtype=None if isinstance(sequence_length, Tensor) else dtypes.int32)
    check_attr("CTCGreedyDecoder", x, "T", suffix=error_suffix((inputs, sequence_length)))
    if n.dtype != dtypes.int32:
        raise as_called(dtype_mismatch("CTCGreedyDecoder", 1, dtypes.int32, n.dtype), (inputs, sequence_length))
    ix, val, shape, log_prob = run_op(CTCGreedyDecoder, (inputs, sequence_length), x, n,
                                      merge_repeated=merge_repeated, blank_index=blank_index)
    return [SparseTensor(ix, val, shape)], log_prob
