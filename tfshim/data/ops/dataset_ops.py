"""tf.data.Dataset, eager (TF: data/ops/dataset_ops.py and the data/ops/*_op.py transformations).

Each dataset is a small class named as TF names it (its repr is `<_BatchDataset element_spec=...>`)
with its element_spec, its cardinality and a Python generator of elements, so iteration is lazy:
`from_generator(...).repeat()` holds one element at a time, `shuffle(n)` holds n.
An element travels as the flat list of its components (structure.flatten order); it is packed into
the user's structure (tuples, dicts) only where Python code sees it: iteration and user functions.

Shuffles reproduce TF's kernel (shuffle_dataset_op.cc): the buffer, its slices and the order of the
Philox draws, with seeds from TF's seed derivation (tf.random.set_seed + op seed) and TF's seed
generators for reshuffle_each_iteration, so seeded pipelines give TF's exact order.
"""

from __future__ import annotations

import collections
import os
import threading
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from tfshim.data.ops.structured_function import StructuredFunction, call_with_element
from tfshim.data.util import structure
from tfshim.eager.def_function import TensorSpec
from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.type_spec import TypeSpec
from tfshim.kernels import philox as P
from tfshim.ops import random_ops
from tfshim.util.tf_export import tf_export

AUTOTUNE = -1
INFINITE = -1
UNKNOWN = -2
tf_export("data.AUTOTUNE", "data.experimental.AUTOTUNE").export_constant(__name__, "AUTOTUNE")
tf_export("data.INFINITE_CARDINALITY", "data.experimental.INFINITE_CARDINALITY").export_constant(
    __name__, "INFINITE")
tf_export("data.UNKNOWN_CARDINALITY", "data.experimental.UNKNOWN_CARDINALITY").export_constant(
    __name__, "UNKNOWN")

_DEVICE = "_device_/job:localhost/replica:0/task:0/device:CPU:0"


def _op_error(cls: type, op: str, message: str, kernel: str | None = None) -> Exception:
    """TF's eager op error text: `{{function_node __wrapped__<kernel>_device_...}} msg [Op:<op>] name: `."""
    return cls(None, None, "{{function_node __wrapped__%s%s}} %s [Op:%s] name: " % (kernel or op, _DEVICE, message, op))


class _Raise:
    """A failed element in a resilient stream (see DatasetV2._resilient)."""

    __slots__ = ("error",)

    def __init__(self, error: Exception) -> None:
        self.error = error


def _strict(stream: Iterator[Any]) -> Iterator[list]:
    for flat in stream:
        if isinstance(flat, _Raise):
            raise flat.error
        yield flat


class _IteratorError(Exception):
    """An error raised while producing an element; the iterator reports it as TF's IteratorGetNext."""

    def __init__(self, cls: type, message: str) -> None:
        super().__init__(message)
        self.cls, self.message = cls, message


def _strip_op_text(message: str) -> str:
    """The kernel message of a tfshim OpError, without its `{{function_node}}` prefix and `[Op:]` suffix."""
    if message.startswith("{{function_node"):
        message = message.split("}} ", 1)[-1]
    i = message.rfind(" [Op:")
    return message[:i] if i >= 0 else message


def _np_value(t: Any) -> np.ndarray:
    return t._value


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _int_arg(value: Any) -> int:
    if isinstance(value, Tensor):
        return int(value._value)
    return int(value)


# ----- the base class --------------------------------------------------------------------------


