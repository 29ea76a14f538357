"""tf.experimental.RowPartition: how a ragged dimension splits its values into rows
(TF: ops/ragged/row_partition.py).

In eager mode every encoding is concrete, so tfshim keeps `row_splits` as the one source
of truth and derives row_lengths, value_rowids, row_starts and row_limits from it with
NumPy. A partition built from a uniform row length remembers it (its dimension is then
uniform in the RaggedTensor's shape).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops.ragged import ragged_check
from tfshim.util.tf_export import tf_export

_SPLIT_DTYPES = (dtypes.int32, dtypes.int64)


def convert_partition(value: Any, name: str, dtype: Any = None, dtype_hint: Any = dtypes.int64) -> Tensor:
    """TF: RowPartition._convert_row_partition. Python values default to int64; int32/int64 only."""
    if isinstance(value, np.ndarray) and value.dtype == np.int32 and dtype is None:
        dtype_hint = dtypes.int32
    if dtype is not None:
        t = convert_to_tensor(value, dtype=dtypes.as_dtype(dtype))
    else:
        try:
            t = convert_to_tensor(value, dtype_hint=dtype_hint)
        except (TypeError, ValueError):
            t = convert_to_tensor(value)
    if t.dtype not in _SPLIT_DTYPES:
        raise ValueError("%s must have dtype int32 or int64" % name)
    return t


def _tensor(a: np.ndarray, dtype: dtypes.DType) -> Tensor:
    return _wrap_as(np.asarray(a, dtype=dtype.as_numpy_dtype), dtype)


@tf_export("experimental.RowPartition")
class RowPartition:
    """The partitioning of a 1-D sequence of values into rows (one ragged dimension)."""

    def __init__(self, row_splits: Tensor, uniform_row_length: Tensor | None = None, nrows: Tensor | None = None,
                 internal: bool = False) -> None:
        if not internal:
            raise ValueError("RowPartition constructor is private; please use one of the factory methods "
                             "instead (e.g., RowPartition.from_row_lengths())")
        self._row_splits = row_splits
        self._uniform_row_length = uniform_row_length
        self._nrows = nrows

    # --- factories ---------------------------------------------------------------------------------

    @classmethod
    def from_row_splits(cls, row_splits: Any, validate: bool = True, dtype: Any = None,
                        dtype_hint: Any = None) -> RowPartition:
        if not isinstance(validate, bool):
            raise TypeError("validate must have type bool")
        if isinstance(row_splits, (list, tuple)) and not row_splits:
            raise ValueError("row_splits tensor may not be empty.")
        splits = convert_partition(row_splits, "row_splits", dtype, dtype_hint or dtypes.int64)
        if splits.shape.rank != 1:
            raise ValueError("Shape %s must have rank 1" % (splits.shape,))
        if splits.shape[0] == 0:
            raise ValueError("row_splits tensor may not be empty.")
        if validate:
            msg = "Arguments to from_row_splits do not form a valid RaggedTensor:"
            v = splits._value
            ragged_check.assert_equal(v[:1].reshape(()) if v.size else v, np.zeros((), v.dtype), msg + "zero")
            ragged_check.assert_non_negative(v[1:] - v[:-1], msg + "monotonic")
        return cls(splits, internal=True)

    @classmethod
    def from_row_lengths(cls, row_lengths: Any, validate: bool = True, dtype: Any = None,
                         dtype_hint: Any = None) -> RowPartition:
        if not isinstance(validate, bool):
            raise TypeError("validate must have type bool")
        lengths = convert_partition(row_lengths, "row_lengths", dtype, dtype_hint or dtypes.int64)
        if lengths.shape.rank != 1:
            raise ValueError("Shape %s must have rank 1" % (lengths.shape,))
        v = lengths._value
        if validate:
            ragged_check.assert_non_negative(v, "Arguments to from_row_lengths do not form a valid RowPartition")
        splits = np.concatenate([np.zeros(1, v.dtype), np.cumsum(v, dtype=v.dtype)])
        return cls(_tensor(splits, lengths.dtype), internal=True)

    @classmethod
    def from_value_rowids(cls, value_rowids: Any, nrows: Any = None, validate: bool = True, dtype: Any = None,
                          dtype_hint: Any = None) -> RowPartition:
        if not isinstance(validate, bool):
            raise TypeError("validate must have type bool")
        rowids = convert_partition(value_rowids, "value_rowids", dtype, dtype_hint or dtypes.int64)
        ids = rowids._value
        if nrows is None:
            n = int(ids[-1]) + 1 if ids.size else 0
        else:
            n = int(convert_to_tensor(nrows, rowids.dtype)._value)
            if n < 0:
                raise ValueError("Expected nrows >= 0; got %d" % n)
            if ids.size and not n >= ids[-1] + 1:
                raise ValueError("Expected nrows >= value_rowids[-1] + 1; got nrows=%d, value_rowids[-1]=%d"
                                 % (n, ids[-1]))
        if rowids.shape.rank != 1:
            raise ValueError("Shape %s must have rank 1" % (rowids.shape,))
        if validate:
            msg = "Arguments to from_value_rowids do not form a valid RowPartition"
            ragged_check.assert_non_negative(ids[:1], msg)
            ragged_check.assert_non_negative(ids[1:] - ids[:-1], msg)
            last = ids[-1:]
            ragged_check.assert_less(last, np.full(last.shape, n, ids.dtype), msg)
        lengths = np.bincount(ids.astype(np.int64), minlength=n)[:n] if ids.size else np.zeros(n, np.int64)
        splits = np.concatenate([[0], np.cumsum(lengths)])
        return cls(_tensor(splits, rowids.dtype), internal=True)

    @classmethod
    def from_row_starts(cls, row_starts: Any, nvals: Any, validate: bool = True, dtype: Any = None,
                        dtype_hint: Any = None) -> RowPartition:
        if not isinstance(validate, bool):
            raise TypeError("validate must have type bool")
        starts = convert_partition(row_starts, "row_starts", dtype, dtype_hint or dtypes.int64)
        n = int(convert_to_tensor(nvals, starts.dtype)._value)
        v = starts._value
        if validate:
            msg = "Arguments to from_row_starts do not form a valid RaggedTensor"
            ragged_check.assert_equal(v[:1], np.zeros(min(1, v.size), v.dtype), msg)
            ragged_check.assert_non_negative(v[1:] - v[:-1], msg)
            ragged_check.assert_less_equal(v[-1:], np.full(v[-1:].shape, n, v.dtype), msg)
        splits = np.concatenate([v, np.array([n], v.dtype)])
        return cls(_tensor(splits, starts.dtype), internal=True)

    @classmethod
    def from_row_limits(cls, row_limits: Any, validate: bool = True, dtype: Any = None,
                        dtype_hint: Any = None) -> RowPartition:
        if not isinstance(validate, bool):
            raise TypeError("validate must have type bool")
        limits = convert_partition(row_limits, "row_limits", dtype, dtype_hint or dtypes.int64)
        v = limits._value
        if validate:
            msg = "Arguments to from_row_limits do not form a valid RaggedTensor"
            ragged_check.assert_non_negative(v[:1], msg)
            ragged_check.assert_non_negative(v[1:] - v[:-1], msg)
        splits = np.concatenate([np.zeros(1, v.dtype), v])
        return cls(_tensor(splits, limits.dtype), internal=True)

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length: Any, nvals: Any = None, nrows: Any = None,
                                validate: bool = True, dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        if not isinstance(validate, bool):
            raise TypeError("validate must have type bool")
        if nrows is None and nvals is None:
            raise ValueError("Either (or both) of nvals and nrows must be specified")
        length = convert_partition(uniform_row_length, "uniform_row_length", dtype, dtype_hint or dtypes.int64)
        width = int(length._value)
        if nrows is None:
            nv = int(convert_to_tensor(nvals, length.dtype)._value)
            n = 0 if width == 0 else nv // width
        else:
            n = int(convert_to_tensor(nrows, length.dtype)._value)
            if nvals is not None:
                nv = int(convert_to_tensor(nvals, length.dtype)._value)
                if width * n != nv:
                    raise ValueError("uniform_row_length=%d times nrows=%d must equal nvals=%d" % (width, n, nv))
        if width < 0:
            raise ValueError("uniform_row_length must be >= 0.")
        splits = np.arange(n + 1, dtype=length.dtype.as_numpy_dtype) * width
        return cls(_tensor(splits, length.dtype), length, _tensor(n, length.dtype), internal=True)

    # --- encodings ---------------------------------------------------------------------------------

    @property
    def dtype(self) -> dtypes.DType:
        return self._row_splits.dtype

    def row_splits(self) -> Tensor:
        return self._row_splits

    def row_lengths(self) -> Tensor:
        s = self._row_splits._value
        return _tensor(s[1:] - s[:-1], self.dtype)

    def value_rowids(self) -> Tensor:
        s = self._row_splits._value
        return _tensor(np.repeat(np.arange(len(s) - 1), s[1:] - s[:-1]), self.dtype)

    def nrows(self) -> Tensor:
        return _tensor(len(self._row_splits._value) - 1, self.dtype)

    def nvals(self) -> Tensor:
        return _tensor(self._row_splits._value[-1], self.dtype)

    def row_starts(self) -> Tensor:
        return _tensor(self._row_splits._value[:-1], self.dtype)

    def row_limits(self) -> Tensor:
        return _tensor(self._row_splits._value[1:], self.dtype)

    def uniform_row_length(self) -> Tensor | None:
        return self._uniform_row_length

    def is_uniform(self) -> bool:
        return self._uniform_row_length is not None

    @property
    def static_nrows(self) -> int:
        return len(self._row_splits._value) - 1

    @property
    def static_nvals(self) -> int:
        return int(self._row_splits._value[-1])

    @property
    def static_uniform_row_length(self) -> int | None:
        return None if self._uniform_row_length is None else int(self._uniform_row_length._value)

    def with_dtype(self, dtype: Any) -> RowPartition:
        dtype = dtypes.as_dtype(dtype)
        if dtype not in _SPLIT_DTYPES:
            raise ValueError("dtype must be int32 or int64")
        if dtype is self.dtype:
            return self
        cast = _tensor(self._row_splits._value, dtype)
        url = None if self._uniform_row_length is None else _tensor(self._uniform_row_length._value, dtype)
        nrows = None if self._nrows is None else _tensor(self._nrows._value, dtype)
        return RowPartition(cast, url, nrows, internal=True)

    def _splits(self) -> np.ndarray:
        return self._row_splits._value

    def __repr__(self) -> str:
        if self._uniform_row_length is not None:
            return f"tf.RowPartition(nrows={self._nrows}, uniform_row_length={self._uniform_row_length})"
        return f"tf.RowPartition(row_splits={self._row_splits})"


def _from_splits_np(splits: np.ndarray, dtype: dtypes.DType, uniform: int | None = None) -> RowPartition:
    """A partition from row splits known to be valid (internal)."""
    if uniform is None:
        return RowPartition(_tensor(splits, dtype), internal=True)
    return RowPartition(_tensor(splits, dtype), _tensor(uniform, dtype), _tensor(len(splits) - 1, dtype),
                        internal=True)
