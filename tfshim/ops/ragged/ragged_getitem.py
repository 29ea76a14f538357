"""Indexing and slicing of RaggedTensors: rt[1], rt[1:], rt[:, :2], rt[1, 2] (TF: ragged_getitem.py).

Row selections are computed on the concrete row splits with NumPy; values move with Gather,
so gradients flow. As in TF, an integer index into an inner ragged dimension is an error.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import errors
from tfshim.framework.tensor import Tensor
from tfshim.ops.ragged.ragged_conversion_ops import take_rows
from tfshim.ops.ragged.ragged_tensor import RaggedTensor
from tfshim.ops.ragged.row_partition import _from_splits_np


def _as_key_list(key: Any) -> list:
    if isinstance(key, tuple):
        return list(key)
    return [key]


def _is_int(k: Any) -> bool:
    if isinstance(k, (bool, np.bool_)):
        return False
    if isinstance(k, (int, np.integer)):
        return True
    return isinstance(k, Tensor) and k.dtype.is_integer and k._value.ndim == 0


def _check_key(k: Any) -> None:
    if k is None or k is Ellipsis or isinstance(k, slice) or _is_int(k):
        return
    raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 "
                    "tensors are valid indices, got %r" % (k,))


def ragged_tensor_getitem(rt: RaggedTensor, key: Any) -> Any:
    keys = _as_key_list(key)
    for k in keys:
        _check_key(k)
    if sum(1 for k in keys if k is Ellipsis) > 1:
        raise ValueError("Ellipsis may be used at most once per __getitem__ call")
    return _getitem(rt, keys)


def _rank(x: Any) -> int:
    return x.shape.rank


def _expand_ellipsis(keys: list, rank: int) -> list:
    if Ellipsis not in keys:
        return keys
    i = keys.index(Ellipsis)
    used = sum(1 for k in keys if k is not Ellipsis and k is not None)
    return keys[:i] + [slice(None)] * max(0, rank - used) + keys[i + 1:]


def _getitem(x: Any, keys: list) -> Any:
    """x[keys] where x is a RaggedTensor or a dense Tensor and dim 0 of x is indexed by keys[0]."""
    if not isinstance(x, RaggedTensor):
        return x[tuple(keys)] if keys else x
    keys = _expand_ellipsis(keys, _rank(x))
    if not keys:
        return x
    used = sum(1 for k in keys if k is not None)
    if used > _rank(x):
        raise ValueError("Too many indices for RaggedTensor")
    first, rest = keys[0], keys[1:]
    if first is None:
        inner = _getitem(x, rest)
        # tf.newaxis in front: a uniform row of all the rows
        return RaggedTensor.from_uniform_row_length(inner, _nrows(inner), nrows=1, validate=False)
    if _is_int(first):
        return _getitem(_row(x, int(first)), rest)
    sliced = _slice_rows(x, first)
    if not rest:
        return sliced
    return _getitem_inner(sliced, rest)


def _nrows(x: Any) -> int:
    return x.nrows_static() if isinstance(x, RaggedTensor) else x._value.shape[0]


def _row(rt: RaggedTensor, i: int) -> Any:
    n = rt.nrows_static()
    if i >= n:
        # TF's IndexError, which also ends Python's iteration over a RaggedTensor (`for row in rt`).
        raise IndexError("Row key %d out of bounds" % i)
    if i < 0:
        i += n
        if i < 0:
            raise errors.InvalidArgumentError(
                None, None, "{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:"
                "CPU:0}} slice index %d of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/" % i)
    s = rt.row_splits._value
    return _value_rows(rt.values, np.arange(s[i], s[i + 1]))


def _value_rows(values: Any, index: np.ndarray) -> Any:
    """values[index] along dim 0, for a Tensor or a RaggedTensor."""
    if not isinstance(values, RaggedTensor):
        return take_rows(values, index)
    s = values.row_splits._value
    starts, limits = s[index], s[index + 1]
    lengths = limits - starts
    inner = np.concatenate([np.arange(a, b) for a, b in zip(starts, limits)]) if len(index) else np.zeros(0, int)
    new_splits = np.concatenate([[0], np.cumsum(lengths)])
    uniform = values._row_partition.static_uniform_row_length
    partition = _from_splits_np(new_splits, values.row_splits.dtype, uniform)
    return RaggedTensor._from_row_partition(_value_rows(values.values, inner.astype(np.int64)), partition,
                                            validate=False)


def _slice_rows(rt: RaggedTensor, slc: slice) -> RaggedTensor:
    index = np.arange(rt.nrows_static())[slc]
    return _value_rows(rt, index)


def _getitem_inner(rt: RaggedTensor, keys: list) -> Any:
    """Applies keys[0] to dimension 1 of every row, keys[1:] to the dimensions below."""
    first, rest = keys[0], keys[1:]
    s = rt.row_splits._value
    uniform = rt._row_partition.static_uniform_row_length
    if first is None:
        # tf.newaxis at dim 1: every row becomes a single row
        values = RaggedTensor._from_row_partition(
            rt.values, rt._row_partition, validate=False)
        expanded = RaggedTensor.from_uniform_row_length(values, 1, validate=False)
        return _getitem(expanded, [slice(None), slice(None)] + rest) if rest else expanded
    if _is_int(first):
        if uniform is None:
            raise ValueError("Cannot index into an inner ragged dimension.")
        j = int(first)
        if not -uniform <= j < uniform:
            raise ValueError("slice index %d of dimension 1 out of bounds." % j)
        j = j % uniform if uniform else j
        picked = _value_rows(rt.values, (s[:-1] + j).astype(np.int64))
        return _getitem(picked, [slice(None)] + rest) if rest else picked
    if not isinstance(first, slice):
        raise TypeError("Ragged __getitem__ expects a ragged_tensor, integer, slice, Ellipsis, or None")
    pieces = [np.arange(a, b)[first] for a, b in zip(s[:-1], s[1:])]
    lengths = np.array([len(p) for p in pieces], dtype=np.int64)
    index = np.concatenate(pieces).astype(np.int64) if pieces else np.zeros(0, np.int64)
    values = _value_rows(rt.values, index)
    if rest:
        values = _getitem(values, [slice(None)] + rest)
    new_splits = np.concatenate([[0], np.cumsum(lengths)])
    new_uniform = None
    if uniform is not None and (len(lengths) == 0 or np.all(lengths == lengths[0])):
        new_uniform = int(lengths[0]) if len(lengths) else len(range(uniform)[first])
    return RaggedTensor._from_row_partition(values, _from_splits_np(new_splits, rt.row_splits.dtype, new_uniform),
                                            validate=False)
