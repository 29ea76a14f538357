"""tf.ragged.range, segment-id helpers, and the reductions of TF's reduce_* ops on RaggedTensors
(TF: ragged_math_ops.py, segment_id_ops.py).

TF reduces a ragged axis with unsorted_segment_{sum,prod,max,min}. tfshim gathers each segment
into a padded row (empty slots hold the reduction's identity, as TF's segment kernels fill empty
segments) and runs the dense reduction over it: the same values, and the gradient of the dense
reduction and of Gather.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops import array_ops, math_ops
from tfshim.ops.ragged.ragged_conversion_ops import flat_coordinates, take_rows
from tfshim.ops.ragged.ragged_tensor import RaggedTensor, _normalize_axis
from tfshim.ops.ragged.row_partition import _from_splits_np, _tensor
from tfshim.util import dispatch
from tfshim.util.tf_export import tf_export

# --- tf.ragged.range ------------------------------------------------------------------------------


@tf_export("ragged.range")
def range(starts: Any, limits: Any = None, deltas: Any = 1, dtype: Any = None, name: Any = None,  # noqa: A001
          row_splits_dtype: Any = dtypes.int64) -> RaggedTensor:
    """Rows `range(starts[i], limits[i], deltas[i])`, with scalar arguments broadcast."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if limits is None:
        starts, limits = 0, starts
    values = [starts, limits, deltas]
    if dtype is not None:
        tensors = [convert_to_tensor(v, dtype=dtype) for v in values]
    else:
        first = next((v.dtype for v in values if isinstance(v, Tensor)), None)
        tensors = [convert_to_tensor(v, dtype_hint=first) if first is not None else convert_to_tensor(v)
                   for v in values]
        kinds = {t.dtype for t in tensors}
        if len(kinds) > 1:
            order = [dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64]
            target = max(kinds, key=lambda d: order.index(d) if d in order else -1)
            tensors = [math_ops.cast(t, target) for t in tensors]
    s, lim, d = (t._value for t in tensors)
    for t in tensors:
        if t._value.ndim > 1:
            raise ValueError(f"Shape {t.shape} must have rank at most 1")
    vector_shapes = {t._value.shape for t in tensors if t._value.ndim == 1}
    if len(vector_shapes) > 1:
        from tfshim.framework import errors

        raise errors.InvalidArgumentError(None, None, "{{function_node __wrapped__RaggedRange_device_/job:localhost/"
                                          "replica:0/task:0/device:CPU:0}} starts, limits, and deltas must have the "
                                          "same shape [Op:RaggedRange] name: ")
    if np.any(d == 0):
        from tfshim.framework import errors

        raise errors.InvalidArgumentError(None, None, "{{function_node __wrapped__RaggedRange_device_/job:localhost/"
                                          "replica:0/task:0/device:CPU:0}} Requires delta != 0 [Op:RaggedRange] name: ")
    b = np.broadcast_arrays(s, lim, d)
    rows = [np.arange(a, c, e, dtype=tensors[0]._value.dtype) for a, c, e in
            zip(b[0].reshape(-1), b[1].reshape(-1), b[2].reshape(-1))]
    if not rows and b[0].ndim == 0:
        rows = [np.arange(b[0][()], b[1][()], b[2][()], dtype=tensors[0]._value.dtype)]
    flat = np.concatenate(rows) if rows else np.zeros(0, tensors[0]._value.dtype)
    splits = np.concatenate([[0], np.cumsum([len(r) for r in rows])])
    values = _wrap_as(flat.astype(tensors[0]._value.dtype), tensors[0].dtype)
    return RaggedTensor._from_row_partition(values, _from_splits_np(splits, row_splits_dtype), validate=False)


# --- segment ids ----------------------------------------------------------------------------------


@tf_export("ragged.segment_ids_to_row_splits")
def segment_ids_to_row_splits(segment_ids: Any, num_segments: Any = None, out_type: Any = None,
                              name: Any = None) -> Tensor:
    """Row splits for sorted segment ids (TF: bincount then cumsum)."""
    if out_type is None:
        out_type = segment_ids.dtype if isinstance(segment_ids, Tensor) else dtypes.int64
    out_type = dtypes.as_dtype(out_type)
    ids = convert_to_tensor(segment_ids, dtype_hint=out_type)._value
    if ids.ndim != 1:
        raise ValueError(f"Shape {ids.shape} must have rank 1")
    n = int(convert_to_tensor(num_segments)._value) if num_segments is not None else (int(ids.max()) + 1 if
                                                                                       ids.size else 0)
    counts = np.bincount(ids.astype(np.int64), minlength=n)[:n] if ids.size else np.zeros(n, np.int64)
    return _tensor(np.concatenate([[0], np.cumsum(counts)]), out_type)


