"""tf.TensorArray and tf.TensorArraySpec (TF: tensor_array_ops.py, its eager implementation).

Eagerly a TensorArray is a Python list of tensors: `write` stores (and returns the same array, as TF's
eager `parent()` does), `stack`/`gather`/`concat` build tensors from the list with ordinary ops, so a
tape records them and gradients flow to the written values as in TF's eager mode.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape, as_shape
from tfshim.framework.type_spec import TypeSpec
from tfshim.ops.op import tf_export


def _index(index: Any) -> int:
    return int(index._value) if isinstance(index, Tensor) else int(index)


@tf_export("TensorArraySpec")
@TypeSpec.register
class TensorArraySpec:
    """TF: tf.TensorArraySpec, the type of a TensorArray (element shape, dtype, dynamic_size, infer_shape)."""

    def __init__(self, element_shape: Any = None, dtype: Any = dtypes.float32, dynamic_size: bool = False,
                 infer_shape: bool = True) -> None:
        self._element_shape = as_shape(element_shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = dynamic_size
        self._infer_shape = infer_shape

    @property
    def element_shape(self) -> TensorShape:
        return self._element_shape

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def dynamic_size(self) -> bool:
        return self._dynamic_size

    @property
    def infer_shape(self) -> bool:
        return self._infer_shape

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TensorArraySpec) and repr(self) == repr(other))

    def __hash__(self) -> int:
        return hash(repr(self))

    def __repr__(self) -> str:
        return "TensorArraySpec(%r, %r, %r, %r)" % (self._element_shape, self._dtype, self._dynamic_size,
                                                    self._infer_shape)


@tf_export("TensorArray")
class TensorArray:
    """TF: tf.TensorArray in eager mode: a resizable (dynamic_size) or fixed list of tensors of one dtype.

    `clear_after_read` (default True) forgets an element once read, as TF's eager array does; unwritten
    elements read as zeros of the (inferred) element shape.
    """

    def __init__(self, dtype: Any, size: Any = None, dynamic_size: Any = None, clear_after_read: Any = None,
                 tensor_array_name: Any = None, handle: Any = None, flow: Any = None, infer_shape: bool = True,
                 element_shape: Any = None, colocate_with_first_write_call: bool = True, name: Any = None) -> None:
        if handle is not None:
            raise ValueError("TensorArray handles are not supported when eager execution is enabled.")
        if size is None:
            raise ValueError("Size must be declared for TensorArrays when eager execution is enabled.")
        self._flow = convert_to_tensor(0)
        self._infer_shape = infer_shape
        self._element_shape = as_shape(element_shape)
        self._dtype = dtypes.as_dtype(dtype).base_dtype
        self._dynamic_size = dynamic_size or False
        self._clear_after_read = True if clear_after_read is None else clear_after_read
        self._previously_read_indices: list = []
        self._tensor_array: list = [None] * _index(size)

    @property
    def flow(self) -> Tensor:
        return self._flow

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def handle(self) -> None:
        return None

    @property
    def element_shape(self) -> TensorShape:
        return self._element_shape

    @property
    def dynamic_size(self) -> bool:
        return self._dynamic_size

    def _type_spec(self) -> TensorArraySpec:
        return TensorArraySpec(self._element_shape, self._dtype, self._dynamic_size, self._infer_shape)

    def identity(self) -> TensorArray:
        return self

    def grad(self, source: Any, flow: Any = None, name: Any = None) -> Any:
        raise NotImplementedError(
            "TensorArray.grad is not supported when executing eagerly; eager's gradient implementation does not "
            "use/need this function to compute gradients of operations that use TensorArrays.")

    def read(self, index: Any, name: Any = None) -> Tensor:
        index = _index(index)
        if index < 0:
            raise errors.OutOfRangeError(None, None, "Reading from negative indices (index %d) is not allowed."
                                         % index)
        if index >= len(self._tensor_array):
            raise errors.OutOfRangeError(None, None, "Tried to read from index %d but array size is: %d "
                                         % (index, len(self._tensor_array)))
        tensor = self._tensor_array[index]
        if tensor is None:
            if index in self._previously_read_indices:
                raise errors.InvalidArgumentError(
                    None, None, "Could not read index %d twice because it was cleared after a previous read "
                    "(perhaps try setting clear_after_read = false?)" % index)
            tensor = self._maybe_zero(index)
        if self._clear_after_read:
            self._tensor_array[index] = None
            self._previously_read_indices.append(index)
        return tensor

    def _write(self, index: Any, value: Any) -> None:
        index = _index(index)
        if index < 0:
            raise errors.OutOfRangeError(None, None, "Writing to negative indices (index %d) is not allowed."
                                         % index)
        size = len(self._tensor_array)
        if index >= size:
            if not self._dynamic_size:
                raise errors.OutOfRangeError(
                    None, None, "Tried to write to index %d but array is not resizeable and size is: %d "
                    % (index, size))
            self._tensor_array.extend(None for _ in range(index - size + 1))
        if not isinstance(value, Tensor):
            value = convert_to_tensor(value, dtype_hint=self._dtype)
        if self._dtype != value.dtype:
            raise errors.InvalidArgumentError(
                None, None, "TensorArray dtype is %s but Op is trying to write dtype %s "
                % (self._dtype.name, value.dtype.name))
        if not self._element_shape.is_compatible_with(value.shape):
            raise ValueError("Incompatible shape for value (%s), expected (%s)" % (value.shape, self._element_shape))
        if self._infer_shape:
            self._element_shape = self._element_shape.merge_with(value.shape)
        self._tensor_array[index] = value

    def write(self, index: Any, value: Any, name: Any = None) -> TensorArray:
        self._write(index, value)
        return self

    def _maybe_zero(self, ix: int) -> Tensor:
        from tfshim.ops.array_ops import zeros

        val = self._tensor_array[ix]
        if val is None:
            if not self._element_shape.is_fully_defined():
                raise ValueError("Cannot convert a partially known TensorShape %s to a Tensor."
                                 % self._element_shape)
            val = self._tensor_array[ix] = zeros(self._element_shape.as_list(), self._dtype)
        return val

    def stack(self, name: Any = None) -> Tensor:
        from tfshim.ops.array_ops import stack

        for ix in range(len(self._tensor_array)):
            self._maybe_zero(ix)
        if not self._tensor_array:
            shape = [0] + self._element_shape.as_list() if self._element_shape.is_fully_defined() else [0]
            return convert_to_tensor(np.zeros(shape, self._dtype.as_numpy_dtype), dtype=self._dtype)
        return stack(self._tensor_array)

    def gather(self, indices: Any, name: Any = None) -> Tensor:
        from tfshim.ops.array_ops import stack

        if isinstance(indices, Tensor):
            indices = indices._value.tolist()
        return stack([self._maybe_zero(i) for i in indices])

    def concat(self, name: Any = None) -> Tensor:
        from tfshim.ops.array_ops import concat

        items = [self._maybe_zero(ix) for ix in range(len(self._tensor_array))]
        ndims = [t.shape.ndims for t in items]
        if 0 in ndims:
            raise errors.InvalidArgumentError(
                None, None, "Concat saw a scalar shape at index %d but requires at least vectors." % ndims.index(0))
        return concat(items, 0)

    def unstack(self, value: Any, name: Any = None) -> TensorArray:
        from tfshim.ops.array_ops import unstack

        tensors = unstack(convert_to_tensor(value, dtype_hint=self._dtype))
        if len(tensors) > len(self._tensor_array) and not self._dynamic_size:
            raise ValueError("Cannot unstack %d tensors into a TensorArray of static size %d "
                             % (len(tensors), len(self._tensor_array)))
        self._tensor_array = tensors
        return self

    def scatter(self, indices: Any, value: Any, name: Any = None) -> TensorArray:
        from tfshim.ops.array_ops import unstack

        if isinstance(indices, Tensor):
            indices = indices._value.tolist()
        for index, val in zip(indices, unstack(convert_to_tensor(value, dtype_hint=self._dtype))):
            self._write(index, val)
        return self

    def split(self, value: Any, lengths: Any, name: Any = None) -> TensorArray:
        from tfshim.ops.array_ops import split

        value = convert_to_tensor(value, dtype_hint=self._dtype)
        if value.dtype != self._dtype:
            raise errors.InvalidArgumentError(
                None, None, "TensorArray dtype is %s but Op is trying to write dtype %s "
                % (self._dtype.name, value.dtype.name))
        lengths = convert_to_tensor(lengths)
        total = int(np.sum(lengths._value))
        if lengths.shape.ndims != 1:
            raise errors.InvalidArgumentError(None, None, "Expected lengths to be a vector, received shape: %s "
                                              % lengths.shape.as_list())
        if value.shape.ndims == 0:
            raise errors.InvalidArgumentError(None, None, "Expected value to be at least a vector, but received "
                                              "shape: %s " % value.shape.as_list())
        if total != value.shape.as_list()[0]:
            raise errors.InvalidArgumentError(
                None, None, "Expected sum of lengths to be equal to values.shape[0], but sum of lengths is %d and "
                "value's shape is: %s " % (total, value.shape.as_list()))
        if not self._dynamic_size and lengths.shape[0] != len(self._tensor_array):
            raise errors.InvalidArgumentError(
                None, None, "TensorArray's size is not equal to the size of lengths (%d vs. %d), and the "
                "TensorArray is not marked as dynamically resizeable." % (len(self._tensor_array),
                                                                          lengths.shape[0]))
        self._tensor_array = split(value, lengths)
        return self

    def size(self, name: Any = None) -> Tensor:
        return convert_to_tensor(len(self._tensor_array))

    def close(self, name: Any = None) -> None:
        del self._tensor_array[:]
