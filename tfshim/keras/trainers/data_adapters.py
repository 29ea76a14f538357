"""Keras 3's data adapters and EpochIterator (keras/src/trainers/data_adapters/, epoch_iterator.py).

Arrays (NumPy arrays, tensors, nested lists/tuples/dicts of them) are sliced into batches as the
TF backend's ArrayDataAdapter does: floats become float32, the last batch may be partial, and
with `shuffle=True` one permutation of the sample indices is drawn by a RandomShuffle kernel
created when the data is adapted. As in TF, where that kernel lives in a freshly traced tf.data
function, its seeds are (global seed, 0) under `tf.random.set_seed`, so every epoch of one `fit`
sees the same order. A tf.data.Dataset (recognised by its `element_spec` and `cardinality`) or a
Python generator is iterated for batches: each element is `x`, `(x,)`, `(x, y)` or
`(x, y, sample_weight)`; anything else is Keras' "Unrecognized data type" error.
"""

from __future__ import annotations

import math
import types
import warnings
from typing import Any

import numpy as np

from tfshim.keras import _tree
from tfshim.keras._backend import floatx


def _tf() -> Any:
    import tfshim

    return tfshim


def unpack_x_y_sample_weight(data: Any) -> tuple:
    """Keras: keras.utils.unpack_x_y_sample_weight."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return (data, None, None)
    if len(data) == 1:
        return (data[0], None, None)
    if len(data) == 2:
        return (data[0], data[1], None)
    if len(data) == 3:
        return (data[0], data[1], data[2])
    raise ValueError("Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, "
                     f"found: {data}")


def pack_x_y_sample_weight(x: Any, y: Any = None, sample_weight: Any = None) -> Any:
    """Keras: keras.utils.pack_x_y_sample_weight."""
    if y is None:
        return (x,) if isinstance(x, (tuple, list)) else x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def _is_array(x: Any) -> bool:
    tf = _tf()
    return x is None or isinstance(x, (np.ndarray, tf.Tensor, tf.Variable, np.generic)) or (
        hasattr(x, "__array__") and hasattr(x, "shape"))


def can_convert_arrays(arrays: Any) -> bool:
    """Keras: every leaf is an array or a tensor (lists are structure, so a list of numbers is not data)."""
    return all(_is_array(a) for a in _tree.flatten(arrays))


def _flatten_arrays(arrays: Any) -> list:
    return _tree.flatten(arrays)


def _to_tensor(x: Any) -> Any:
    """Keras: array_slicing.convert_to_sliceable for the TF backend: a tensor, floats as floatx."""
    tf = _tf()
    if x is None:
        return None
    if isinstance(x, tf.Variable):
        x = x.value()
    if not isinstance(x, tf.Tensor):
        x = tf.convert_to_tensor(np.asarray(x))
    if x.dtype.is_floating and x.dtype.name != floatx():
        x = tf.cast(x, floatx())
    return x


def _map_arrays(fn: Any, arrays: Any) -> Any:
    if arrays is None or not isinstance(arrays, (list, tuple, dict)):
        return fn(arrays)
    if isinstance(arrays, dict):
        return {k: _map_arrays(fn, v) for k, v in arrays.items()}
    return type(arrays)(_map_arrays(fn, v) for v in arrays)


def class_weight_to_sample_weights(y: Any, class_weight: dict) -> np.ndarray:
    """Keras: data_adapter_utils.class_weight_to_sample_weights."""
    y_numpy = np.asarray(y)
    sample_weight = np.ones(shape=(y_numpy.shape[0],), dtype=floatx())
    if len(y_numpy.shape) > 1:
        y_numpy = np.argmax(y_numpy, axis=-1) if y_numpy.shape[-1] != 1 else np.squeeze(y_numpy, axis=-1)
    y_numpy = np.round(y_numpy).astype("int32")
    for i in range(y_numpy.shape[0]):
        sample_weight[i] = class_weight.get(int(y_numpy[i]), 1.0)
    return sample_weight


def train_validation_split(arrays: Any, validation_split: float) -> tuple:
    """Keras: array_slicing.train_validation_split: the last `validation_split` of the samples, in order."""
    flat = _flatten_arrays(arrays)
    unsplitable = [type(t) for t in flat if not _is_array(t)]
    if unsplitable:
        raise ValueError("Argument `validation_split` is only supported for tensors or NumPy arrays."
                         f"Found incompatible type in the input: {unsplitable}")
    if all(t is None for t in flat):
        return arrays, arrays
    first = next(t for t in flat if t is not None)
    batch_dim = int(np.shape(first)[0]) if not hasattr(first, "shape") else int(first.shape[0])
    split_at = int(math.floor(batch_dim * (1.0 - validation_split)))
    if split_at == 0 or split_at == batch_dim:
        raise ValueError(
            f"Training data contains {batch_dim} samples, which is not sufficient to split it into a validation "
            f"and training set as specified by `validation_split={validation_split}`. Either provide more data, or "
            "a different value for the `validation_split` argument.")
    sliceable = _map_arrays(_to_tensor, arrays)
    train = _map_arrays(lambda t: None if t is None else t[0:split_at], sliceable)
    val = _map_arrays(lambda t: None if t is None else t[split_at:batch_dim], sliceable)
    return train, val


class ArrayDataAdapter:
    """Keras: ArrayDataAdapter (TF backend's get_tf_dataset: gather of index batches)."""

    def __init__(self, x: Any, y: Any = None, sample_weight: Any = None, batch_size: Any = None, steps: Any = None,
                 shuffle: Any = False, class_weight: Any = None) -> None:
        if sample_weight is not None:
            if class_weight is not None:
                raise ValueError("You cannot `class_weight` and `sample_weight` at the same time.")
            if _tree.is_nested(y) and not isinstance(sample_weight, (list, tuple, dict)):
                sample_weight = _tree.map_structure(lambda _: sample_weight, y)
        if class_weight is not None:
            if _tree.is_nested(y):
                raise ValueError("`class_weight` is only supported for Models with a single output.")
            sample_weight = class_weight_to_sample_weights(y, class_weight)
        inputs = pack_x_y_sample_weight(x, y, sample_weight)
        inputs = _map_arrays(_to_tensor, inputs)
        sizes = [int(t.shape[0]) for t in _flatten_arrays(inputs) if t is not None]
        if len(set(sizes)) > 1:
            msg = "Data cardinality is ambiguous. Make sure all arrays contain the same number of samples."
            for label, single in zip(["x", "y", "sample_weight"], inputs if isinstance(inputs, tuple) else (inputs,)):
                msg += f"'{label}' sizes: " + ", ".join(
                    str(int(t.shape[0])) for t in _flatten_arrays(single) if t is not None) + "\n"
            raise ValueError(msg)
        num_samples = sizes[0]
        if not batch_size:
            batch_size = int(math.ceil(num_samples / steps)) if steps else 32
        self._inputs = inputs
        self._num_samples = num_samples
        self._size = int(math.ceil(num_samples / batch_size))
        self._batch_size = batch_size
        self._partial_batch_size = num_samples % batch_size
        self._shuffle = shuffle
        self._permutation = self._draw_permutation() if shuffle and shuffle != "batch" else None

    def _draw_permutation(self) -> np.ndarray:
        from tfshim.kernels import philox
        from tfshim.ops.random_ops import _CTX

        seed = _CTX.global_seed
        if seed is None:  # TF: an unseeded kernel seeds itself from the OS
            s1, s2 = (int(v) for v in np.random.SeedSequence().generate_state(2) % (2**31 - 1))
        else:
            s1, s2 = seed % (2**31 - 1), 0
        if (s1, s2) == (0, 0):
            s2 = 2**31 - 1
        return philox.random_shuffle(philox.GuardedPhilox(s1, s2), np.arange(self._num_samples, dtype=np.int64))

    def __iter__(self) -> Any:
        tf = _tf()
        if self._permutation is not None and _tf_seed_is_unset():
            self._permutation = self._draw_permutation()
        for i in range(self._size):
            start = i * self._batch_size
            stop = min(start + self._batch_size, self._num_samples)
            if self._permutation is not None:
                idx = tf.constant(self._permutation[start:stop])
            elif self._shuffle == "batch":
                idx = tf.constant(np.random.permutation(stop - start).astype(np.int64) + start)
            else:
                idx = tf.range(start, stop, dtype=tf.int64)
            yield _map_arrays(lambda t, idx=idx: None if t is None else tf.gather(t, idx, axis=0), self._inputs)

    @property
    def num_batches(self) -> int:
        return self._size

    @property
    def batch_size(self) -> int:
        return self._batch_size


def _tf_seed_is_unset() -> bool:
    from tfshim.ops.random_ops import _CTX

    return _CTX.global_seed is None


class DatasetAdapter:
    """Keras: TFDatasetAdapter/GeneratorDataAdapter, by duck typing: iterated afresh each epoch."""

    def __init__(self, x: Any, class_weight: Any = None) -> None:
        self._dataset = x
        self._class_weight = class_weight
        self._num_batches: Any = None
        cardinality = getattr(x, "cardinality", None)
        if callable(cardinality):
            n = int(np.asarray(cardinality()))
            self._num_batches = n if n >= 0 else None
        elif hasattr(x, "__len__"):
            try:
                self._num_batches = len(x)
            except TypeError:
                self._num_batches = None

    def __iter__(self) -> Any:
        for batch in self._dataset:
            if self._class_weight is not None:
                x, y, sw = unpack_x_y_sample_weight(batch)
                if sw is None:
                    sw = _tf().constant(class_weight_to_sample_weights(y, self._class_weight))
                batch = (x, y, sw)
            yield batch

    @property
    def num_batches(self) -> Any:
        return self._num_batches

    @property
    def batch_size(self) -> Any:
        return None


def _is_tf_dataset(x: Any) -> bool:
    """A tf.data.Dataset, by duck typing (tfshim's tf.data lives in another package)."""
    return hasattr(x, "__iter__") and hasattr(x, "element_spec") and callable(getattr(x, "cardinality", None))


def _raise_unsupported(arg: str, desc: str, kind: str) -> None:
    raise ValueError(f"When providing `x` as a {kind}, `{arg}` should not be passed. Instead, {desc} "
                     f"should be included as part of the {kind}.")


class _checked_generator:  # noqa: N801 - a generator with its first batch checked, as Keras peeks it
    def __init__(self, generator: Any) -> None:
        try:
            first = next(generator)
        except StopIteration:
            raise ValueError("When passing a Python generator to a Keras model, the generator must yield at least "
                             "one batch. Received an empty generator.") from None
        if not isinstance(first, tuple):
            raise ValueError("When passing a Python generator to a Keras model, the generator must return a tuple, "
                             "either (input,) or (inputs, targets) or (inputs, targets, sample_weights). "
                             f"Received: {first}")
        self._first: list = [first]
        self._generator = generator

    def __iter__(self) -> Any:
        while self._first:
            yield self._first.pop()
        yield from self._generator


def get_data_adapter(x: Any, y: Any = None, sample_weight: Any = None, batch_size: Any = None,
                     steps_per_epoch: Any = None, shuffle: Any = False, class_weight: Any = None) -> Any:
    if isinstance(x, (ArrayDataAdapter, DatasetAdapter)):
        return x
    if can_convert_arrays((x, y, sample_weight)):
        return ArrayDataAdapter(x, y, sample_weight=sample_weight, class_weight=class_weight, shuffle=shuffle,
                                batch_size=batch_size, steps=steps_per_epoch)
    if isinstance(x, types.GeneratorType):
        if y is not None:
            _raise_unsupported("y", "the targets", "Python generator")
        if sample_weight is not None:
            _raise_unsupported("sample_weights", "the sample weights", "Python generator")
        if shuffle:
            warnings.warn("`shuffle=True` was passed, but will be ignored since the data `x` was provided as a "
                          "generator. The generator is expected to yield already-shuffled data.", stacklevel=3)
        return DatasetAdapter(_checked_generator(x), class_weight=class_weight)
    if _is_tf_dataset(x):
        if y is not None:
            _raise_unsupported("y", "the targets", "tf.data.Dataset")
        if sample_weight is not None:
            _raise_unsupported("sample_weights", "the sample weights", "tf.data.Dataset")
        if shuffle and hasattr(x, "cardinality"):
            warnings.warn("`shuffle=True` was passed, but will be ignored since the data `x` was provided as a "
                          "tf.data.Dataset. The Dataset is expected to already be shuffled (via "
                          "`.shuffle(buffer_size)`).", stacklevel=3)
        return DatasetAdapter(x, class_weight=class_weight)
    raise ValueError(f"Unrecognized data type: x={x} (of type {type(x)})")


class EpochIterator:
    """Keras: EpochIterator: yields (step, batch) for one epoch; with `steps_per_epoch` a dataset's iterator
    carries over from one epoch to the next."""

    def __init__(self, x: Any, y: Any = None, sample_weight: Any = None, batch_size: Any = None,
                 steps_per_epoch: Any = None, shuffle: Any = False, class_weight: Any = None) -> None:
        self.steps_per_epoch = steps_per_epoch
        self._current_iterator: Any = None
        self._steps_seen = 0
        self.data_adapter = get_data_adapter(x, y, sample_weight=sample_weight, batch_size=batch_size,
                                             steps_per_epoch=steps_per_epoch, shuffle=shuffle,
                                             class_weight=class_weight)
        self._num_batches = self.data_adapter.num_batches

    def reset(self) -> None:
        self._current_iterator = None
        self._num_batches = self.data_adapter.num_batches
        self._steps_seen = 0

    def _interrupted_warning(self) -> None:
        warnings.warn("Your input ran out of data; interrupting training. Make sure that your dataset or generator "
                      "can generate at least `steps_per_epoch * epochs` batches. You may need to use the "
                      "`.repeat()` function when building your dataset.", stacklevel=2)

    def __iter__(self) -> Any:
        steps = self.steps_per_epoch or self._num_batches or -1
        if steps > 0:
            if self._current_iterator is None or self.steps_per_epoch is None:
                self._current_iterator = iter(self.data_adapter)
                self._steps_seen = 0
            for step in range(steps):
                if self._num_batches and self._steps_seen >= self._num_batches:
                    if self.steps_per_epoch:
                        self._interrupted_warning()
                    break
                self._steps_seen += 1
                try:
                    data = next(self._current_iterator)
                except StopIteration:
                    self._stopped()
                    return
                yield step, data
            if self._num_batches and self._steps_seen >= self._num_batches:
                self._current_iterator = iter(self.data_adapter)
                self._steps_seen = 0
        else:
            iterator = iter(self.data_adapter)
            step = 0
            for data in iterator:
                self._steps_seen = step + 1
                yield step, data
                step += 1
            # Keras learns an unknown length from the first exhausted epoch (with its warning).
            if self._num_batches is None:
                self._num_batches = self._steps_seen
            self._interrupted_warning()

    def _stopped(self) -> None:
        if self._num_batches is None:
            self._num_batches = self._steps_seen
        self._interrupted_warning()
        self._current_iterator = None

    @property
    def num_batches(self) -> Any:
        return self.steps_per_epoch or self._num_batches