@tf_export("ragged.row_splits_to_segment_ids")
def row_splits_to_segment_ids(splits: Any, name: Any = None, out_type: Any = None) -> Tensor:
    """The segment id (row index) of every value, from row splits."""
    if out_type is None:
        out_type = splits.dtype if isinstance(splits, Tensor) else dtypes.int64
    out_type = dtypes.as_dtype(out_type)
    s = convert_to_tensor(splits, dtype_hint=out_type)._value
    if s.ndim != 1:
        raise ValueError(f"Shape {s.shape} must have rank 1")
    return _tensor(np.repeat(np.arange(len(s) - 1), s[1:] - s[:-1]), out_type)


# --- reductions -----------------------------------------------------------------------------------


def _identity(kind: str, dtype: dtypes.DType) -> np.ndarray:
    np_dtype = dtype.as_numpy_dtype
    if kind == "sum":
        return np.zeros((), np_dtype)
    if kind == "prod":
        return np.ones((), np_dtype)
    if kind == "all":
        return np.array(True)
    if kind == "any":
        return np.array(False)
    info = np.finfo(np_dtype) if dtype.is_floating else np.iinfo(np_dtype)
    # TF's segment kernels fill empty segments with lowest()/highest(), not -inf/inf.
    return np.array(info.min if kind == "max" else info.max, np_dtype)


_DENSE = {"sum": "reduce_sum", "prod": "reduce_prod", "max": "reduce_max", "min": "reduce_min",
          "all": "reduce_all", "any": "reduce_any"}


def segment_reduce(kind: str, data: Tensor, ids: np.ndarray, n: int) -> Tensor:
    """unsorted_segment_<kind>(data, ids, n) for a dense `data` and NumPy `ids`."""
    ids = np.asarray(ids, np.int64)
    count = np.bincount(ids, minlength=n)[:n] if ids.size else np.zeros(n, np.int64)
    width = max(int(count.max()) if n else 0, 1)
    order = np.argsort(ids, kind="stable")
    starts = np.concatenate([[0], np.cumsum(count)])[:-1] if n else np.zeros(0, np.int64)
    pos = np.empty(len(ids), np.int64)
    pos[order] = np.arange(len(ids)) - starts[ids[order]]
    nvals = data._value.shape[0]
    index = np.full((n, width), nvals, np.int64)
    index[ids, pos] = np.arange(nvals)
    inner = data._value.shape[1:]
    fill = _wrap_as(np.broadcast_to(_identity(kind, data.dtype), (1,) + inner).copy(), data.dtype)
    source = array_ops.concat([data, fill], axis=0)
    padded = take_rows(source, index)
    return getattr(math_ops, _DENSE[kind]).__wrapped__(padded, axis=1)


def _ragged_segment_reduce(kind: str, data: Any, ids: np.ndarray, n: int) -> Any:
    """Segment reduction of the rows of `data`; ragged `data` gives ragged rows (TF: _ragged_segment_aggregate)."""
    if not isinstance(data, RaggedTensor):
        return segment_reduce(kind, data, ids, n)
    lengths = data.row_lengths()._value
    out_lengths = np.zeros(n, np.int64)
    if len(ids):
        np.maximum.at(out_lengths, np.asarray(ids, np.int64), lengths.astype(np.int64))
    out_splits = np.concatenate([[0], np.cumsum(out_lengths)])
    value_rows = np.repeat(np.arange(len(lengths)), lengths)
    value_pos = np.arange(int(lengths.sum())) - np.repeat(data.row_splits._value[:-1], lengths)
    value_ids = out_splits[np.asarray(ids, np.int64)[value_rows]] + value_pos if len(value_rows) else value_rows
    values = _ragged_segment_reduce(kind, data.values, value_ids, int(out_splits[-1]))
    return RaggedTensor._from_row_partition(values, _from_splits_np(out_splits, data.row_splits.dtype),
                                            validate=False)


