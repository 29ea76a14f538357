"""File-reading datasets (TF: data/ops/readers.py, data/experimental/ops/readers.py, and
Dataset.list_files): local files only, read lazily line by line."""

from __future__ import annotations

import collections
import csv
import glob
import io
from collections.abc import Iterator
from typing import Any

import numpy as np

from tfshim.data.ops.dataset_ops import UNKNOWN, DatasetV2, _IteratorError, _TensorSliceDataset
from tfshim.eager.def_function import TensorSpec
from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.util.tf_export import tf_export


def _filenames(filenames: Any) -> list[str]:
    if isinstance(filenames, DatasetV2):
        return [_text(flat[0]) for flat in filenames._elements()]
    if isinstance(filenames, Tensor):
        return [_as_str(v) for v in np.ravel(filenames._value)]
    if isinstance(filenames, (str, bytes)) or hasattr(filenames, "__fspath__"):
        return [_as_str(filenames)]
    return [_as_str(f._value[()] if isinstance(f, Tensor) else f) for f in filenames]


def _as_str(v: Any) -> str:
    if hasattr(v, "__fspath__"):
        v = v.__fspath__()
    return v.decode() if isinstance(v, bytes) else str(v)


def _text(t: Tensor) -> str:
    return _as_str(t._value[()])


def _open(path: str) -> Any:
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise _IteratorError(errors.NotFoundError, f"{path}; No such file or directory") from None


def _scalar(value: Any, dtype: Any) -> Tensor:
    return _wrap_as(np.array(value, dtype=object if dtype == dtypes.string else dtype.as_numpy_dtype), dtype)


@tf_export("data.TextLineDataset")
class TextLineDatasetV2(DatasetV2):
    """TF: tf.data.TextLineDataset: the lines of text files, without their line endings."""

    def __init__(self, filenames: Any, compression_type: Any = None, buffer_size: Any = None,
                 num_parallel_reads: Any = None, name: Any = None) -> None:
        if compression_type not in (None, ""):
            raise NotImplementedError("tf.data.TextLineDataset(compression_type=...) is not implemented by tfshim")
        super().__init__(TensorSpec((), dtypes.string))
        self._files = _filenames(filenames)

    def _elements(self) -> Iterator[list]:
        for path in self._files:
            with _open(path) as fh:
                for line in fh:
                    if line.endswith(b"\n"):
                        line = line[:-1]
                        if line.endswith(b"\r"):
                            line = line[:-1]
                    yield [_scalar(line, dtypes.string)]


_CSV_TYPES = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.string)


def _record_default(value: Any) -> tuple[Any, Any]:
    """(dtype, default or None when the field is required)."""
    if isinstance(value, dtypes.DType):
        return value, None
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    t = convert_to_tensor(value)
    if t._value.size == 0:
        return t._dtype, None
    return t._dtype, t._value.reshape(-1)[0]


@tf_export("data.experimental.CsvDataset")
class CsvDatasetV2(DatasetV2):
    """TF: tf.data.experimental.CsvDataset: one tuple of scalars per CSV record."""

    def __init__(self, filenames: Any, record_defaults: Any, compression_type: Any = None, buffer_size: Any = None,
                 header: bool = False, field_delim: str = ",", use_quote_delim: bool = True, na_value: str = "",
                 select_cols: Any = None, exclude_cols: Any = None) -> None:
        if compression_type not in (None, ""):
            raise NotImplementedError("tf.data.experimental.CsvDataset(compression_type=...) is not implemented "
                                      "by tfshim")
        self._defaults = [_record_default(v) for v in record_defaults]
        for dt, _ in self._defaults:
            if dt not in _CSV_TYPES:
                raise TypeError(f"tfshim: CsvDataset does not support columns of type {dt!r}")
        if select_cols is not None and exclude_cols is not None:
            raise ValueError("Either select_cols or exclude_cols should be empty")
        if select_cols is not None and len(select_cols) != len(self._defaults):
            raise ValueError("Length of select_cols and record_defaults should match")
        super().__init__(tuple(TensorSpec((), dt) for dt, _ in self._defaults))
        self._files = _filenames(filenames)
        self._header, self._delim, self._quote = bool(header), field_delim, bool(use_quote_delim)
        self._na = na_value
        self._select = None if select_cols is None else [int(c) for c in select_cols]
        self._exclude = None if exclude_cols is None else {int(c) for c in exclude_cols}

    def _card(self) -> int:
        return UNKNOWN

    def _rows(self, path: str) -> Iterator[list[str]]:
        with _open(path) as fh:
            text = io.TextIOWrapper(fh, encoding="utf-8", newline="")
            reader = csv.reader(text, delimiter=self._delim,
                                quoting=csv.QUOTE_MINIMAL if self._quote else csv.QUOTE_NONE)
            first = True
            for row in reader:
                if first and self._header:
                    first = False
                    continue
                first = False
                yield row

    def _elements(self) -> Iterator[list]:
        for path in self._files:
            for row in self._rows(path):
                if self._select is not None:
                    cols = self._select
                elif self._exclude is not None:
                    cols = [i for i in range(len(row)) if i not in self._exclude]
                else:
                    cols = list(range(len(row)))
                if self._select is None and len(cols) != len(self._defaults):
                    raise _IteratorError(errors.InvalidArgumentError,
                                         f"Expect {len(self._defaults)} fields but have {len(cols)} in record")
                out = []
                for k, (col, (dt, default)) in enumerate(zip(cols, self._defaults)):
                    field = row[col] if col < len(row) else ""
                    if field == "" or field == self._na:
                        if default is None:
                            raise _IteratorError(errors.InvalidArgumentError,
                                                 f"Field {k} is required but missing in record!")
                        out.append(_scalar(default, dt))
                        continue
                    out.append(self._parse(field, dt, k))
                yield out

    @staticmethod
    def _parse(field: str, dt: Any, k: int) -> Tensor:
        if dt == dtypes.string:
            return _scalar(field.encode(), dt)
        try:
            value: Any = int(field) if dt in (dtypes.int32, dtypes.int64) else float(field)
        except ValueError:
            kind = "int" if dt in (dtypes.int32, dtypes.int64) else "float"
            raise _IteratorError(errors.InvalidArgumentError,
                                 f"Field {k} in record is not a valid {kind}: {field}") from None
        return _scalar(value, dt)


