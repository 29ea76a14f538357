"""tf.data.experimental functions TF keeps beside the Dataset methods (TF: data/experimental/ops/*):
each returns the `transformation_func` that `Dataset.apply` takes, or builds a dataset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfshim.data.ops.dataset_ops import DatasetV2, _CounterDataset
from tfshim.framework import dtypes
from tfshim.util.tf_export import tf_export

_Transform = Callable[[DatasetV2], DatasetV2]


@tf_export("data.experimental.Counter")
def CounterV2(start: Any = 0, step: Any = 1, dtype: Any = dtypes.int64) -> DatasetV2:  # noqa: N802 - TF's name
    return _CounterDataset(start, step, dtype)


@tf_export("data.experimental.enumerate_dataset")
def enumerate_dataset(start: Any = 0) -> _Transform:
    return lambda ds: ds.enumerate(start)


@tf_export("data.experimental.ignore_errors")
def ignore_errors(log_warning: bool = False) -> _Transform:
    return lambda ds: ds.ignore_errors(log_warning)


@tf_export("data.experimental.unbatch")
def unbatch() -> _Transform:
    return lambda ds: ds.unbatch()


@tf_export("data.experimental.unique")
def unique() -> _Transform:
    return lambda ds: ds.unique()


@tf_export("data.experimental.take_while")
def take_while(predicate: Callable) -> _Transform:
    return lambda ds: ds.take_while(predicate)


@tf_export("data.experimental.scan")
def scan(initial_state: Any, scan_func: Callable) -> _Transform:
    return lambda ds: ds.scan(initial_state, scan_func)


@tf_export("data.experimental.group_by_window")
def group_by_window(key_func: Callable, reduce_func: Callable, window_size: Any = None,
                    window_size_func: Callable | None = None) -> _Transform:
    return lambda ds: ds.group_by_window(key_func, reduce_func, window_size, window_size_func)


@tf_export("data.experimental.bucket_by_sequence_length")
def bucket_by_sequence_length(element_length_func: Callable, bucket_boundaries: Any, bucket_batch_sizes: Any,
                              padded_shapes: Any = None, padding_values: Any = None,
                              pad_to_bucket_boundary: bool = False, no_padding: bool = False,
                              drop_remainder: bool = False) -> _Transform:
    return lambda ds: ds.bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes,
                                                   padded_shapes, padding_values, pad_to_bucket_boundary,
                                                   no_padding, drop_remainder)


@tf_export("data.experimental.shuffle_and_repeat")
def shuffle_and_repeat(buffer_size: Any, count: Any = None, seed: Any = None) -> _Transform:
    return lambda ds: ds.shuffle(buffer_size, seed).repeat(count)


@tf_export("data.experimental.cardinality")
def cardinality(dataset: DatasetV2) -> Any:
    return dataset.cardinality()


@tf_export("data.experimental.get_single_element")
def get_single_element(dataset: DatasetV2) -> Any:
    return dataset.get_single_element()


@tf_export("data.experimental.sample_from_datasets")
def sample_from_datasets(datasets: Any, weights: Any = None, seed: Any = None,
                         stop_on_empty_dataset: bool = False) -> DatasetV2:
    return DatasetV2.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


@tf_export("data.experimental.choose_from_datasets")
def choose_from_datasets(datasets: Any, choice_dataset: Any, stop_on_empty_dataset: bool = True) -> DatasetV2:
    return DatasetV2.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


@tf_export("data.experimental.from_list")
def from_list(elements: Any, name: Any = None) -> DatasetV2:
    """TF: tf.data.experimental.from_list: one element per list entry (entries share a structure)."""
    if not elements:
        raise ValueError("Invalid `elements`. `elements` should not be empty.")
    from tfshim.data.util import structure
    from tfshim.ops.array_ops import stack

    first = structure.normalize_element(elements[0])
    columns = [[structure.flatten(structure.normalize_element(e))[i] for e in elements]
               for i in range(len(structure.flatten(first)))]
    out = DatasetV2.from_tensor_slices(structure.pack_as(first, [stack(c) for c in columns]))
    out._repr_name = "_ListDataset"
    return out


@tf_export("data.experimental.get_structure")
def get_structure(dataset_or_iterator: Any) -> Any:
    """TF: the element_spec of a dataset or iterator."""
    try:
        return dataset_or_iterator.element_spec
    except AttributeError:
        raise TypeError(f"Invalid `dataset_or_iterator`. `dataset_or_iterator` must be a `tf.data.Dataset`, "
                        f"`tf.data.Iterator`, or `tf.data.experimental.Optional` object, but got "
                        f"{type(dataset_or_iterator)}.") from None


@tf_export("data.experimental.assert_cardinality")
def assert_cardinality(expected_cardinality: Any) -> _Transform:
    """TF: a dataset that reports `expected_cardinality` and fails when iteration disagrees."""
    from tfshim.data.ops.dataset_ops import _AssertCardinalityDataset

    return lambda ds: _AssertCardinalityDataset(ds, expected_cardinality)


@tf_export("data.experimental.map_and_batch")
def map_and_batch(map_func: Callable, batch_size: Any, num_parallel_batches: Any = None,
                  drop_remainder: bool = False, num_parallel_calls: Any = None) -> _Transform:
    """TF: map then batch, fused (the dataset is TF's `_MapAndBatchDataset`)."""
    def apply(ds: DatasetV2) -> DatasetV2:
        out = ds.map(map_func).batch(batch_size, drop_remainder)
        out._repr_name = "_MapAndBatchDataset"
        return out

    return apply


@tf_export("data.experimental.parallel_interleave")
def parallel_interleave(map_func: Callable, cycle_length: Any, block_length: Any = 1, sloppy: Any = False,
                        buffer_output_elements: Any = None, prefetch_input_elements: Any = None) -> _Transform:
    """TF: interleave with TF's deterministic order (`sloppy=True` may reorder in TF; tfshim never does)."""
    def apply(ds: DatasetV2) -> DatasetV2:
        out = ds.interleave(map_func, cycle_length, block_length)
        out._repr_name = "ParallelInterleaveDataset"
        return out

    return apply


@tf_export("data.experimental.at")
def at(dataset: DatasetV2, index: Any) -> Any:
    """TF: the element at `index` (random access over the dataset)."""
    from tfshim.data.ops.dataset_ops import _int_arg

    i = _int_arg(index)
    n = dataset._card()
    if i < 0 or (n >= 0 and i >= n):
        from tfshim.framework import errors

        raise errors.OutOfRangeError(None, None, f"Index out of range [0, {n}):{i} [Op:GetElementAtIndex] name: ")
    for k, element in enumerate(dataset):
        if k == i:
            return element
    from tfshim.framework import errors

    raise errors.OutOfRangeError(None, None, "End of sequence [Op:GetElementAtIndex] name: ")


@tf_export("data.experimental.dense_to_ragged_batch")
def dense_to_ragged_batch(batch_size: Any, drop_remainder: bool = False, row_splits_dtype: Any = None) -> _Transform:
    """TF: Dataset.ragged_batch as a transformation: dense components of unknown shape batch as
    RaggedTensors."""
    from tfshim.framework import dtypes

    def apply(ds: DatasetV2) -> DatasetV2:
        return ds.ragged_batch(batch_size, drop_remainder, dtypes.int64 if row_splits_dtype is None
                               else row_splits_dtype)

    return apply
