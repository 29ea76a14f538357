"""Keras 3's backend pieces that tf.keras users see: Variable (with `path`), name scopes, auto names.

Keras 3 keeps a global stack of name scopes (`keras.src.backend.common.name_scope`) from which
variable paths are built, and a global per-prefix counter for automatic names (`dense`, `dense_1`).

tfshim differs in one way: a Keras Variable here *is* a tf.Variable subclass (so GradientTape,
operators and conversions accept it everywhere), so `isinstance(v, tf.Variable)` is True where
Keras says False, and `v.value` is the method returning the current tensor.
"""

from __future__ import annotations

import collections
import re
import threading
import weakref
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.variables import ResourceVariable
from tfshim.ops.name_scope import name_scope as tf_name_scope

_FLOATX = "float32"
_EPSILON = 1e-7


def floatx() -> str:
    return _FLOATX


def epsilon() -> float:
    return _EPSILON


class _State(threading.local):
    def __init__(self) -> None:
        self.stack: list = []


_state = _State()
_uids: collections.defaultdict = collections.defaultdict(int)


def to_snake_case(name: str) -> str:
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


def uniquify(name: str) -> str:
    unique = f"{name}_{_uids[name]}" if name in _uids else name
    _uids[name] += 1
    return unique


def auto_name(prefix: str) -> str:
    return uniquify(to_snake_case(prefix))


def reset_uids() -> None:
    _uids.clear()


class name_scope:  # noqa: N801 - Keras's name
    """Keras: backend.name_scope(name, caller). Re-entering the caller's own scope is a no-op;
    a caller with `_parent_path` puts its scope under that path. Also enters tf.name_scope."""

    def __init__(self, name: str, caller: Any = None, deduplicate: bool = True, override_parent: Any = None) -> None:
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "Argument `name` must be a string and cannot contain character `/`. " f"Received: name={name}")
        self.name = name
        self.caller = caller
        self.deduplicate = deduplicate
        self.override_parent = override_parent
        if override_parent is None and deduplicate and getattr(caller, "_parent_path", None) is not None:
            self.override_parent = caller._parent_path
        self._pop_on_exit = False
        self._tf_scope: Any = None

    def __enter__(self) -> name_scope:
        stack = _state.stack
        if self.deduplicate and stack:
            if self.caller is not None and self.caller is stack[-1].caller and self.name == stack[-1].name:
                return self
        stack.append(self)
        self._pop_on_exit = True
        self._tf_scope = tf_name_scope(current_path() + "/")
        self._tf_scope.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pop_on_exit:
            self._tf_scope.__exit__(*exc)
            if _state.stack:
                _state.stack.pop()


def current_path() -> str:
    parts: list = []
    for entry in _state.stack:
        if entry.override_parent is not None:
            parts = [p for p in entry.override_parent.split("/") if p]
        parts.append(entry.name)
    return "/".join(parts)


_PYTHON_DTYPES = {bool: "bool", int: "int64", float: "float32", str: "string", complex: "complex128",
                  "int": "int64", "float": "float32"}  # Keras' PYTHON_DTYPES_MAP on the TF backend


def standardize_dtype(dtype: Any) -> str:
    if dtype is None:
        return _FLOATX
    if isinstance(dtype, (str, type)) and dtype in _PYTHON_DTYPES:
        return _PYTHON_DTYPES[dtype]
    return dtypes.as_dtype(dtype).name


class Variable(ResourceVariable):
    """Keras: keras.Variable (TF backend). repr `<Variable path=..., shape=..., dtype=..., value=...>`."""

    __slots__ = ("_path", "_keras_name", "constraint", "regularizer", "overwrite_with_gradient", "_layout")

    def __init__(self, initializer: Any, shape: Any = None, dtype: Any = None, trainable: bool = True,
                 autocast: bool = True, aggregation: str = "none", synchronization: str = "auto",
                 name: str | None = None, layout: Any = None, **kwargs: Any) -> None:
        name = name or auto_name(self.__class__.__name__)
        if not isinstance(name, str) or "/" in name:
            raise ValueError("Argument `name` must be a string and cannot contain character `/`. "
                             f"Received: name={name}")
        parent = current_path()
        self._path = parent + "/" + name if parent else name
        self._keras_name = name
        self.constraint = None
        self.regularizer = None
        self.overwrite_with_gradient = False
        self._layout = layout
        dt = standardize_dtype(dtype)
        if callable(initializer):
            if shape is None:
                raise ValueError(
                    "When creating a Variable from an initializer, the `shape` argument should be specified. "
                    f"Received: initializer={initializer} and shape={shape}")
            value = initializer(tuple(shape), dtype=dt)
        else:
            value = initializer
        from tfshim.framework.constant_op import convert_to_tensor

        value = convert_to_tensor(value, dtypes.as_dtype(dt))
        super().__init__(value, trainable=trainable, name=name)

    @property
    def path(self) -> str:
        return self._path

    @property
    def name(self) -> str:  # type: ignore[override]
        return self._keras_name

    @property
    def shape(self) -> Any:  # Keras' TF backend: a TensorShape, as tf.Variable's
        from tfshim.framework.tensor_shape import TensorShape

        return TensorShape(self._value.shape)

    @property
    def dtype(self) -> str:  # type: ignore[override]
        return self._dtype.name

    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._trainable = bool(value)

    def numpy(self) -> Any:
        return np.array(self._value)

    def __repr__(self) -> str:
        return f"<Variable path={self._path}, shape={self.shape}, dtype={self.dtype}, value={np.array(self._value)}>"

    __str__ = __repr__


# Keras attaches `_keras_logits` to the outputs of its sigmoid/softmax; our tensors have __slots__,
# so the link lives here (by id, dropped when the output tensor dies).
_keras_logits: dict = {}


def set_keras_logits(output: Any, logits: Any) -> None:
    key = id(output)
    _keras_logits[key] = logits
    weakref.finalize(output, _keras_logits.pop, key, None)


def get_keras_logits(output: Any) -> Any:
    return _keras_logits.get(id(output))