def _infer_type(values: list[str]) -> Any:
    kinds = [dtypes.int32, dtypes.int64, dtypes.float32, dtypes.string]
    best = 0
    for v in values:
        if v == "":
            continue
        while best < 3:
            try:
                if best <= 1:
                    n = int(v)
                    if best == 0 and not -2**31 <= n < 2**31:
                        best = 1
                        continue
                else:
                    float(v)
                break
            except ValueError:
                best = 2 if best < 2 else 3
        if best == 3:
            break
    return kinds[best]


@tf_export("data.experimental.make_csv_dataset")
def make_csv_dataset(file_pattern: Any, batch_size: int, column_names: Any = None, column_defaults: Any = None,
                     label_name: Any = None, select_columns: Any = None, field_delim: str = ",",
                     use_quote_delim: bool = True, na_value: str = "", header: bool = True, num_epochs: Any = None,
                     shuffle: bool = True, shuffle_buffer_size: int = 10000, shuffle_seed: Any = None,
                     prefetch_buffer_size: Any = None, num_parallel_reads: Any = None, sloppy: bool = False,
                     num_rows_for_inference: int = 100, compression_type: Any = None,
                     ignore_errors: bool = False, encoding: str = "utf-8") -> DatasetV2:
    """TF: tf.data.experimental.make_csv_dataset: batches of (OrderedDict of columns[, label])."""
    files = sorted(set(f for p in _filenames(file_pattern) for f in glob.glob(p)))
    if not files:
        raise ValueError(f"No files match `file_pattern` {file_pattern}.")
    probe = CsvDatasetV2.__new__(CsvDatasetV2)
    probe._delim, probe._quote, probe._header = field_delim, use_quote_delim, False
    rows = probe._rows(files[0])
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header` argument to be set.")
        column_names = next(rows)
    elif header:
        next(rows)
    column_names = list(column_names)
    if label_name is not None and label_name not in column_names:
        raise ValueError(f"`label_name` provided must be one of the columns: {column_names}. Received: {label_name}.")
    if select_columns is not None:
        select = [column_names.index(c) if isinstance(c, str) else int(c) for c in select_columns]
        select.sort()
    else:
        select = list(range(len(column_names)))
    if column_defaults is None:
        sample = [r for _, r in zip(range(num_rows_for_inference), rows)]
        column_defaults = [_infer_type([r[i] if i < len(r) else "" for r in sample]) for i in select]
        column_defaults = [[_default_of(dt)] for dt in column_defaults]
    names = [column_names[i] for i in select]
    csv_sets = [CsvDatasetV2(f, column_defaults, header=header, field_delim=field_delim,
                             use_quote_delim=use_quote_delim, na_value=na_value, select_cols=select) for f in files]
    ds: DatasetV2 = csv_sets[0]
    for extra in csv_sets[1:]:
        ds = ds.concatenate(extra)
    if ignore_errors:
        ds = ds.ignore_errors()
    ds = ds.repeat(num_epochs)
    if shuffle:
        ds = ds.shuffle(shuffle_buffer_size, shuffle_seed)
    ds = ds.batch(batch_size)

    def to_features(*columns: Any) -> Any:
        features = collections.OrderedDict(zip(names, columns))
        if label_name is None:
            return features
        label = features.pop(label_name)
        return features, label

    return ds.map(to_features).prefetch(-1)


def _default_of(dt: Any) -> Any:
    if dt == dtypes.string:
        return ""
    return dt.as_numpy_dtype(0)


def list_files(file_pattern: Any, shuffle: Any = None, seed: Any = None) -> DatasetV2:
    patterns = _filenames(file_pattern)
    matches = sorted(f for p in patterns for f in glob.glob(p))
    if not matches:
        pattern_text = ", ".join(patterns)
        raise errors.InvalidArgumentError(
            None, None, f"Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
                        f"b'No files matched pattern: {pattern_text}'")
    ds = _TensorSliceDataset(np.array([m.encode() for m in matches], dtype=object))
    if shuffle is None or shuffle:
        ds = ds.shuffle(len(matches), seed=seed)
    return ds


