"""tf.ragged.constant (TF: ops/ragged/ragged_factory_ops.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import constant as _constant
from tfshim.ops.ragged.ragged_tensor import RaggedTensor, is_ragged
from tfshim.util.tf_export import tf_export


def _is_nested(x: Any) -> bool:
    return isinstance(x, (list, tuple)) or np.ndim(x) != 0


def _find_scalar_and_max_depth(pylist: Any) -> tuple:
    """(nesting depth of the scalars or None, maximum nesting depth incl. empty lists)."""
    if _is_nested(pylist):
        scalar_depth = None
        max_depth = 1
        for child in pylist:
            child_scalar, child_max = _find_scalar_and_max_depth(child)
            if child_scalar is not None:
                if scalar_depth is not None and scalar_depth != child_scalar + 1:
                    raise ValueError("all scalar values must have the same nesting depth")
                scalar_depth = child_scalar + 1
            max_depth = max(max_depth, child_max + 1)
        return scalar_depth, max_depth
    return 0, 0


def _default_inner_shape(pylist: Any, ragged_rank: int) -> tuple:
    def shape_of(item: Any) -> tuple:
        if not _is_nested(item):
            return ()
        if len(item) > 0:
            return (len(item),) + shape_of(item[0])
        return (0,)

    def check(item: Any, shape: tuple) -> None:
        nested = _is_nested(item)
        if nested != bool(shape):
            raise ValueError("inner values have inconsistent shape")
        if nested:
            if shape[0] != len(item):
                raise ValueError("inner values have inconsistent shape")
            for child in item:
                check(child, shape[1:])

    flat = pylist
    for dim in range(ragged_rank):
        if not all(_is_nested(v) for v in flat):
            raise ValueError("pylist has scalar values depth %d, but ragged_rank=%d requires scalar value depth "
                             "greater than %d" % (dim + 1, ragged_rank, ragged_rank))
        flat = sum((list(v) for v in flat), [])
    inner = shape_of(flat)
    check(flat, inner)
    return inner[1:]


def _inner_values(pylist: Any, dtype: Any, shape: Any) -> Any:
    if shape is not None and not shape:
        shape = None
    return _constant(pylist, dtype=dtype, shape=shape)


@tf_export("ragged.constant")
def constant(pylist: Any, dtype: Any = None, ragged_rank: Any = None, inner_shape: Any = None, name: Any = None,
             row_splits_dtype: Any = dtypes.int64) -> Any:
    """A RaggedTensor from a nested Python list whose rows may have different lengths."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if is_ragged(pylist):
        raise TypeError("pylist may not be a RaggedTensor or RaggedTensorValue.")
    if not isinstance(pylist, (list, tuple)) and np.ndim(pylist) == 0:
        if ragged_rank is not None and ragged_rank != 0:
            raise ValueError("Invalid pylist=%r: incompatible with ragged_rank=%d" % (pylist, ragged_rank))
        if inner_shape is not None and inner_shape:
            raise ValueError("Invalid pylist=%r: incompatible with dim(inner_shape)=%d" % (pylist, len(inner_shape)))
        return _constant(pylist, dtype=dtype)
    if ragged_rank is not None and ragged_rank < 0:
        raise ValueError("Invalid ragged_rank=%r: must be nonnegative" % ragged_rank)
    scalar_depth, max_depth = _find_scalar_and_max_depth(pylist)
    if scalar_depth is not None:
        if max_depth > scalar_depth:
            raise ValueError("Invalid pylist=%r: empty list nesting is greater than scalar value nesting" % (pylist,))
        if ragged_rank is not None and max_depth < ragged_rank:
            raise ValueError(f"Invalid pylist={pylist}, max depth smaller than ragged_rank={ragged_rank}")
    if inner_shape is not None and ragged_rank is not None:
        expected = ragged_rank + len(inner_shape) + 1
        if (scalar_depth is not None and expected != scalar_depth) or (scalar_depth is None and expected < max_depth):
            raise ValueError("Invalid pylist=%r: incompatible with ragged_rank=%d and dim(inner_shape)=%d"
                             % (pylist, ragged_rank, len(inner_shape)))
    if ragged_rank == 0 or (ragged_rank is None and (
            max_depth < 2 or (inner_shape is not None and max_depth - len(inner_shape) < 2))):
        return _inner_values(pylist, dtype, inner_shape)
    if inner_shape is None:
        inner_shape = () if ragged_rank is None else _default_inner_shape(pylist, ragged_rank)
    if ragged_rank is None:
        ragged_rank = max(1, max_depth - 1) if scalar_depth is None else max(1, scalar_depth - 1 - len(inner_shape))
    nested_splits = []
    values = pylist
    for _ in range(ragged_rank):
        splits = [0]
        concatenated: list = []
        for row in values:
            splits.append(splits[-1] + len(row))
            concatenated.extend(row)
        nested_splits.append(splits)
        values = concatenated
    result = _constant(values, dtype=dtype, shape=(len(values),) + tuple(inner_shape))
    for splits in reversed(nested_splits):
        split_tensor = _constant(splits, dtype=row_splits_dtype)
        result = RaggedTensor.from_row_splits(result, split_tensor, validate=False)
    return result


