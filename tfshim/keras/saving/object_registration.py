"""Keras 3's registry of custom objects (keras/src/saving/object_registration.py): the names under
which user classes and functions are written to, and found in, saved configs.

`register_keras_serializable(package, name)` files an object under `"package>name"`;
`custom_object_scope` adds objects for the duration of a `with` block; deserialization looks a
config's `registered_name` up in the scope, then the global registry, then `custom_objects`.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable
from typing import Any

GLOBAL_CUSTOM_OBJECTS: dict[str, Any] = {}
GLOBAL_CUSTOM_NAMES: dict[Any, str] = {}


class _Scope(threading.local):
    def __init__(self) -> None:
        self.custom_objects: dict[str, Any] = {}


_scope = _Scope()


class CustomObjectScope:
    """Keras: `with CustomObjectScope({"name": obj}):` makes `obj` findable by deserialization."""

    def __init__(self, custom_objects: dict | None) -> None:
        self.custom_objects = custom_objects or {}
        self.backup: dict | None = None

    def __enter__(self) -> CustomObjectScope:
        self.backup = dict(_scope.custom_objects)
        # Keras: the scope's dict replaces (not extends) any enclosing scope's
        _scope.custom_objects = dict(self.custom_objects)
        return self

    def __exit__(self, *args: Any, **kwargs: Any) -> None:
        _scope.custom_objects = dict(self.backup or {})


custom_object_scope = CustomObjectScope


def get_custom_objects() -> dict:
    """Keras: the global registry (name -> object); objects of a custom_object_scope are not in it."""
    return GLOBAL_CUSTOM_OBJECTS


def register_keras_serializable(package: str = "Custom", name: str | None = None) -> Callable:
    """Keras: a decorator filing a class (which must have `get_config`) or function as `package>name`."""

    def decorator(arg: Any) -> Any:
        class_name = name if name is not None else arg.__name__
        registered_name = f"{package}>{class_name}"
        if inspect.isclass(arg) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        GLOBAL_CUSTOM_NAMES[arg] = registered_name
        return arg

    return decorator


def get_registered_name(obj: Any) -> str:
    """Keras: the name `obj` is registered under, else its `__name__`."""
    if obj in GLOBAL_CUSTOM_NAMES:
        return GLOBAL_CUSTOM_NAMES[obj]
    return obj.__name__


def get_registered_object(name: str, custom_objects: dict | None = None, module_objects: dict | None = None) -> Any:
    """Keras: the object for `name`: from the active scope, the registry, `custom_objects`, then
    `module_objects`; None if none has it."""
    if name in _scope.custom_objects:
        return _scope.custom_objects[name]
    if name in GLOBAL_CUSTOM_OBJECTS:
        return GLOBAL_CUSTOM_OBJECTS[name]
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    if module_objects and name in module_objects:
        return module_objects[name]
    return None
