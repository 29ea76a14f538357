"""tf.lookup: StaticHashTable, StaticVocabularyTable and their initializers (TF: ops/lookup_ops.py).

A table is a Python dict from key to value (TF: a hash-table resource); its kernels are ops named as TF's
(LookupTableImportV2, LookupTableFindV2, ...), so their errors read as TF's. Keys of a lookup keep their shape;
a SparseTensor's or RaggedTensor's values are looked up and the structure kept.

tfshim differs: `export()` gives the entries in insertion order (TF: its hash map's order).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.sparse_tensor import SparseTensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops.op import KernelError, defop, not_differentiable, tf_export


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _import_kernel(keys: np.ndarray, values: np.ndarray, table: Any) -> np.ndarray:
    """TF: LookupTableImportV2 into a HashTable: a key already present must map to the same value."""
    if keys.shape != values.shape:
        raise KernelError(errors.InvalidArgumentError,
                          f"Expected shape {_shape_text(keys.shape)} for value, got {_shape_text(values.shape)}")
    for k, v in zip(keys.ravel().tolist(), values.ravel().tolist()):
        _insert(table, k, v)
    return np.zeros((), np.int32)  # the op has no outputs; a placeholder for the dispatcher


def _insert(table: Any, key: Any, value: Any) -> None:
    old = table._entries.setdefault(key, value)
    if old != value:
        raise KernelError(errors.FailedPreconditionError, "HashTable has different value for same key. "
                          f"Key {_value_text(key)} has {_value_text(old)} and trying to add value {_value_text(value)}")


def _value_text(v: Any) -> str:
    return v.decode("utf-8", "backslashreplace") if isinstance(v, bytes) else str(v)


def _find_kernel(keys: np.ndarray, default: np.ndarray, table: Any) -> np.ndarray:
    """TF: LookupTableFindV2: each key's value, the default value where the key is missing."""
    entries, fill = table._entries, default[()]
    flat = [entries.get(k, fill) for k in keys.ravel().tolist()]
    out = np.empty(len(flat), dtype=default.dtype)
    out[:] = flat
    return out.reshape(keys.shape)


def _size_kernel(table: Any) -> np.ndarray:
    return np.array(len(table._entries), np.int64)


def _export_kernel(table: Any) -> tuple:
    keys, values = list(table._entries), list(table._entries.values())
    k = np.empty(len(keys), table._key_dtype.as_numpy_dtype)
    v = np.empty(len(values), table._value_dtype.as_numpy_dtype)
    k[:], v[:] = keys, values
    return k, v


def _from_text_file_kernel(filename: np.ndarray, table: Any, initializer: Any) -> np.ndarray:
    """TF: InitializeTableFromTextFileV2: one entry per line (up to vocab_size lines)."""
    name = filename[()].decode("utf-8") if isinstance(filename[()], bytes) else str(filename[()])
    try:
        with open(name, "rb") as f:
            lines = f.read().split(b"\n")
    except FileNotFoundError:
        raise KernelError(errors.NotFoundError, f"{name}; No such file or directory") from None
    if lines and lines[-1] == b"":
        lines.pop()
    if initializer._vocab_size is not None:
        lines = lines[:initializer._vocab_size]
    for line_number, line in enumerate(lines):
        key = initializer._column(name, line, line_number, initializer._key_index, table._key_dtype)
        value = initializer._column(name, line, line_number, initializer._value_index, table._value_dtype)
        _insert(table, key, value)
    return np.zeros((), np.int32)


LookupTableImportV2 = defop("LookupTableImportV2", _import_kernel)
LookupTableFindV2 = defop("LookupTableFindV2", _find_kernel)
LookupTableSizeV2 = defop("LookupTableSizeV2", _size_kernel)
LookupTableExportV2 = defop("LookupTableExportV2", _export_kernel, multi_output=True)
InitializeTableFromTextFileV2 = defop("InitializeTableFromTextFileV2", _from_text_file_kernel)
not_differentiable(LookupTableFindV2, LookupTableSizeV2, InitializeTableFromTextFileV2)


class TableInitializerBase:
    """TF: lookup_ops.TableInitializerBase: fills a table with its key and value dtypes."""

    def __init__(self, key_dtype: Any, value_dtype: Any) -> None:
        self._key_dtype = dtypes.as_dtype(key_dtype)
        self._value_dtype = dtypes.as_dtype(value_dtype)

    @property
    def key_dtype(self) -> dtypes.DType:
        return self._key_dtype

    @property
    def value_dtype(self) -> dtypes.DType:
        return self._value_dtype

    def initialize(self, table: Any) -> None:
        """Fills `table`."""
        raise NotImplementedError


@tf_export("lookup.KeyValueTensorInitializer")
class KeyValueTensorInitializer(TableInitializerBase):
    """TF: tf.lookup.KeyValueTensorInitializer(keys, values): the entries of two tensors of the same shape."""

    def __init__(self, keys: Any, values: Any, key_dtype: Any = None, value_dtype: Any = None,
                 name: Any = None) -> None:
        self._keys = convert_to_tensor(keys, dtype=key_dtype)
        self._values = convert_to_tensor(values, dtype=value_dtype)
        self._name = name
        super().__init__(self._keys.dtype, self._values.dtype)

    def initialize(self, table: Any) -> None:
        LookupTableImportV2(self._keys, self._values, table=table)