def _reduce_axis(kind: str, rt: Any, axis: int) -> Any:
    if not isinstance(rt, RaggedTensor):
        return getattr(math_ops, _DENSE[kind]).__wrapped__(rt, axis=axis)
    if axis == 0:
        coords = flat_coordinates(RaggedTensor._from_row_partition(
            _tensor(np.zeros(rt.row_splits._value[-1], np.int8), dtypes.int8), rt._row_partition, validate=False))
        ids = coords[1]
        lengths = rt.row_lengths()._value
        n = int(lengths.max()) if lengths.size else 0
        return _ragged_segment_reduce(kind, rt.values, ids, n)
    if axis == 1:
        return _ragged_segment_reduce(kind, rt.values, rt.value_rowids()._value, rt.nrows_static())
    return rt.with_values(_reduce_axis(kind, rt.values, axis - 1))


def ragged_reduce_aggregate(kind: str, rt: RaggedTensor, axis: Any, keepdims: Any) -> Any:
    if axis is None:
        return getattr(math_ops, _DENSE[kind]).__wrapped__(rt.flat_values, keepdims=bool(keepdims))
    rank = rt.shape.rank
    if isinstance(axis, Tensor):
        axis = axis._value.tolist()
    axes = [axis] if not isinstance(axis, (list, tuple)) else list(axis)
    axes = sorted({_normalize_axis(int(a), rank, "axis") for a in axes}, reverse=True)
    result = rt
    for a in axes:
        result = _reduce_axis(kind, result, a)
    if keepdims:
        for a in sorted(axes):
            result = array_ops.expand_dims(result, a)
    return result


def _reducer(kind: str) -> Any:
    def handler(input_tensor: Any, axis: Any = None, keepdims: Any = False, name: Any = None) -> Any:
        if not isinstance(input_tensor, RaggedTensor):
            return NotImplemented
        if kind in ("all", "any"):
            from tfshim.framework import errors

            if input_tensor.dtype is not dtypes.bool:
                raise errors.InvalidArgumentError(None, None, "cannot compute reduce_%s on %s" % (kind,
                                                                                                   input_tensor.dtype))
        return ragged_reduce_aggregate(kind, input_tensor, axis, keepdims)

    return handler


for _kind in ("sum", "prod", "max", "min", "all", "any"):
    dispatch.dispatch_for_api(getattr(math_ops, _DENSE[_kind]))(_reducer(_kind))


@dispatch.dispatch_for_api(math_ops.reduce_mean)
def ragged_reduce_mean(input_tensor: Any, axis: Any = None, keepdims: Any = False, name: Any = None) -> Any:
    """TF: sum / count, so integer inputs give a float64 mean (truediv) and empty rows nan."""
    if not isinstance(input_tensor, RaggedTensor):
        return NotImplemented
    total = ragged_reduce_aggregate("sum", input_tensor, axis, keepdims)
    ones = input_tensor.with_flat_values(array_ops.ones_like(input_tensor.flat_values))
    count = ragged_reduce_aggregate("sum", ones, axis, keepdims)
    if isinstance(total, RaggedTensor):
        return total.with_flat_values(math_ops.truediv(total.flat_values, count.flat_values))
    return math_ops.truediv(total, count)


@dispatch.dispatch_for_api(math_ops.reduce_variance)
def ragged_reduce_variance(input_tensor: Any, axis: Any = None, keepdims: Any = False, name: Any = None) -> Any:
    """TF: max(mean(x**2) - mean(x)**2, 0)."""
    if not isinstance(input_tensor, RaggedTensor):
        return NotImplemented
    if input_tensor.dtype.is_complex:
        raise ValueError("reduce_variance is not supported for RaggedTensors with complex dtypes.")
    mean_of_square = math_ops.reduce_mean(math_ops.square(input_tensor), axis=axis, keepdims=keepdims)
    mean = math_ops.reduce_mean(input_tensor, axis=axis, keepdims=keepdims)
    return math_ops.maximum(mean_of_square - math_ops.square(mean), 0)


@dispatch.dispatch_for_api(math_ops.reduce_std)
def ragged_reduce_std(input_tensor: Any, axis: Any = None, keepdims: Any = False, name: Any = None) -> Any:
    if not isinstance(input_tensor, RaggedTensor):
        return NotImplemented
    return math_ops.sqrt(ragged_reduce_variance(input_tensor, axis=axis, keepdims=keepdims))
