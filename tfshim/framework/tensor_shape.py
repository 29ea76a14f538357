"""tf.TensorShape and Dimension (TF: tensorflow/python/framework/tensor_shape.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tfshim.util.tf_export import tf_export


@tf_export("compat.v1.Dimension")
class Dimension:
    """One dimension of a shape; `value` is an int or None (unknown)."""

    __slots__ = ("_value",)

    def __init__(self, value: Any) -> None:
        if isinstance(value, Dimension):
            value = value.value
        if value is not None:
            try:
                value = int(value.__index__())
            except AttributeError:
                raise TypeError(
                    "Dimension value must be integer or None or have an __index__ method, "
                    f"got value '{value!r}' with type '{type(value)!r}'"
                ) from None
            if value < 0:
                raise ValueError(f"Dimension {value} must be >= 0")
        self._value = value

    @property
    def value(self) -> int | None:
        return self._value

    def __repr__(self) -> str:
        return f"Dimension({self._value!r})"

    def __str__(self) -> str:
        return "?" if self._value is None else str(self._value)

    def __int__(self) -> int:
        return self._value  # type: ignore[return-value]

    def __index__(self) -> int:
        return self._value  # type: ignore[return-value]

    def __eq__(self, other: object) -> Any:
        try:
            other = Dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other._value is None:
            return None
        return self._value == other._value

    def __hash__(self) -> int:
        return hash(self._value)

    def is_compatible_with(self, other: Any) -> bool:
        other = Dimension(other)
        return self._value is None or other._value is None or self._value == other._value

    def assert_is_compatible_with(self, other: Any) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {Dimension(other)} are not compatible")


def _dim_value(d: Any) -> int | None:
    return Dimension(d).value


@tf_export("TensorShape")
class TensorShape:
    """A shape: a tuple of ints/None, or unknown rank. str `(2, 3)`, repr `TensorShape([2, 3])`."""

    __slots__ = ("_dims",)

    def __init__(self, dims: Any) -> None:
        if isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif dims is None:
            self._dims = None
        elif isinstance(dims, (tuple, list)):
            self._dims = tuple(_dim_value(d) for d in dims)
        else:
            try:
                it = iter(dims)
            except TypeError:
                self._dims = (_dim_value(dims),)
            else:
                dims_list = []
                for d in it:
                    try:
                        dims_list.append(_dim_value(d))
                    except TypeError as e:
                        raise TypeError(f"Failed to convert '{dims!r}' to a shape: '{d!r}'could not be converted to a "
                                        "dimension. A shape should either be single dimension (e.g. 10), or an "
                                        "iterable of dimensions (e.g. [1, 10, None]).") from e
                self._dims = tuple(dims_list)

    @classmethod
    def _from_tuple(cls, dims: tuple) -> TensorShape:
        s = object.__new__(cls)
        s._dims = dims
        return s

    @property
    def dims(self) -> list | None:
        return None if self._dims is None else [Dimension(d) for d in self._dims]

    @property
    def rank(self) -> int | None:
        return None if self._dims is None else len(self._dims)

    ndims = rank

    def as_list(self) -> list:
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def num_elements(self) -> int | None:
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:  # type: ignore[union-attr]
            n *= d
        return n

    def is_fully_defined(self) -> bool:
        return self._dims is not None and all(d is not None for d in self._dims)

    def assert_is_fully_defined(self) -> None:
        if not self.is_fully_defined():
            raise ValueError(f"Shape {self} is not fully defined")

    def is_compatible_with(self, other: Any) -> bool:
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other: Any) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {as_shape(other)} are incompatible")

    def merge_with(self, other: Any) -> TensorShape:
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible")
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def concatenate(self, other: Any) -> TensorShape:
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape._from_tuple(self._dims + other._dims)

    def with_rank(self, rank: int) -> TensorShape:
        if self._dims is None:
            return TensorShape([None] * rank)
        if len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")
        return self

    def assert_has_rank(self, rank: int) -> None:
        if self.rank not in (None, rank):
            raise ValueError(f"Shape {self} must have rank {rank}")

    def with_rank_at_least(self, rank: int) -> TensorShape:
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def __len__(self) -> int:
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __bool__(self) -> bool:
        return self._dims is not None

    def __iter__(self) -> Iterator:
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key: Any) -> Any:
        if self._dims is None:
            if isinstance(key, slice):
                return TensorShape(None)
            return None
        if isinstance(key, slice):
            return TensorShape._from_tuple(self._dims[key])
        return self._dims[key]

    def __add__(self, other: Any) -> TensorShape:
        return self.concatenate(other)

    def __radd__(self, other: Any) -> TensorShape:
        return as_shape(other).concatenate(self)

    def __eq__(self, other: object) -> bool:
        try:
            other = as_shape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self._dims)

    def __repr__(self) -> str:
        if self._dims is None:
            return "TensorShape(None)"
        return "TensorShape(%r)" % list(self._dims)

    def __str__(self) -> str:
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return "(%s,)" % self._dims[0]
        return "(%s)" % ", ".join(str(d) for d in self._dims)

    def __reduce__(self) -> Any:
        return TensorShape, (None if self._dims is None else list(self._dims),)


def as_shape(shape: Any) -> TensorShape:
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)
