"""Conversions between RaggedTensor and dense/sparse tensors (TF: RaggedTensor.to_tensor/from_tensor,
ragged_conversion_ops.py).

TF does these in C++ kernels (RaggedTensorToTensor, ...). tfshim computes the index maps
from the concrete row partitions with NumPy and moves the values with Gather/ConcatV2, so
gradients flow to and from `flat_values`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops import array_ops
from tfshim.ops.ragged.ragged_tensor import RaggedTensor
from tfshim.ops.ragged.row_partition import _from_splits_np, _tensor


def take_rows(values: Tensor, index: np.ndarray) -> Tensor:
    """values[index] along axis 0 (differentiable; `index` is a NumPy int array of any shape)."""
    return array_ops.gather(values, _wrap_as(np.asarray(index, np.int64), dtypes.int64))


def flat_coordinates(rt: RaggedTensor) -> list:
    """For each row of rt.flat_values, its coordinates in dims 0..ragged_rank (NumPy arrays)."""
    partitions = rt._nested_row_partitions
    nflat = partitions[-1]._splits()[-1]
    parent = np.arange(nflat)
    coords = []
    for p in reversed(partitions):
        s = p._splits()
        rowid = np.repeat(np.arange(len(s) - 1), s[1:] - s[:-1])[parent] if len(parent) else parent
        coords.insert(0, parent - s[rowid] if len(parent) else parent)
        parent = rowid
    coords.insert(0, parent)
    return coords


def _target_shape(rt: RaggedTensor, shape: Any) -> list:
    bounding = [int(d) for d in rt.bounding_shape()._value]
    if shape is None:
        return bounding
    if isinstance(shape, Tensor):
        shape = shape._value.tolist()
    shape = TensorShape(shape)
    if shape.rank is None:
        return bounding
    if shape.rank != len(bounding):
        from tfshim.framework import errors

        dims = ",".join("-1" if d is None else str(d) for d in shape.as_list())
        raise errors.InvalidArgumentError(
            None, None, "{{function_node __wrapped__RaggedTensorToTensor_num_row_partition_tensors_%d_device_/job:"
            "localhost/replica:0/task:0/device:CPU:0}} rt_input.shape and shape=[%s] are incompatible: rt_input.rank = "
            "%d but shape.rank = %d [Op:RaggedTensorToTensor] name: "
            % (rt.ragged_rank, dims, len(bounding), shape.rank))
    return [b if d is None else d for b, d in zip(bounding, shape.as_list())]


def ragged_to_tensor(rt: RaggedTensor, default_value: Any = None, shape: Any = None) -> Tensor:
    flat = rt.flat_values
    rr = rt.ragged_rank
    target = _target_shape(rt, shape)
    inner_target = target[rr + 1:]
    # Crop or pad the uniform inner dimensions of the flat values to the target shape.
    inner = list(flat._value.shape[1:])
    if inner != inner_target:
        crop = tuple([slice(None)] + [slice(0, t) for t in inner_target])
        flat = flat[crop]
    if default_value is None:
        default = _wrap_as(np.zeros((), flat._value.dtype) if flat.dtype is not dtypes.string
                           else np.array(b"", dtype=object), flat.dtype)
    else:
        default = convert_to_tensor(default_value, dtype=flat.dtype)
    if list(flat._value.shape[1:]) != inner_target:
        pads = [[0, 0]] + [[0, t - s] for s, t in zip(flat._value.shape[1:], inner_target)]
        flat = array_ops.pad(flat, pads, constant_values=default if default._value.ndim == 0 else 0)
    default_row = array_ops.broadcast_to(default, inner_target)
    nflat = flat._value.shape[0]
    source = array_ops.concat([flat, array_ops.expand_dims(default_row, 0)], axis=0)
    index = np.full(target[:rr + 1], nflat, dtype=np.int64)
    coords = flat_coordinates(rt)
    keep = np.ones(nflat, dtype=bool)
    for c, limit in zip(coords, target[:rr + 1]):
        keep &= c < limit
    index[tuple(c[keep] for c in coords)] = np.arange(nflat)[keep]
    return take_rows(source, index)


def _int_vector(x: Any, dtype: dtypes.DType) -> np.ndarray:
    t = convert_to_tensor(x, dtype_hint=dtype)
    return np.asarray(t._value).astype(np.int64)


def ragged_from_tensor(tensor: Any, lengths: Any, padding: Any, ragged_rank: Any, row_splits_dtype: Any) -> Any:
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if lengths is not None and padding is not None:
        raise ValueError("Specify argument `lengths` or `padding`, but not both.")
    if not isinstance(ragged_rank, int):
        raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
    if ragged_rank <= 0:
        raise ValueError(f"Argument `ragged_rank` must be greater than 0. Received {ragged_rank}.")
    tensor = convert_to_tensor(tensor)
    rank = tensor._value.ndim
    if rank < 2:
        raise ValueError(f"The rank of a RaggedTensor must be greater than 1, i.e., a list of scalars won't have "
                         f"ragged dimensions. Received argument `tensor` with rank {rank}.")
    if rank < ragged_rank + 1:
        raise ValueError(f"Shape {tensor.shape} must have rank at least {ragged_rank + 1}")
    shape = tensor._value.shape
    ncols = shape[1]
    if (lengths is not None and isinstance(lengths, (list, tuple)) and len(lengths)
            and not isinstance(lengths[0], (int, float))):
        if ragged_rank not in (1, len(lengths)):
            raise ValueError(f"If Argument `lengths` is a tuple of row_lengths, argument `ragged_rank` must be "
                             f"len(lengths): {len(lengths)}. Received ragged_rank: {ragged_rank}.")
        nested = [_int_vector(v, row_splits_dtype) for v in lengths]
        ones = _wrap_as(np.ones(int(nested[-1].sum()), dtype=bool), dtypes.bool)
        mask_rt = RaggedTensor.from_nested_row_lengths(
            ones, [_tensor(v, row_splits_dtype) for v in nested], validate=False)
        mask = mask_rt.to_tensor(default_value=False)
        masked = array_ops.boolean_mask(tensor, mask)
        return RaggedTensor.from_nested_row_lengths(masked, [_tensor(v, row_splits_dtype) for v in nested],
                                                    validate=False)
    if ragged_rank > 1:
        dim_size = np.cumprod(shape)
        flattened = array_ops.reshape(tensor, [int(dim_size[ragged_rank - 1])] + list(shape[ragged_rank:]))
        result = ragged_from_tensor(flattened, lengths, padding, 1, row_splits_dtype)
        for axis in range(ragged_rank - 1, 0, -1):
            result = RaggedTensor.from_uniform_row_length(
                result, _tensor(shape[axis], row_splits_dtype), nrows=_tensor(dim_size[axis - 1], row_splits_dtype),
                validate=False)
        return result
    if padding is not None:
        padding = convert_to_tensor(padding, dtype=tensor.dtype)
        if not padding.shape.is_compatible_with(tensor.shape[2:]):
            raise ValueError(f"Shapes {padding.shape} and {tensor.shape[2:]} are incompatible")
        v = tensor._value
        is_pad = v == padding._value
        if is_pad.ndim > 2:
            is_pad = is_pad.reshape(is_pad.shape[:2] + (-1,)).all(axis=2)
        nondefault = (~is_pad).astype(np.int64) * np.arange(1, ncols + 1)[None, :]
        lengths = nondefault.max(axis=1) if ncols else np.zeros(shape[0], np.int64)
    if lengths is not None:
        lens = _int_vector(lengths, row_splits_dtype)
        if lens.ndim != 1:
            raise ValueError(f"Shape {lens.shape} must have rank 1")
        lens = np.maximum(np.minimum(lens, ncols), 0)
        splits = np.concatenate([[0], np.cumsum(lens)])
        mask = np.arange(ncols)[None, :] < lens[:, None]
        index = np.nonzero(mask.reshape(-1))[0]
        flat = array_ops.reshape(tensor, (shape[0] * ncols,) + shape[2:])
        values = take_rows(flat, index)
        return RaggedTensor._from_row_partition(values, _from_splits_np(splits, row_splits_dtype), validate=False)
    values = array_ops.reshape(tensor, (shape[0] * ncols,) + shape[2:])
    splits = np.arange(shape[0] + 1) * ncols
    return RaggedTensor._from_row_partition(values, _from_splits_np(splits, row_splits_dtype, uniform=ncols),
                                            validate=False)


def _sparse_module() -> Any:
    try:
        from tfshim.framework import sparse_tensor
    except ImportError:
        raise NotImplementedError("tf.SparseTensor is not implemented by tfshim") from None
    return sparse_tensor


def ragged_to_sparse(rt: RaggedTensor) -> Any:
    """TF: RaggedTensor.to_sparse: indices of every value, dense_shape the bounding shape."""
    sparse_tensor = _sparse_module()
    coords = flat_coordinates(rt)
    flat = rt.flat_values
    inner = flat._value.shape[1:]
    if inner:
        grids = np.indices(inner).reshape(len(inner), -1).T
        n = flat._value.shape[0]
        idx = np.concatenate([np.repeat(np.stack(coords, 1), len(grids), axis=0), np.tile(grids, (n, 1))], axis=1)
        values = array_ops.reshape(flat, [-1])
    else:
        idx = np.stack(coords, 1) if coords[0].size else np.zeros((0, len(coords)), np.int64)
        values = flat
    return sparse_tensor.SparseTensor(_tensor(idx, dtypes.int64), values,
                                      _tensor(rt.bounding_shape()._value, dtypes.int64))


def ragged_from_sparse(st: Any, row_splits_dtype: Any) -> RaggedTensor:
    sparse_tensor = _sparse_module()
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if not isinstance(st, sparse_tensor.SparseTensor):
        raise TypeError(f"Argument `st_input` must be of type SparseTensor, but is {type(st).__name__}.")
    indices = np.asarray(st.indices._value)
    dense_shape = np.asarray(st.dense_shape._value)
    if dense_shape.shape[0] != 2:
        raise ValueError("rank(st_input) must be 2.")
    rows = indices[:, 0]
    nrows = int(dense_shape[0])
    lengths = np.bincount(rows, minlength=nrows)[:nrows] if rows.size else np.zeros(nrows, np.int64)
    splits = np.concatenate([[0], np.cumsum(lengths)])
    return RaggedTensor._from_row_partition(st.values, _from_splits_np(splits, row_splits_dtype), validate=False)
