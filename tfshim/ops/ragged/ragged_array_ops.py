"""Array ops on RaggedTensors: concat, stack, gather, where, tile, boolean_mask, expand_dims, size,
rank, map_flat_values (TF: ragged_array_ops.py, ragged_concat_ops.py, ragged_gather_ops.py,
ragged_where_op.py, ragged_functional_ops.py).

Row bookkeeping is NumPy on the concrete row splits; values move with Gather/ConcatV2 so
gradients reach `flat_values`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops, math_ops
from tfshim.ops.ragged.ragged_conversion_ops import take_rows
from tfshim.ops.ragged.ragged_dispatch import _broadcast_ragged_pair
from tfshim.ops.ragged.ragged_getitem import _value_rows
from tfshim.ops.ragged.ragged_tensor import (
    RaggedTensor,
    _normalize_axis,
    convert_to_tensor_or_ragged_tensor,
    match_row_splits_dtypes,
)
from tfshim.ops.ragged.row_partition import _from_splits_np, _tensor
from tfshim.util import dispatch
from tfshim.util.tf_export import tf_export


def _any_ragged(values: Any) -> bool:
    return any(isinstance(v, RaggedTensor) for v in values)


def _to_ragged(x: Any, ragged_rank: int, splits_dtype: dtypes.DType) -> RaggedTensor:
    if isinstance(x, RaggedTensor):
        return x
    t = convert_to_tensor_or_ragged_tensor(x)
    return RaggedTensor.from_tensor(t, ragged_rank=min(ragged_rank, t._value.ndim - 1),
                                    row_splits_dtype=splits_dtype)


def _rows_concat(parts: list) -> Any:
    """Concatenation along axis 0 of Tensors or RaggedTensors (same ragged rank)."""
    if not isinstance(parts[0], RaggedTensor):
        return array_ops.concat.__wrapped__(parts, axis=0)
    values = _rows_concat([p.values for p in parts])
    splits = [parts[0].row_splits._value]
    offset = splits[0][-1]
    for p in parts[1:]:
        s = p.row_splits._value
        splits.append(s[1:] + offset)
        offset += s[-1]
    return RaggedTensor._from_row_partition(values, _from_splits_np(np.concatenate(splits),
                                                                     parts[0].row_splits.dtype), validate=False)


def _ragged_concat(values: list, axis: int, stack: bool) -> Any:
    values = [convert_to_tensor_or_ragged_tensor(v) for v in values]
    match_row_splits_dtypes(*values)
    splits_dtype = next(v.row_splits.dtype for v in values if isinstance(v, RaggedTensor))
    rank = values[0].shape.rank
    for v in values[1:]:
        if v.shape.rank != rank:
            raise ValueError("Shape %s must have rank %d" % (v.shape, rank))
    if stack:
        axis = _normalize_axis(axis, rank + 1, "axis")
    else:
        axis = _normalize_axis(axis, rank, "axis")
    ragged_rank = max(v.ragged_rank for v in values if isinstance(v, RaggedTensor))
    ragged_rank = max(ragged_rank, 1)
    rts = [_to_ragged(v, ragged_rank, splits_dtype) for v in values]
    for i, v in enumerate(rts[1:], 1):
        if v.dtype is not rts[0].dtype:
            from tfshim.ops.op import dtype_mismatch

            raise dtype_mismatch("ConcatV2", i, rts[0].dtype, v.dtype, "concat")
    if stack:
        if axis == 0:
            out = _rows_concat(rts)
            n = len(rts)
            nrows = rts[0].nrows_static()
            if any(r.nrows_static() != nrows for r in rts):
                lengths = np.array([r.nrows_static() for r in rts])
                splits = np.concatenate([[0], np.cumsum(lengths)])
                return RaggedTensor._from_row_partition(out, _from_splits_np(splits, splits_dtype), validate=False)
            splits = np.arange(n + 1) * nrows
            return RaggedTensor._from_row_partition(out, _from_splits_np(splits, splits_dtype), validate=False)
        expanded = [expand_dims_ragged(r, axis) for r in rts]
        return _ragged_concat(expanded, axis, stack=False)
    return _concat_axis(rts, axis)


def _concat_axis(rts: list, axis: int) -> Any:
    if axis == 0:
        return _rows_concat(rts)
    if not isinstance(rts[0], RaggedTensor):
        return array_ops.concat.__wrapped__(rts, axis=axis)
    nrows = rts[0].nrows_static()
    for r in rts[1:]:
        if r.nrows_static() != nrows:
            from tfshim.framework import errors

            raise errors.InvalidArgumentError(None, None, "Input tensors at index 0 (=x) and %d (=y) have "
                                              "incompatible shapes." % rts.index(r))
    if axis == 1:
        # Row i of the result is row i of every input, one after another.
        combined = _rows_concat([r.values for r in rts])
        offsets = np.cumsum([0] + [int(r.row_splits._value[-1]) for r in rts])
        pieces: list = []
        lengths = np.zeros(nrows, np.int64)
        for i in np.arange(nrows):
            for k, r in enumerate(rts):
                s = r.row_splits._value
                pieces.append(np.arange(s[i], s[i + 1]) + offsets[k])
                lengths[i] += s[i + 1] - s[i]
        index = np.concatenate(pieces).astype(np.int64) if pieces else np.zeros(0, np.int64)
        values = _value_rows(combined, index)
        splits = np.concatenate([[0], np.cumsum(lengths)])
        return RaggedTensor._from_row_partition(values, _from_splits_np(splits, rts[0].row_splits.dtype),
                                                validate=False)
    for r in rts[1:]:
        if not np.array_equal(r.row_splits._value, rts[0].row_splits._value):
            from tfshim.ops.ragged import ragged_check

            ragged_check.assert_equal(rts[0].row_splits._value, r.row_splits._value)
    return rts[0].with_values(_concat_axis([r.values for r in rts], axis - 1))


def expand_dims_ragged(rt: Any, axis: int) -> Any:
    """TF: ragged_array_ops.expand_dims: the new dimension is uniform with length 1."""
    if not isinstance(rt, RaggedTensor):
        return array_ops.expand_dims.__wrapped__(rt, axis)
    rank = rt.shape.rank
    axis = _normalize_axis(axis, rank + 1, "axis")
    if axis == 0:
        n = rt.nrows_static()
        return RaggedTensor._from_row_partition(rt, _from_splits_np(np.array([0, n]), rt.row_splits.dtype, n),
                                                validate=False)
    if axis == 1:
        n = rt.nrows_static()
        inner = RaggedTensor._from_row_partition(rt.values, rt._row_partition, validate=False)
        return RaggedTensor._from_row_partition(inner, _from_splits_np(np.arange(n + 1), rt.row_splits.dtype, 1),
                                                validate=False)
    return rt.with_values(expand_dims_ragged(rt.values, axis - 1))


@dispatch.dispatch_for_api(array_ops.concat)
def ragged_concat(values: Any, axis: Any, name: Any = None) -> Any:
    if not isinstance(values, (list, tuple)) or not _any_ragged(values):
        return NotImplemented
    return _ragged_concat(list(values), int(axis), stack=False)


@dispatch.dispatch_for_api(array_ops.stack)
def ragged_stack_api(values: Any, axis: int = 0, name: Any = None) -> Any:
    if not isinstance(values, (list, tuple)) or not _any_ragged(values):
        return NotImplemented
    return _ragged_concat(list(values), axis, stack=True)


@tf_export("ragged.stack")
def stack(values: Any, axis: int = 0, name: Any = None) -> Any:
    """Stacks ragged or dense tensors along a new dimension `axis` (the result is ragged)."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    if not _any_ragged(values):
        values = [RaggedTensor.from_tensor(convert_to_tensor(v)) if convert_to_tensor(v)._value.ndim > 1
                  else convert_to_tensor(v) for v in values]
        if not _any_ragged(values):
            values = list(values)
            out = _ragged_concat([_as_rows(v) for v in values], axis, stack=True) if axis == 0 else None
            if out is None:
                raise ValueError("tf.ragged.stack of rank-1 dense inputs supports axis=0 only in tfshim")
            return out
    return _ragged_concat(list(values), axis, stack=True)


