"""Type-based dispatch: TF's public ops on other tensor kinds, e.g. RaggedTensor
(TF: tensorflow/python/util/dispatch.py).

A public op that supports dispatch is wrapped once. The wrapper calls the op as it is;
only when the op raises TypeError/ValueError (a dense op cannot convert a RaggedTensor)
does it look at the arguments for a type that declares `_tf_dispatch = True` and try the
handlers registered for that API. The dense path therefore pays one extra Python call and
nothing else.

- `dispatch_for_api(api)` registers a handler for one API (TF: dispatch_for_api).
- `register_unary_elementwise_api` / `register_binary_elementwise_api` mark an API as
  elementwise (TF's decorators of the same names); `dispatch_for_unary_elementwise_apis(h)` /
  `dispatch_for_binary_elementwise_apis(h)` register `h(api, x, ...)` / `h(api, x, y, ...)` for
  every such API, present and future.
- `install(namespace, ...)` wraps the functions named in an op module's namespace, so the
  generated public namespaces import the wrapped functions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

_UNARY_APIS: list = []
_BINARY_APIS: list = []
_UNARY_HANDLERS: list = []
_BINARY_HANDLERS: list = []


def _has_dispatch_type(value: Any, depth: int = 0) -> bool:
    if getattr(type(value), "_tf_dispatch", False):
        return True
    if depth < 2 and isinstance(value, (list, tuple)):
        return any(_has_dispatch_type(v, depth + 1) for v in value)
    return False


def _needs_dispatch(args: tuple, kwargs: dict) -> bool:
    return any(_has_dispatch_type(a) for a in args) or any(_has_dispatch_type(v) for v in kwargs.values())


def add_dispatch_support(fn: Callable) -> Callable:
    """Wraps a public op so that arguments of dispatchable types go to the registered handlers."""
    if hasattr(fn, "_tf_dispatchers"):
        return fn
    handlers: list = []

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (TypeError, ValueError):
            if not (handlers and _needs_dispatch(args, kwargs)):
                raise
        # Outside the `except`, so that a handler's own error is not chained to the dense op's.
        for handler in handlers:
            result = handler(*args, **kwargs)
            if result is not NotImplemented:
                return result
        return fn(*args, **kwargs)

    wrapper._tf_dispatchers = handlers  # type: ignore[attr-defined]
    return wrapper


def dispatch_for_api(api: Callable) -> Callable:
    """Registers the decorated function as a handler for `api` (it returns NotImplemented to decline)."""
    handlers = getattr(api, "_tf_dispatchers", None)
    if handlers is None:
        raise ValueError(f"Dispatch is not supported for {api.__name__}")

    def decorator(handler: Callable) -> Callable:
        handlers.append(handler)
        return handler

    return decorator


def register_unary_elementwise_api(fn: Callable) -> Callable:
    wrapper = add_dispatch_support(fn)
    _UNARY_APIS.append(wrapper)
    for h in _UNARY_HANDLERS:
        wrapper._tf_dispatchers.append(functools.partial(h, wrapper))  # type: ignore[attr-defined]
    return wrapper


def register_binary_elementwise_api(fn: Callable) -> Callable:
    wrapper = add_dispatch_support(fn)
    _BINARY_APIS.append(wrapper)
    for h in _BINARY_HANDLERS:
        wrapper._tf_dispatchers.append(functools.partial(h, wrapper))  # type: ignore[attr-defined]
    return wrapper


def dispatch_for_unary_elementwise_apis(handler: Callable) -> Callable:
    """Registers `handler(api, x, *args, **kwargs)` for every unary elementwise API."""
    _UNARY_HANDLERS.append(handler)
    for api in _UNARY_APIS:
        api._tf_dispatchers.append(functools.partial(handler, api))
    return handler


def dispatch_for_binary_elementwise_apis(handler: Callable) -> Callable:
    """Registers `handler(api, x, y, *args, **kwargs)` for every binary elementwise API."""
    _BINARY_HANDLERS.append(handler)
    for api in _BINARY_APIS:
        api._tf_dispatchers.append(functools.partial(handler, api))
    return handler


def unary_elementwise_apis() -> tuple:
    return tuple(_UNARY_APIS)


def binary_elementwise_apis() -> tuple:
    return tuple(_BINARY_APIS)


def install(namespace: dict, unary: tuple = (), binary: tuple = (), other: tuple = ()) -> None:
    """Replaces the named functions of an op module by their dispatching wrappers."""
    for name in unary:
        namespace[name] = register_unary_elementwise_api(namespace[name])
    for name in binary:
        namespace[name] = register_binary_elementwise_api(namespace[name])
    for name in other:
        namespace[name] = add_dispatch_support(namespace[name])
