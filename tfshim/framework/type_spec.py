"""tf.TypeSpec, tf.type_spec_from_value (TF: framework/type_spec.py).

A TypeSpec describes a value's type: TensorSpec a tensor's, SparseTensorSpec a sparse tensor's, ... TF's specs
are subclasses of TypeSpec; tfshim's older spec classes (TensorSpec, SparseTensorSpec, RaggedTensorSpec,
TensorArraySpec, DatasetSpec) are registered as virtual subclasses, so `isinstance(spec, tf.TypeSpec)` holds for
all of them. A spec written against this base (IndexedSlicesSpec, NoneTensorSpec) gets TF's generic behaviour from
`_serialize()`: repr, equality, hashing, compatibility and common supertypes.
"""

from __future__ import annotations

import abc
from typing import Any

from tfshim.framework.tensor_shape import TensorShape
from tfshim.util.tf_export import tf_export


@tf_export("TypeSpec", "type_spec.TypeSpec")
class TypeSpec(metaclass=abc.ABCMeta):
    """TF: tf.TypeSpec, the abstract base of value types. Subclasses give `value_type`, `_serialize` (the
    constructor's arguments, which define the spec) and the component methods."""

    __slots__ = ()

    @property
    @abc.abstractmethod
    def value_type(self) -> type:
        """The Python type of values this spec describes."""

    @abc.abstractmethod
    def _serialize(self) -> tuple:
        """The arguments that rebuild this spec: `type(self)(*self._serialize())`."""

    @property
    @abc.abstractmethod
    def _component_specs(self) -> Any:
        """The specs of the tensors a value decomposes into."""

    @abc.abstractmethod
    def _to_components(self, value: Any) -> Any:
        """A value's component tensors."""

    @abc.abstractmethod
    def _from_components(self, components: Any) -> Any:
        """The value made of these component tensors."""

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        """TF: same spec type, and each serialized part compatible (shapes by TensorShape.is_compatible_with)."""
        other = spec_or_value if isinstance(spec_or_value, TypeSpec) else type_spec_from_value(spec_or_value)
        if type(self) is not type(other):
            return False
        return _compatible(self._serialize(), other._serialize())

    def is_subtype_of(self, other: Any) -> bool:
        """TF: every serialized part of self is at least as specific as other's (a known dim fits only itself)."""
        if type(self) is not type(other):
            return False
        return _subtype(self._serialize(), other._serialize())

    def most_specific_common_supertype(self, others: Any) -> TypeSpec | None:
        """TF: the spec whose shapes keep only the dims all agree on; None if another part differs."""
        parts = self._serialize()
        for other in others:
            if type(other) is not type(self):
                return None
            parts = _supertype(parts, other._serialize())
            if parts is _NO_SUPERTYPE:
                return None
        return type(self)(*parts)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._serialize() == other._serialize()  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, _hashable(self._serialize())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._serialize()!r}"

    def __reduce__(self) -> Any:
        return type(self), self._serialize()


_NO_SUPERTYPE = object()


def _compatible(a: Any, b: Any) -> bool:
    if isinstance(a, TensorShape) and isinstance(b, TensorShape):
        return a.is_compatible_with(b)
    if isinstance(a, TypeSpec) or isinstance(b, TypeSpec):
        return isinstance(a, TypeSpec) and a.is_compatible_with(b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_compatible(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _subtype(a: Any, b: Any) -> bool:
    if isinstance(a, TensorShape) and isinstance(b, TensorShape):
        if b.rank is None:
            return True
        return a.rank == b.rank and all(y is None or x == y for x, y in zip(a.as_list(), b.as_list()))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_subtype(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _supertype(a: Any, b: Any) -> Any:
    if isinstance(a, TensorShape) and isinstance(b, TensorShape):
        if a.rank is None or b.rank is None or a.rank != b.rank:
            return TensorShape(None)
        return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])
    if isinstance(a, TypeSpec) and isinstance(b, TypeSpec):
        s = a.most_specific_common_supertype([b])
        return _NO_SUPERTYPE if s is None else s
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            return _NO_SUPERTYPE
        parts = tuple(_supertype(x, y) for x, y in zip(a, b))
        return _NO_SUPERTYPE if any(p is _NO_SUPERTYPE for p in parts) else parts
    return a if a == b else _NO_SUPERTYPE


def _hashable(x: Any) -> Any:
    if isinstance(x, TensorShape):
        return None if x.rank is None else tuple(x.as_list())
    if isinstance(x, (list, tuple)):
        return tuple(_hashable(v) for v in x)
    return x




@tf_export("type_spec_from_value")
def type_spec_from_value(value: Any) -> Any:
    """TF: tf.type_spec_from_value: the spec of a tensor, variable, composite tensor or dataset, else of the
    tensor the value converts to; TF's TypeError for values that do not convert."""
    spec = _spec_of(value)
    if spec is not None:
        return spec
    from tfshim.framework.constant_op import convert_to_tensor

    try:
        spec = _spec_of(convert_to_tensor(value))
    except (ValueError, TypeError):
        spec = None
    if spec is None:
        raise TypeError(f"Could not build a TypeSpec for {value} of unsupported type {type(value)}.")
    return spec


def _spec_of(value: Any) -> Any:
    from tfshim.data.ops.dataset_ops import DatasetSpec, DatasetV2
    from tfshim.data.util.structure import NoneTensorSpec
    from tfshim.framework.indexed_slices import IndexedSlices, IndexedSlicesSpec
    from tfshim.framework.sparse_tensor import SparseTensor, SparseTensorSpec
    from tfshim.framework.tensor import Tensor
    from tfshim.framework.tensor_spec import TensorSpec
    from tfshim.framework.variables import Variable
    from tfshim.ops.ragged.ragged_tensor import RaggedTensor
    from tfshim.ops.tensor_array_ops import TensorArray

    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, Variable):
        from tfshim.eager.def_function import _VariableSpec

        return _VariableSpec(value, alias_id=None)
    if value is None:
        return NoneTensorSpec()
    if isinstance(value, SparseTensor):
        return SparseTensorSpec.from_value(value)
    if isinstance(value, RaggedTensor):
        return value._type_spec
    if isinstance(value, IndexedSlices):
        return IndexedSlicesSpec.from_value(value)
    if isinstance(value, TensorArray):
        return value._type_spec()
    if isinstance(value, DatasetV2):
        return DatasetSpec(value.element_spec)
    return None
