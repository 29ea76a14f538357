"""The pieces of TF's checkpoint format: CRC-32C, the LevelDB table, the tensor bundle, SavedModel's errors."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tfshim.framework import dtypes
from tfshim.training import crc32c, proto_wire, tensor_bundle


def test_crc32c_known_values_and_mask():
    assert crc32c.value(b"123456789") == 0xE3069283
    assert crc32c.value(b"") == 0
    assert crc32c.extend(crc32c.value(b"1234"), b"56789") == 0xE3069283
    for c in (0, 1, 0xE3069283, 0xFFFFFFFF):
        assert crc32c.unmask(crc32c.mask(c)) == c


def test_varints_round_trip_including_negative():
    for v in (0, 1, 127, 128, 300, 2**35, 2**63 - 1):
        assert proto_wire.read_varint(proto_wire.varint(v), 0)[0] == v
    encoded = proto_wire.varint(-1)
    assert len(encoded) == 10 and proto_wire.as_int64(proto_wire.read_varint(encoded, 0)[0]) == -1


def test_table_with_many_blocks_and_restarts(tmp_path, monkeypatch):
    monkeypatch.setattr(tensor_bundle, "BLOCK_SIZE", 200)  # force several data blocks
    entries = sorted((f"key/{i:04d}".encode(), bytes([i % 256]) * (i % 7)) for i in range(300))
    path = tmp_path / "t"
    path.write_bytes(tensor_bundle.build_table(entries))
    assert tensor_bundle.read_table(str(path)) == dict(entries)


def test_corrupted_block_raises_data_loss(tmp_path):
    prefix = str(tmp_path / "c")
    tensor_bundle.write_bundle(prefix, [("a", np.arange(3, dtype=np.float32), dtypes.float32)])
    index = tmp_path / "c.index"
    data = bytearray(index.read_bytes())
    data[5] ^= 0xFF
    index.write_bytes(bytes(data))
    with pytest.raises(tf.errors.DataLossError):
        tensor_bundle.BundleReader(prefix)


def test_corrupted_tensor_raises_data_loss(tmp_path):
    prefix = str(tmp_path / "c")
    tensor_bundle.write_bundle(prefix, [("a", np.arange(3, dtype=np.float32), dtypes.float32)])
    data_file = tmp_path / "c.data-00000-of-00001"
    raw = bytearray(data_file.read_bytes())
    raw[0] ^= 0xFF
    data_file.write_bytes(bytes(raw))
    with pytest.raises(tf.errors.DataLossError, match="Checksum does not match"):
        tensor_bundle.BundleReader(prefix).tensor("a")