def _as_rows(v: Tensor) -> RaggedTensor:
    """A 1-D tensor as a ragged tensor of its single-element rows (for stacking vectors)."""
    n = v._value.shape[0]
    return RaggedTensor._from_row_partition(v, _from_splits_np(np.arange(n + 1), dtypes.int64, 1), validate=False)


@dispatch.dispatch_for_api(array_ops.expand_dims)
def ragged_expand_dims(input: Any, axis: Any, name: Any = None) -> Any:  # noqa: A002 - TF's name
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return expand_dims_ragged(input, int(axis))


@dispatch.dispatch_for_api(array_ops.gather)
def ragged_gather(params: Any, indices: Any, validate_indices: Any = None, axis: Any = None, batch_dims: int = 0,
                  name: Any = None) -> Any:
    if not (isinstance(params, RaggedTensor) or isinstance(indices, RaggedTensor)):
        return NotImplemented
    if axis not in (None, 0) or batch_dims != 0:
        raise NotImplementedError("tfshim: tf.gather on RaggedTensors supports axis=0 and batch_dims=0 only")
    if isinstance(indices, RaggedTensor):
        return indices.with_flat_values(array_ops.gather(params, indices.flat_values))
    idx = convert_to_tensor(indices)
    if not idx.dtype.is_integer:
        raise TypeError("indices must be int32 or int64")
    iv = idx._value.astype(np.int64)
    n = params.nrows_static()
    if np.any((iv < 0) | (iv >= n)):
        from tfshim.framework import errors

        flat_bad = ((iv < 0) | (iv >= n)).reshape(-1)
        pos = int(np.argmax(flat_bad))
        out_rank = params.ragged_rank + iv.ndim - 1
        raise errors.InvalidArgumentError(
            None, None, "{{function_node __wrapped__RaggedGather_OUTPUT_RAGGED_RANK_%d_PARAMS_RAGGED_RANK_%d_device_"
            "/job:localhost/replica:0/task:0/device:CPU:0}} indices[%d] = %d is not in [0, %d) [Op:RaggedGather] "
            "name: " % (out_rank, params.ragged_rank, pos, iv.reshape(-1)[pos], n))
    rows = _value_rows(params, iv.reshape(-1))
    if iv.ndim == 1:
        return rows
    if iv.ndim == 0:
        return _value_rows(params, iv.reshape(1))[0]
    result = rows
    for d in reversed(iv.shape[1:]):
        n_out = result.nrows_static() // d
        result = RaggedTensor._from_row_partition(
            result, _from_splits_np(np.arange(n_out + 1) * d, params.row_splits.dtype, d), validate=False)
    return result