@tf_export("data.Dataset")
class DatasetV2:
    """TF: tf.data.Dataset. Subclasses implement `_elements()` (flat component lists) and `_card()`."""

    _repr_name: str | None = None

    def __init__(self, element_spec: Any) -> None:
        self._structure = element_spec
        self._options_obj: Any = None

    # -- what subclasses provide
    def _elements(self) -> Iterator[list]:
        raise NotImplementedError

    def _card(self) -> int:
        return UNKNOWN

    def _resilient(self) -> Iterator[Any]:
        """The elements, with a failed element yielded as `_Raise` where the stream can go on after it
        (TF's iterators continue past a failed element; ignore_errors skips it). Here an error ends it;
        map, filter and from_generator override this to continue."""
        it = self._elements()
        while True:
            try:
                flat = next(it)
            except StopIteration:
                return
            except (errors.OpError, _IteratorError) as e:
                yield _Raise(e)
                return
            yield flat

    # -- introspection
    @property
    def element_spec(self) -> Any:
        """The structure of TensorSpecs (or DatasetSpecs) of one element."""
        return self._structure

    def __repr__(self) -> str:
        return f"<{self._repr_name or type(self).__name__} element_spec={self.element_spec}>"

    def cardinality(self) -> Tensor:
        """An int64 scalar: the number of elements, INFINITE_CARDINALITY (-1) or UNKNOWN_CARDINALITY (-2)."""
        return _wrap_as(np.array(self._card(), np.int64), dtypes.int64)

    def __len__(self) -> int:
        n = self._card()
        if n == INFINITE:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return n

    def __bool__(self) -> bool:
        return True

    def __iter__(self) -> Any:
        from tfshim.data.ops.iterator_ops import OwnedIterator

        return OwnedIterator(self)

    def _pack(self, flat: list) -> Any:
        return structure.pack_as(self._structure, flat)

    def _flat_specs(self) -> list:
        return structure.flatten(self._structure)

    def as_numpy_iterator(self) -> Any:
        from tfshim.data.ops.iterator_ops import NumpyIterator

        for spec in self._flat_specs():
            if not isinstance(spec, (TensorSpec, structure.NoneTensorSpec)):
                raise TypeError(f"Dataset.as_numpy_iterator() is not supported for datasets that produce "
                                f"values of type {spec.value_type}")
        return NumpyIterator(self)

    def options(self) -> Any:
        from tfshim.data.ops.options import Options

        d: Any = self
        while d is not None:
            if d._options_obj is not None:
                return d._options_obj
            d = getattr(d, "_input", None)
        return Options()

    def _first_element(self) -> Any:
        """The first element (nested), or None; used when a function cannot be traced on stand-ins."""
        for flat in self._elements():
            return self._pack(flat)
        return None

    def _function(self, func: Callable, name: str, input_structure: Any = None,
                  first: Callable[[], Any] | None = None) -> StructuredFunction:
        return StructuredFunction(func, name, self._structure if input_structure is None else input_structure,
                                  first or self._first_element)

    # -- sources
    @staticmethod
    def from_tensors(tensors: Any, name: str | None = None) -> DatasetV2:
        """One element: `tensors` (a nested structure)."""
        return _TensorDataset(tensors)

    @staticmethod
    def from_tensor_slices(tensors: Any, name: str | None = None) -> DatasetV2:
        """The slices of `tensors` along their first dimension."""
        return _TensorSliceDataset(tensors)

    @staticmethod
    def range(*args: Any, **kwargs: Any) -> DatasetV2:
        """TF: Dataset.range(stop) / (start, stop[, step]), output_type=tf.int64."""
        return _RangeDataset(*args, **kwargs)

    @staticmethod
    def from_generator(generator: Callable, output_types: Any = None, output_shapes: Any = None,
                       args: Any = None, output_signature: Any = None, name: str | None = None) -> DatasetV2:
        """Elements yielded by `generator(*args)`, checked against the declared structure."""
        return _GeneratorDataset(generator, output_types, output_shapes, args, output_signature)

    @staticmethod
    def zip(*args: Any, datasets: Any = None, name: str | None = None) -> DatasetV2:
        """Elements of several datasets side by side (a tuple or dict of datasets, or positional ones)."""
        if datasets is not None:
            if args:
                raise TypeError("Both `*args` and `datasets` cannot be set.")
            return _ZipDataset(datasets)
        if not args:
            raise TypeError("Must pass at least one dataset to `zip`.")
        return _ZipDataset(args[0] if len(args) == 1 else tuple(args))

    @staticmethod
    def counter(start: Any = 0, step: Any = 1, dtype: Any = dtypes.int64, name: str | None = None) -> DatasetV2:
        """start, start + step, ... forever."""
        return _CounterDataset(start, step, dtype)

    @staticmethod
    def random(seed: Any = None, rerandomize_each_iteration: Any = None, name: str | None = None) -> DatasetV2:
        """Pseudorandom int64 values in [0, 2**32) forever: TF's Philox stream for the seeds."""
        return _RandomDataset(seed, bool(rerandomize_each_iteration))

    @staticmethod
    def list_files(file_pattern: Any, shuffle: Any = None, seed: Any = None, name: str | None = None) -> DatasetV2:
        """File names matching `file_pattern` (a glob or list of globs), sorted, then shuffled by default."""
        from tfshim.data.ops.readers import list_files

        return list_files(file_pattern, shuffle, seed)

    @staticmethod
    def sample_from_datasets(datasets: Any, weights: Any = None, seed: Any = None,
                             stop_on_empty_dataset: bool = False, rerandomize_each_iteration: Any = None) -> DatasetV2:
        """Elements drawn at random from `datasets` with probabilities `weights`."""
        datasets = list(datasets)
        if len(datasets) == 1 and weights is None:
            return datasets[0]
        return _SampleFromDatasets(datasets, weights, seed, stop_on_empty_dataset, rerandomize_each_iteration)

    @staticmethod
    def choose_from_datasets(datasets: Any, choice_dataset: Any, stop_on_empty_dataset: bool = True) -> DatasetV2:
        """The next element of `datasets[i]` for each `i` of `choice_dataset`."""
        return _ChooseFromDatasets(list(datasets), choice_dataset, stop_on_empty_dataset)

    @staticmethod
    def load(*args: Any, **kwargs: Any) -> DatasetV2:
        raise NotImplementedError("tf.data.Dataset.load is not implemented by tfshim")

    # -- transformations
    def apply(self, transformation_func: Callable) -> DatasetV2:
        dataset = transformation_func(self)
        if not isinstance(dataset, DatasetV2):
            raise TypeError(f"`transformation_func` must return a `tf.data.Dataset` object. Got {type(dataset)}.")
        return dataset

    def map(self, map_func: Callable, num_parallel_calls: Any = None, deterministic: Any = None,
            synchronous: Any = None, use_unbounded_threadpool: bool = False, name: str | None = None) -> DatasetV2:
        """`map_func` applied to each element (tuple elements are unpacked into arguments)."""
        if num_parallel_calls is not None and num_parallel_calls != AUTOTUNE and _int_arg(num_parallel_calls) <= 0:
            raise _op_error(errors.InvalidArgumentError, "ParallelMapDatasetV2",
                            "num_parallel_calls must be greater than zero.", "ParallelMapDatasetV2_Targuments_0")
        return _MapDataset(self, map_func, parallel=num_parallel_calls is not None)

    def filter(self, predicate: Callable, name: str | None = None) -> DatasetV2:
        return _FilterDataset(self, predicate)

    def batch(self, batch_size: Any, drop_remainder: bool = False, num_parallel_calls: Any = None,
              deterministic: Any = None, name: str | None = None) -> DatasetV2:
        return _BatchDataset(self, batch_size, drop_remainder, parallel=num_parallel_calls is not None)

    def padded_batch(self, batch_size: Any, padded_shapes: Any = None, padding_values: Any = None,
                     drop_remainder: bool = False, name: str | None = None) -> DatasetV2:
        return _PaddedBatchDataset(self, batch_size, padded_shapes, padding_values, drop_remainder)

    def unbatch(self, name: str | None = None) -> DatasetV2:
        return _UnbatchDataset(self)

    def rebatch(self, batch_size: Any, drop_remainder: bool = False, name: str | None = None) -> DatasetV2:
        return _RebatchDataset(self, batch_size, drop_remainder)

    def shuffle(self, buffer_size: Any, seed: Any = None, reshuffle_each_iteration: Any = True,
                name: str | None = None) -> DatasetV2:
        return _ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration)

    def repeat(self, count: Any = None, name: str | None = None) -> DatasetV2:
        return _RepeatDataset(self, count)

    def take(self, count: Any, name: str | None = None) -> DatasetV2:
        return _TakeDataset(self, count)

    def skip(self, count: Any, name: str | None = None) -> DatasetV2:
        return _SkipDataset(self, count)

    def cache(self, filename: str = "", name: str | None = None) -> DatasetV2:
        return CacheDataset(self, filename)

    def prefetch(self, buffer_size: Any, name: str | None = None) -> DatasetV2:
        return _PrefetchDataset(self)

    def interleave(self, map_func: Callable, cycle_length: Any = None, block_length: Any = None,
                   num_parallel_calls: Any = None, deterministic: Any = None, name: str | None = None) -> DatasetV2:
        return _InterleaveDataset(self, map_func, cycle_length, block_length, parallel=num_parallel_calls is not None)

    def flat_map(self, map_func: Callable, name: str | None = None) -> DatasetV2:
        return _FlatMapDataset(self, map_func)

    def enumerate(self, start: Any = 0, name: str | None = None) -> DatasetV2:
        return _ZipDataset((_RangeDataset(start, np.iinfo(np.int64).max), self))

    def concatenate(self, dataset: DatasetV2, name: str | None = None) -> DatasetV2:
        return _ConcatenateDataset(self, dataset)

    def window(self, size: Any, shift: Any = None, stride: Any = 1, drop_remainder: bool = False,
               name: str | None = None) -> DatasetV2:
        return _WindowDataset(self, size, shift, stride, drop_remainder)

    def shard(self, num_shards: Any, index: Any, name: str | None = None) -> DatasetV2:
        return _ShardDataset(self, num_shards, index)

    def scan(self, initial_state: Any, scan_func: Callable, name: str | None = None) -> DatasetV2:
        return _ScanDataset(self, initial_state, scan_func)

    def take_while(self, predicate: Callable, name: str | None = None) -> DatasetV2:
        return _TakeWhileDataset(self, predicate)

    def unique(self, name: str | None = None) -> DatasetV2:
        return _UniqueDataset(self)

    def ignore_errors(self, log_warning: bool = False, name: str | None = None) -> DatasetV2:
        return _IgnoreErrorsDataset(self)

    def group_by_window(self, key_func: Callable, reduce_func: Callable, window_size: Any = None,
                        window_size_func: Callable | None = None, name: str | None = None) -> DatasetV2:
        return _GroupByWindowDataset(self, key_func, reduce_func, window_size, window_size_func)

    def bucket_by_sequence_length(self, element_length_func: Callable, bucket_boundaries: Any,
                                  bucket_batch_sizes: Any, padded_shapes: Any = None, padding_values: Any = None,
                                  pad_to_bucket_boundary: bool = False, no_padding: bool = False,
                                  drop_remainder: bool = False, name: str | None = None) -> DatasetV2:
        return _bucket_by_sequence_length(self, element_length_func, list(bucket_boundaries),
                                          list(bucket_batch_sizes), padded_shapes, padding_values,
                                          pad_to_bucket_boundary, no_padding, drop_remainder)

    def with_options(self, options: Any, name: str | None = None) -> DatasetV2:
        return _OptionsDataset(self, options)

    def reduce(self, initial_state: Any, reduce_func: Callable, name: str | None = None) -> Any:
        """Folds the elements into `initial_state` with `reduce_func(state, element)`."""
        state = structure.normalize_element(initial_state)
        state_spec = structure.type_spec_from_value(state)
        fn = self._function(reduce_func, "reduce()", (state_spec, self._structure), first=lambda: None)
        _check_state(fn.output_structure, state_spec, "reduce")
        for flat in self._elements():
            state = fn((state, self._pack(flat)))
        return state

    def get_single_element(self, name: str | None = None) -> Any:
        it = self._elements()
        first = next(it, None)
        if first is None:
            raise _op_error(errors.InvalidArgumentError, "DatasetToSingleElement", "Dataset was empty.",
                            f"DatasetToSingleElement_output_types_{len(self._flat_specs())}")
        if next(it, None) is not None:
            raise _op_error(errors.InvalidArgumentError, "DatasetToSingleElement",
                            "Dataset had more than one element.",
                            f"DatasetToSingleElement_output_types_{len(self._flat_specs())}")
        return self._pack(first)

    def ragged_batch(self, batch_size: Any, drop_remainder: bool = False, row_splits_dtype: Any = dtypes.int64,
                     name: str | None = None) -> DatasetV2:
        """TF: batch, where dense components of not fully known shape become RaggedTensors."""
        return _DenseToRaggedDataset(self, row_splits_dtype).batch(batch_size, drop_remainder)

    def sparse_batch(self, *args: Any, **kwargs: Any) -> DatasetV2:
        raise NotImplementedError("tf.data.Dataset.sparse_batch is not implemented by tfshim")

    def rejection_resample(self, *args: Any, **kwargs: Any) -> DatasetV2:
        raise NotImplementedError("tf.data.Dataset.rejection_resample is not implemented by tfshim")

    def snapshot(self, *args: Any, **kwargs: Any) -> DatasetV2:
        raise NotImplementedError("tf.data.Dataset.snapshot is not implemented by tfshim")

    def save(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("tf.data.Dataset.save is not implemented by tfshim")

    def fingerprint(self) -> Any:
        raise NotImplementedError("tf.data.Dataset.fingerprint is not implemented by tfshim")


Dataset = DatasetV2


def _check_state(out: Any, state: Any, what: str) -> None:
    if not structure.same_structure(out, state):
        raise TypeError(f"The element types for the new state must match the initial state. Expected {state}; "
                        f"got {out}.")
    for a, b in zip(structure.flatten(out), structure.flatten(state)):
        if isinstance(a, TensorSpec) and isinstance(b, TensorSpec) and a.dtype != b.dtype:
            raise TypeError(f"The element types for the new state must match the initial state. Expected {state}; "
                            f"got {out}.")


# ----- DatasetSpec -------------------------------------------------------------------------------


@tf_export("data.DatasetSpec")
@TypeSpec.register
class DatasetSpec:
    """TF: tf.data.DatasetSpec, the type of a dataset-valued element (window)."""

    def __init__(self, element_spec: Any, dataset_shape: Any = ()) -> None:
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    @property
    def value_type(self) -> type:
        return DatasetV2

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, DatasetSpec) and self._element_spec == other._element_spec
                and self._dataset_shape.as_list() == other._dataset_shape.as_list())

    def __hash__(self) -> int:
        return hash(repr(self))

    def __repr__(self) -> str:
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"


