"""Deferred restoration: checkpoint values whose object did not exist at restore time wait on the parent object
and are restored when the attribute is set (TF: trackable/base.py `_deferred_dependencies`).

tf.Module, tf.train.Checkpoint and Keras layers call `restore_on_set` from `__setattr__`; it costs one check of an
empty mapping when no restore is waiting.
"""

from __future__ import annotations

import weakref
from typing import Any

# parent object -> {local name: (restore operation, saved node id)}
pending: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def defer(parent: Any, name: str, restore: Any, node_id: int) -> None:
    """Makes the saved node `node_id` wait for `parent.<name>` (or element `name` of a ListWrapper)."""
    try:
        pending.setdefault(parent, {})[name] = (restore, node_id)
    except TypeError:  # unhashable (a ListWrapper, as TF's is): kept on the object itself
        if hasattr(parent, "__dict__"):
            parent.__dict__.setdefault("_deferred", {})[name] = (restore, node_id)


def _waiting(parent: Any) -> dict | None:
    """The checkpoint values waiting on `parent`'s attributes, if any."""
    own = getattr(parent, "__dict__", {}).get("_deferred") if type(parent).__hash__ is None else None
    if not pending and not own:
        return None
    try:
        return own or pending.get(parent)
    except TypeError:  # unhashable
        return None


def restore_on_set(parent: Any, name: str, value: Any) -> None:
    waiting = _waiting(parent)
    if waiting and name in waiting:
        restore, node_id = waiting.pop(name)
        restore.match(node_id, value)


def pop_deferred(parent: Any, name: str) -> bool:
    """Drops the checkpoint value waiting for `parent.<name>`, if any (a restoration that failed uses it up)."""
    waiting = _waiting(parent)
    return bool(waiting) and waiting.pop(name, None) is not None
