"""Iterators over datasets (TF: data/ops/iterator_ops.py, NumpyIterator in dataset_ops.py)."""

from __future__ import annotations

from typing import Any

from tfshim.data.ops.dataset_ops import DatasetV2, _IteratorError, _op_error, _Raise, _strip_op_text
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

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    def __iter__(self) -> OwnedIterator:
        return self

    def _next_flat(self) -> list | None:
        try:
            flat = next(self._it)
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
