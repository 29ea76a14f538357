"""Iterators over datasets (TF: data/ops/iterator_ops.py, NumpyIterator in dataset_ops.py)."""

from __future__ import annotations

import json
from typing import Any

from tfshim.data.ops.dataset_ops import DatasetV2, _IteratorError, _op_error, _Raise, _seed_replay, _strip_op_text
from tfshim.data.util import structure
from tfshim.framework import errors
from tfshim.util.tf_export import tf_export


@tf_export("data.Iterator")
class OwnedIterator:
    """TF: the iterator `iter(dataset)` returns. Errors raised while producing an element carry TF's
    `IteratorGetNext` text (`{{function_node __wrapped__IteratorGetNext_output_types_N...}} ...`)."""

    def __init__(self, dataset: DatasetV2) -> None:
        self._dataset = dataset
        self._element_spec = dataset.element_spec
        self._it = dataset._resilient()
        self._n = structure.num_components(dataset.element_spec)
        self._consumed = 0  # elements (and failed elements) produced, and the random seeds the pipeline drew:
        self._seeds: list = []  # with them a checkpoint restores this iterator's position (see _restore_state)

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    def __iter__(self) -> OwnedIterator:
        return self

    def _step(self) -> Any:
        saved = _seed_replay.log
        _seed_replay.log = self._seeds
        try:
            flat = next(self._it)
        finally:
            _seed_replay.log = saved
        self._consumed += 1
        return flat

    def _next_flat(self) -> list | None:
        try:
            flat = self._step()
            if isinstance(flat, _Raise):
                raise flat.error
            return flat
        except StopIteration:
            return None
        except _IteratorError as e:
            raise self._error(e.cls, e.message) from None
        except errors.OpError as e:
            raise self._error(type(e), _strip_op_text(e.message)) from None

    def _error(self, cls: type, message: str) -> Exception:
        return _op_error(cls, "IteratorGetNext", message, f"IteratorGetNext_output_types_{self._n}")

    def __next__(self) -> Any:
        flat = self._next_flat()
        if flat is None:
            raise StopIteration
        return self._dataset._pack(flat)

    def next(self) -> Any:
        return self.__next__()

    def get_next(self, name: str | None = None) -> Any:
        flat = self._next_flat()
        if flat is None:
            raise errors.OutOfRangeError(None, None, "End of sequence")
        return self._dataset._pack(flat)

    def get_next_as_optional(self) -> Any:
        raise NotImplementedError("tf.data.Iterator.get_next_as_optional is not implemented by tfshim")

    def __repr__(self) -> str:
        return f"<tensorflow.python.data.ops.iterator_ops.OwnedIterator object at {id(self):#x}>"

    # -- checkpointing (tf.train.Checkpoint(iterator=it))
    def _checkpoint_state(self) -> bytes:
        """This iterator's position as tfshim stores it under `.ATTRIBUTES/ITERATOR_STATE`.

        TF stores the state of every stage (buffers, file offsets) as a variant tensor; tfshim stores how many
        elements were produced, the random seeds drawn and the state of the seed generators, and restores by
        replaying the pipeline from its start with those seeds. Same position for a pipeline whose functions are
        deterministic; stateful random ops inside `map` functions draw anew. The two formats are not exchangeable.
        """
        generators: list = []
        seeds = []
        for gen, pair in self._seeds:
            if gen not in generators:
                generators.append(gen)
            seeds.append([generators.index(gen), *pair])
        return json.dumps({"tfshim_iterator": 1, "consumed": self._consumed, "seeds": seeds,
                           "generators": [g._state() for g in generators]}).encode()

    def _restore_state(self, state: bytes) -> None:
        try:
            record = json.loads(state)
            if record.get("tfshim_iterator") != 1:
                raise ValueError
            consumed = int(record["consumed"])
            seeds = [(int(i), (int(a), int(b))) for i, a, b in record["seeds"]]
            generators = [tuple(int(x) for x in g) for g in record["generators"]]
        except (ValueError, KeyError, TypeError, UnicodeDecodeError, AttributeError):
            raise NotImplementedError("Restoring a tf.data iterator from a checkpoint written by TensorFlow is not "
                                      "implemented by tfshim (TF's iterator state is a serialized variant)") from None
        self._it = self._dataset._resilient()
        self._consumed = 0
        self._seeds = []
        _seed_replay.seeds, _seed_replay.found = seeds, {}
        try:
            for _ in range(consumed):
                try:
                    self._step()
                except StopIteration:
                    break
                except (_IteratorError, errors.OpError):  # a failed element, consumed as TF's iterator did
                    pass
            for index, gen in _seed_replay.found.items():
                gen._reset(*generators[index])
        finally:
            _seed_replay.seeds, _seed_replay.found = [], {}


@tf_export("data.NumpyIterator")
class NumpyIterator:
    """TF: what Dataset.as_numpy_iterator returns: elements as NumPy values (bytes for strings)."""

    def __init__(self, dataset: DatasetV2) -> None:
        self._iterator = OwnedIterator(dataset)

    def __iter__(self) -> NumpyIterator:
        return self

    def __next__(self) -> Any:
        return structure.map_structure(lambda t: None if t is None else t.numpy(), next(self._iterator))

    next = __next__

    def __repr__(self) -> str:
        return f"NumpyIterator(iterator={self._iterator})"