@dispatch.dispatch_for_api(array_ops.where)
def ragged_where(condition: Any, x: Any = None, y: Any = None, name: Any = None) -> Any:
    if not (isinstance(condition, RaggedTensor) or isinstance(x, RaggedTensor) or isinstance(y, RaggedTensor)):
        return NotImplemented
    if x is None and y is None:
        if not isinstance(condition, RaggedTensor):
            return NotImplemented
        return array_ops.where(condition.to_tensor())
    if x is None or y is None:
        raise ValueError("x and y must be either both None or both non-None")
    shape_of = next(v for v in (condition, x, y) if isinstance(v, RaggedTensor))
    parts = []
    for v in (condition, x, y):
        if isinstance(v, RaggedTensor):
            parts.append(_broadcast_ragged_pair(shape_of, v)[1])
        else:
            from tfshim.ops.ragged.ragged_dispatch import _broadcast_dense_to_values, _convert_other

            parts.append(_broadcast_dense_to_values(shape_of, _convert_other(v, shape_of)))
    return shape_of.with_flat_values(array_ops.where(*parts))


def _tile_rows(rt: Any, multiples: list) -> Any:
    """Tiles the inner dims of each row of rt (dims 1..) by multiples (one per dim, from dim 1)."""
    if not isinstance(rt, RaggedTensor):
        return array_ops.tile.__wrapped__(rt, [1] + multiples)
    m = multiples[0]
    s = rt.row_splits._value
    pieces = [np.tile(np.arange(a, b), m) for a, b in zip(s[:-1], s[1:])]
    lengths = (s[1:] - s[:-1]) * m
    index = np.concatenate(pieces).astype(np.int64) if pieces else np.zeros(0, np.int64)
    values = _tile_rows(_value_rows(rt.values, index), multiples[1:]) if len(multiples) > 1 else \
        _value_rows(rt.values, index)
    splits = np.concatenate([[0], np.cumsum(lengths)])
    return RaggedTensor._from_row_partition(values, _from_splits_np(splits, rt.row_splits.dtype), validate=False)


@dispatch.dispatch_for_api(array_ops.tile)
def ragged_tile(input: Any, multiples: Any, name: Any = None) -> Any:  # noqa: A002 - TF's name
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    mult = [int(v) for v in np.asarray(convert_to_tensor(multiples)._value).reshape(-1)]
    if len(mult) != input.shape.rank:
        raise ValueError(f"Shape {list(np.shape(mult))} must have rank {input.shape.rank}")
    inner = _tile_rows(input, mult[1:])
    rows = np.tile(np.arange(inner.nrows_static()), mult[0])
    return _value_rows(inner, rows)


