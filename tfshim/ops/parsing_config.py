"""The feature configurations of tf.io.parse_example (TF: python/ops/parsing_config.py).

As in TF they are namedtuples (so they print, compare and unpack as TF's do); RaggedFeature validates its
arguments with TF's texts. `ParseOpParams` sorts a features dict into TF's sparse, dense and ragged keys, with
TF's checks, as TF's _ParseOpParams does before it calls the ParseExampleV2 kernel.
"""

from __future__ import annotations

import collections
from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.tensor_shape import TensorShape, as_shape
from tfshim.util.tf_export import tf_export


@tf_export("io.VarLenFeature")
class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"])):
    """A variable-length feature, parsed into a SparseTensor ([batch, max length])."""


@tf_export("io.SparseFeature")
class SparseFeature(collections.namedtuple("SparseFeature",
                                           ["index_key", "value_key", "dtype", "size", "already_sorted"])):
    """A SparseTensor assembled from index and value features (tfshim: not parsed yet)."""

    def __new__(cls, index_key: Any, value_key: Any, dtype: Any, size: Any,
                already_sorted: bool = False) -> SparseFeature:
        return super().__new__(cls, index_key, value_key, dtype, size, already_sorted)


@tf_export("io.FixedLenFeature")
class FixedLenFeature(collections.namedtuple("FixedLenFeature", ["shape", "dtype", "default_value"])):
    """A fixed-shape feature, parsed into a dense Tensor ([batch] + shape)."""

    def __new__(cls, shape: Any, dtype: Any, default_value: Any = None) -> FixedLenFeature:
        return super().__new__(cls, shape, dtype, default_value)


@tf_export("io.FixedLenSequenceFeature")
class FixedLenSequenceFeature(collections.namedtuple("FixedLenSequenceFeature",
                                                     ["shape", "dtype", "allow_missing", "default_value"])):
    """A feature of any number of `shape`-shaped items, padded to the longest in the batch."""

    def __new__(cls, shape: Any, dtype: Any, allow_missing: bool = False,
                default_value: Any = None) -> FixedLenSequenceFeature:
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


@tf_export("io.RaggedFeature")
class RaggedFeature(collections.namedtuple("RaggedFeature",
                                           ["dtype", "value_key", "partitions", "row_splits_dtype", "validate"])):
    """A feature parsed into a RaggedTensor: the values of `value_key` (default: the feature's key), split
    into rows by the `partitions` (outermost first), each read from another feature of the example."""

    RowSplits = collections.namedtuple("RowSplits", ["key"])
    RowLengths = collections.namedtuple("RowLengths", ["key"])
    RowStarts = collections.namedtuple("RowStarts", ["key"])
    RowLimits = collections.namedtuple("RowLimits", ["key"])
    ValueRowIds = collections.namedtuple("ValueRowIds", ["key"])
    UniformRowLength = collections.namedtuple("UniformRowLength", ["length"])

    _PARTITION_TYPES = (RowSplits, RowLengths, RowStarts, RowLimits, ValueRowIds, UniformRowLength)

    def __new__(cls, dtype: Any, value_key: Any = None, partitions: Any = (), row_splits_dtype: Any = dtypes.int32,
                validate: bool = False) -> RaggedFeature:
        if value_key is not None:
            if not isinstance(value_key, str):
                raise ValueError(f"Argument `value_key` must be a string; got {value_key}")
            if not value_key:
                raise ValueError("Argument `value_key` must not be empty")
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (dtypes.int64, dtypes.float32, dtypes.string):
            raise ValueError(f"Argument `dtype` must be int64, float32, or bytes; got {dtype!r}")
        row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        if row_splits_dtype not in (dtypes.int32, dtypes.int64):
            # TF's text has no space before the dtype
            raise ValueError(f"Argument `row_splits_dtype` must be int32 or int64; got{row_splits_dtype!r}")
        if not isinstance(partitions, (list, tuple)):
            raise TypeError(f"Argument `partitions` must be a list or tuple. Receivedpartitions={partitions} of "
                            f"type {type(partitions).__name__}.")
        for partition in partitions:
            if not isinstance(partition, cls._PARTITION_TYPES):
                raise TypeError("Argument `partitions` cannot be cast to any of the partition types in "
                                f"{cls._PARTITION_TYPES}; got: {partition!r} with type {type(partition)}")
        if not isinstance(validate, bool):
            raise TypeError(f"Argument `validate` must be a bool; got {validate!r}")
        return super().__new__(cls, dtype, value_key, tuple(partitions), row_splits_dtype, validate)


_FEATURE_TYPES = (VarLenFeature, SparseFeature, FixedLenFeature, FixedLenSequenceFeature, RaggedFeature)


