"""tf.CriticalSection (TF: ops/critical_section_ops.py), eager semantics: `execute(fn)` runs fn holding a lock.

TF's lock is a MutexV2 resource named by `shared_name`; here a threading lock per shared name. In eager TF every
section without a shared_name gets the same mutex (shared name ""), so they all exclude each other. Running a
CriticalSection's `execute` inside its own `execute` is TF's ValueError (checked on a per-thread stack of the
sections being run, before locking).

tfshim differs where TF 2.21 deadlocks: when `fn` raises, the lock is released (TF's stays held, so the next
`execute` blocks forever), and an `execute` nested in another on the same mutex (two unnamed sections) raises
RuntimeError instead of blocking forever.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from tfshim.framework.tensor import _DEVICE_NAME
from tfshim.util import nest
from tfshim.util.tf_export import tf_export


class _Stack(threading.local):
    def __init__(self) -> None:
        self.signatures: list = []
        self.held: list[str] = []  # the shared names of the mutexes this thread holds


_stack = _Stack()
_shared_locks: dict[str, threading.Lock] = {}


@tf_export("CriticalSection")
class CriticalSection:
    """TF: tf.CriticalSection: serialises the functions run through `execute`."""

    def __init__(self, name: Any = None, shared_name: Any = None, critical_section_def: Any = None,
                 import_scope: Any = None) -> None:
        if critical_section_def and name is not None:
            raise ValueError(f"Arguments critical_section_def={critical_section_def} and shared_name={shared_name} are "
                             "mutually exclusive. Please only specify one of them.")
        if critical_section_def:
            raise ValueError("Argument `critical_section_def` is not supported.")
        # eager name scopes are empty: the mutex's shared name is "" unless given; the signature then uses the
        # identity of the section's own handle
        self._shared_name = shared_name or ""
        self._lock = _shared_locks.setdefault(self._shared_name, threading.Lock())
        self._signature = ("", shared_name or id(self), _DEVICE_NAME)

    @property
    def name(self) -> str:
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    def execute(self, fn: Callable, exclusive_resource_access: bool = True, name: Any = None) -> Any:
        """Runs `fn()` holding the lock; returns its tensors (each through tf.identity; None stays None)."""
        from tfshim.ops.array_ops import identity

        stack = _stack.signatures
        if self._signature in stack:
            raise ValueError(f"Attempting to lock a CriticalSection (signature={self._signature}) in which we are "
                             "already running. This is illegal and may cause deadlocks.")
        if self._shared_name in _stack.held:
            raise RuntimeError(f"tfshim: this CriticalSection shares its mutex (shared_name={self._shared_name!r}) "
                               "with one whose execute is running in this thread: TF 2.21 deadlocks here")
        stack.append(self._signature)
        _stack.held.append(self._shared_name)
        try:
            with self._lock:
                r = fn()
                outputs = [None if x is None else identity(x) for x in nest.flatten(r)]
        finally:
            stack.pop()
            _stack.held.pop()
        return nest.pack_sequence_as(r, outputs)
