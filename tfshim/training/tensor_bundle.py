"""TF's tensor bundle, the on-disk form of a checkpoint (TF: tensorflow/core/util/tensor_bundle/).

`<prefix>.data-00000-of-00001` holds the tensors' bytes one after another; `<prefix>.index` is a LevelDB-format
table (TF: tensorflow/core/lib/io/table_builder.cc) mapping "" to a BundleHeaderProto and each tensor's key to a
BundleEntryProto (dtype, shape, offset, size, masked CRC-32C). Blocks are uncompressed, each followed by its type
byte and masked CRC-32C; a 48-byte footer gives the index block and ends with the table magic number.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.training import crc32c
from tfshim.training.proto_wire import field_bytes, field_fixed32, field_varint, first, parse, read_varint, varint

TABLE_MAGIC = 0xDB4775248B80FB57
BLOCK_SIZE = 262144  # TF's table options: 256 KiB data blocks, a restart point every 16 keys
RESTART_INTERVAL = 16
FOOTER_SIZE = 48


def data_path(prefix: str) -> str:
    return f"{prefix}.data-00000-of-00001"


def index_path(prefix: str) -> str:
    return f"{prefix}.index"


# ---- the LevelDB table ---------------------------------------------------------------------------------------

def _block(entries: list[tuple[bytes, bytes]], restart_interval: int) -> bytes:
    out = bytearray()
    restarts = []
    last = b""
    for i, (key, value) in enumerate(entries):
        if i % restart_interval == 0:
            restarts.append(len(out))
            shared = 0
        else:
            shared = 0
            limit = min(len(last), len(key))
            while shared < limit and last[shared] == key[shared]:
                shared += 1
        out += varint(shared) + varint(len(key) - shared) + varint(len(value)) + key[shared:] + value
        last = key
    if not restarts:
        restarts.append(0)
    out += b"".join(struct.pack("<I", r) for r in restarts) + struct.pack("<I", len(restarts))
    return bytes(out)


def _shortest_separator(start: bytes, limit: bytes) -> bytes:
    """A short key k with start <= k < limit (LevelDB's BytewiseComparator::FindShortestSeparator)."""
    i = 0
    while i < min(len(start), len(limit)) and start[i] == limit[i]:
        i += 1
    if i < min(len(start), len(limit)) and start[i] < 0xFF and start[i] + 1 < limit[i]:
        return start[:i] + bytes([start[i] + 1])
    return start


def _short_successor(key: bytes) -> bytes:
    for i, b in enumerate(key):
        if b != 0xFF:
            return key[:i] + bytes([b + 1])
    return key


def build_table(entries: list[tuple[bytes, bytes]]) -> bytes:
    """A LevelDB table of `entries` (sorted by key), as TF's TableBuilder writes it without compression."""
    out = bytearray()

    def write_block(contents: bytes) -> bytes:
        handle = varint(len(out)) + varint(len(contents))
        trailer = b"\x00"  # no compression
        out.extend(contents + trailer + struct.pack("<I", crc32c.mask(crc32c.value(contents + trailer))))
        return handle

    blocks: list[list[tuple[bytes, bytes]]] = [[]]
    size = 0
    for key, value in entries:
        blocks[-1].append((key, value))
        size += len(key) + len(value) + 8
        if size >= BLOCK_SIZE:
            blocks.append([])
            size = 0
    if not blocks[-1] and len(blocks) > 1:
        blocks.pop()
    index = []
    for i, block in enumerate(blocks):
        handle = write_block(_block(block, RESTART_INTERVAL))
        last = block[-1][0] if block else b""
        sep = _shortest_separator(last, blocks[i + 1][0][0]) if i + 1 < len(blocks) else _short_successor(last)
        if block:
            index.append((sep, handle))
    meta_handle = write_block(_block([], RESTART_INTERVAL))
    index_handle = write_block(_block(index, 1))
    footer = (meta_handle + index_handle).ljust(FOOTER_SIZE - 8, b"\x00") + struct.pack("<Q", TABLE_MAGIC)
    return bytes(out + footer)


def _read_block(data: bytes, handle: bytes, path: str) -> Iterator[tuple[bytes, bytes]]:
    offset, pos = read_varint(handle, 0)
    size, _ = read_varint(handle, pos)
    contents = data[offset:offset + size]
    trailer = data[offset + size:offset + size + 5]
    if len(trailer) < 5 or crc32c.mask(crc32c.value(contents + trailer[:1])) != struct.unpack("<I", trailer[1:])[0]:
        raise errors.DataLossError(None, None, f"corrupted compressed block contents: {path}")
    num_restarts = struct.unpack("<I", contents[-4:])[0]
    end = len(contents) - 4 - 4 * num_restarts
    pos, key = 0, b""
    while pos < end:
        shared, pos = read_varint(contents, pos)
        non_shared, pos = read_varint(contents, pos)
        value_len, pos = read_varint(contents, pos)
        key = key[:shared] + contents[pos:pos + non_shared]
        pos += non_shared
        yield key, contents[pos:pos + value_len]
        pos += value_len


def read_table(path: str) -> dict[bytes, bytes]:
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < FOOTER_SIZE or struct.unpack("<Q", data[-8:])[0] != TABLE_MAGIC:
        raise errors.DataLossError(None, None, f"not an sstable (bad magic number): {path}")
    footer = data[-FOOTER_SIZE:]
    _, pos = read_varint(footer, 0)
    _, pos = read_varint(footer, pos)  # the metaindex handle (an empty block)
    index_start = pos
    _, pos = read_varint(footer, pos)
    _, pos = read_varint(footer, pos)
    table: dict[bytes, bytes] = {}
    for _, handle in _read_block(data, footer[index_start:pos], path):
        table.update(_read_block(data, handle, path))
    return table


# ---- the bundle ------------------------------------------------------------------------------------------------

def _shape_proto(shape: tuple[int, ...]) -> bytes:
    return b"".join(field_bytes(2, field_varint(1, d), always=True) for d in shape)


def _encode_strings(values: np.ndarray) -> tuple[bytes, int]:
    """TF's string tensor layout: varint lengths, their masked checksum, then the bytes."""
    items = [v if isinstance(v, bytes) else str(v).encode("utf-8") for v in values.reshape(-1).tolist()]
    lengths = b"".join(varint(len(s)) for s in items)
    crc = 0
    for s in items:
        crc = crc32c.extend(crc, struct.pack("<I", len(s) & 0xFFFFFFFF))
    length_checksum = struct.pack("<I", crc32c.mask(crc))
    crc = crc32c.extend(crc, length_checksum)
    body = b"".join(items)
    crc = crc32c.extend(crc, body)
    return lengths + length_checksum + body, crc


def write_bundle(prefix: str, tensors: list[tuple[str, np.ndarray, dtypes.DType]]) -> None:
    """Writes `tensors` (key, value, dtype), in that order, as the bundle `prefix`."""
    directory = os.path.dirname(prefix)
    if directory:
        os.makedirs(directory, exist_ok=True)
    chunks = []
    offset = 0
    entries = []
    for key, value, dtype in tensors:
        if dtype == dtypes.string:
            raw, crc = _encode_strings(np.asarray(value, dtype=object))
        else:
            raw = np.ascontiguousarray(value, dtype=np.dtype(dtype.as_numpy_dtype).newbyteorder("<")).tobytes()
            crc = crc32c.value(raw)
        entry = (field_varint(1, dtype.as_datatype_enum) + field_bytes(2, _shape_proto(np.shape(value)), always=True)
                 + field_varint(4, offset) + field_varint(5, len(raw)) + field_fixed32(6, crc32c.mask(crc)))
        entries.append((key.encode("utf-8"), entry))
        chunks.append(raw)
        offset += len(raw)
    header = field_varint(1, 1) + field_bytes(3, field_varint(1, 1))  # one shard, little endian, version 1
    entries.append((b"", header))
    entries.sort(key=lambda e: e[0])
    tmp_data, tmp_index = data_path(prefix) + ".tempstate", index_path(prefix) + ".tempstate"
    with open(tmp_data, "wb") as f:
        f.write(b"".join(chunks))
    with open(tmp_index, "wb") as f:
        f.write(build_table(entries))
    os.replace(tmp_data, data_path(prefix))
    os.replace(tmp_index, index_path(prefix))


_BY_ENUM = {d.as_datatype_enum: d for d in dtypes._BY_NAME.values()}


class BundleEntry:
    """One tensor's BundleEntryProto."""

    def __init__(self, key: str, proto: bytes) -> None:
        fields = parse(proto)
        self.key = key
        self.dtype = _BY_ENUM[int(first(fields, 1))]
        shape_fields = parse(first(fields, 2, b""))
        self.shape = tuple(int(first(parse(d), 1)) for d in shape_fields.get(2, []))
        self.shard_id = int(first(fields, 3))
        self.offset = int(first(fields, 4))
        self.size = int(first(fields, 5))
        self.crc32c = int(first(fields, 6))
        self.has_slices = bool(fields.get(7))


class BundleReader:
    """Reads the tensors of the bundle `prefix` (TF: BundleReader / py_checkpoint_reader)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        path = index_path(prefix)
        if not os.path.exists(path):
            raise errors.NotFoundError(
                None, None, f"Unsuccessful TensorSliceReader constructor: Failed to find any matching files for "
                f"{prefix}")
        table = read_table(path)
        self.entries = {k.decode("utf-8"): BundleEntry(k.decode("utf-8"), v) for k, v in table.items() if k}
        self._data: bytes | None = None

    def _bytes(self) -> bytes:
        if self._data is None:
            with open(data_path(self.prefix), "rb") as f:
                self._data = f.read()
        return self._data

    def has_tensor(self, key: str) -> bool:
        return key in self.entries

    def tensor(self, key: str) -> np.ndarray:
        entry = self.entries.get(key)
        if entry is None:
            raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
        if entry.dtype in (dtypes.variant, dtypes.resource):  # TF's reader cannot convert these either
            raise errors.InternalError(None, None, f"Tensorflow type {entry.dtype.as_datatype_enum} not "
                                       "convertible to numpy dtype.")
        raw = self._bytes()[entry.offset:entry.offset + entry.size]
        if entry.dtype == dtypes.string:
            n = int(np.prod(entry.shape, dtype=np.int64))
            lengths = []
            pos = 0
            for _ in range(n):
                length, pos = read_varint(raw, pos)
                lengths.append(length)
            pos += 4
            items = []
            for length in lengths:
                items.append(raw[pos:pos + length])
                pos += length
            return np.array(items, dtype=object).reshape(entry.shape)
        if crc32c.mask(crc32c.value(raw)) != entry.crc32c:
            raise errors.DataLossError(None, None, f"Checksum does not match: stored {entry.crc32c} vs. "
                                       f"calculated on the restored bytes {crc32c.mask(crc32c.value(raw))}")
        return np.frombuffer(raw, dtype=np.dtype(entry.dtype.as_numpy_dtype).newbyteorder("<")).reshape(
            entry.shape).astype(entry.dtype.as_numpy_dtype)
