"""tf.experimental.DynamicRaggedShape: the shape of a RaggedTensor, returned by tf.shape(rt)
(TF: ops/ragged/dynamic_ragged_shape.py).

A shape is a list of row partitions (one per ragged or uniform partitioned dimension) and
the dense `inner_shape` of the flat values. tf.reshape, tf.zeros, tf.ones and tf.fill accept
one and build a RaggedTensor of that shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops import array_ops
from tfshim.ops.ragged.ragged_tensor import RaggedTensor
from tfshim.ops.ragged.row_partition import RowPartition, _tensor
from tfshim.util import dispatch
from tfshim.util.tf_export import tf_export


def _element_text(x: Any) -> str:
    if x is Ellipsis:
        return "..."
    if isinstance(x, str):
        return "'" + x + "'"
    return str(x)


@tf_export("experimental.DynamicRaggedShape")
class DynamicRaggedShape:
    """The shape of a RaggedTensor: row partitions plus the shape of the flat values."""

    _tf_dispatch = True  # util/dispatch.py: tf.reshape, tf.zeros, ... hand it to the ragged handlers

    def __init__(self, row_partitions: Any, inner_shape: Any, dtype: Any = None, validate: bool = False,
                 static_inner_shape: Any = None) -> None:
        row_partitions = list(row_partitions)
        if dtype is None:
            if row_partitions:
                dtype = row_partitions[0].dtype
            elif isinstance(inner_shape, Tensor):
                dtype = inner_shape.dtype
            else:
                dtype = dtypes.int64
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (dtypes.int32, dtypes.int64):
            raise ValueError("dtype must be tf.int32 or tf.int64")
        self._dtype = dtype
        self._row_partitions = [p.with_dtype(dtype) for p in row_partitions]
        inner = convert_to_tensor(inner_shape, dtype_hint=dtype)
        self._inner_shape = _tensor(np.asarray(inner._value).reshape(-1), dtype)
        if self._row_partitions:
            nvals = self._row_partitions[-1].static_nvals
            if self._inner_shape._value.size == 0 or int(self._inner_shape._value[0]) != nvals:
                from tfshim.framework import errors

                raise errors.InvalidArgumentError(None, None, "Last row partition does not match inner_shape.")

    @classmethod
    def from_tensor(cls, t: Any, dtype: Any = None) -> DynamicRaggedShape:
        if isinstance(t, RaggedTensor):
            dtype = dtypes.as_dtype(dtype) if dtype is not None else t.row_splits.dtype
            return cls(t._nested_row_partitions, list(t.flat_values._value.shape), dtype=dtype)
        t = convert_to_tensor(t)
        return cls([], list(t._value.shape), dtype=dtype or dtypes.int32)

    @classmethod
    def from_lengths(cls, lengths: Any, num_row_partitions: Any = None, dtype: Any = dtypes.int64) -> Any:
        """A shape from a list of dimension sizes, where tuples are the row lengths of ragged dimensions."""
        dtype = dtypes.as_dtype(dtype)
        lengths = list(lengths)
        if not lengths:
            return cls([], [], dtype=dtype)
        if isinstance(lengths[0], (tuple, list)):
            raise ValueError("First element of lengths must be a scalar")
        if num_row_partitions is None:
            ragged = [i for i, x in enumerate(lengths) if isinstance(x, (tuple, list))]
            num_row_partitions = ragged[-1] if ragged else 0
        partitions = []
        nvals = int(lengths[0])
        for x in lengths[1:num_row_partitions + 1]:
            if isinstance(x, (tuple, list)):
                if len(x) != nvals:
                    raise ValueError("Lengths do not match: expected %d row lengths, got %d" % (nvals, len(x)))
                p = RowPartition.from_row_lengths(_tensor(np.array(x, np.int64), dtype), validate=False)
            else:
                p = RowPartition.from_uniform_row_length(_tensor(int(x), dtype), nrows=_tensor(nvals, dtype),
                                                         validate=False)
            partitions.append(p)
            nvals = p.static_nvals
        inner = [nvals] + [int(x) for x in lengths[num_row_partitions + 1:]]
        return cls(partitions, inner, dtype=dtype)

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def row_partitions(self) -> tuple:
        return tuple(self._row_partitions)

    @property
    def num_row_partitions(self) -> int:
        return len(self._row_partitions)

    @property
    def inner_shape(self) -> Tensor:
        return self._inner_shape

    @property
    def inner_rank(self) -> int:
        return int(self._inner_shape._value.size)

    @property
    def rank(self) -> int:
        return self.inner_rank + self.num_row_partitions

    def _nrows(self) -> int:
        if self._row_partitions:
            return self._row_partitions[0].static_nrows
        return int(self._inner_shape._value[0])

    def static_lengths(self, ragged_lengths: bool = True) -> list:
        if self.rank == 0:
            return []
        result: list = [self._nrows()]
        for p in self._row_partitions:
            if p.is_uniform():
                result.append(p.static_uniform_row_length)
            elif ragged_lengths:
                result.append(tuple(int(v) for v in p.row_lengths()._value))
            else:
                result.append(None)
        result.extend(int(v) for v in self._inner_shape._value[1:])
        return result

    def __repr__(self) -> str:
        lengths = self.static_lengths()
        text = "[" + ", ".join(_element_text(x) for x in lengths) + "]"
        return "<DynamicRaggedShape lengths=%s num_row_partitions=%r>" % (text, self.num_row_partitions)

    def is_uniform(self, axis: int) -> bool:
        if axis < 0:
            raise IndexError("Negative axis values are not supported")
        if axis >= self.rank:
            raise IndexError("Expected axis=%s < rank=%s" % (axis, self.rank))
        return axis == 0 or axis > self.num_row_partitions or self._row_partitions[axis - 1].is_uniform()

    def _dimension(self, index: int) -> Tensor:
        rank = self.rank
        if not 0 <= index < rank:
            raise IndexError("Index is too big: %d >= %d" % (index, rank))
        if index == 0:
            return _tensor(self._nrows(), self._dtype)
        if not self.is_uniform(index):
            raise ValueError("Index %d is not uniform" % index)
        if index > self.num_row_partitions:
            return _tensor(self._inner_shape._value[index - self.num_row_partitions], self._dtype)
        return self._row_partitions[index - 1].uniform_row_length()

    def __getitem__(self, index: Any) -> Any:
        rank = self.rank
        if isinstance(index, slice):
            if index.step is not None and index.step != 1:
                raise IndexError("Cannot stride through a shape")
            start, stop, _ = index.indices(rank)
            return self._slice_shape(start, max(stop, start))
        if isinstance(index, int):
            return self._dimension(rank + index if index < 0 else index)
        raise TypeError("Argument is not an int or a slice")

    def _slice_shape(self, start: int, stop: int) -> DynamicRaggedShape:
        if start == 0:
            if stop == 0:
                return DynamicRaggedShape([], [], dtype=self._dtype)
            if stop <= self.num_row_partitions:
                partitions = self._row_partitions[:stop - 1]
                nvals = partitions[-1].static_nvals if partitions else self._nrows()
                return DynamicRaggedShape(partitions, [nvals], dtype=self._dtype)
            inner = self._inner_shape._value[:stop - self.num_row_partitions]
            return DynamicRaggedShape(self._row_partitions, inner, dtype=self._dtype)
        dims = []
        for i in range(start, stop):
            if not self.is_uniform(i):
                raise ValueError("All relevant dimensions must be uniform")
            dims.append(int(self._dimension(i)._value))
        return DynamicRaggedShape([], dims, dtype=self._dtype)

    def _to_tensor_shape(self) -> TensorShape:
        return TensorShape(self.static_lengths(ragged_lengths=False))

    def _build(self, flat: Tensor) -> Any:
        """A RaggedTensor (or Tensor) of this shape whose flat values are `flat`."""
        result: Any = flat
        for p in reversed(self._row_partitions):
            result = RaggedTensor._from_row_partition(result, p, validate=False)
        return result

    def _flat_shape(self) -> list:
        return [int(v) for v in self._inner_shape._value]


def _is_shape(x: Any) -> bool:
    return isinstance(x, DynamicRaggedShape)


@dispatch.dispatch_for_api(array_ops.shape)
def ragged_shape(input: Any, out_type: Any = dtypes.int32, name: Any = None) -> Any:  # noqa: A002 - TF's name
    if not isinstance(input, RaggedTensor):
        return NotImplemented
    return DynamicRaggedShape.from_tensor(input, dtype=out_type)


@dispatch.dispatch_for_api(array_ops.reshape)
def ragged_reshape(tensor: Any, shape: Any, name: Any = None) -> Any:
    if not _is_shape(shape):
        return NotImplemented
    if isinstance(tensor, RaggedTensor):
        tensor = tensor.flat_values
    return shape._build(array_ops.reshape(tensor, shape._flat_shape()))


@dispatch.dispatch_for_api(array_ops.zeros)
def ragged_zeros(shape: Any, dtype: Any = dtypes.float32, name: Any = None, layout: Any = None) -> Any:
    if not _is_shape(shape):
        return NotImplemented
    return shape._build(array_ops.zeros(shape._flat_shape(), dtype=dtype))


@dispatch.dispatch_for_api(array_ops.ones)
def ragged_ones(shape: Any, dtype: Any = dtypes.float32, name: Any = None, layout: Any = None) -> Any:
    if not _is_shape(shape):
        return NotImplemented
    return shape._build(array_ops.ones(shape._flat_shape(), dtype=dtype))


@dispatch.dispatch_for_api(array_ops.fill)
def ragged_fill(dims: Any, value: Any, name: Any = None, layout: Any = None) -> Any:
    if not _is_shape(dims):
        return NotImplemented
    return dims._build(array_ops.fill(dims._flat_shape(), value))
