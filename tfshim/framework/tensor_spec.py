"""tf.TensorSpec (TF: framework/tensor_spec.py): the type of a tensor, shape (maybe partial), dtype, name."""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.type_spec import TypeSpec
from tfshim.util.tf_export import tf_export


@tf_export("TensorSpec")
@TypeSpec.register
class TensorSpec:
    """TF: tf.TensorSpec. Also the trace type of a tensor argument of a tf.function."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape: Any, dtype: Any = dtypes.float32, name: str | None = None) -> None:
        self._shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def name(self) -> str | None:
        return self._name

    @classmethod
    def from_tensor(cls, tensor: Any, name: str | None = None) -> TensorSpec:
        return cls(tensor.shape, tensor.dtype, name)

    @classmethod
    def from_spec(cls, spec: Any, name: str | None = None) -> TensorSpec:
        return cls(spec.shape, spec.dtype, spec.name if name is None else name)

    def is_compatible_with(self, other: Any) -> bool:
        if isinstance(other, TensorSpec):
            return self._dtype == other._dtype and self._shape.is_compatible_with(other._shape)
        if isinstance(other, TypeSpec):  # another kind of spec
            return False
        from tfshim.framework.constant_op import convert_to_tensor

        t = convert_to_tensor(other)
        return self._dtype == t._dtype and self._shape.is_compatible_with(t.shape)

    def is_subtype_of(self, other: Any) -> bool:
        """TF's TraceType rule: same dtype and name, and every known dim of `other` equal here."""
        if not isinstance(other, TensorSpec) or self._dtype != other._dtype or self._name != other._name:
            return False
        a, b = shape_key(self._shape), shape_key(other._shape)
        return b is None or (a is not None and len(a) == len(b) and all(y is None or x == y for x, y in zip(a, b)))

    def most_specific_common_supertype(self, others: Any) -> TensorSpec | None:
        shape = shape_key(self._shape)
        for o in others:
            if not isinstance(o, TensorSpec) or o._dtype != self._dtype or o._name != self._name:
                return None
            shape = common_shape(shape, shape_key(o._shape))
        return TensorSpec(None if shape is None else list(shape), self._dtype, self._name)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TensorSpec) and self._dtype == other._dtype and self._name == other._name
                and shape_key(self._shape) == shape_key(other._shape))

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((shape_key(self._shape), self._dtype, self._name))

    def __repr__(self) -> str:
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"

    def __reduce__(self) -> Any:
        return TensorSpec, (self._shape, self._dtype, self._name)


def shape_key(shape: TensorShape) -> Any:
    """A hashable shape: None for unknown rank, else a tuple with None for unknown dims."""
    return None if shape.rank is None else tuple(shape.as_list())


def common_shape(a: Any, b: Any) -> Any:
    """The most specific shape (as shape_key) both shapes fit."""
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))
