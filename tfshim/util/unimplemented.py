"""What a public namespace raises for a name it lacks: TF's names say tfshim does not implement them.

Every generated namespace module (and each hand-written `tf.keras` module) sets
`__getattr__ = namespace_getattr("math", __name__)`. Python calls it only for a name the module does not have, so a
real attribute always wins. For the name it is asked:
- a sub-namespace TF has (`tf.keras`, `tf.lite`) is imported from tfshim's module of that name, if there is one;
- an alias TF has (`tf.losses` is `tf.keras.losses`) resolves to its target;
- any other name TF 2.21 has raises `NotImplementedError: tf.math.foo is not implemented by tfshim`, of a class that
  is also an AttributeError, so `hasattr(tf, name)` stays False and `getattr(tf, name, default)` gives the default;
- a name TF does not have raises TF's own `AttributeError: module 'tensorflow._api.v2.math' has no attribute 'x'`.
TF's names come from `compat/tf_public_names.json` (recorded from real TF), shipped as `tf_public_names.py`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


class NotImplementedAPIError(NotImplementedError, AttributeError):
    """A public TF name that tfshim does not implement (a NotImplementedError, and an AttributeError for hasattr)."""


# Shown to users as what it is for them: tracebacks and `type(e).__name__` print "NotImplementedError: tf.x is not
# implemented by tfshim", as for every other part of TF that tfshim lacks.
NotImplementedAPIError.__name__ = NotImplementedAPIError.__qualname__ = "NotImplementedError"
NotImplementedAPIError.__module__ = "builtins"

_names: dict[str, frozenset[str]] = {}


def _tf_names(tf_path: str) -> frozenset[str]:
    if not _names:
        from tfshim.util import tf_public_names

        _names.update((p, frozenset(n.split())) for p, n in tf_public_names.NAMES.items())
    return _names.get(tf_path, frozenset())


def not_implemented(api: str) -> NotImplementedAPIError:
    """The error for the TF API `api` ("tf.lite.TFLiteConverter"), to raise."""
    return NotImplementedAPIError(f"{api} is not implemented by tfshim")


def _resolve_path(tf_path: str) -> Any:
    obj: Any = importlib.import_module("tfshim")
    for part in tf_path.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def missing_attribute(path: str, module: str, name: str) -> Any:
    """Resolves or raises for `name`, which the namespace `tf.<path>` (tfshim module `module`) lacks."""
    from tfshim.util import tf_public_names

    tf_path = "tf." + path if path else "tf"
    tf_module = tf_public_names.MODULES.get(tf_path, "tensorflow." + path if path else "tensorflow")
    if name.startswith("_") or name not in _tf_names(tf_path):
        raise AttributeError(f"module {tf_module!r} has no attribute {name!r}")
    full = f"{tf_path}.{name}"
    target = tf_public_names.ALIASES.get(full)
    if target is not None:
        return _resolve_path(target)
    if full in tf_public_names.NAMES:  # a sub-namespace: imported on first use (tf.keras, namespaces with no exports)
        try:
            return importlib.import_module(f"{module}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{module}.{name}":
                raise
    raise not_implemented(full)


def namespace_getattr(path: str, module: str, lazy: dict | None = None) -> Callable[[str], Any]:
    """The module `__getattr__` of the namespace `tf.<path>` ("" for tf), whose tfshim module is `module`.

    `lazy` maps the namespace's names that `import tfshim` leaves out to (defining module, attribute): the first use
    imports the module and keeps the value in the namespace."""

    def __getattr__(name: str) -> Any:  # noqa: N807 - the module hook's name
        if lazy is not None and name in lazy:
            where, attr = lazy[name]
            value = getattr(importlib.import_module(where), attr)
            setattr(sys.modules[module], name, value)
            return value
        return missing_attribute(path, module, name)

    return __getattr__


def namespace_dir(module: str, lazy: dict) -> Callable[[], list]:
    """The module `__dir__` of a namespace with names imported on first use: they are listed before that use too."""

    def __dir__() -> list:  # noqa: N807 - the module hook's name
        return sorted(set(vars(sys.modules[module])) | set(lazy))

    return __dir__
