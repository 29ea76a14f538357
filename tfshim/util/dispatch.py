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
import types
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


def _parameters(fn: Callable) -> list | None:
    """fn's parameters as (name, kind, default) triples, read from its code object where `fn` is a plain function
    (or functools.wraps chain ending in one) without __signature__: what inspect.signature answers, at a tenth of its
    cost (it ran 142 times at import). Else from inspect.signature; None when that fails too."""
    f = fn
    while not hasattr(f, "__signature__"):
        if type(f) is types.FunctionType and not hasattr(f, "__wrapped__"):
            code = f.__code__
            n_pos, n_kw = code.co_argcount, code.co_kwonlyargcount
            names = code.co_varnames[:n_pos + n_kw]
            defaults = f.__defaults__ or ()
            kw_defaults = f.__kwdefaults__ or {}
            P = inspect.Parameter
            out = []
            for i, name in enumerate(names[:n_pos]):
                kind = P.POSITIONAL_ONLY if i < code.co_posonlyargcount else P.POSITIONAL_OR_KEYWORD
                j = i - (n_pos - len(defaults))
                out.append((name, kind, defaults[j] if j >= 0 else P.empty))
            i = n_pos + n_kw
            if code.co_flags & inspect.CO_VARARGS:
                out.append((code.co_varnames[i], P.VAR_POSITIONAL, P.empty))
                i += 1
            out += [(name, P.KEYWORD_ONLY, kw_defaults.get(name, P.empty)) for name in names[n_pos:]]
            if code.co_flags & inspect.CO_VARKEYWORDS:
                out.append((code.co_varnames[i], P.VAR_KEYWORD, P.empty))
            return out
        f = getattr(f, "__wrapped__", None)
        if f is None:
            break
    try:
        return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]
    except (TypeError, ValueError):
        return None


# Names the generated wrapper itself uses: a function with a parameter of one of these names gets its own compile.
_OWN_NAMES = frozenset({"_fn", "_handlers", "_keys", "_dispatch", "e", "error"})


def _signature_wrapper(fn: Callable, handlers: list) -> Callable | None:
    """A wrapper with `fn`'s own signature, so that the dense path does not pack *args/**kwargs
    (about 100 ns per call instead of 400). None when the signature cannot be mirrored.

    The wrapper is compiled once per signature *shape* with the parameters named _p0, _p1, ... and then given fn's
    names (its code's co_varnames, the keys of its keyword-only defaults): compiling was most of the import cost."""
    parameters = _parameters(fn)
    if parameters is None:
        return None
    rename = not _OWN_NAMES.intersection(name for name, _, _ in parameters)
    P = inspect.Parameter
    defaults: list = []  # the defaults, passed to the maker as _d<i>
    params: list = []  # the wrapper's parameter list
    positional: list = []  # what the handlers get positionally
    keywords: list = []  # ... and by keyword: (fn's name, the wrapper's)
    star = var_kw = None
    for i, (real, kind, default_value) in enumerate(parameters):
        name = "_p%d" % i if rename else real
        default = ""
        if default_value is not P.empty:
            defaults.append(("_d%d" % i, default_value))
            default = "=_d%d" % i
        if kind is P.VAR_POSITIONAL:
            star = name
            params.append("*" + name)
        elif kind is P.VAR_KEYWORD:
            var_kw = name
            params.append("**" + name)
        elif kind is P.KEYWORD_ONLY:
            if star is None and "*" not in params:
                params.append("*")
            params.append(name + default)
            keywords.append((real, name))
        else:
            params.append(name + default)
            positional.append(name)
            last_positional_only = i + 1 == len(parameters) or parameters[i + 1][1] is not P.POSITIONAL_ONLY
            if kind is P.POSITIONAL_ONLY and last_positional_only:
                params.append("/")
    # keyword-only arguments go by keyword, under their real names: in the source when it holds them, else
    # from _keys (one dict per call; the same shape with other names shares the compiled maker)
    by_key = ["_keys[%d]: %s" % (k, name) for k, (_, name) in enumerate(keywords)]
    call = positional + (["*" + star] if star else []) + (
        ["**{%s}" % ", ".join(by_key)] if rename and keywords else ["%s=%s" % (r, n) for r, n in keywords]) + (
        ["**" + var_kw] if var_kw else [])
    args = "(" + "".join(n + ", " for n in positional) + ")" + (" + " + star if star else "")
    kwargs = "{" + ", ".join(by_key + (["**" + var_kw] if var_kw else [])) + "}"
    src = ("def _make(_fn, _handlers, _keys, %s):\n"
           "    def _wrapper(%s):\n"
           "        try:\n            return _fn(%s)\n"
           "        except (TypeError, ValueError) as e:\n            error = e\n"
           "        return _dispatch(_fn, _handlers, error, %s, %s)\n"
           "    return _wrapper\n"
           % ("".join(d + ", " for d, _ in defaults), ", ".join(params), ", ".join(call), args, kwargs))
    make = _MAKERS.get(src)
    if make is None:  # wrappers of the same signature shape share one maker
        namespace: dict = {"_dispatch": _dispatch}
        exec(src, namespace)  # noqa: S102 - a generated wrapper with fn's exact signature (as dataclasses does)
        make = _MAKERS[src] = namespace["_make"]
    wrapper = make(fn, handlers, tuple(real for real, _ in keywords), *[v for _, v in defaults])
    code = wrapper.__code__
    # tracebacks name the wrapped function, as with a wrapper compiled for it
    if rename:  # fn's parameter names, for callers passing them by keyword, and for help() and inspect
        kinds = (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD), (P.KEYWORD_ONLY,), (P.VAR_POSITIONAL,), (P.VAR_KEYWORD,)
        names = tuple(real for group in kinds for real, kind, _ in parameters if kind in group)  # the code's order
        wrapper.__code__ = code.replace(co_varnames=names + code.co_varnames[len(names):], co_name=fn.__name__)
        if wrapper.__kwdefaults__:
            wrapper.__kwdefaults__ = {real: wrapper.__kwdefaults__[name] for real, name in keywords
                                      if name in wrapper.__kwdefaults__}
    else:
        wrapper.__code__ = code.replace(co_name=fn.__name__)
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
