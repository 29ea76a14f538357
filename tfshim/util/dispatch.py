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
- `canonicalizing(fn)`: TF binds the arguments of most public ops in C++ before running them
  (function_parameter_canonicalizer.cc), so a bad call raises TF's texts ("Got multiple values for
  argument 'axis'", "Missing required positional argument") rather than Python's. `tf_export` wraps
  the functions TF does this for (util/arg_canonicalization.py, recorded from TF); the wrapper binds
  nothing on a good call, it only rewords the TypeError of a call Python could not bind.
"""

from __future__ import annotations

import functools
import inspect
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


def _dispatch(fn: Callable, handlers: list, error: Exception, args: tuple, kwargs: dict) -> Any:
    """The slow path, after the dense op raised `error`: the first handler that accepts the call."""
    if handlers and _needs_dispatch(args, kwargs):
        for handler in handlers:
            result = handler(*args, **kwargs)
            if result is not NotImplemented:
                return result
    raise error.with_traceback(error.__traceback__)


def _signature_wrapper(fn: Callable, handlers: list) -> Callable | None:
    """A wrapper with `fn`'s own signature, so that the dense path does not pack *args/**kwargs
    (about 100 ns per call instead of 400). None when the signature cannot be mirrored."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    defaults: list = []  # the defaults, passed to the maker as _d<i>
    params: list = []  # the wrapper's parameter list
    call: list = []  # how the wrapper calls fn
    positional: list = []  # what the handlers get positionally
    keywords: list = []  # ... and by keyword
    star = var_kw = None
    kinds = [p.kind for p in sig.parameters.values()]
    for i, p in enumerate(sig.parameters.values()):
        default = ""
        if p.default is not inspect.Parameter.empty:
            defaults.append(("_d%d" % i, p.default))
            default = "=_d%d" % i
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            star = p.name
            params.append("*" + p.name)
            call.append("*" + p.name)
        elif p.kind is inspect.Parameter.VAR_KEYWORD:
            var_kw = p.name
            params.append("**" + p.name)
            call.append("**" + p.name)
        elif p.kind is inspect.Parameter.KEYWORD_ONLY:
            if star is None and "*" not in params:
                params.append("*")
            params.append(p.name + default)
            call.append("%s=%s" % (p.name, p.name))
            keywords.append("%r: %s" % (p.name, p.name))
        else:
            params.append(p.name + default)
            call.append(p.name)
            positional.append(p.name)
            if p.kind is inspect.Parameter.POSITIONAL_ONLY and (
                    i + 1 == len(kinds) or kinds[i + 1] is not inspect.Parameter.POSITIONAL_ONLY):
                params.append("/")
    args = "(" + "".join(n + ", " for n in positional) + ")" + (" + " + star if star else "")
    kwargs = "{" + ", ".join(keywords + (["**" + var_kw] if var_kw else [])) + "}"
    src = ("def _make(_fn, _handlers, %s):\n"
           "    def _wrapper(%s):\n"
           "        try:\n            return _fn(%s)\n"
           "        except (TypeError, ValueError) as e:\n            error = e\n"
           "        return _dispatch(_fn, _handlers, error, %s, %s)\n"
           "    return _wrapper\n"
           % ("".join(d + ", " for d, _ in defaults), ", ".join(params), ", ".join(call), args, kwargs))
    make = _MAKERS.get(src)
    if make is None:  # compiling is most of the cost: wrappers of the same signature share one maker
        namespace: dict = {"_dispatch": _dispatch}
        exec(src, namespace)  # noqa: S102 - a generated wrapper with fn's exact signature (as dataclasses does)
        make = _MAKERS[src] = namespace["_make"]
    wrapper = make(fn, handlers, *[v for _, v in defaults])
    # tracebacks name the wrapped function, as with a wrapper compiled for it
    wrapper.__code__ = wrapper.__code__.replace(co_name=fn.__name__)
    return wrapper


_MAKERS: dict[str, Callable] = {}  # generated wrapper source -> the function that makes such wrappers


def _canonicalizer_error(fn: Callable, args: tuple, kwargs: dict) -> str | None:
    """TF's text for a call of `fn` that its C++ canonicalizer rejects, in its order (too many positional
    arguments, then each keyword in turn, then a missing one); None if the arguments bind."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        return None  # TF builds no canonicalizer for those
    names = [p.name for p in params]
    positional = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
    if len(args) > positional:
        return f"Too many arguments were given. Expected {len(names)} but got {len(args)}."
    for key in kwargs:
        if key not in names:
            return f"Got an unexpected keyword argument '{key}'"
        if names.index(key) < len(args):
            return f"Got multiple values for argument '{key}'"
    for p in params[len(args):]:
        if p.default is p.empty and p.name not in kwargs:
            return "Missing required positional argument"
    return None


def canonicalizing(fn: Callable, inner: Callable | None = None) -> Callable:
    """`fn` (calling `inner`, default fn) with TF's canonicalizer texts for calls that do not bind."""
    call = fn if inner is None else inner

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except TypeError:
            text = _canonicalizer_error(fn, args, kwargs)
            if text is None:
                raise
        raise TypeError(text) from None

    wrapper._tf_canonicalized = fn  # type: ignore[attr-defined]
    return wrapper


def add_dispatch_support(fn: Callable) -> Callable:
    """Wraps a public op so that arguments of dispatchable types go to the registered handlers."""
    if hasattr(fn, "_tf_dispatchers"):
        return fn
    canonical = getattr(fn, "_tf_canonicalized", None)
    if canonical is not None:  # TF's texts for calls that do not bind stay outermost, dispatch inside
        wrapper = add_dispatch_support(canonical)
        wrapped = canonicalizing(canonical, wrapper)
        wrapped._tf_dispatchers = wrapper._tf_dispatchers  # type: ignore[attr-defined]
        return wrapped
    handlers: list = []
    wrapper = _signature_wrapper(fn, handlers)
    if wrapper is None:

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except (TypeError, ValueError) as e:
                error = e
            return _dispatch(fn, handlers, error, args, kwargs)

    wrapper = functools.wraps(fn)(wrapper)
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
