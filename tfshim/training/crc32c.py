"""CRC-32C (Castagnoli), as TF's checkpoint files use it (TF: tensorflow/core/lib/hash/crc32c.h).

A table-driven pure Python implementation over NumPy-free bytes: checkpoints of guide-sized models checksum in
milliseconds; multi-megabyte variables take about a second per megabyte.
"""

from __future__ import annotations

_POLY = 0x82F63B78  # the reflected Castagnoli polynomial
_MASK_DELTA = 0xA282EAD8


def _table() -> list[int]:
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ _POLY if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _table()


def extend(crc: int, data: bytes) -> int:
    """The CRC-32C of what `crc` covered followed by `data`."""
    table = _TABLE
    c = crc ^ 0xFFFFFFFF
    for b in data:
        c = table[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def value(data: bytes) -> int:
    return extend(0, data)


def mask(crc: int) -> int:
    """TF's masked form of a CRC stored beside the data it covers (rotate right by 15, add a constant)."""
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


def unmask(masked: int) -> int:
    rot = (masked - _MASK_DELTA) & 0xFFFFFFFF
    return ((rot >> 17) | (rot << 15)) & 0xFFFFFFFF