# ----- sources -----------------------------------------------------------------------------------


class _TensorDataset(DatasetV2):
    def __init__(self, element: Any) -> None:
        element = structure.normalize_element(element)
        super().__init__(structure.type_spec_from_value(element))
        self._flat = structure.flatten(element)

    def _elements(self) -> Iterator[list]:
        yield list(self._flat)

    def _card(self) -> int:
        return 1


class _TensorSliceDataset(DatasetV2):
    def __init__(self, element: Any) -> None:
        element = structure.normalize_element(element)
        flat = structure.flatten(element)
        first: int | None = None
        for t in flat:
            if not (isinstance(t, (Tensor, structure.SparseTensor)) or structure.is_ragged(t)):
                raise TypeError("tfshim: Dataset.from_tensor_slices of datasets is not supported")
            if t.shape.rank == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            n = structure.num_rows(t)
            if first is None:
                first = n
            elif n != first:
                raise ValueError(f"Dimensions {first} and {n} are not compatible")
        spec = structure.map_structure(structure.unbatch_spec, structure.type_spec_from_value(element))
        super().__init__(spec)
        self._flat = flat
        self._n = first or 0

    def _elements(self) -> Iterator[list]:
        columns = [structure.value_rows(t) for t in self._flat]
        for i in range(self._n):
            yield [c[i] for c in columns]

    def _card(self) -> int:
        return self._n


class _RangeDataset(DatasetV2):
    def __init__(self, *args: Any, output_type: Any = dtypes.int64, name: Any = None) -> None:
        ints = [_int_arg(a) for a in args]
        if len(ints) == 1:
            start, stop, step = 0, ints[0], 1
        elif len(ints) == 2:
            start, stop, step = ints[0], ints[1], 1
        elif len(ints) == 3:
            start, stop, step = ints
        else:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and 3 but was {len(ints)}.")
        if step == 0:
            raise _op_error(errors.InvalidArgumentError, "RangeDataset", "step must be a non-zero integer.")
        self._dtype = dtypes.as_dtype(output_type)
        super().__init__(TensorSpec((), self._dtype))
        self._range = range(start, stop, step)

    def _elements(self) -> Iterator[list]:
        npt = self._dtype.as_numpy_dtype
        dt = self._dtype
        for i in self._range:
            yield [_wrap_as(np.array(i, npt), dt)]

    def _card(self) -> int:
        return len(self._range)


class _CounterDataset(DatasetV2):
    _repr_name = "_ScanDataset"

    def __init__(self, start: Any, step: Any, dtype: Any) -> None:
        self._dtype = dtypes.as_dtype(dtype)
        super().__init__(TensorSpec((), self._dtype))
        self._start, self._step = _int_arg(start), _int_arg(step)

    def _elements(self) -> Iterator[list]:
        v, npt = self._start, self._dtype.as_numpy_dtype
        while True:
            yield [_wrap_as(np.array(v, npt), self._dtype)]
            v += self._step

    def _card(self) -> int:
        return INFINITE


def _generator_signature(output_types: Any, output_shapes: Any, output_signature: Any) -> Any:
    if output_signature is not None:
        if output_types is not None:
            raise TypeError("The `output_types` argument can not be used together with the `output_signature` "
                            "argument.")
        if output_shapes is not None:
            raise TypeError("The `output_shapes` argument can not be used together with the `output_signature` "
                            "argument.")
        for spec in structure.flatten(output_signature):
            if not isinstance(spec, (TensorSpec, DatasetSpec)):
                raise TypeError(f"`output_signature` must contain objects that are subclass of `tf.TypeSpec` but "
                                f"found {type(spec)} which is not.")
        return output_signature
    if output_types is None:
        raise TypeError("To specify the output signature you need to provide either the `output_signature` "
                        "argument or the `output_types` argument.")
    if isinstance(output_types, list):
        output_types = tuple(output_types)
    if output_shapes is None:
        return structure.map_structure(lambda t: TensorSpec(None, t), output_types)
    if isinstance(output_shapes, list) and structure.is_structure(output_types):
        output_shapes = tuple(output_shapes)
    types = structure.flatten(output_types)
    if structure.is_structure(output_types):
        shapes = _flatten_up_to(output_types, output_shapes)
    else:
        shapes = [output_shapes]
    return structure.pack_as(output_types, [TensorSpec(s, t) for t, s in zip(types, shapes)])


def _flatten_up_to(shallow: Any, value: Any) -> list:
    if isinstance(shallow, dict):
        return [x for k in sorted(shallow) for x in _flatten_up_to(shallow[k], value[k])]
    if isinstance(shallow, tuple):
        value = tuple(value)
        return [x for s, v in zip(shallow, value) for x in _flatten_up_to(s, v)]
    return [value]


class _GeneratorDataset(DatasetV2):
    _repr_name = "_FlatMapDataset"  # TF builds from_generator as a flat_map over a range

    def __init__(self, generator: Callable, output_types: Any, output_shapes: Any, args: Any,
                 output_signature: Any) -> None:
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        spec = _generator_signature(output_types, output_shapes, output_signature)
        super().__init__(spec)
        self._generator = generator
        self._args = tuple(args) if args is not None else ()

    def _call_args(self) -> tuple:
        """TF hands `args` to the generator as NumPy values (bytes for strings)."""
        return tuple(structure.normalize_leaf(a).numpy() for a in self._args)

    def _elements(self) -> Iterator[list]:
        return _strict(self._resilient())

    def _resilient(self) -> Iterator[Any]:
        specs = self._flat_specs()
        n = len(specs)
        try:
            it = iter(self._generator(*self._call_args()))
        except Exception as e:
            yield _Raise(_py_error(e, n))
            return
        while True:
            try:
                value = next(it)
            except StopIteration:
                return
            except Exception as e:
                yield _Raise(_py_error(e, n))  # the Python generator is finished after raising
                return
            try:
                yield self._check(value, specs)
            except _IteratorError as e:
                yield _Raise(e)

    def _check(self, value: Any, specs: list) -> list:
        expected = self._structure
        try:
            if isinstance(value, list) and structure.is_structure(expected):
                value = tuple(value)
            leaves = _flatten_up_to(expected, value)
            if len(leaves) != len(specs):
                raise ValueError
        except (ValueError, TypeError, KeyError, IndexError):
            raise _py_type_error(
                f"`generator` yielded an element that did not match the expected structure. The expected structure "
                f"was {self._structure}, but the yielded element was {value}.") from None
        out = []
        for leaf, spec in zip(leaves, specs):
            try:
                t = structure.normalize_leaf(leaf, spec.dtype)
            except (ValueError, TypeError):
                raise _py_type_error(
                    f"`generator` yielded an element that did not match the expected structure. The expected "
                    f"structure was {self._structure}, but the yielded element was {value}.") from None
            if t._dtype != spec.dtype:
                raise _py_type_error(f"`generator` yielded an element of type {t._dtype} where an element of type "
                                     f"{spec.dtype} was expected.")
            if not structure.shape_is_compatible(spec.shape, t._value.shape):
                raise _py_type_error(
                    f"`generator` yielded an element of shape {TensorShape(t._value.shape)} where an element of "
                    f"shape {spec.shape} was expected.")
            out.append(t)
        return out


def _py_type_error(message: str) -> _IteratorError:
    return _IteratorError(errors.InvalidArgumentError, f"TypeError: {message}\n\n\n\t [[{{{{node PyFunc}}}}]]")


def _py_error(e: BaseException, n: int) -> _IteratorError:
    """TF's py_func error mapping: ValueError/TypeError -> InvalidArgumentError, others UnknownError."""
    cls = errors.InvalidArgumentError if isinstance(e, (ValueError, TypeError)) else errors.UnknownError
    tb = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    text = f"{type(e).__name__}: {e}\n{tb}\n\n\t [[{{{{node EagerPyFunc}}}}]]"
    return _IteratorError(cls, text)


