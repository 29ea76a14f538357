"""TF's StructuredValue proto for function signatures (TF: python/saved_model/nested_structure_coder.py,
core/protobuf/struct.proto): None, Python scalars and strings, lists, tuples, dicts, named tuples, TensorShape,
DType and TensorSpec.
"""

from __future__ import annotations

import collections
import struct
from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.tensor_spec import TensorSpec
from tfshim.saved_model.graph_proto import decode_shape, encode_shape
from tfshim.training.proto_wire import field_bytes, field_varint, first, parse, text, varint


def _zigzag(n: int) -> int:
    return (n << 1) ^ (n >> 63)


def encode(value: Any) -> bytes:
    """A StructuredValue message for `value`."""
    if value is None:
        return field_bytes(1, b"", always=True)
    if isinstance(value, bool):
        return varint(14 << 3) + varint(int(value))
    if isinstance(value, int):
        return varint(12 << 3) + varint(_zigzag(value) & ((1 << 64) - 1))
    if isinstance(value, float):
        return varint((11 << 3) | 1) + struct.pack("<d", value)
    if isinstance(value, str):
        return field_bytes(13, value, always=True)
    if isinstance(value, TensorShape):
        return field_bytes(31, encode_shape(value), always=True)
    if isinstance(value, dtypes.DType):
        return field_varint(32, value.as_datatype_enum) or varint(32 << 3) + varint(0)
    if isinstance(value, TensorSpec):
        spec = field_bytes(1, value.name or "") + field_bytes(2, encode_shape(value.shape), always=True)
        return field_bytes(33, spec + field_varint(3, value.dtype.as_datatype_enum), always=True)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        pairs = b"".join(field_bytes(2, field_bytes(1, k, always=True) + field_bytes(2, encode(v), always=True),
                                     always=True) for k, v in zip(value._fields, value))
        return field_bytes(54, field_bytes(1, type(value).__name__) + pairs, always=True)
    if isinstance(value, (list, tuple)):
        items = b"".join(field_bytes(1, encode(v), always=True) for v in value)
        return field_bytes(51 if isinstance(value, list) else 52, items, always=True)
    if isinstance(value, dict):
        fields = b"".join(field_bytes(1, field_bytes(1, str(k), always=True) + field_bytes(2, encode(v), always=True),
                                      always=True) for k, v in value.items())
        return field_bytes(53, fields, always=True)
    raise ValueError(f"No encoder for object {value!r} of type {type(value)}.")


def decode(data: bytes) -> Any:
    """The Python value of a StructuredValue message."""
    f = parse(data)
    if 1 in f:
        return None
    if 11 in f:
        return struct.unpack("<d", struct.pack("<Q", first(f, 11)))[0]
    if 12 in f:
        n = first(f, 12)
        return (n >> 1) ^ -(n & 1)
    if 13 in f:
        return text(first(f, 13))
    if 14 in f:
        return bool(first(f, 14))
    if 31 in f:
        return decode_shape(first(f, 31))
    if 32 in f:
        return dtypes.as_dtype(first(f, 32))
    if 33 in f:
        s = parse(first(f, 33))
        name = text(first(s, 1, b""))
        return TensorSpec(decode_shape(first(s, 2, b"")), dtypes.as_dtype(first(s, 3)), name=name or None)
    if 51 in f or 52 in f:
        items = [decode(v) for v in parse(first(f, 51 if 51 in f else 52)).get(1, [])]
        return items if 51 in f else tuple(items)
    if 53 in f:
        out = {}
        for entry in parse(first(f, 53)).get(1, []):
            e = parse(entry)
            out[text(first(e, 1, b""))] = decode(first(e, 2, b""))
        return out
    if 54 in f:
        nt = parse(first(f, 54))
        keys, values = [], []
        for pair in nt.get(2, []):
            p = parse(pair)
            keys.append(text(first(p, 1, b"")))
            values.append(decode(first(p, 2, b"")))
        return collections.namedtuple(text(first(nt, 1, b"")), keys)(*values)
    return None
