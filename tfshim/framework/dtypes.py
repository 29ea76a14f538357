"""tf.DType and the dtype constants (TF: tensorflow/python/framework/dtypes.py).

Also the inference of a dtype from Python and NumPy values, which TF spreads
over constant_op and the C++ converter; here it lives with the dtypes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.util.tf_export import tf_export


class DType:
    """A TensorFlow dtype: `tf.float32`, `tf.int32`, ...

    repr is `tf.float32`, str is `<dtype: 'float32'>`, as in TF.
    """

    __slots__ = ("_name", "_np", "_cname", "_enum", "_trainable", "_fp", "_q", "_complex")

    def __init__(self, name: str, np_dtype: Any, cname: str, enum: int) -> None:
        self._name = name
        self._np = np.dtype(np_dtype) if np_dtype is not None else None
        # quantized dtypes (tf.qint8, ...): TF's NumPy type is a one-field record (`[('qint8', 'i1')]`); tensors
        # hold such record arrays, so reshapes and slices keep the dtype, and show the field's integers
        self._q = self._np is not None and self._np.names is not None
        self._cname = cname  # TF's C++ DataTypeString, used in kernel messages
        self._enum = enum
        # TF: backprop_util.IsTrainable; a plain attribute because the tape checks it per op
        self._trainable = name in ("float16", "float32", "float64", "bfloat16", "complex64", "complex128",
                                   "resource", "variant")
        self._fp = self._np is not None and self._np.kind in "fc"  # kernels flush denormals (kernels/fpenv.py)
        self._complex = name in ("complex64", "complex128")  # (a plain attribute: gradients test it per op)

    @property
    def name(self) -> str:
        return self._name

    @property
    def as_numpy_dtype(self) -> Any:
        if self._np is None:
            # bfloat16: TF takes it from ml_dtypes and computes with Eigen's bfloat16; tfshim's exact kernels
            # are written for float16/32/64, so every bfloat16 tensor is refused here, with one error.
            raise NotImplementedError(f"tf.{self._name} tensors are not implemented by tfshim (tfshim has no NumPy "
                                      f"type for tf.{self._name}); use tf.float16 or tf.float32")
        if self._q:
            return self._np
        return object if self._name == "string" else self._np.type

    @property
    def as_datatype_enum(self) -> int:
        return self._enum

    @property
    def base_dtype(self) -> DType:
        return self

    @property
    def real_dtype(self) -> DType:
        return {"complex64": float32, "complex128": float64}.get(self._name, self)

    @property
    def is_floating(self) -> bool:
        return self._name in ("float16", "float32", "float64", "bfloat16")

    @property
    def is_complex(self) -> bool:
        return self._complex

    @property
    def is_integer(self) -> bool:
        return self._np is not None and self._np.kind in "iu" and self._name != "bool"

    @property
    def is_unsigned(self) -> bool:
        return self._np is not None and self._np.kind == "u"

    @property
    def is_bool(self) -> bool:
        return self._name == "bool"

    @property
    def is_quantized(self) -> bool:
        return self._q

    @property
    def is_numpy_compatible(self) -> bool:
        return self._np is not None

    @property
    def size(self) -> int:
        if self._name == "bfloat16":
            return 2  # a DType property TF answers without ml_dtypes arithmetic
        return 1 if self._name == "string" else self._np.itemsize  # type: ignore[union-attr]

    @property
    def min(self) -> Any:
        if self._q:
            raise TypeError(f"Cannot find minimum value of {self} with quantized type {self}.")
        if self._name in ("bool", "string", "complex64", "complex128"):
            raise TypeError(f"Cannot find minimum value of {self} with type {self}.")
        if self.is_floating:
            return np.finfo(self.as_numpy_dtype).min
        if self.is_integer:
            return np.iinfo(self._np).min
        raise TypeError(f"Cannot find minimum value of {self}.")

    @property
    def max(self) -> Any:
        if self._q:
            raise TypeError(f"Cannot find maximum value of {self} with quantized type {self}.")
        if self._name in ("bool", "string", "complex64", "complex128"):
            raise TypeError(f"Cannot find maximum value of {self} with type {self}.")
        if self.is_floating:
            return np.finfo(self.as_numpy_dtype).max
        if self.is_integer:
            return np.iinfo(self._np).max
        raise TypeError(f"Cannot find maximum value of {self}.")

    @property
    def limits(self) -> tuple:
        """TF: intensity limits (min clipped to 0): bool, the integers, float32/float64 only."""
        if self._name == "bool":
            return 0, True
        if self.is_integer:
            return 0, int(np.iinfo(self._np).max)
        if self._name in ("float32", "float64"):
            return 0, 1
        raise ValueError(str(self) + " does not have defined limits.")

    def is_compatible_with(self, other: Any) -> bool:
        return self == as_dtype(other)

    def __eq__(self, other: object) -> bool:
        if other is None:
            return False
        if isinstance(other, DType):
            return self is other
        try:
            return self is as_dtype(other)
        except TypeError:
            return False

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return self._enum

    def __repr__(self) -> str:
        return "tf." + self._name

    def __str__(self) -> str:
        return "<dtype: %r>" % self._name

    def __reduce__(self) -> Any:
        return as_dtype, (self._name,)


_TABLE = [
    # name, numpy dtype, C++ name, enum
    ("float32", np.float32, "float", 1),
    ("float64", np.float64, "double", 2),
    ("int32", np.int32, "int32", 3),
    ("uint8", np.uint8, "uint8", 4),
    ("int16", np.int16, "int16", 5),
    ("int8", np.int8, "int8", 6),
    ("string", np.object_, "string", 7),
    ("complex64", np.complex64, "complex64", 8),
    ("int64", np.int64, "int64", 9),
    ("bool", np.bool_, "bool", 10),
    ("qint8", [("qint8", np.int8)], "qint8", 11),
    ("quint8", [("quint8", np.uint8)], "quint8", 12),
    ("qint32", [("qint32", np.int32)], "qint32", 13),
    ("bfloat16", None, "bfloat16", 14),
    ("qint16", [("qint16", np.int16)], "qint16", 15),
    ("quint16", [("quint16", np.uint16)], "quint16", 16),
    ("uint16", np.uint16, "uint16", 17),
    ("complex128", np.complex128, "complex128", 18),
    ("float16", np.float16, "half", 19),
    ("resource", None, "resource", 20),
    ("variant", None, "variant", 21),
    ("uint32", np.uint32, "uint32", 22),
    ("uint64", np.uint64, "uint64", 23),
]

_BY_NAME: dict[str, DType] = {}
_BY_CNAME: dict[str, DType] = {}
_BY_NP: dict[Any, DType] = {}
_BY_ENUM: dict[int, DType] = {}
for _name, _np_type, _cname, _enum in _TABLE:
    _d = DType(_name, _np_type, _cname, _enum)
    _BY_NAME[_name] = _d
    _BY_CNAME[_cname] = _d
    _BY_ENUM[_enum] = _d
    if _np_type is not None:
        _BY_NP[np.dtype(_np_type)] = _d

float16 = _BY_NAME["float16"]
half = float16
float32 = _BY_NAME["float32"]
float64 = _BY_NAME["float64"]
double = float64
bfloat16 = _BY_NAME["bfloat16"]
int8 = _BY_NAME["int8"]
int16 = _BY_NAME["int16"]
int32 = _BY_NAME["int32"]
int64 = _BY_NAME["int64"]
uint8 = _BY_NAME["uint8"]
uint16 = _BY_NAME["uint16"]
uint32 = _BY_NAME["uint32"]
uint64 = _BY_NAME["uint64"]
bool = _BY_NAME["bool"]  # noqa: A001 - TF's name
string = _BY_NAME["string"]
complex64 = _BY_NAME["complex64"]
complex128 = _BY_NAME["complex128"]
resource = _BY_NAME["resource"]
variant = _BY_NAME["variant"]
qint8 = _BY_NAME["qint8"]
quint8 = _BY_NAME["quint8"]
qint16 = _BY_NAME["qint16"]
quint16 = _BY_NAME["quint16"]
qint32 = _BY_NAME["qint32"]

for _alias, _d in [("half", float16), ("float", float32), ("double", float64)]:
    _BY_NAME[_alias] = _d
_BY_NP[np.dtype(np.str_)] = string
_BY_NP[np.dtype(np.bytes_)] = string

_PYTHON_TO_TF = {float: float32, object: string}
_PYTHON_TO_TF[type(True)] = bool  # noqa: UP003 - `bool` here is tf.bool
_BY_NP_TYPE = {k.type: v for k, v in _BY_NP.items() if not v._q}  # records are all of type np.void
# TF's _ANY_TO_TF: enum numbers, names, Python types, NumPy scalar types, in that order of precedence
_ANY_TO_TF: dict = {**_BY_ENUM, **_BY_NAME, **_PYTHON_TO_TF, **_BY_NP_TYPE}

# TF: backprop_util.IsTrainable.
TRAINABLE = frozenset([float16, float32, float64, bfloat16, complex64, complex128, resource, variant])
FLOATING = (float16, bfloat16, float32, float64)
COMPLEX = (complex64, complex128)
INTEGER = (int8, int16, int32, int64, uint8, uint16, uint32, uint64)
NUMBER = FLOATING + COMPLEX + INTEGER
REAL = FLOATING + INTEGER
QUANTIZED = (qint8, quint8, qint16, quint16, qint32)


@tf_export("dtypes.as_dtype", "as_dtype")
def as_dtype(type_value: Any) -> DType:
    """Converts a name, NumPy dtype, Python type, DataType enum or DType to a `tf.DType`.

    TF's lookup order, quirks included: any hashable value equal to an enum number is that enum's DType
    (`tf.as_dtype(True)` is tf.float32, as 1 is), then anything with a NumPy-convertible `.dtype` (an ndarray).
    """
    if isinstance(type_value, DType):
        return type_value
    if isinstance(type_value, np.dtype):
        d = _BY_NP_TYPE.get(type_value.type) if type_value.names is None else _BY_NP.get(type_value)
        if d is not None:
            return d
    try:
        d = _ANY_TO_TF.get(type_value)
    except TypeError:  # unhashable (a Tensor, a list)
        d = None
    if d is not None:
        return d
    if hasattr(type_value, "dtype"):
        try:
            d = _BY_NP_TYPE.get(np.dtype(type_value.dtype).type)
        except (TypeError, ValueError):  # a tf.DType is no NumPy dtype
            d = None
        if d is not None:
            return d
    raise TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType.")


def from_numpy(np_dtype: np.dtype) -> DType:
    """The DType of a NumPy array (strings and bytes map to tf.string)."""
    d = _BY_NP.get(np_dtype)
    if d is None:
        if np_dtype.kind in "SU":
            return string
        raise TypeError(f"Cannot convert the argument `type_value`: {np_dtype!r} to a TensorFlow DType.")
    return d


for _n in ["float16", "half", "float32", "float64", "double", "bfloat16", "int8", "int16", "int32", "int64",
           "uint8", "uint16", "uint32", "uint64", "bool", "string", "complex64", "complex128", "resource",
           "variant", "qint8", "quint8", "qint16", "quint16", "qint32"]:
    tf_export("dtypes." + _n, _n).export_constant(__name__, _n)
tf_export("dtypes.DType", "DType")(DType)