# ----- element-wise transformations --------------------------------------------------------------


class _UnaryDataset(DatasetV2):
    def __init__(self, input_dataset: DatasetV2, element_spec: Any = None) -> None:
        super().__init__(input_dataset._structure if element_spec is None else element_spec)
        self._input = input_dataset

    def _card(self) -> int:
        return self._input._card()

    def _elements(self) -> Iterator[list]:
        return self._input._elements()


class _MapDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, func: Callable, parallel: bool) -> None:
        fn = input_dataset._function(func, "Dataset.map()")
        if not structure.num_components(fn.output_structure):
            op = "ParallelMapDatasetV2" if parallel else "MapDataset"
            raise errors.InvalidArgumentError(None, None, (
                "Length for attr '%s' of 0 must be at least minimum 1\n\t; NodeDef: {{node %s}}; %s "
                "[Op:%s] name: " % ("output_shapes" if parallel else "output_types", op, _map_op_def(parallel), op)))
        super().__init__(input_dataset, fn.output_structure)
        self._fn = fn
        if parallel:
            self._repr_name = "_ParallelMapDataset"

    def _elements(self) -> Iterator[list]:
        return _strict(self._resilient())

    def _resilient(self) -> Iterator[Any]:
        pack, fn = self._input._pack, self._fn
        for flat in self._input._resilient():
            if isinstance(flat, _Raise):
                yield flat
                continue
            try:
                out = fn(pack(flat))
            except (errors.OpError, _IteratorError) as e:
                yield _Raise(e)
                continue
            yield structure.flatten(out)


def _map_op_def(parallel: bool) -> str:
    if parallel:
        return ("Op<name=ParallelMapDatasetV2; signature=input_dataset:variant, other_arguments:, "
                "num_parallel_calls:int64 -> handle:variant; attr=f:func; attr=Targuments:list(type),min=0; "
                "attr=output_types:list(type),min=1; attr=output_shapes:list(shape),min=1; "
                "attr=use_inter_op_parallelism:bool,default=true; attr=deterministic:string,default=\"default\"; "
                "attr=preserve_cardinality:bool,default=false; attr=use_unbounded_threadpool:bool,default=false; "
                "attr=metadata:string,default=\"\">")
    return ("Op<name=MapDataset; signature=input_dataset:variant, other_arguments: -> handle:variant; attr=f:func; "
            "attr=Targuments:list(type),min=0; attr=output_types:list(type),min=1; "
            "attr=output_shapes:list(shape),min=1; attr=use_inter_op_parallelism:bool,default=true; "
            "attr=preserve_cardinality:bool,default=false; attr=force_synchronous:bool,default=false; "
            "attr=metadata:string,default=\"\">")


def _check_predicate(fn: StructuredFunction) -> None:
    spec = fn.output_structure
    if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and spec.shape.rank == 0
            or isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and spec.shape.rank is None):
        raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return "
                         f"type is {spec}.")


class _FilterDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, predicate: Callable) -> None:
        super().__init__(input_dataset)
        self._fn = input_dataset._function(predicate, "Dataset.filter()")
        _check_predicate(self._fn)

    def _card(self) -> int:
        return INFINITE if self._input._card() == INFINITE else UNKNOWN

    def _elements(self) -> Iterator[list]:
        return _strict(self._resilient())

    def _resilient(self) -> Iterator[Any]:
        pack = self._input._pack
        for flat in self._input._resilient():
            if isinstance(flat, _Raise):
                yield flat
                continue
            try:
                keep = bool(self._fn(pack(flat))._value)
            except (errors.OpError, _IteratorError) as e:
                yield _Raise(e)
                continue
            if keep:
                yield flat


class _TakeWhileDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, predicate: Callable) -> None:
        super().__init__(input_dataset)
        self._fn = input_dataset._function(predicate, "Dataset.take_while()")
        spec = self._fn.output_structure
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and spec.shape.rank == 0):
            raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its "
                             f"return type is {spec}.")

    def _card(self) -> int:
        return UNKNOWN

    def _elements(self) -> Iterator[list]:
        pack = self._input._pack
        for flat in self._input._elements():
            if not bool(self._fn(pack(flat))._value):
                return
            yield flat


class _AssertCardinalityDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, expected: Any) -> None:
        super().__init__(input_dataset)
        self._expected = _int_arg(expected)

    def _card(self) -> int:
        return self._expected

    def _elements(self) -> Iterator[list]:
        n = 0
        for flat in self._input._elements():
            n += 1
            if self._expected != INFINITE and n > self._expected:
                raise _IteratorError(errors.FailedPreconditionError,
                                     f"Input dataset was expected to contain {_elements_text(self._expected)} but "
                                     f"contained at least {_elements_text(n)}.")
            yield flat
        if self._expected == INFINITE or n < self._expected:
            raise _IteratorError(errors.FailedPreconditionError,
                                 f"Input dataset was expected to contain {_elements_text(self._expected)} but "
                                 f"contained only {_elements_text(n)}.")


def _elements_text(n: int) -> str:
    if n == INFINITE:
        return "an infinite number of elements"
    return f"{n} element" + ("" if n == 1 else "s")


class _PrefetchDataset(_UnaryDataset):
    """Eager tfshim computes elements on demand; prefetching changes nothing observable."""


class _OptionsDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, options: Any) -> None:
        super().__init__(input_dataset)
        from tfshim.data.ops.options import Options

        if not isinstance(options, Options):
            raise TypeError(f"options must be a tf.data.Options, got {type(options)}")
        self._options_obj = input_dataset.options().merge(options)


class _IgnoreErrorsDataset(_UnaryDataset):
    """TF: Dataset.ignore_errors: failed elements are dropped. Errors of map, filter and
    from_generator elements are skipped and the input goes on, as in TF; an error inside another
    transformation ends its input (tfshim's transformations are Python generators)."""
    def _card(self) -> int:
        return UNKNOWN

    def _elements(self) -> Iterator[list]:
        for flat in self._input._resilient():
            if not isinstance(flat, _Raise):
                yield flat


class _UniqueDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2) -> None:
        spec = input_dataset._structure
        ok = (dtypes.int32, dtypes.int64, dtypes.string)
        if not isinstance(spec, TensorSpec):
            raise TypeError("`tf.data.Dataset.unique` does not support dataset elements with structure "
                            f"{spec}.")  # TF checks scalar int/string tensors
        if spec.dtype not in ok:
            raise TypeError(f"`tf.data.Dataset.unique` does not support type {spec.dtype!r} -- only `tf.int32`, "
                            "`tf.int64`, and `tf.string` are supported.")
        super().__init__(input_dataset)

    def _card(self) -> int:
        return UNKNOWN

    def _elements(self) -> Iterator[list]:
        seen: set = set()
        for flat in self._input._elements():
            key = flat[0]._value.tobytes() if flat[0]._value.dtype.kind != "O" else repr(flat[0]._value.tolist())
            if key not in seen:
                seen.add(key)
                yield flat


# ----- counting ----------------------------------------------------------------------------------


class _RepeatDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, count: Any) -> None:
        super().__init__(input_dataset)
        self._count = -1 if count is None else _int_arg(count)

    def _card(self) -> int:
        n = self._input._card()
        if self._count == -1:
            return 0 if n == 0 else INFINITE
        if n in (INFINITE, UNKNOWN):
            return n if self._count != 0 else 0
        return n * self._count

    def _elements(self) -> Iterator[list]:
        epoch = 0
        while self._count < 0 or epoch < self._count:
            empty = True
            for flat in self._input._elements():
                empty = False
                yield flat
            if empty and self._count < 0:
                return
            epoch += 1


class _TakeDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, count: Any) -> None:
        super().__init__(input_dataset)
        self._count = _int_arg(count)

    def _card(self) -> int:
        n = self._input._card()
        if self._count < 0:
            return n
        if n == UNKNOWN:
            return UNKNOWN
        return self._count if n == INFINITE else min(n, self._count)

    def _elements(self) -> Iterator[list]:
        if self._count == 0:
            return
        i = 0
        for flat in self._input._elements():
            yield flat
            i += 1
            if i == self._count:
                return


class _SkipDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, count: Any) -> None:
        super().__init__(input_dataset)
        self._count = _int_arg(count)

    def _card(self) -> int:
        n = self._input._card()
        if n in (INFINITE, UNKNOWN):
            return n
        if self._count < 0:
            return 0
        return max(0, n - self._count)

    def _elements(self) -> Iterator[list]:
        i = 0
        for flat in self._input._elements():
            if self._count < 0:
                continue
            if i >= self._count:
                yield flat
            i += 1


