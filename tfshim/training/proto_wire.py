"""The protocol buffer wire format, for the few messages checkpoints need (no protobuf dependency).

Messages are written field by field with `field_varint`, `field_bytes` and `field_fixed32`, and read back with
`parse` into {field number: [values]} (varints as ints, length-delimited fields as bytes, fixed fields as ints),
which the callers interpret by TF's .proto definitions (tensor_bundle.proto, trackable_object_graph.proto).
"""

from __future__ import annotations

import struct
from typing import Any


def varint(value: int) -> bytes:
    if value < 0:  # negative int32/int64 values take ten bytes, as two's complement in 64 bits
        value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_varint(data: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(data):
            raise ValueError("truncated varint")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7


def field_varint(number: int, value: int) -> bytes:
    """A varint field (int32, int64, bool, enum); proto3 omits zero values, so does this."""
    return varint(number << 3) + varint(int(value)) if value else b""


def field_bytes(number: int, value: bytes | str, always: bool = False) -> bytes:
    """A length-delimited field (string, bytes, sub-message); empty ones are omitted unless `always`."""
    if isinstance(value, str):
        value = value.encode("utf-8")
    if not value and not always:
        return b""
    return varint((number << 3) | 2) + varint(len(value)) + value


def field_fixed32(number: int, value: int) -> bytes:
    return varint((number << 3) | 5) + struct.pack("<I", value)


def field_float(number: int, value: float) -> bytes:
    return varint((number << 3) | 5) + struct.pack("<f", value) if value else b""


def field_double(number: int, value: float) -> bytes:
    return varint((number << 3) | 1) + struct.pack("<d", value) if value else b""


def parse(data: bytes) -> dict[int, list]:
    """The fields of a serialized message: {number: [value, ...]} in the order they appear."""
    fields: dict[int, list] = {}
    pos = 0
    while pos < len(data):
        key, pos = read_varint(data, pos)
        number, wire_type = key >> 3, key & 7
        value: Any
        if wire_type == 0:
            value, pos = read_varint(data, pos)
        elif wire_type == 1:
            value = int.from_bytes(data[pos:pos + 8], "little")
            pos += 8
        elif wire_type == 2:
            length, pos = read_varint(data, pos)
            value = data[pos:pos + length]
            pos += length
        elif wire_type == 5:
            value = int.from_bytes(data[pos:pos + 4], "little")
            pos += 4
        else:
            raise ValueError(f"unsupported protocol buffer wire type {wire_type}")
        if pos > len(data):
            raise ValueError("truncated protocol buffer message")
        fields.setdefault(number, []).append(value)
    return fields


def first(fields: dict[int, list], number: int, default: Any = 0) -> Any:
    values = fields.get(number)
    return values[-1] if values else default


def as_int64(value: int) -> int:
    """A varint read back as a signed 64-bit integer."""
    return value - (1 << 64) if value >= 1 << 63 else value


def text(value: object) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)
