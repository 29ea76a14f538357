"""tf.nest: flatten and rebuild nested structures (lists, tuples, namedtuples, dicts).

As in TF, dicts flatten in sorted key order and everything else is a leaf.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfshim.util.tf_export import tf_export


def _is_nested(x: Any) -> bool:
    return isinstance(x, (list, tuple, dict))


def _children(x: Any) -> list:
    if isinstance(x, dict):
        return [x[k] for k in sorted(x)]
    return list(x)


@tf_export("nest.is_nested")
def is_nested(seq: Any) -> bool:
    return _is_nested(seq)


@tf_export("nest.flatten")
def flatten(structure: Any, expand_composites: bool = False) -> list:
    if not _is_nested(structure):
        return [structure]
    out: list = []
    for c in _children(structure):
        out.extend(flatten(c))
    return out


def _rebuild(like: Any, items: list) -> Any:
    if isinstance(like, dict):
        keys = sorted(like)
        d = dict(zip(keys, items))
        return type(like)((k, d[k]) for k in like) if type(like) is not dict else {k: d[k] for k in like}
    if isinstance(like, tuple) and hasattr(like, "_fields"):
        return type(like)(*items)
    return type(like)(items)


def _pack(structure: Any, flat: list, index: int) -> tuple[Any, int]:
    if not _is_nested(structure):
        return flat[index], index + 1
    items = []
    for c in _children(structure):
        v, index = _pack(c, flat, index)
        items.append(v)
    return _rebuild(structure, items), index


@tf_export("nest.pack_sequence_as")
def pack_sequence_as(structure: Any, flat_sequence: Any, expand_composites: bool = False) -> Any:
    flat_sequence = list(flat_sequence)
    n = len(flatten(structure))
    if len(flat_sequence) != n:
        raise ValueError(
            f"Could not pack sequence. Structure had {n} atoms, but flat_sequence had {len(flat_sequence)} items."
        )
    return _pack(structure, flat_sequence, 0)[0]


@tf_export("nest.map_structure")
def map_structure(func: Callable, *structure: Any, **kwargs: Any) -> Any:
    flats = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*xs) for xs in zip(*flats)])
