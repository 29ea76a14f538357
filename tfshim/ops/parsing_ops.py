"""tf.io.parse_example and parse_single_example (TF: python/ops/parsing_ops.py, the ParseExampleV2 kernel of
core/util/example_proto_fast_parsing.cc).

Serialized `tf.train.Example`s are read with tfshim's own protocol buffer wire decoder
(training/proto_wire.py): no protobuf package is needed to parse. Each example gives, per key, its list of
values and their type; the outputs are then built as TF builds them: VarLenFeature -> SparseTensor,
FixedLenFeature -> dense Tensor (a default, or TF's error, for a missing or empty feature),
FixedLenSequenceFeature -> dense Tensor padded to the longest example, RaggedFeature -> RaggedTensor with the
example's own partitions applied innermost first. The result dict is ordered as TF's: sparse keys, dense keys,
ragged keys, each sorted.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.sparse_tensor import SparseTensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops.op import disallowed_dtype, tf_export
from tfshim.ops.parsing_config import ParseOpParams, RaggedFeature
from tfshim.training import proto_wire

_INT64, _FLOAT, _BYTES = "int64", "float", "bytes"
_KIND = {1: _BYTES, 2: _FLOAT, 3: _INT64}  # tensorflow.Feature's oneof field numbers
_KIND_OF_DTYPE = {dtypes.int64: _INT64, dtypes.float32: _FLOAT, dtypes.string: _BYTES}
_TYPE_NAME = {_INT64: "int64", _FLOAT: "float", _BYTES: "string"}  # TF's DataTypeString
_ALLOWED = (dtypes.float32, dtypes.int64, dtypes.string)


class _ParseError(Exception):
    pass


def _feature_values(data: bytes) -> tuple[str | None, list]:
    """(kind, values) of one serialized tensorflow.Feature; kind None when no list is set (TF: any type)."""
    fields = proto_wire.parse(data)
    kind, payload = None, None
    for number in (1, 2, 3):
        if number in fields:
            if not all(isinstance(v, bytes) for v in fields[number]):
                raise _ParseError
            # the oneof's last occurrence wins; repeated occurrences of one list merge
            kind, payload = _KIND[number], fields[number]
    if kind is None:
        return None, []
    values: list = []
    for chunk in payload:  # type: ignore[union-attr]
        items = proto_wire.parse(chunk).get(1, [])
        for item in items:
            if kind == _BYTES:
                if not isinstance(item, bytes):
                    raise _ParseError
                values.append(item)
            elif kind == _FLOAT:
                if isinstance(item, bytes):  # packed
                    if len(item) % 4:
                        raise _ParseError
                    values.extend(struct.unpack("<%df" % (len(item) // 4), item))
                else:
                    values.append(struct.unpack("<f", int(item).to_bytes(4, "little"))[0])
            elif isinstance(item, bytes):  # packed varints
                pos = 0
                while pos < len(item):
                    v, pos = proto_wire.read_varint(item, pos)
                    values.append(proto_wire.as_int64(v))
            else:
                values.append(proto_wire.as_int64(item))
    return kind, values


def _parse_example(data: bytes) -> dict:
    """{key: (kind, values)} of one serialized tensorflow.Example (a later entry for a key wins, as in
    protobuf maps)."""
    out: dict = {}
    for features in proto_wire.parse(data).get(1, []):
        if not isinstance(features, bytes):
            raise _ParseError
        for entry in proto_wire.parse(features).get(1, []):
            if not isinstance(entry, bytes):
                raise _ParseError
            fields = proto_wire.parse(entry)
            key = proto_wire.first(fields, 1, b"")
            value = proto_wire.first(fields, 2, b"")
            if not isinstance(key, bytes) or not isinstance(value, bytes):
                raise _ParseError
            out[key.decode("utf-8", "replace")] = _feature_values(value)
    return out


def _np_values(values: list, dtype: dtypes.DType) -> np.ndarray:
    if dtype == dtypes.string:
        arr = np.empty(len(values), dtype=object)
        arr[:] = values
        return arr
    return np.array(values, dtype=dtype.as_numpy_dtype).reshape(len(values))


def _shape_text(shape: Any) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


class _Parse:
    """One ParseExampleV2 call: its error texts name the op as TF's do."""

    def __init__(self, params: ParseOpParams) -> None:
        self.params = params
        self.node = ("ParseExampleV2_Tdense_%d_num_sparse_%d_ragged_split_types_%d_ragged_value_types_%d_"
                     "sparse_types_%d" % (len(params.dense_keys), len(params.sparse_keys), len(params.ragged_keys),
                                          len(params.ragged_keys), len(params.sparse_keys)))

    def error(self, message: str) -> errors.InvalidArgumentError:
        return errors.InvalidArgumentError(None, None, "{{function_node __wrapped__%s_device_/job:localhost/replica:0/"
                                           "task:0/device:CPU:0}} %s [Op:ParseExampleV2]" % (self.node, message))

    def examples(self, serialized: list) -> list:
        out = []
        for s in serialized:
            try:
                out.append(_parse_example(s))
            except (_ParseError, ValueError):
                # TF's message passes through a C string: it ends at the value's first NUL byte
                message = "Could not parse example input, value: '%s'" % s.decode("utf-8", "replace")
                raise self.error(message.split("\x00")[0]) from None
        return out

    def values(self, example: dict, key: str, dtype: dtypes.DType, name: str, index: int) -> list | None:
        """The example's values for `key` checked against `dtype` (None when the key is absent)."""
        if key not in example:
            return None
        kind, values = example[key]
        if kind is not None and kind != _KIND_OF_DTYPE[dtype]:
            raise self.error(f"Name: {name}, Key: {key}, Index: {index}.  Data types don't match. Expected type: "
                             f"{_TYPE_NAME[_KIND_OF_DTYPE[dtype]]}, Actual type: {_TYPE_NAME[kind]}")
        return values

    def sparse(self, examples: list, names: list, key: str, dtype: dtypes.DType) -> tuple:
        rows = [self.values(ex, key, dtype, names[i], i) or [] for i, ex in enumerate(examples)]
        indices = [[i, j] for i, row in enumerate(rows) for j in range(len(row))]
        width = max((len(r) for r in rows), default=0)
        return (np.array(indices, np.int64).reshape(len(indices), 2),
                _np_values([v for r in rows for v in r], dtype), np.array([len(rows), width], np.int64))

    def dense(self, examples: list, names: list, key: str, dtype: dtypes.DType, default: Any) -> np.ndarray:
        params = self.params
        shape = params.dense_shape(key).as_list()
        kind = _KIND_OF_DTYPE[dtype]
        if key in params.dense_sequence:
            return self._sequence(examples, names, key, dtype, shape[1:], default)
        size = int(np.prod(shape, dtype=np.int64))
        rows = []
        for i, ex in enumerate(examples):
            entry = ex.get(key)
            if entry is None or not entry[1]:  # TF counts an empty list as missing
                if default is None:
                    raise self.error(f"Name: {names[i]}, Feature: {key} (data type: {_TYPE_NAME[kind]}) is required "
                                     "but could not be found.")
                rows.append(default)
                continue
            if entry[0] != kind:
                raise self.error(f"Name: {names[i]}, Key: {key}, Index: {i}.  Data types don't match. Data type: "
                                 f"{_TYPE_NAME[entry[0]]} but expected type: {_TYPE_NAME[kind]}")
            if len(entry[1]) != size:
                if kind == _BYTES and len(entry[1]) > size:  # TF's fast parser stops reading a longer bytes list
                    raise self.error(f"Name: {names[i]}, Key: {key}, Index: {i}.  Can't parse serialized Example.")
                raise self.error(f"Name: {names[i]}, Key: {key}, Index: {i}.  Number of {kind} values != expected.  "
                                 f"Values size: {len(entry[1])} but output shape: {_shape_text(shape)}")
            rows.append(_np_values(entry[1], dtype).reshape(shape))
        out = np.empty([len(rows)] + shape, dtype=object if dtype == dtypes.string else dtype.as_numpy_dtype)
        for i, r in enumerate(rows):
            out[i] = r
        return out

    def _sequence(self, examples: list, names: list, key: str, dtype: dtypes.DType, inner: list,
                  default: Any) -> np.ndarray:
        """FixedLenSequenceFeature (allow_missing): each example's values as rows of `inner` shape, padded."""
        size = int(np.prod(inner, dtype=np.int64))
        rows = []
        for i, ex in enumerate(examples):
            values = self.values(ex, key, dtype, names[i], i) or []
            if size == 0 or len(values) % size:
                if values:
                    raise self.error(f"Name: {names[i]}, Key: {key}, Index: {i}.  Number of values is not a multiple "
                                     f"of stride length. Saw {len(values)} values but output shape is: "
                                     f"{_shape_text([-1] + inner)}")
            rows.append(_np_values(values, dtype).reshape([-1] + inner) if size else
                        _np_values([], dtype).reshape([0] + inner))
        longest = max((r.shape[0] for r in rows), default=0)
        fill = (b"" if dtype == dtypes.string else 0) if default is None else \
            convert_to_tensor(default, dtype=dtype)._value
        out = np.empty([len(rows), longest] + inner, dtype=object if dtype == dtypes.string else dtype.as_numpy_dtype)
        out[...] = fill
        for i, r in enumerate(rows):
            out[i, :r.shape[0]] = r
        return out


