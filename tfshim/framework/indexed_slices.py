"""tf.IndexedSlices: the sparse gradient of tf.gather (TF: python/framework/indexed_slices.py).

TF's tape returns an IndexedSlices for the gradient of `tf.gather(params, i)` with
respect to `params`. Wherever an op consumes one it is converted to a dense tensor
(the sum of `values` scattered at `indices`), as TF's conversion function does;
tfshim exposes that dense value as `_value` so that the op dispatcher can take it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.tensor import Tensor, _next_id, _wrap_as
from tfshim.framework.tensor_shape import TensorShape, as_shape
from tfshim.framework.type_spec import TypeSpec
from tfshim.util.tf_export import tf_export


@tf_export("IndexedSlices")
class IndexedSlices:
    """A sparse slice of a dense tensor: `dense[indices[i]] += values[i]`."""

    def __init__(self, values: Tensor, indices: Tensor, dense_shape: Tensor | None = None) -> None:
        self._values = values
        self._indices = indices
        self._dense_shape = dense_shape
        self._id = _next_id()

    values = property(lambda self: self._values)
    indices = property(lambda self: self._indices)
    dense_shape = property(lambda self: self._dense_shape)
    dtype = property(lambda self: self._values._dtype)
    _dtype = property(lambda self: self._values._dtype)

    @property
    def shape(self) -> Any:
        from tfshim.framework.tensor_shape import TensorShape

        return TensorShape([int(d) for d in self._dense_shape._value])

    @property
    def _value(self) -> np.ndarray:
        """The dense value (TF: _indexed_slices_to_tensor, an unsorted segment sum)."""
        shape = tuple(int(d) for d in self._dense_shape._value)
        out = np.zeros(shape, dtype=self._values._value.dtype)
        with np.errstate(all="ignore"):
            np.add.at(out, self._indices._value.astype(np.int64), self._values._value)
        return out

    def _dense(self) -> Tensor:
        return _wrap_as(self._value, self._values._dtype)

    def _to_tensor(self, dtype: Any = None, name: str = "value") -> Tensor:
        """TF: _indexed_slices_to_tensor, the conversion convert_to_tensor applies."""
        from tfshim.framework import dtypes

        if dtype is not None and dtypes.as_dtype(dtype) is not self.dtype:
            raise ValueError(f"Incompatible tensor conversion requested to `dtype` {dtypes.as_dtype(dtype).name} "
                             f"for IndexedSlices ({self}) with dtype {self.dtype.name}")
        if self._dense_shape is None:
            raise ValueError(f"Tensor conversion requested for IndexedSlices for argument `{name}` without "
                             f"dense_shape: {self!s}")
        return self._dense()

    def __repr__(self) -> str:
        return "<tensorflow.python.framework.indexed_slices.IndexedSlices object at %#x>" % id(self)

    def __str__(self) -> str:
        # TF formats with %s (str of each tensor): "{}" would format the NumPy values (Tensor.__format__).
        return "IndexedSlices(indices=%s, values=%s%s)" % (
            self._indices, self._values,
            (", dense_shape=%s" % (self._dense_shape,)) if self._dense_shape is not None else "")

    def __neg__(self) -> IndexedSlices:
        from tfshim.ops.math_ops import negative

        return IndexedSlices(negative(self._values), self._indices, self._dense_shape)


@tf_export("IndexedSlicesSpec")
class IndexedSlicesSpec(TypeSpec):
    """TF: tf.IndexedSlicesSpec, the type of an IndexedSlices: dense shape, values/indices/dense_shape dtypes
    (dense_shape_dtype None: no dense_shape tensor) and the shape of its indices (how many slices)."""

    __slots__ = ("_shape", "_values_dtype", "_indices_dtype", "_dense_shape_dtype", "_indices_shape")

    def __init__(self, shape: Any = None, dtype: Any = dtypes.float32, indices_dtype: Any = dtypes.int64,
                 dense_shape_dtype: Any = None, indices_shape: Any = None) -> None:
        self._shape = as_shape(shape)
        self._values_dtype = dtypes.as_dtype(dtype)
        self._indices_dtype = dtypes.as_dtype(indices_dtype)
        self._dense_shape_dtype = None if dense_shape_dtype is None else dtypes.as_dtype(dense_shape_dtype)
        self._indices_shape = as_shape(indices_shape).with_rank(1)

    value_type = property(lambda self: IndexedSlices)  # type: ignore[assignment]

    def _serialize(self) -> tuple:
        return (self._shape, self._values_dtype, self._indices_dtype, self._dense_shape_dtype, self._indices_shape)

    @property
    def _component_specs(self) -> tuple:
        from tfshim.framework.tensor_spec import TensorSpec

        values_shape = self._indices_shape.concatenate(self._shape[1:])
        specs = [TensorSpec(values_shape, self._values_dtype), TensorSpec(self._indices_shape, self._indices_dtype)]
        if self._dense_shape_dtype is not None:
            specs.append(TensorSpec([self._shape.ndims], self._dense_shape_dtype))
        return tuple(specs)

    def _to_components(self, value: IndexedSlices) -> tuple:
        if value.dense_shape is None:
            return (value.values, value.indices)
        return (value.values, value.indices, value.dense_shape)

    def _from_components(self, components: Any) -> IndexedSlices:
        return IndexedSlices(*components)

    @classmethod
    def from_value(cls, value: IndexedSlices) -> IndexedSlicesSpec:
        """TF: IndexedSlices._type_spec: the dense shape (without a dense_shape tensor: [None] + the values'
        inner dims), the indices' shape."""
        dense = value._dense_shape
        shape = TensorShape([None]).concatenate(value.values.shape[1:])
        if dense is not None:
            shape = TensorShape([int(d) for d in dense._value])
        return cls(shape, value.values.dtype, value.indices.dtype, None if dense is None else dense.dtype,
                   value.indices.shape)
