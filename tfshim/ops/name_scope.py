"""tf.name_scope: in eager TF it only prefixes the names of variables created inside."""

from __future__ import annotations

import threading
from typing import Any

from tfshim.util.tf_export import tf_export


class _Scopes(threading.local):
    def __init__(self) -> None:
        self.stack: list[str] = []


_scopes = _Scopes()


def current_scope() -> str:
    return "".join(s + "/" for s in _scopes.stack)


@tf_export("name_scope")
class name_scope:  # noqa: N801 - TF's name
    """TF: tf.name_scope(name). `'a/'`-style names reset to an absolute scope."""

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name
        self._saved: list[str] | None = None

    @property
    def name(self) -> str:
        return self._name

    def __enter__(self) -> str:
        self._saved = list(_scopes.stack)
        if self._name.endswith("/"):
            _scopes.stack[:] = [self._name[:-1]] if self._name[:-1] else []
        elif self._name:
            _scopes.stack.append(self._name)
        return current_scope()

    def __exit__(self, *exc: Any) -> None:
        _scopes.stack[:] = self._saved or []


@tf_export("get_current_name_scope")
def get_current_name_scope() -> str:
    """TF: tf.get_current_name_scope(): the name scope stack as a path, without a trailing "/"."""
    return "/".join(_scopes.stack)