def _ragged_value(values: Any, partitions: tuple, parts: dict, splits_dtype: dtypes.DType) -> Any:
    """One example's RaggedFeature value: `values` split by its partitions, innermost first (TF:
    parsing_config._add_ragged_partition)."""
    from tfshim.ops import array_ops
    from tfshim.ops.ragged.ragged_tensor import RaggedTensor

    rt = values
    for partition in reversed(partitions):
        if isinstance(partition, RaggedFeature.UniformRowLength):
            if isinstance(rt, RaggedTensor):
                rt = RaggedTensor.from_uniform_row_length(rt, partition.length, validate=False)
            else:
                rt = array_ops.reshape(rt, [-1, partition.length] + rt.shape.as_list()[1:])
            continue
        p = _wrap_as(parts[partition.key].astype(splits_dtype.as_numpy_dtype), splits_dtype)
        if isinstance(partition, RaggedFeature.RowSplits):
            rt = RaggedTensor.from_row_splits(rt, p, validate=False)
        elif isinstance(partition, RaggedFeature.RowLengths):
            rt = RaggedTensor.from_row_lengths(rt, p, validate=False)
        elif isinstance(partition, RaggedFeature.RowStarts):
            rt = RaggedTensor.from_row_starts(rt, p, validate=False)
        elif isinstance(partition, RaggedFeature.RowLimits):
            rt = RaggedTensor.from_row_limits(rt, p, validate=False)
        else:
            ids = parts[partition.key]
            nrows = max(int(ids.max()) + 1, 0) if ids.size else 0
            rt = RaggedTensor.from_value_rowids(rt, p, nrows=nrows, validate=False)
    return rt