class _ShardDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, num_shards: Any, index: Any) -> None:
        n, i = _int_arg(num_shards), _int_arg(index)
        if n <= 0:
            raise _op_error(errors.InvalidArgumentError, "ShardDataset",
                            f"Number of shards must be greater than zero (currently num_shards = {n}).")
        if i < 0 or i >= n:
            raise _op_error(errors.InvalidArgumentError, "ShardDataset",
                            f"Index must be between 0 and {n - 1} (currently index = {i}).")
        super().__init__(input_dataset)
        self._n, self._i = n, i

    def _card(self) -> int:
        c = self._input._card()
        if c in (INFINITE, UNKNOWN):
            return c
        return c // self._n + (1 if c % self._n > self._i else 0)

    def _elements(self) -> Iterator[list]:
        for k, flat in enumerate(self._input._elements()):
            if k % self._n == self._i:
                yield flat


class CacheDataset(_UnaryDataset):
    """TF: Dataset.cache. In memory: the first complete pass is kept and replayed; a filename keeps
    the cache for the life of this dataset object (tfshim writes no cache files)."""

    def __init__(self, input_dataset: DatasetV2, filename: Any) -> None:
        super().__init__(input_dataset)
        self._cache: list | None = None

    def _elements(self) -> Iterator[list]:
        if self._cache is not None:
            yield from self._cache
            return
        kept = []
        for flat in self._input._elements():
            kept.append(flat)
            yield flat
        self._cache = kept


# ----- batching ----------------------------------------------------------------------------------


def _batch_spec(spec: Any, dim: int | None) -> Any:
    return structure.map_structure(lambda s: structure.batch_spec(s, dim), spec)


def _stack(rows: list, component: int) -> Tensor:
    first = rows[0]
    shape = first._value.shape
    for i, r in enumerate(rows[1:], 1):
        if r._value.shape != shape:
            raise _IteratorError(
                errors.InvalidArgumentError,
                f"Cannot batch tensors with different shapes in component {component}. First element had shape "
                f"{_shape_text(shape)} and element {i} had shape {_shape_text(r._value.shape)}.")
    return _wrap_as(np.stack([r._value for r in rows]), first._dtype)


def _batch_rows(batch: list, specs: list | None = None) -> list:
    """One batch from the flat elements in `batch`; `specs` (the flat element specs) says which components
    are composites (SparseTensor, RaggedTensor)."""
    out = []
    for c in range(len(batch[0])):
        rows = [row[c] for row in batch]
        if rows[0] is None:
            out.append(None)
        elif specs is not None and not isinstance(specs[c], TensorSpec):
            out.append(structure.stack_rows(rows, specs[c]))
        else:
            out.append(_stack(rows, c))
    return out


def _batch_size(value: Any, op: str) -> int:
    n = _int_arg(value)
    if n <= 0:
        raise _op_error(errors.InvalidArgumentError, op, "Batch size must be greater than zero.")
    return n


class _BatchDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, batch_size: Any, drop_remainder: Any, parallel: bool) -> None:
        self._batch = _batch_size(batch_size, "BatchDatasetV2")
        self._drop = bool(drop_remainder)
        for s in input_dataset._flat_specs():
            if not structure.is_batchable(s):
                raise TypeError(f"tfshim: Dataset.batch of elements of type {s!r} is not supported")
        self._specs = input_dataset._flat_specs()
        super().__init__(input_dataset, _batch_spec(input_dataset._structure, self._batch if self._drop else None))
        if parallel:
            self._repr_name = "_ParallelBatchDataset"

    def _card(self) -> int:
        n = self._input._card()
        if n in (INFINITE, UNKNOWN):
            return n
        return n // self._batch if self._drop else -(-n // self._batch)

    def _elements(self) -> Iterator[list]:
        batch: list = []
        for flat in self._input._elements():
            batch.append(flat)
            if len(batch) == self._batch:
                yield _batch_rows(batch, self._specs)
                batch = []
        if batch and not self._drop:
            yield _batch_rows(batch, self._specs)


class _DenseToRaggedDataset(_UnaryDataset):
    """TF: ragged_batch_op._DenseToRaggedDataset: each dense component of rank > 0 whose shape is not fully
    known becomes a RaggedTensor, ragged up to its last unknown dimension (ragged_rank 0: still a Tensor,
    but batched as ragged rows)."""

    def __init__(self, input_dataset: DatasetV2, row_splits_dtype: Any) -> None:
        from tfshim.ops.ragged.ragged_tensor import RaggedTensorSpec

        def to_ragged_spec(s: Any) -> Any:
            if not isinstance(s, TensorSpec) or s.shape.rank is None or s.shape.is_fully_defined():
                return s
            ragged_rank = max(i for i, d in enumerate(s.shape.as_list()) if d is None)
            return RaggedTensorSpec(s.shape, s.dtype, ragged_rank, row_splits_dtype)

        super().__init__(input_dataset, structure.map_structure(to_ragged_spec, input_dataset._structure))

    def _elements(self) -> Iterator[list]:
        from tfshim.ops.ragged.ragged_tensor import RaggedTensor

        specs = self._flat_specs()
        for flat in self._input._elements():
            yield [RaggedTensor.from_tensor(t, ragged_rank=s.ragged_rank).with_row_splits_dtype(s.row_splits_dtype)
                   if structure.is_ragged_spec(s) and s.ragged_rank > 0 and isinstance(t, Tensor) else t
                   for t, s in zip(flat, specs)]


class _RebatchDataset(_UnaryDataset):
    """TF: Dataset.rebatch: the rows of the input batches regrouped into batches of `batch_size`
    (a list of sizes is used in turn), across input batch boundaries."""

    def __init__(self, input_dataset: DatasetV2, batch_size: Any, drop_remainder: Any) -> None:
        specs = input_dataset._flat_specs()
        for s in specs:
            if s.shape.rank == 0:
                raise ValueError("Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset "
                                 "with scalar elements. Fix the issue by adding the `batch` transformation to the "
                                 "dataset.")
        if isinstance(batch_size, Tensor):
            batch_size = batch_size._value.tolist()
        self._sizes = [int(b) for b in batch_size] if isinstance(batch_size, (list, tuple)) else [int(batch_size)]
        self._drop = bool(drop_remainder)
        static = self._sizes[0] if self._drop and len(set(self._sizes)) == 1 else None
        spec = structure.map_structure(
            lambda s: TensorSpec(TensorShape([static]).concatenate(s.shape[1:]), s.dtype), input_dataset._structure)
        super().__init__(input_dataset, spec)

    def _card(self) -> int:
        return UNKNOWN if self._input._card() != INFINITE else INFINITE

    def _elements(self) -> Iterator[list]:
        pending: list = []
        k = 0
        for flat in self._input._elements():
            n = flat[0]._value.shape[0]
            for i in range(n):
                pending.append([_wrap_as(t._value[i], t._dtype) for t in flat])
                if len(pending) == self._sizes[k]:
                    yield _batch_rows(pending)
                    pending = []
                    k = (k + 1) % len(self._sizes)
        if pending and not self._drop:
            yield _batch_rows(pending)


class _UnbatchDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2) -> None:
        specs = input_dataset._flat_specs()
        for s in specs:
            if not structure.is_batchable(s) or isinstance(s, structure.NoneTensorSpec):
                raise TypeError(f"tfshim: Dataset.unbatch of elements of type {s!r} is not supported")
            if s.shape.rank == 0:
                raise ValueError("Cannot unbatch an input with scalar components.")
        spec = structure.map_structure(structure.unbatch_spec, input_dataset._structure)
        super().__init__(input_dataset, spec)

    def _card(self) -> int:
        n = self._input._card()
        if n in (INFINITE, UNKNOWN):
            return n
        # TF: known only when every component has the same static batch dimension
        dims = {s.shape[0] if s.shape.rank is not None else None for s in self._input._flat_specs()}
        dim = dims.pop() if len(dims) == 1 else None
        return UNKNOWN if dim is None else n * dim

    def _elements(self) -> Iterator[list]:
        for flat in self._input._elements():
            sizes = [structure.num_rows(t) for t in flat]
            if len(set(sizes)) > 1:
                raise _IteratorError(errors.InvalidArgumentError,
                                     "Input element must have the same batch size in each component. Component 0 "
                                     f"had size {sizes[0]} but component 1 had size {sizes[1]}.")
            columns = [structure.value_rows(t) for t in flat]
            for i in range(sizes[0] if sizes else 0):
                yield [c[i] for c in columns]