@tf_export("ragged.boolean_mask")
def boolean_mask(data: Any, mask: Any, name: Any = None) -> Any:
    """Keeps the items of `data` where `mask` is True; ragged results where rows lose items."""
    data = convert_to_tensor_or_ragged_tensor(data)
    mask = convert_to_tensor_or_ragged_tensor(mask)
    if mask.dtype is not dtypes.bool:
        raise ValueError("mask.dtype=%s is not tf.bool" % mask.dtype.name)
    if mask.shape.rank == 1 or not isinstance(mask, RaggedTensor) and mask._value.ndim == 1:
        if isinstance(mask, RaggedTensor):
            raise ValueError("mask of rank 1 must be dense")
        keep = np.nonzero(mask._value)[0]
        if isinstance(data, RaggedTensor):
            return _value_rows(data, keep)
        return take_rows(data, keep)
    if not isinstance(data, RaggedTensor):
        data = RaggedTensor.from_tensor(data, ragged_rank=(mask.ragged_rank if isinstance(mask, RaggedTensor)
                                                           else mask._value.ndim - 1))
    if not isinstance(mask, RaggedTensor):
        mask = RaggedTensor.from_tensor(mask, ragged_rank=data.ragged_rank)
    return _mask_rows(data, mask)


def _mask_rows(data: RaggedTensor, mask: Any) -> Any:
    """Filters data (ragged) by mask (ragged, same partitions, possibly fewer dims)."""
    if not isinstance(mask, RaggedTensor):
        keep = np.nonzero(mask._value)[0]
        return _value_rows(data, keep) if isinstance(data, RaggedTensor) else take_rows(data, keep)
    mv = mask.values
    if not isinstance(mv, RaggedTensor):
        keep = np.asarray(mv._value, bool)
        s = data.row_splits._value
        rowids = np.repeat(np.arange(len(s) - 1), s[1:] - s[:-1])
        counts = np.bincount(rowids[keep], minlength=len(s) - 1)[:len(s) - 1]
        values = _value_rows(data.values, np.nonzero(keep)[0]) if isinstance(data.values, RaggedTensor) else \
            take_rows(data.values, np.nonzero(keep)[0])
        splits = np.concatenate([[0], np.cumsum(counts)])
        return RaggedTensor._from_row_partition(values, _from_splits_np(splits, data.row_splits.dtype),
                                                validate=False)
    return data.with_values(_mask_rows(data.values, mv))


@dispatch.dispatch_for_api(array_ops.size)
def ragged_size(input: Any, out_type: Any = dtypes.int32, name: Any = None) -> Any:  # noqa: A002
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return array_ops.size(input.flat_values, out_type=out_type)


@dispatch.dispatch_for_api(array_ops.rank)
def ragged_rank_api(input: Any, name: Any = None) -> Any:  # noqa: A002
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return _tensor(input.shape.rank, dtypes.int32)


@dispatch.dispatch_for_api(array_ops.identity)
def ragged_identity(input: Any, name: Any = None) -> Any:  # noqa: A002
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return input.with_flat_values(array_ops.identity(input.flat_values))


@dispatch.dispatch_for_api(array_ops.stop_gradient)
def ragged_stop_gradient(input: Any, name: Any = None) -> Any:  # noqa: A002
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return input.with_flat_values(array_ops.stop_gradient(input.flat_values))


@dispatch.dispatch_for_api(array_ops.reverse)
def ragged_reverse(tensor: Any, axis: Any, name: Any = None) -> Any:
    """TF: ragged reverse of the rows (axis 0) and/or of the items in each row (axis 1)."""
    if not isinstance(tensor, RaggedTensor):
        return NotImplemented
    axes = [int(a) for a in np.asarray(convert_to_tensor(axis)._value).reshape(-1)]
    rank = tensor.shape.rank
    result = tensor
    for a in sorted({_normalize_axis(a, rank, "axis") for a in axes}, reverse=True):
        result = _reverse_axis(result, a)
    return result