def _batch_rows(rows: list, dtype: dtypes.DType, splits_dtype: dtypes.DType) -> Any:
    """The per-example value lists as one RaggedTensor with a row per example."""
    from tfshim.ops.ragged.ragged_tensor import RaggedTensor

    values = _np_values([v for r in rows for v in r.tolist()], dtype) if rows else _np_values([], dtype)
    splits = np.concatenate([[0], np.cumsum([len(r) for r in rows], dtype=np.int64)]).astype(np.int64)
    return RaggedTensor.from_row_splits(_wrap_as(values, dtype), _wrap_as(splits.astype(splits_dtype.as_numpy_dtype),
                                                                        splits_dtype), validate=False)


def _batched_ragged_value(ragged_rows: dict, value_key: str, feature: RaggedFeature) -> Any:
    """A RaggedFeature over a batch, with TF's arithmetic (parsing_config._add_batched_ragged_partition): each
    example's partition is offset by where its values start in the batch, which is what TF's results show when
    an example's partition does not cover exactly its values."""
    from tfshim.ops import array_ops, math_ops
    from tfshim.ops.ragged.ragged_tensor import RaggedTensor

    splits_dtype = feature.row_splits_dtype
    rt = _batch_rows(ragged_rows[value_key], feature.dtype, splits_dtype)
    for partition in reversed(feature.partitions):
        if isinstance(partition, RaggedFeature.UniformRowLength):
            length = partition.length
            splits = _wrap_as(rt.row_splits._value // length, splits_dtype)
            if rt.ragged_rank > 1:
                inner = RaggedTensor.from_uniform_row_length(rt.values, length, validate=False)
            else:
                inner = array_ops.reshape(rt.values, [-1, length] + rt.values.shape.as_list()[1:])
            rt = RaggedTensor.from_row_splits(inner, splits, validate=False)
            continue
        part = _batch_rows([r.astype(splits_dtype.as_numpy_dtype) for r in ragged_rows[partition.key]],
                           splits_dtype, splits_dtype)
        if isinstance(partition, RaggedFeature.RowSplits):
            part = part[:, 1:]
        lengths = part.row_lengths()
        if isinstance(partition, (RaggedFeature.RowSplits, RaggedFeature.RowLimits, RaggedFeature.RowStarts)):
            offsets = array_ops.repeat(rt.row_starts(), lengths)
            adjusted = math_ops.add(part.values, math_ops.cast(offsets, splits_dtype))
            build = RaggedTensor.from_row_starts if isinstance(partition, RaggedFeature.RowStarts) else \
                RaggedTensor.from_row_limits
            rt = part.with_values(build(rt.values, adjusted, validate=False))
        elif isinstance(partition, RaggedFeature.RowLengths):
            rt = part.with_values(RaggedTensor.from_row_lengths(rt.values, part.values, validate=False))
        else:  # ValueRowIds
            ids = part._nested_row_partitions[0]._splits()
            flat = part.values._value
            nrows = np.array([max(int(flat[a:b].max()) + 1, 0) if b > a else 0 for a, b in zip(ids[:-1], ids[1:])],
                             dtype=flat.dtype)
            starts = np.concatenate([[0], np.cumsum(nrows)[:-1]]).astype(flat.dtype) if len(nrows) else nrows
            adjusted = flat + np.repeat(starts, ids[1:] - ids[:-1])
            inner = RaggedTensor.from_value_rowids(rt.values, _wrap_as(adjusted, splits_dtype), validate=False)
            rt = RaggedTensor.from_row_lengths(inner, _wrap_as(nrows, splits_dtype), validate=False)
    return rt


def _serialized_list(serialized: Any, parse: _Parse) -> tuple[list, bool]:
    """The serialized examples as bytes, and whether the input was a scalar (one example, no batch dim)."""
    if isinstance(serialized, (bytes, str)):
        return [serialized.encode() if isinstance(serialized, str) else serialized], True
    t = serialized if isinstance(serialized, Tensor) else convert_to_tensor(serialized, dtype=dtypes.string)
    if t.dtype != dtypes.string:
        raise ValueError(f"Tensor conversion requested dtype string for Tensor with dtype {t.dtype.name}: {t!r}")
    value = t._value
    if value.ndim > 1:
        raise parse.error(f"Expected serialized to be a scalar or vector, got shape: {_shape_text(value.shape)}")
    return [bytes(v) for v in value.reshape(-1)], value.ndim == 0


def _names_list(example_names: Any, n: int) -> list:
    if example_names is None:
        return ["<unknown>"] * n
    t = convert_to_tensor(example_names, dtype=dtypes.string)
    names = [bytes(v).decode("utf-8", "replace") for v in t._value.reshape(-1)]
    return names if len(names) == n else ["<unknown>"] * n


def _parse(serialized: Any, features: Any, example_names: Any) -> dict:
    if not features:
        raise ValueError("Argument `features` cannot be None or falsy. Got %s" % features)
    from tfshim.ops.parsing_config import FixedLenSequenceFeature

    for feature in features.values():
        if isinstance(feature, FixedLenSequenceFeature) and not feature.allow_missing:
            raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing to be True.")
    params = ParseOpParams(features)
    for attr, types in (("Tdense", params.dense_types), ("sparse_types", params.sparse_types)):
        for dt in types:
            if dt not in _ALLOWED:
                raise disallowed_dtype("ParseExampleV2", dt, attr, suffix="")
    parse = _Parse(params)
    serialized_list, scalar = _serialized_list(serialized, parse)
    names = _names_list(example_names, len(serialized_list))
    examples = parse.examples(serialized_list)
    result: dict = {}
    for key, dtype in zip(params.sparse_keys, params.sparse_types):
        indices, values, shape = parse.sparse(examples, names, key, dtype)
        if scalar:
            indices, shape = indices[:, 1:], shape[1:]
        result[key] = SparseTensor(_wrap_as(indices, dtypes.int64), _wrap_as(values, dtype),
                                   _wrap_as(shape, dtypes.int64))
    for key, dtype in zip(params.dense_keys, params.dense_types):
        default = params.dense_defaults.get(key)
        if default is not None and key not in params.dense_sequence:
            from tfshim.ops import array_ops

            default = array_ops.reshape(convert_to_tensor(default, dtype=dtype),
                                        params.dense_shape(key).as_list())._value
        dense = parse.dense(examples, names, key, dtype, default)
        result[key] = _wrap_as(dense[0] if scalar else dense, dtype)
    # the ragged keys' per-example values (value keys and partition keys alike)
    ragged_rows = {key: [_np_values(parse.values(ex, key, dtype, names[i], i) or [], dtype)
                         for i, ex in enumerate(examples)]
                   for key, dtype in zip(params.ragged_keys, params.ragged_value_types)}
    for key in sorted(features):
        feature = features[key]
        if not isinstance(feature, RaggedFeature):
            continue
        value_key = key if feature.value_key is None else feature.value_key
        if scalar:
            parts = {k: ragged_rows[k][0] for k in ragged_rows}
            result[key] = _ragged_value(_wrap_as(ragged_rows[value_key][0], feature.dtype), feature.partitions,
                                        parts, feature.row_splits_dtype)
        else:
            result[key] = _batched_ragged_value(ragged_rows, value_key, feature)
    return _ordered(result, params, features)


def _ordered(result: dict, params: ParseOpParams, features: dict) -> dict:
    """TF's order: the op's sparse, dense and ragged keys (sorted in each), then RaggedFeatures named apart from
    their values; keys used only as values or partitions dropped."""
    order = params.sparse_keys + params.dense_keys + params.ragged_keys
    keys = [k for k in order if k in features] + [k for k in sorted(features) if k not in order]
    return {k: result[k] for k in keys}


@tf_export("io.parse_example")
def parse_example(serialized: Any, features: Any, example_names: Any = None, name: Any = None) -> dict:
    """TF: tf.io.parse_example: a batch (vector) of serialized Examples into a dict of Tensors, SparseTensors
    and RaggedTensors with a leading batch dimension (none for a scalar `serialized`)."""
    return _parse(serialized, features, example_names)


@tf_export("io.parse_single_example")
def parse_single_example(serialized: Any, features: Any, example_names: Any = None, name: Any = None) -> dict:
    """TF: tf.io.parse_single_example: one serialized Example (a scalar) into a dict without batch dimension."""
    if isinstance(serialized, Tensor) and serialized.shape.rank not in (None, 0):
        raise ValueError(f"Shape {serialized.shape} must have rank 0")
    return _parse(serialized, features, example_names)
