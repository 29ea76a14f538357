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


def restore_on_set(parent: Any, name: str, value: Any) -> None:
    if not pending:
        return
    try:
        waiting = pending.get(parent)
    except TypeError:  # unhashable
        return
    if waiting and name in waiting:
        restore, node_id = waiting.pop(name)
        restore.match(node_id, value)