@tf_export("lookup.TextFileIndex")
class TextFileIndex:
    """TF: tf.lookup.TextFileIndex: the whole line, or the line number, as a key or value (plain ints, as TF's
    class attributes; an IntEnum would print its member names on Python 3.10)."""

    WHOLE_LINE = -2
    LINE_NUMBER = -1


@tf_export("lookup.TextFileInitializer")
class TextFileInitializer(TableInitializerBase):
    """TF: tf.lookup.TextFileInitializer: keys and values from a text file's lines: a column (split at
    `delimiter`), the whole line (TextFileIndex.WHOLE_LINE) or the line number (TextFileIndex.LINE_NUMBER)."""

    def __init__(self, filename: Any, key_dtype: Any, key_index: int, value_dtype: Any, value_index: int,
                 vocab_size: int | None = None, delimiter: str = "\t", name: Any = None,
                 value_index_offset: int = 0) -> None:
        if not isinstance(filename, Tensor) and not filename:
            raise ValueError("`filename` argument required for tf.lookup.TextFileInitializer")
        self._filename = convert_to_tensor(filename, dtypes.string)
        key_dtype, value_dtype = dtypes.as_dtype(key_dtype), dtypes.as_dtype(value_dtype)
        if key_index < -2:
            raise ValueError(f"`key_index` should be >= -2, received: {key_index}.")
        if key_index == TextFileIndex.LINE_NUMBER and key_dtype != dtypes.int64:
            raise ValueError("`key_dtype` must be int64 if `key_index` is "
                             f"{TextFileIndex.LINE_NUMBER}, received: {key_dtype}")
        if key_index == TextFileIndex.WHOLE_LINE and not key_dtype.is_integer and key_dtype != dtypes.string:
            raise ValueError("`key_dtype` should be either integer or string for `key_index` "
                             f"{TextFileIndex.WHOLE_LINE}, received: {key_dtype}")
        if value_index < -2:
            raise ValueError(f"`value_index` should be >= -2, received: {value_index}")
        if value_index == TextFileIndex.LINE_NUMBER and value_dtype != dtypes.int64:
            raise ValueError("`value_dtype` must be int64 for `value_index` "
                             f"{TextFileIndex.LINE_NUMBER}, received: {value_dtype}")
        if value_index == TextFileIndex.WHOLE_LINE and not value_dtype.is_integer and value_dtype != dtypes.string:
            raise ValueError("`value_dtype` should be either integer or string for `value_index` "
                             f"{TextFileIndex.WHOLE_LINE}, received: {value_dtype}")
        if vocab_size is not None and vocab_size <= 0:
            raise ValueError(f"`vocab_size` should be > 0, received: {vocab_size}")
        self._key_index = int(key_index)
        self._value_index = int(value_index)
        self._vocab_size = vocab_size
        self._delimiter = delimiter.encode("utf-8") if isinstance(delimiter, str) else delimiter
        self._offset = value_index_offset
        self._name = name
        super().__init__(key_dtype, value_dtype)

    def _column(self, name: str, line: bytes, line_number: int, index: int, dtype: dtypes.DType) -> Any:
        if index == TextFileIndex.LINE_NUMBER:
            return line_number + self._offset
        text = line if index == TextFileIndex.WHOLE_LINE else _split(name, line, self._delimiter, index, line_number)
        if dtype == dtypes.string:
            return text
        try:
            return dtype.as_numpy_dtype(float(text) if dtype.is_floating else int(text)).item()
        except ValueError:
            raise KernelError(errors.InvalidArgumentError, f"Field {_value_text(text)} in line {line_number} is "
                              f"not a valid {dtype._cname}.") from None

    def initialize(self, table: Any) -> None:
        InitializeTableFromTextFileV2(self._filename, table=table, initializer=self)


def _split(name: str, line: bytes, delimiter: bytes, index: int, line_number: int) -> bytes:
    fields = line.split(delimiter) if delimiter else line.split()
    if index >= len(fields):
        raise KernelError(errors.InvalidArgumentError, f"Invalid number of columns in {name} line {line_number} "
                          f"({_value_text(line)}) : expected at least {index + 1} got {len(fields)}")
    return fields[index]


def _lookup_values(keys: Any) -> tuple[Any, Any]:
    """The tensor of keys to look up, and how to put the results back into `keys`' structure."""
    from tfshim.ops.ragged.ragged_tensor import RaggedTensor

    if isinstance(keys, SparseTensor):
        return keys.values, lambda ids: SparseTensor(keys.indices, ids, keys.dense_shape)
    if isinstance(keys, RaggedTensor):
        return keys.values, keys.with_values
    return keys, lambda ids: ids