def _padded_shape(padded: Any, spec: TensorSpec) -> TensorShape:
    if isinstance(padded, Tensor):
        padded = [int(d) for d in padded._value]
    shape = TensorShape(padded) if not isinstance(padded, TensorShape) else padded
    if not _padded_compatible(shape, spec.shape):
        raise ValueError(f"The padded shape {shape} is not compatible with the shape {spec.shape} of the "
                         "corresponding input component.")
    return shape


def _padded_compatible(padded: TensorShape, shape: TensorShape) -> bool:
    if padded.rank is None or shape.rank is None:
        return True
    if padded.rank != shape.rank:
        return False
    return all(p is None or s is None or p >= s for p, s in zip(padded.as_list(), shape.as_list()))


class _PaddedBatchDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, batch_size: Any, padded_shapes: Any, padding_values: Any,
                 drop_remainder: Any) -> None:
        self._batch = _batch_size(batch_size, "PaddedBatchDatasetV2")
        self._drop = bool(drop_remainder)
        spec = input_dataset._structure
        specs = structure.flatten(spec)
        for s in specs:
            if not isinstance(s, TensorSpec):
                raise TypeError(f"tfshim: Dataset.padded_batch of elements of type {s!r} is not supported")
        if padded_shapes is None:
            shapes = []
            for s in specs:
                if s.shape.rank is None:
                    raise ValueError("You must provide `padded_shapes` argument because component 0 has unknown "
                                     "rank.")
                shapes.append(s.shape)  # TF pads unknown dimensions to the batch's longest
        else:
            raw = _flatten_up_to(spec, padded_shapes) if structure.is_structure(spec) else [padded_shapes]
            shapes = [_padded_shape(p, s) for p, s in zip(raw, specs)]
        if padding_values is None:
            pads = [b"" if s.dtype == dtypes.string else 0 for s in specs]
        else:
            pads = _flatten_up_to(spec, padding_values) if structure.is_structure(spec) else [padding_values]
        self._pads = [convert_to_tensor(p, dtype=s.dtype)._value for p, s in zip(pads, specs)]
        self._shapes = shapes
        out = [TensorSpec(TensorShape([self._batch if self._drop else None]).concatenate(
            TensorShape([p if p is not None else None for p in sh.as_list()]) if sh.rank is not None else sh), s.dtype)
            for sh, s in zip(shapes, specs)]
        super().__init__(input_dataset, structure.pack_as(spec, out))

    _card = _BatchDataset._card

    def _pad_batch(self, batch: list) -> list:
        out = []
        for c, (shape, pad) in enumerate(zip(self._shapes, self._pads)):
            rows = [row[c]._value for row in batch]
            rank = rows[0].ndim
            for r in rows:
                if r.ndim != rank:
                    raise _IteratorError(errors.InvalidArgumentError,
                                         "All elements in a batch must have the same rank as the padded shape for "
                                         f"component{c}: expected rank {rank} but got element with rank {r.ndim}")
            dims = shape.as_list() if shape.rank is not None else [None] * rank
            target = [d if d is not None else max(r.shape[k] for r in rows) for k, d in enumerate(dims)]
            for r in rows:
                if any(s > t for s, t in zip(r.shape, target)):
                    raise _IteratorError(errors.DataLossError,
                                         "Attempted to pad to a smaller size than the input element.")
            arr = np.empty([len(rows)] + target, dtype=rows[0].dtype)
            arr[...] = pad
            for i, r in enumerate(rows):
                arr[(i,) + tuple(slice(0, s) for s in r.shape)] = r
            out.append(_wrap_as(arr, batch[0][c]._dtype))
        return out

    def _elements(self) -> Iterator[list]:
        batch: list = []
        for flat in self._input._elements():
            batch.append(flat)
            if len(batch) == self._batch:
                yield self._pad_batch(batch)
                batch = []
        if batch and not self._drop:
            yield self._pad_batch(batch)


# ----- shuffling ---------------------------------------------------------------------------------


class _SingleSample:
    """`random::SingleSampleAdapter<PhiloxRandom>`: uint32 draws, one Philox block of 4 at a time."""

    _CHUNK = 64

    def __init__(self, seed: int, seed2: int) -> None:
        self._gen = P.PhiloxRandom.from_seeds(seed, seed2)
        self._buf: list = []
        self._pos = 0

    def __call__(self) -> int:
        if self._pos == len(self._buf):
            self._buf = self._gen.blocks(self._CHUNK).ravel().tolist()
            self._gen.skip(self._CHUNK)
            self._pos = 0
        v = self._buf[self._pos]
        self._pos += 1
        return v


def _random_seeds(seed: int, seed2: int) -> tuple[int, int]:
    """TF's RandomSeeds: both seeds 0 means nondeterministic seeds."""
    if seed == 0 and seed2 == 0:
        return P._new64(), P._new64()
    return seed, seed2


def _data_seeds(seed: Any) -> tuple[int, int]:
    """TF: data/util/random_seed.get_seed: op seeds, 0 for unset, (0, 0) -> (0, 2**31 - 1)."""
    s1, s2 = random_ops.get_seed(None if seed is None else _int_arg(seed))
    s1 = 0 if s1 is None else s1
    if s2 is None:
        s2 = 0
    elif s1 == 0 and s2 == 0:
        s2 = 2**31 - 1
    return s1, s2


class _SeedGenerator:
    """TF's FixedSeedGenerator / RandomSeedGenerator: the seeds of each new iterator."""

    def __init__(self, seed: int, seed2: int, reshuffle: bool) -> None:
        self._seeds = _random_seeds(seed, seed2)
        self._reshuffle = reshuffle
        self._gen = _SingleSample(*self._seeds) if reshuffle else None
        self._draws = 0

    def generate(self) -> tuple[int, int]:
        if _seed_replay.seeds:  # an iterator being restored from a checkpoint draws what it drew before
            index, seeds = _seed_replay.seeds.pop(0)
            _seed_replay.found.setdefault(index, self)
        else:
            seeds = self._seeds if self._gen is None else (self._gen(), self._gen())
            self._draws += 1
        if _seed_replay.log is not None:
            _seed_replay.log.append((self, seeds))
        return seeds

    def _state(self) -> list:
        return [*self._seeds, self._draws]

    def _reset(self, seed: int, seed2: int, draws: int) -> None:
        """Puts the generator where a checkpoint found it, as TF's iterators restore their seed generator."""
        self._seeds = (seed, seed2)
        self._draws = draws
        if self._reshuffle:
            self._gen = _SingleSample(seed, seed2)
            for _ in range(2 * draws):
                self._gen()


class _SeedReplay(threading.local):
    """The seeds drawn while an iterator advances (`log`, kept for its checkpoint) and those a restored iterator
    replays (`seeds`, with the seed generators met in the replay in `found`), set by OwnedIterator (iterator_ops)."""

    def __init__(self) -> None:
        self.log: list | None = None
        self.seeds: list = []
        self.found: dict = {}


_seed_replay = _SeedReplay()


def shuffle_order(elements: Iterator[Any], buffer_size: int, rng: Callable[[], int]) -> Iterator[Any]:
    """TF's ShuffleDataset iterator (one epoch): fill the buffer, then emit a random slot and refill."""
    buf: list = [None] * buffer_size
    start = end = 0
    exhausted = False
    while True:
        while not exhausted and end - start < buffer_size:
            try:
                item = next(elements)
            except StopIteration:
                exhausted = True
                break
            buf[end % buffer_size] = item
            end += 1
        if end == start:
            return
        offset = rng() % (end - start)
        index = (start + offset) % buffer_size
        out = buf[index]
        buf[index] = buf[start % buffer_size]
        buf[start % buffer_size] = None
        start += 1
        yield out


class _ShuffleDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, buffer_size: Any, seed: Any, reshuffle: Any) -> None:
        n = _int_arg(buffer_size)
        if n <= 0 and n != UNKNOWN:
            raise _op_error(errors.InvalidArgumentError, "ShuffleDatasetV3",
                            "buffer_size must be greater than zero or UNKNOWN_CARDINALITY")
        super().__init__(input_dataset)
        self._buffer = n
        s1, s2 = _data_seeds(seed)
        self._seeds = _SeedGenerator(s1, s2, True if reshuffle is None else bool(reshuffle))

    def _elements(self) -> Iterator[list]:
        s1, s2 = self._seeds.generate()
        n = self._buffer
        if n == UNKNOWN:
            n = max(self._input._card(), 1)
        return shuffle_order(iter(self._input._elements()), n, _SingleSample(s1, s2))


# ----- combining ---------------------------------------------------------------------------------


