"""tf.types.experimental.TraceType and friends (TF: python/types/trace.py, core.py).

tf.function keys its traces by the TraceType of each argument; an object may choose its own by
defining `__tf_tracing_type__(context)` (TF's SupportsTracingProtocol). tfshim's tf.function uses
a returned TraceType's `__eq__`/`__hash__` to match traces and passes `placeholder_value()` to the
traced function.
"""

from __future__ import annotations

import abc
from typing import Any, Protocol

from tfshim.util.tf_export import tf_export


@tf_export("types.experimental.TraceType")
class TraceType(metaclass=abc.ABCMeta):
    """TF: the type of a tf.function argument, for matching calls to traces."""

    @abc.abstractmethod
    def is_subtype_of(self, other: TraceType) -> bool:
        """True if every value of this type is also one of `other`."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others: Any) -> TraceType | None:
        """The most specific type that all of `self` and `others` are subtypes of, or None."""

    @abc.abstractmethod
    def placeholder_value(self, placeholder_context: Any) -> Any:
        """The value the traced function sees for an argument of this type."""

    def to_tensors(self, value: Any) -> list:
        return []

    def from_tensors(self, tensors: Any) -> Any:
        return self.placeholder_value(None)

    def flatten(self) -> list:
        return []

    def cast(self, value: Any, cast_context: Any) -> Any:
        return value

    @abc.abstractmethod
    def __eq__(self, other: object) -> bool:
        ...

    @abc.abstractmethod
    def __hash__(self) -> int:
        ...


@tf_export("types.experimental.SupportsTracingProtocol")
class SupportsTracingProtocol(Protocol):
    """TF: an object that gives its own TraceType through `__tf_tracing_type__(context)`."""

    def __tf_tracing_type__(self, context: Any) -> TraceType:
        ...


@tf_export("types.experimental.Callable")
class Callable:  # noqa: A001 - TF's name
    """TF: tf.types.experimental.Callable, the base of tf.function's function types."""