class LookupInterface:
    """TF: lookup_ops.LookupInterface, what every table has: its key and value dtypes and its name."""

    _key_dtype: dtypes.DType
    _value_dtype: dtypes.DType
    _name: Any

    @property
    def key_dtype(self) -> dtypes.DType:
        return self._key_dtype

    @property
    def value_dtype(self) -> dtypes.DType:
        return self._value_dtype

    @property
    def name(self) -> Any:
        return self._name


@tf_export("lookup.StaticHashTable")
class StaticHashTable(LookupInterface):
    """TF: tf.lookup.StaticHashTable(initializer, default_value): an immutable table, filled once by its
    initializer; `lookup` gives default_value for missing keys."""

    def __init__(self, initializer: TableInitializerBase, default_value: Any, name: Any = None,
                 experimental_is_anonymous: bool = False) -> None:
        self._initializer = initializer
        self._key_dtype = initializer.key_dtype
        self._value_dtype = initializer.value_dtype
        self._default_value = convert_to_tensor(default_value, dtype=self._value_dtype)
        if self._default_value.shape.rank != 0:
            raise ValueError(f"Shapes {self._default_value.shape} and () are not compatible")
        self._name = name
        self._entries: dict = {}
        initializer.initialize(self)

    @property
    def default_value(self) -> Tensor:
        return self._default_value

    def size(self, name: Any = None) -> Tensor:
        """The number of entries, an int64 scalar."""
        return LookupTableSizeV2(table=self)

    def lookup(self, keys: Any, name: Any = None) -> Any:
        """The values of `keys` (a Tensor, SparseTensor or RaggedTensor of the key dtype)."""
        if keys.dtype.base_dtype != self._key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self._key_dtype}, received: {keys.dtype}")
        values, rebuild = _lookup_values(keys)
        return rebuild(LookupTableFindV2(values, self._default_value, table=self))

    __getitem__ = lookup

    def export(self, name: Any = None) -> tuple[Tensor, Tensor]:
        """All keys and values, as two tensors."""
        return LookupTableExportV2(table=self)


@tf_export("lookup.StaticVocabularyTable")
class StaticVocabularyTable(LookupInterface):
    """TF: tf.lookup.StaticVocabularyTable: ids from a table of int64 values, and for keys not in it one of
    `num_oov_buckets` ids after the table's: `size + Fingerprint64(str(key)) % num_oov_buckets`."""

    def __init__(self, initializer: TableInitializerBase | None, num_oov_buckets: int,
                 lookup_key_dtype: Any = None, name: Any = None, experimental_is_anonymous: bool = False) -> None:
        if num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")
        if name:
            name = name.rstrip("/")
        self._table: StaticHashTable | None
        if initializer:
            lookup_key_dtype = initializer.key_dtype if lookup_key_dtype is None else dtypes.as_dtype(
                lookup_key_dtype)
            supported = (dtypes.int64, dtypes.string)
            if initializer.key_dtype not in supported:
                raise TypeError("Invalid `key_dtype`, expected one of %s, but got %s." % (supported,
                                                                                         initializer.key_dtype))
            if initializer.key_dtype.is_integer != lookup_key_dtype.is_integer:
                raise TypeError("Invalid `key_dtype`, expected %s but got %s." % (
                    "integer" if lookup_key_dtype.is_integer else "non-integer", initializer.key_dtype))
            if initializer.value_dtype != dtypes.int64:
                raise TypeError("Invalid `value_dtype`, expected %s but got %s." % (dtypes.int64,
                                                                                   initializer.value_dtype))
            self._table = StaticHashTable(initializer, default_value=-1)
        else:
            lookup_key_dtype = dtypes.string
            self._table = None
            name = name or "hash_bucket"
        if not lookup_key_dtype.is_integer and lookup_key_dtype != dtypes.string:
            raise TypeError(f"Invalid `key_dtype`, expected integer or string, got {lookup_key_dtype}")
        self._num_oov_buckets = num_oov_buckets
        self._name = None if name is None else name.split("/")[-1]
        self._key_dtype = lookup_key_dtype
        self._value_dtype = dtypes.int64

    def size(self, name: Any = None) -> Tensor:
        """The table's entries plus the out-of-vocabulary buckets."""
        from tfshim.ops.math_ops import add

        size = self._table.size() if self._table is not None else _wrap_as(np.array(0, np.int64), dtypes.int64)
        return add(size, self._num_oov_buckets)

    def lookup(self, keys: Any, name: Any = None) -> Any:
        from tfshim.ops.array_ops import where
        from tfshim.ops.math_ops import add, cast, not_equal
        from tfshim.ops.string_ops import as_string, to_hash_bucket_fast

        if keys.dtype.base_dtype != self._key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self._key_dtype}, received: {keys.dtype}")
        values, rebuild = _lookup_values(keys)
        if self._table is not None and self._table.key_dtype == dtypes.int64:
            values = cast(values, dtypes.int64)
        text = values if values.dtype == dtypes.string else as_string(values)
        ids = to_hash_bucket_fast(text, num_buckets=self._num_oov_buckets)
        if self._table is not None:
            found = self._table.lookup(values)
            ids = where(not_equal(found, self._table.default_value), found, add(ids, self._table.size()))
        return rebuild(ids)

    __getitem__ = lookup