class _ZipDataset(DatasetV2):
    def __init__(self, datasets: Any) -> None:
        for d in structure.flatten(datasets):
            if not isinstance(d, DatasetV2):
                raise TypeError(f"Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                                f"`tf.data.Dataset` objects but encountered object of type {type(d)}.")
        self._datasets = datasets
        self._flat_ds = structure.flatten(datasets)
        super().__init__(structure.map_structure(lambda d: d.element_spec, datasets))

    def _card(self) -> int:
        cards = [d._card() for d in self._flat_ds]
        if UNKNOWN in cards:  # TF: any unknown input makes the zip unknown
            return UNKNOWN
        finite = [c for c in cards if c >= 0]
        return min(finite) if finite else INFINITE

    def _elements(self) -> Iterator[list]:
        its = [d._elements() for d in self._flat_ds]
        while True:
            out: list = []
            for it in its:
                flat = next(it, None)
                if flat is None:
                    return
                out.extend(flat)
            yield out


class _ConcatenateDataset(DatasetV2):
    def __init__(self, a: DatasetV2, b: DatasetV2) -> None:
        sa, sb = a.element_spec, b.element_spec
        ok = structure.same_structure(sa, sb)
        merged = []
        if ok:
            for x, y in zip(structure.flatten(sa), structure.flatten(sb)):
                m = structure.spec_supertype(x, y)
                if m is None:
                    ok = False
                    break
                merged.append(m)
        if not ok:
            raise TypeError(f"Incompatible dataset elements:\n  {sa} vs.   {sb}")
        super().__init__(structure.pack_as(sa, merged))
        self._a, self._b = a, b

    def _card(self) -> int:
        x, y = self._a._card(), self._b._card()
        if INFINITE in (x, y):
            return INFINITE
        if UNKNOWN in (x, y):
            return UNKNOWN
        return x + y

    def _elements(self) -> Iterator[list]:
        yield from self._a._elements()
        yield from self._b._elements()


class _VariantDataset(DatasetV2):
    """A dataset-valued element (window, group): a fixed list of elements."""

    def __init__(self, element_spec: Any, rows: list) -> None:
        super().__init__(element_spec)
        self._rows = rows

    def _card(self) -> int:
        return len(self._rows)

    def _elements(self) -> Iterator[list]:
        return iter(list(self._rows))


class _WindowDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, size: Any, shift: Any, stride: Any, drop_remainder: Any) -> None:
        self._size = _int_arg(size)
        self._shift = self._size if shift is None else _int_arg(shift)
        self._stride = _int_arg(stride)
        for v, what in ((self._size, "Window size"), (self._shift, "Window shift"), (self._stride, "Window stride")):
            if v <= 0:
                raise _op_error(errors.InvalidArgumentError, "WindowDataset", f"{what} must be greater than zero.")
        self._drop = bool(drop_remainder)
        spec = structure.map_structure(lambda s: DatasetSpec(s), input_dataset._structure)
        super().__init__(input_dataset, spec)

    def _card(self) -> int:
        n = self._input._card()
        if n in (INFINITE, UNKNOWN):
            return n
        if self._drop:
            span = (self._size - 1) * self._stride + 1
            return 0 if n < span else (n - span) // self._shift + 1
        return -(-n // self._shift)

    def _elements(self) -> Iterator[list]:
        span = (self._size - 1) * self._stride + 1
        buf: collections.deque = collections.deque()
        base = 0  # index of buf[0] in the input
        it = self._input._elements()
        exhausted = False
        start = 0
        specs = self._flat_specs()
        while True:
            while not exhausted and base + len(buf) < start + span:
                flat = next(it, None)
                if flat is None:
                    exhausted = True
                    break
                buf.append(flat)
            while buf and base < start:
                buf.popleft()
                base += 1
            if exhausted and base + len(buf) <= start:
                # skip any input between windows; nothing left to start a window
                return
            rows = [buf[i] for i in range(0, len(buf), self._stride)][:self._size]
            if not rows:
                return
            if len(rows) < self._size and self._drop:
                return
            yield [_VariantDataset(s.element_spec, [[r[c]] for r in rows]) for c, s in enumerate(specs)]
            start += self._shift
            while not exhausted and base + len(buf) < start:
                flat = next(it, None)
                if flat is None:
                    exhausted = True
                    break
                buf.append(flat)


def _check_dataset_fn(fn: StructuredFunction, what: str) -> DatasetSpec:
    spec = fn.output_structure
    if not isinstance(spec, DatasetSpec):
        raise TypeError(f"The `map_func` argument must return a `Dataset` object. Got {_spec_value_type(spec)!r}.")
    return spec


def _spec_value_type(spec: Any) -> Any:
    if isinstance(spec, TensorSpec):
        from tfshim.framework.tensor import Tensor as _T

        return _T
    return type(spec)


class _FlatMapDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, func: Callable) -> None:
        fn = input_dataset._function(func, "Dataset.flat_map()")
        spec = _check_dataset_fn(fn, "flat_map")
        super().__init__(input_dataset, spec.element_spec)
        self._fn = fn

    def _card(self) -> int:
        return UNKNOWN

    def _elements(self) -> Iterator[list]:
        pack = self._input._pack
        for flat in self._input._elements():
            yield from self._fn(pack(flat))._elements()


class _InterleaveDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, func: Callable, cycle_length: Any, block_length: Any,
                 parallel: bool) -> None:
        fn = input_dataset._function(func, "Dataset.interleave()")
        spec = _check_dataset_fn(fn, "interleave")
        super().__init__(input_dataset, spec.element_spec)
        self._fn = fn
        cl = AUTOTUNE if cycle_length is None else _int_arg(cycle_length)
        self._cycle = (os.cpu_count() or 1) if cl == AUTOTUNE else cl  # TF: the number of CPU cores
        self._block = 1 if block_length is None else _int_arg(block_length)
        if parallel:
            self._repr_name = "_ParallelInterleaveDataset"

    def _card(self) -> int:
        return UNKNOWN

    def _elements(self) -> Iterator[list]:
        # TF's InterleaveDatasetOp state machine: a slot is opened when the cycle reaches it empty;
        # an exhausted slot is closed and the cycle moves on.
        pack = self._input._pack
        inputs = self._input._elements()
        slots: list = [None] * self._cycle
        cycle = block = 0
        open_count = 0
        end_of_input = False
        while not end_of_input or open_count > 0:
            it = slots[cycle]
            if it is not None:
                flat = next(it, None)
                if flat is not None:
                    block += 1
                    if block == self._block:
                        block, cycle = 0, (cycle + 1) % self._cycle
                    yield flat
                    continue
                slots[cycle] = None
                open_count -= 1
                block, cycle = 0, (cycle + 1) % self._cycle
            elif not end_of_input:
                flat_in = next(inputs, None)
                if flat_in is None:
                    end_of_input = True
                else:
                    slots[cycle] = self._fn(pack(flat_in))._elements()
                    open_count += 1
            else:
                block, cycle = 0, (cycle + 1) % self._cycle


class _ScanDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, initial_state: Any, scan_func: Callable) -> None:
        state = structure.normalize_element(initial_state)
        state_spec = structure.type_spec_from_value(state)
        fn = input_dataset._function(scan_func, "Dataset.scan()", (state_spec, input_dataset._structure),
                                     first=lambda: None)
        out = fn.output_structure
        if not (isinstance(out, tuple) and len(out) == 2):
            raise TypeError(f"The scan function must return a pair comprising the new state and the output "
                            f"value. Got {out}.")
        _check_state(out[0], state_spec, "scan")
        super().__init__(input_dataset, out[1])
        self._fn, self._state = fn, state

    def _elements(self) -> Iterator[list]:
        state = self._state
        pack = self._input._pack
        for flat in self._input._elements():
            state, out = self._fn((state, pack(flat)))
            yield structure.flatten(out)


class _GroupByWindowDataset(_UnaryDataset):
    def __init__(self, input_dataset: DatasetV2, key_func: Callable, reduce_func: Callable, window_size: Any,
                 window_size_func: Callable | None) -> None:
        if (window_size is None) == (window_size_func is None):
            raise ValueError("Either the `window_size` argument or the `window_size_func` argument must be "
                             "specified.")
        self._key_fn = input_dataset._function(key_func, "Dataset.group_by_window()")
        window_spec = DatasetSpec(input_dataset._structure)
        key_spec = TensorSpec((), dtypes.int64)
        self._reduce_fn = StructuredFunction(reduce_func, "Dataset.group_by_window()", (key_spec, window_spec))
        spec = _check_dataset_fn(self._reduce_fn, "group_by_window")
        self._size_fn = (StructuredFunction(window_size_func, "Dataset.group_by_window()", key_spec)
                         if window_size_func is not None else None)
        self._window_size = None if window_size is None else _int_arg(window_size)
        super().__init__(input_dataset, spec.element_spec)

    def _card(self) -> int:
        return INFINITE if self._input._card() == INFINITE else UNKNOWN

    def _size_for(self, key: Tensor) -> int:
        if self._size_fn is None:
            return self._window_size  # type: ignore[return-value]
        return int(self._size_fn(key)._value)

    def _elements(self) -> Iterator[list]:
        groups: dict[int, list] = {}
        sizes: dict[int, int] = {}
        pack = self._input._pack
        spec = self._input._structure
        for flat in self._input._elements():
            key_t = self._key_fn(pack(flat))
            key = int(key_t._value)
            if key not in groups:
                groups[key] = []
                sizes[key] = self._size_for(_wrap_as(np.array(key, np.int64), dtypes.int64))
            groups[key].append(flat)
            if len(groups[key]) == sizes[key]:
                rows = groups.pop(key)
                yield from self._reduce(key, rows, spec)
        for key in list(groups):
            rows = groups.pop(key)
            if rows:
                yield from self._reduce(key, rows, spec)

    def _reduce(self, key: int, rows: list, spec: Any) -> Iterator[list]:
        window = _VariantDataset(spec, rows)
        k = _wrap_as(np.array(key, np.int64), dtypes.int64)
        yield from self._reduce_fn((k, window))._elements()