def _reverse_axis(rt: Any, axis: int) -> Any:
    if not isinstance(rt, RaggedTensor):
        return array_ops.reverse.__wrapped__(rt, [axis])
    if axis == 0:
        return _value_rows(rt, np.arange(rt.nrows_static())[::-1].copy())
    if axis == 1:
        s = rt.row_splits._value
        index = np.concatenate([np.arange(a, b)[::-1] for a, b in zip(s[:-1], s[1:])]) if len(s) > 1 else \
            np.zeros(0, np.int64)
        return rt.with_values(_value_rows(rt.values, index.astype(np.int64)))
    return rt.with_values(_reverse_axis(rt.values, axis - 1))


@tf_export("ragged.map_flat_values")
def map_flat_values(op: Any, *args: Any, **kwargs: Any) -> Any:
    """Applies `op` to the flat values of the RaggedTensors among the arguments."""
    partitions: list = []

    def replace(v: Any) -> Any:
        if isinstance(v, RaggedTensor):
            partitions.append(v)
            return v.flat_values
        if isinstance(v, (list, tuple)):
            return type(v)(replace(x) for x in v)
        if isinstance(v, dict):
            return {k: replace(x) for k, x in v.items()}
        return v

    new_args = replace(list(args))
    new_kwargs = replace(kwargs)
    if not partitions:
        return op(*args, **kwargs)
    first = partitions[0]
    for other in partitions[1:]:
        if other.ragged_rank != first.ragged_rank:
            raise ValueError("All ragged inputs must have the same ragged_rank.")
        if other.flat_values.shape.rank != first.flat_values.shape.rank:
            raise ValueError("Input RaggedTensors' flat_values must all have the same outer-dimension size. Got "
                             "sizes: %s" % {p.flat_values.shape[0] for p in partitions})
        for a, b in zip(first._nested_row_partitions, other._nested_row_partitions):
            if not np.array_equal(a._splits(), b._splits()):
                from tfshim.ops.ragged import ragged_check

                ragged_check.assert_equal(a._splits(), b._splits(),
                                          "Input RaggedTensors have mismatched row partitions.")
    result = op(*new_args, **new_kwargs)
    result = convert_to_tensor(result) if not isinstance(result, Tensor) else result
    if result._value.ndim == 0 or result._value.shape[0] != first.flat_values._value.shape[0]:
        raise ValueError("tf.ragged.map_flat_values requires that the output of `op` have the same outer-dimension "
                         "size as flat_values of any ragged inputs. (output shape: %s; expected outer dimension "
                         "size: %d)" % (result.shape, first.flat_values._value.shape[0]))
    return first.with_flat_values(result)


@dispatch.dispatch_for_api(math_ops.add_n)
def ragged_add_n(inputs: Any, name: Any = None) -> Any:
    if not isinstance(inputs, (list, tuple)) or not _any_ragged(inputs):
        return NotImplemented
    total = inputs[0]
    for v in inputs[1:]:
        total = math_ops.add(total, v)
    return total


@dispatch.dispatch_for_api(array_ops.squeeze)
def ragged_squeeze(input: Any, axis: Any = None, name: Any = None, squeeze_dims: Any = None) -> Any:  # noqa: A002
    """TF: ragged_squeeze_op.squeeze. Ragged dimensions may be squeezed when every row has length 1."""
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    if axis is None:
        raise ValueError("Ragged.squeeze must have an axis argument.")
    if isinstance(axis, int):
        axis = [axis]
    elif not isinstance(axis, (list, tuple)) or not all(isinstance(d, int) for d in axis):
        raise TypeError("Axis must be a list or tuple of integers.")
    rank = input.shape.rank
    axis = [_normalize_axis(d, rank, "axis[%d]" % i) for i, d in enumerate(axis)]
    dense_dims = [d - input.ragged_rank for d in axis if d > input.ragged_rank]
    ragged_dims = [d for d in axis if d <= input.ragged_rank]
    from tfshim.framework import errors

    for i, lengths in enumerate(input.nested_row_lengths()):
        if i + 1 in ragged_dims and not np.all(lengths._value == 1):
            raise errors.InvalidArgumentError(
                None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
                "b'the given axis (axis = %d) is not squeezable!'" % (i + 1))
    if 0 in ragged_dims and input.row_splits._value.size != 2:
        raise errors.InvalidArgumentError(
            None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
            "b'the given axis (axis = 0) is not squeezable!'")
    flat = input.flat_values
    if dense_dims:
        flat = array_ops.squeeze(flat, dense_dims)
    remaining = [s for i, s in enumerate(input.nested_row_splits) if i + 1 not in ragged_dims]
    if remaining and 0 in ragged_dims:
        remaining.pop(0)
    result = RaggedTensor.from_nested_row_splits(flat, remaining, validate=False)
    if set(range(input.ragged_rank + 1)).issubset(set(ragged_dims)):
        result = array_ops.squeeze(result, [0])
    return result


