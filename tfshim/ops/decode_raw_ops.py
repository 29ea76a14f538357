"""tf.io.decode_raw (TF: python/ops/parsing_ops.py, kernels/decode_raw_op.cc, decode_padded_raw_op.cc)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import KernelError, as_called, check_type_attr, defop, make_bool, not_differentiable, run_op
from tfshim.ops.string_ops import _input
from tfshim.util.tf_export import tf_export

_INVALID = errors.InvalidArgumentError


def _element_type(out_type: dtypes.DType, little_endian: bool) -> np.dtype:
    """The NumPy type reading `out_type` from bytes in the given byte order (one-byte types have none)."""
    t = np.dtype(out_type.as_numpy_dtype)
    if t == np.bool_:
        t = np.dtype(np.uint8)  # C++ reads the byte; any nonzero byte is true
    return t.newbyteorder("<" if little_endian else ">") if t.itemsize > 1 else t


def _finish(values: np.ndarray, out_type: dtypes.DType) -> np.ndarray:
    if out_type is dtypes.bool:
        return values != 0
    return values.astype(out_type.as_numpy_dtype)  # to native byte order


def _decode_raw_kernel(x: np.ndarray, out_type: dtypes.DType, little_endian: bool) -> np.ndarray:
    t = _element_type(out_type, little_endian)
    flat = x.reshape(-1)
    size = len(flat[0]) if flat.size else 0
    for i, s in enumerate(flat):
        if len(s) != size:
            raise KernelError(_INVALID, f"DecodeRaw requires input strings to all be the same size, but element "
                              f"{i} has size {size} != {len(s)}")
    if size % t.itemsize:
        raise KernelError(_INVALID, f"Input to DecodeRaw has length {size} that is not a multiple of "
                          f"{t.itemsize}, the size of {out_type.name}")
    n = size // t.itemsize
    values = np.frombuffer(b"".join(flat), dtype=t) if size else np.zeros(0, t)
    return _finish(values.reshape(x.shape + (n,)), out_type)


def _decode_padded_raw_kernel(x: np.ndarray, fixed_length: np.ndarray, out_type: dtypes.DType,
                              little_endian: bool) -> np.ndarray:
    t = _element_type(out_type, little_endian)
    length = int(fixed_length)
    if length % t.itemsize:
        raise KernelError(_INVALID, f"fixed_length ({length}) must be a multiple of the size of out_type "
                          f"({t.itemsize})")
    if length <= 0:
        raise KernelError(_INVALID, f"fixed_length ({length}) must be greater than zero.")
    data = b"".join(s[:length].ljust(length, b"\0") for s in x.reshape(-1))  # shorter strings padded with 0
    values = np.frombuffer(data, dtype=t)
    return _finish(values.reshape(x.shape + (length // t.itemsize,)), out_type)


DecodeRaw = defop("DecodeRaw", _decode_raw_kernel)
DecodePaddedRaw = defop("DecodePaddedRaw", _decode_padded_raw_kernel)
not_differentiable(DecodeRaw, DecodePaddedRaw)


@tf_export("io.decode_raw")
def decode_raw(input_bytes: Any, out_type: Any, little_endian: bool = True, fixed_length: Any = None,
               name: Any = None) -> Tensor:
    """The bytes of each string read as a vector of `out_type` (one more dimension). Without `fixed_length` all
    strings must have the same length; with it each is cut or zero-padded to `fixed_length` bytes."""
    raw = (input_bytes,)
    op_name = "DecodeRaw" if fixed_length is None else "DecodePaddedRaw"
    x = _input(input_bytes, dtypes.string, op_name, raw=raw)
    d = dtypes.as_dtype(out_type)
    little_endian = make_bool(little_endian, "little_endian", True)
    try:
        check_type_attr(op_name, d, "out_type")
    except errors.OpError as e:
        raise as_called(e, raw) from None
    if fixed_length is None:
        return run_op(DecodeRaw, raw, x, out_type=d, little_endian=little_endian)
    from tfshim.framework.constant_op import convert_to_tensor

    length = convert_to_tensor(fixed_length, dtype=dtypes.int32)
    return run_op(DecodePaddedRaw, raw, x, length, out_type=d, little_endian=little_endian)