def _bucket_by_sequence_length(ds: DatasetV2, length_fn: Callable, boundaries: list, batch_sizes: list,
                               padded_shapes: Any, padding_values: Any, pad_to_bucket_boundary: bool,
                               no_padding: bool, drop_remainder: bool) -> DatasetV2:
    """TF's bucket_by_sequence_length: a group_by_window keyed by the bucket of each element's length."""
    if len(batch_sizes) != len(boundaries) + 1:
        raise ValueError(f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                         f"`len(bucket_batch_sizes)={len(batch_sizes)}` and "
                         f"`len(bucket_boundaries)={len(boundaries)}`.")
    lower = [np.iinfo(np.int32).min] + boundaries
    upper = boundaries + [np.iinfo(np.int32).max]

    def window_size_fn(bucket_id: Any) -> Any:
        return _wrap_as(np.array(batch_sizes[int(bucket_id._value)], np.int64), dtypes.int64)

    def make_padded_shapes(shapes: Any, none_filler: Any = None) -> Any:
        def leaf(s: Any) -> Any:
            return TensorShape([none_filler if d is None else d for d in s.shape.as_list()])

        return structure.map_structure(leaf, shapes)

    def batching_fn(bucket_id: Any, grouped: DatasetV2) -> DatasetV2:
        batch_size = batch_sizes[int(bucket_id._value)]
        if no_padding:
            return grouped.batch(batch_size, drop_remainder=drop_remainder)
        none_filler = None
        if pad_to_bucket_boundary:
            bid = int(bucket_id._value)
            if bid == len(boundaries):
                raise _IteratorError(errors.InvalidArgumentError,
                                     "bucket_boundaries: There is no upper boundary for the last bucket.")
            none_filler = boundaries[bid] - 1
        shapes = padded_shapes if padded_shapes is not None else make_padded_shapes(grouped.element_spec,
                                                                                    none_filler)
        return grouped.padded_batch(batch_size, shapes, padding_values, drop_remainder=drop_remainder)

    wrapped = _GroupByWindowDataset.__new__(_GroupByWindowDataset)
    # the key function runs through TF's tracing convention once, with the user's length function inside it
    _GroupByWindowDataset.__init__(wrapped, ds, element_to_bucket_id_traced(ds, length_fn, lower, upper),
                                   batching_fn, None, window_size_fn)
    return wrapped


def element_to_bucket_id_traced(ds: DatasetV2, length_fn: Callable, lower: list, upper: list) -> Callable:
    from tfshim.ops import math_ops

    def key(*args: Any) -> Any:
        element = args if len(args) > 1 else args[0]
        seq_length = call_with_element(length_fn, element)
        seq_length = convert_to_tensor(seq_length)
        if seq_length._dtype != dtypes.int64:
            seq_length = math_ops.cast(seq_length, dtypes.int64)
        v = int(seq_length._value)
        bucket = next(i for i, (lo, hi) in enumerate(zip(lower, upper)) if lo <= v < hi)
        return _wrap_as(np.array(bucket, np.int64), dtypes.int64)

    return key


class _DirectedInterleave(DatasetV2):
    _repr_name = "_DirectedInterleaveDataset"

    def __init__(self, datasets: list, stop_on_empty: bool) -> None:
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        spec = datasets[0].element_spec
        for d in datasets[1:]:
            s = d.element_spec
            if not structure.same_structure(spec, s):
                raise TypeError(f"Incompatible dataset elements:\n  {spec} vs.   {s}")
            merged = [structure.spec_supertype(a, b) for a, b in zip(structure.flatten(spec), structure.flatten(s))]
            if any(m is None for m in merged):
                raise TypeError(f"Incompatible dataset elements:\n  {spec} vs.   {s}")
            spec = structure.pack_as(spec, merged)
        super().__init__(spec)
        self._datasets = datasets
        self._stop = stop_on_empty

    def _choices(self) -> Iterator[int]:
        raise NotImplementedError

    def _elements(self) -> Iterator[list]:
        its: list = [d._elements() for d in self._datasets]
        live = [True] * len(its)
        for i in self._choices():
            if i < 0 or i >= len(its):
                raise _IteratorError(errors.InvalidArgumentError,
                                     f"DirectedInterleave selected an invalid input index: {i}")
            if not live[i]:
                if self._stop:
                    return
                continue
            flat = next(its[i], None)
            if flat is None:
                live[i] = False
                if self._stop or not any(live):
                    return
                continue
            yield flat
            if not any(live):
                return


class _ChooseFromDatasets(_DirectedInterleave):
    def __init__(self, datasets: list, choice_dataset: DatasetV2, stop_on_empty: bool) -> None:
        spec = choice_dataset.element_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.int64 and spec.shape.rank == 0):
            raise TypeError(f"Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` "
                            f"tensors but found {spec}.")
        super().__init__(datasets, stop_on_empty)
        self._choice = choice_dataset

    def _card(self) -> int:
        return UNKNOWN

    def _choices(self) -> Iterator[int]:
        for flat in self._choice._elements():
            yield int(flat[0]._value)


class _SampleFromDatasets(_DirectedInterleave):
    """TF's sample_from_datasets: each input index is `stateless_multinomial(log(weights), 1, seed)` with
    the seed a pair of consecutive values of `Dataset.random(seed)`; zero weights drop their dataset."""

    def __init__(self, datasets: list, weights: Any, seed: Any, stop_on_empty: bool,
                 rerandomize: Any = None) -> None:
        from tfshim.ops import math_ops

        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if weights is None:
            logits = convert_to_tensor([[1.0] * len(datasets)])
        else:
            if isinstance(weights, DatasetV2):
                raise NotImplementedError("tf.data.Dataset.sample_from_datasets with a dataset of weights is not "
                                          "implemented by tfshim")
            if isinstance(weights, Tensor):
                if not weights.shape.is_compatible_with([len(datasets)]):
                    raise ValueError(f"Invalid `weights`. The shape of `weights` should be compatible with "
                                     f"`[len(datasets)]` but is {weights.shape}.")
            else:
                if len(datasets) != len(weights):
                    raise ValueError(f"Invalid `weights`. `weights` should have the same length as `datasets` but "
                                     f"got `len(weights)={len(weights)}` vs. `len(datasets)={len(datasets)}`.")
                kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
                datasets, weights = ([d for d, _ in kept], [w for _, w in kept]) if kept else (
                    [datasets[0].take(0)], [1.0])
            weights = convert_to_tensor(weights)
            if weights.dtype not in (dtypes.float32, dtypes.float64):
                raise TypeError(f"Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but "
                                f"is {weights.dtype}.")
            logits = math_ops.log(weights)[None]
        super().__init__(datasets, stop_on_empty)
        self._logits = logits
        self._random = _RandomDataset(seed, bool(rerandomize))

    def _card(self) -> int:
        return UNKNOWN

    def _choices(self) -> Iterator[int]:
        draws = self._random._elements()
        while True:
            pair = [next(draws)[0]._value, next(draws)[0]._value]
            seed = _wrap_as(np.array(pair, np.int64), dtypes.int64)
            yield int(random_ops.stateless_categorical(self._logits, 1, seed=seed)._value[0, 0])


class _RandomDataset(DatasetV2):
    def __init__(self, seed: Any, rerandomize: bool) -> None:
        super().__init__(TensorSpec((), dtypes.int64))
        s1, s2 = _data_seeds(seed)
        self._seeds = _SeedGenerator(s1, s2, rerandomize)

    def _card(self) -> int:
        return INFINITE

    def _elements(self) -> Iterator[list]:
        gen = _SingleSample(*self._seeds.generate())
        while True:
            yield [_wrap_as(np.array(gen(), np.int64), dtypes.int64)]
