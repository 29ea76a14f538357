"""TF NumPy's dtypes and type promotion (TF: ops/numpy_ops/np_dtypes.py, np_utils.result_type).

TF computes a result dtype with `np.result_type` over the inputs' NumPy dtypes and Python scalars, as
recorded with NumPy 2 (NEP 50: a Python bool/int/float/complex is "weak" and takes the other inputs'
dtype when its kind fits). tfshim applies those rules itself so the result is the same on NumPy 1.26,
whose `np.result_type` looks at the scalar's value instead.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.util.tf_export import tf_export

bool_ = np.bool_
complex128 = np.complex128
complex64 = np.complex64
float16 = np.float16
float32 = np.float32
float64 = np.float64
inexact = np.inexact
int_ = np.int_
int16 = np.int16
int32 = np.int32
int64 = np.int64
int8 = np.int8
object_ = np.object_
string_ = np.bytes_
uint16 = np.uint16
uint32 = np.uint32
uint64 = np.uint64
uint8 = np.uint8
unicode_ = np.str_
complex_ = np.complex128  # NumPy 2 removed np.complex_ and np.float_; TF then uses these
float_ = np.float64
iinfo = np.iinfo
issubdtype = np.issubdtype
for _name in ("bool_", "complex128", "complex64", "float16", "float32", "float64", "inexact", "int_", "int16",
              "int32", "int64", "int8", "object_", "string_", "uint16", "uint32", "uint64", "uint8", "unicode_",
              "complex_", "float_", "iinfo", "issubdtype"):
    tf_export("experimental.numpy." + _name).export_constant(__name__, _name)

_prefer_float32 = False
_allow_float64 = True


def is_prefer_float32() -> bool:
    return _prefer_float32


def set_prefer_float32(b: bool) -> None:
    global _prefer_float32
    _prefer_float32 = bool(b)


def is_allow_float64() -> bool:
    return _allow_float64


def set_allow_float64(b: bool) -> None:
    global _allow_float64
    _allow_float64 = bool(b)


def default_float_type() -> Any:
    """float64, or float32 under prefer_float32 (or when float64 is not allowed)."""
    return float64 if not _prefer_float32 and _allow_float64 else float32


def canonicalize_dtype(dtype: np.dtype) -> np.dtype:
    if not _allow_float64:
        return {np.dtype("float64"): np.dtype("float32"), np.dtype("complex128"): np.dtype("complex64")}.get(
            dtype, dtype)
    return dtype


# kinds in promotion order: a weak Python scalar of a higher kind than the strong result lifts it
_KIND_RANK = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_PY_KIND = {bool: 0, int: 1, float: 2, complex: 3}
_WEAK_ALONE = {0: np.dtype(np.bool_), 1: np.dtype(np.int_), 2: np.dtype(np.float64), 3: np.dtype(np.complex128)}


def _strong_dtype(x: Any) -> np.dtype:
    from tfshim.framework.tensor import is_tensor_like

    if is_tensor_like(x):
        return np.dtype(x.dtype.as_numpy_dtype)
    if isinstance(x, dtypes.DType):
        return np.dtype(x.as_numpy_dtype)
    if isinstance(x, (np.ndarray, np.generic)):
        return x.dtype
    try:
        return np.result_type(x)
    except TypeError as e:
        raise TypeError(str(e)) from None


def np_result_type(*items: Any) -> np.dtype:
    """NumPy 2's `np.result_type` over dtypes, arrays and (weak) Python scalars, with TF's prefer_float32."""
    strong: list[np.dtype] = []
    weak = -1
    for x in items:
        kind = _PY_KIND.get(type(x))
        if kind is None:
            strong.append(_strong_dtype(x))
        elif _prefer_float32 and kind >= 2:  # TF: preprocess_float makes Python floats float32 (strong)
            strong.append(np.dtype(np.float32 if kind == 2 else np.complex64))
        else:
            weak = max(weak, kind)
    if not strong:
        result = _WEAK_ALONE.get(weak, np.dtype(np.float64))  # no input at all: np.asarray([]).dtype
        if weak == 1 and any(type(x) is int and x >= 2**63 for x in items):  # NumPy: too big for int64
            result = np.dtype(np.uint64)
    else:
        result = np.result_type(*strong)
        if weak > _KIND_RANK.get(result.kind, 3):
            if weak == 3 and result.kind == "f":
                result = np.result_type(result, np.complex64)
            else:
                result = _WEAK_ALONE[weak]
    return canonicalize_dtype(result)


def result_type_of(*items: Any) -> dtypes.DType:
    return dtypes.as_dtype(np_result_type(*items))