class ParseOpParams:
    """The keys, dtypes and shapes of one parse, in TF's order: each group by sorted feature key."""

    def __init__(self, features: dict) -> None:
        self.sparse_keys: list = []
        self.sparse_types: list = []
        self.dense_keys: list = []
        self.dense_types: list = []
        self.dense_shapes: list = []
        self.dense_defaults: dict = {}
        self.dense_sequence: set = set()
        self.ragged_keys: list = []
        self.ragged_value_types: list = []
        self.ragged_split_types: list = []
        for key in sorted(features):
            feature = features[key]
            if not isinstance(feature, _FEATURE_TYPES):
                raise ValueError(f"Unsupported {type(feature).__name__} {feature} for key '{key}'")
            self._add(key, feature)
        self._validate()

    def _add(self, key: str, feature: Any) -> None:
        if isinstance(feature, VarLenFeature):
            if not feature.dtype:
                raise ValueError(f"Missing type for feature {key}. Received feature={feature}")
            self._add_sparse_key(key, dtypes.as_dtype(feature.dtype))
        elif isinstance(feature, SparseFeature):
            raise NotImplementedError("tf.io.SparseFeature is not implemented by tfshim's parse_example")
        elif isinstance(feature, (FixedLenFeature, FixedLenSequenceFeature)):
            if not feature.dtype:
                raise ValueError(f"Missing type for feature {key}. Received feature={feature}.")
            if feature.shape is None:
                raise ValueError(f"Missing shape for feature {key}. Received feature={feature}.")
            shape = as_shape(feature.shape)
            if isinstance(feature, FixedLenFeature):
                if feature.shape and shape.rank and shape.as_list()[0] is None:
                    raise ValueError(f"First dimension of shape for feature {key} unknown. Consider using "
                                     f"FixedLenSequenceFeature. Received feature={feature}.")
                if not shape.is_fully_defined():
                    raise ValueError(f"All dimensions of shape for feature {key} need to be known but received "
                                     f"{feature.shape!s}.")
            else:
                self.dense_sequence.add(key)
            self.dense_keys.append(key)
            self.dense_shapes.append(shape)
            self.dense_types.append(dtypes.as_dtype(feature.dtype))
            if feature.default_value is not None:
                self.dense_defaults[key] = feature.default_value
        else:
            self._add_ragged_key(key if feature.value_key is None else feature.value_key, feature.dtype,
                                 feature.row_splits_dtype)
            for partition in feature.partitions:
                if not isinstance(partition, RaggedFeature.UniformRowLength):
                    self._add_ragged_key(partition.key, dtypes.int64, feature.row_splits_dtype)

    def _add_sparse_key(self, key: str, dtype: dtypes.DType) -> None:
        if key in self.sparse_keys:
            original = self.sparse_types[self.sparse_keys.index(key)]
            if original != dtype:
                raise ValueError(f"Conflicting type {original} vs {dtype} for feature {key}.")
        else:
            self.sparse_keys.append(key)
            self.sparse_types.append(dtype)

    def _add_ragged_key(self, key: str, value_type: dtypes.DType, split_type: dtypes.DType) -> None:
        if key in self.ragged_keys:
            i = self.ragged_keys.index(key)
            if self.ragged_value_types[i] != value_type:
                raise ValueError(f"Conflicting type {self.ragged_value_types[i]} vs {value_type} for feature {key}.")
            if self.ragged_split_types[i] != split_type:
                raise ValueError(f"Conflicting partition type {self.ragged_split_types[i]} vs {split_type} for "
                                 f"feature {key}.")
        else:
            self.ragged_keys.append(key)
            self.ragged_value_types.append(value_type)
            self.ragged_split_types.append(split_type)

    def _validate(self) -> None:
        dense, sparse, ragged = set(self.dense_keys), set(self.sparse_keys), set(self.ragged_keys)
        if not dense.isdisjoint(sparse):
            raise ValueError(f"Dense and sparse keys must not intersect; dense_keys: {self.dense_keys}, "
                             f"sparse_keys: {self.sparse_keys}, intersection: {dense & sparse}")
        if not dense.isdisjoint(ragged):
            # TF passes its message as two arguments to ValueError, so it prints as a tuple
            raise ValueError("Dense and ragged keys must not intersect; dense_keys: ",
                             f"{self.dense_keys}, ragged_keys: {self.ragged_keys}, intersection: {dense & ragged}")
        if not ragged.isdisjoint(sparse):
            raise ValueError(f"Ragged and sparse keys must not intersect; ragged_keys: {self.ragged_keys}, "
                             f"sparse_keys: {self.sparse_keys}, intersection: {ragged & sparse}")

    def dense_shape(self, key: str) -> TensorShape:
        return self.dense_shapes[self.dense_keys.index(key)]