@tf_export("ragged.stack_dynamic_partitions")
def stack_dynamic_partitions(data: Any, partitions: Any, num_partitions: Any, name: Any = None) -> RaggedTensor:
    """Row p of the result holds the rows of `data` whose partition is p, in their original order."""
    data = convert_to_tensor_or_ragged_tensor(data)
    parts = convert_to_tensor(partitions, dtype_hint=dtypes.int32)
    if not parts.dtype.is_integer:
        raise TypeError("partitions must have an integer dtype")
    n = int(convert_to_tensor(num_partitions)._value)
    pv = parts._value.astype(np.int64).reshape(-1)
    from tfshim.ops.ragged import ragged_check

    if pv.size:
        ragged_check.assert_less(pv.max(), np.int64(n), "partitions must be less than num_partitions")
        ragged_check.assert_non_negative(pv, "partitions must be non-negative.")
    order = np.argsort(pv, kind="stable")
    rows = _value_rows(data, order) if isinstance(data, RaggedTensor) else take_rows(data, order)
    counts = np.bincount(pv, minlength=n)[:n] if pv.size else np.zeros(n, np.int64)
    splits = np.concatenate([[0], np.cumsum(counts)])
    return RaggedTensor._from_row_partition(rows, _from_splits_np(splits, dtypes.int64), validate=False)


def _feature_rows(x: Any) -> list:
    """The rows of a 2-D ragged or dense feature as lists of bytes (ints printed in decimal)."""
    x = convert_to_tensor_or_ragged_tensor(x)
    if x.dtype not in (dtypes.string, dtypes.int64):
        raise TypeError("Input dtype must be tf.string or tf.int64, got %s" % x.dtype.name)
    rows = x.to_list() if isinstance(x, RaggedTensor) else x.numpy().tolist()
    return [[v if isinstance(v, bytes) else str(v).encode() for v in row] for row in rows]


@tf_export("ragged.cross")
def cross(inputs: Any, name: Any = None) -> RaggedTensor:
    """The feature crosses of each row: every combination of the inputs' values joined with `_X_`."""
    import itertools

    if not isinstance(inputs, (list, tuple)):
        raise TypeError("Inputs must be a list")
    features = [_feature_rows(x) for x in inputs]
    nrows = {len(f) for f in features}
    if len(nrows) > 1:
        from tfshim.framework import errors

        raise errors.InvalidArgumentError(None, None, "Inputs must all have the same number of rows")
    pieces: list = []
    lengths = []
    for row in zip(*features):
        crossed = [b"_X_".join(combo) for combo in itertools.product(*row)]
        pieces.extend(crossed)
        lengths.append(len(crossed))
    values = np.empty(len(pieces), dtype=object)
    values[:] = pieces
    splits = np.concatenate([[0], np.cumsum(lengths, dtype=np.int64)])
    return RaggedTensor._from_row_partition(_tensor(values, dtypes.string), _from_splits_np(splits, dtypes.int64),
                                            validate=False)


def _stack_rows(rows: list, splits_dtype: dtypes.DType, dtype: dtypes.DType, row_shape: Any) -> RaggedTensor:
    """A RaggedTensor whose rows are `rows` (Tensors or RaggedTensors of one ragged rank), as TF's
    RaggedTensorFromVariant builds a map_fn result."""
    if not rows:
        inner_rank = max((row_shape.rank or 1) - 1, 0) if row_shape.rank is not None else 0
        empty = _tensor(np.zeros((0,) + (0,) * inner_rank, dtype.as_numpy_dtype if dtype is not dtypes.string
                                 else object), dtype)
        return RaggedTensor._from_row_partition(empty, _from_splits_np(np.zeros(1, np.int64), splits_dtype),
                                                validate=False)
    lengths = np.array([r.nrows_static() if isinstance(r, RaggedTensor) else r._value.shape[0] for r in rows])
    values = _rows_concat([r.with_row_splits_dtype(splits_dtype) if isinstance(r, RaggedTensor) else r
                           for r in rows])
    splits = np.concatenate([[0], np.cumsum(lengths)])
    return RaggedTensor._from_row_partition(values, _from_splits_np(splits, splits_dtype), validate=False)
