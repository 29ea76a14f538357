"""tf.IndexedSlices: the sparse gradient of tf.gather (TF: python/framework/indexed_slices.py).

TF's tape returns an IndexedSlices for the gradient of `tf.gather(params, i)` with
respect to `params`. Wherever an op consumes one it is converted to a dense tensor
(the sum of `values` scattered at `indices`), as TF's conversion function does;
tfshim exposes that dense value as `_value` so that the op dispatcher can take it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework.tensor import Tensor, _next_id, _wrap_as
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
