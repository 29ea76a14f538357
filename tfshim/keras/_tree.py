"""Keras 3's `keras.tree.map_structure` on the TF backend (optree, `none_is_leaf=True`), with optree's errors.

Lists, tuples and dicts are nodes; everything else (tensors, arrays, numbers, None) is a leaf. The first
structure decides the shape: the others must match it node for node (optree's "Expected an instance of ...",
"... arity mismatch ..." and "dictionary key mismatch ..." texts), and a node where the first has a leaf is
Keras's "Structures don't have the same nested structure.".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def is_nested(x: Any) -> bool:
    return isinstance(x, (list, tuple, dict))


def _keys(d: dict) -> list:
    try:
        return sorted(d)
    except TypeError:  # optree keeps insertion order for keys that do not sort
        return list(d)


def _children(node: Any) -> list:
    return [node[k] for k in _keys(node)] if isinstance(node, dict) else list(node)


def _check(node: Any, other: Any) -> None:
    """optree's flatten_up_to: `other` must have `node`'s structure down to `node`'s leaves."""
    if not is_nested(node):
        return
    kind = "dict" if isinstance(node, dict) else type(node).__name__
    if not isinstance(other, dict if kind == "dict" else type(node)):
        raise ValueError(f"Expected an instance of {kind}, got {other!r}.")
    if kind == "dict":
        want, got = _keys(node), _keys(other)
        if want != got:
            missing, extra = [k for k in want if k not in other], [k for k in got if k not in node]
            raise ValueError(f"dictionary key mismatch; expected key(s): {want}, got key(s): {got}, missing key(s): "
                             f"{missing}, extra key(s): {extra}; dict: {other!r}.")
    elif len(node) != len(other):
        raise ValueError(f"{kind} arity mismatch; expected: {len(node)}, got: {len(other)}; {kind}: {other!r}.")
    for a, b in reversed(list(zip(_children(node), _children(other)))):  # optree pops its stack: last child first
        _check(a, b)


def flatten(structure: Any) -> list:
    """Keras: tree.flatten: the leaves, dict values in sorted-key order."""
    if not is_nested(structure):
        return [structure]
    return [leaf for child in _children(structure) for leaf in flatten(child)]


def map_structure(func: Callable, *structures: Any) -> Any:
    """Keras: tree.map_structure(func, *structures)."""
    first, rest = structures[0], structures[1:]
    for other in rest:
        _check(first, other)

    def walk(node: Any, others: tuple) -> Any:
        if not is_nested(node):
            if any(is_nested(o) for o in others):
                raise ValueError("Structures don't have the same nested structure.")
            return func(node, *others)
        if isinstance(node, dict):
            out = {k: walk(node[k], tuple(o[k] for o in others)) for k in _keys(node)}
            return type(node)((k, out[k]) for k in node) if type(node) is not dict else {k: out[k] for k in node}
        items = [walk(c, tuple(o[i] for o in others)) for i, c in enumerate(node)]
        return type(node)(*items) if hasattr(node, "_fields") else type(node)(items)

    return walk(first, rest)


def map_structure_up_to(shallow: Any, func: Callable, structure: Any) -> Any:
    """Keras: tree.map_structure_up_to(shallow, func, structure): func on the subtrees at `shallow`'s leaves."""
    if not is_nested(shallow):
        return func(structure)
    if isinstance(shallow, dict):
        return {k: map_structure_up_to(shallow[k], func, structure[k]) for k in shallow}
    items = [map_structure_up_to(s, func, structure[i]) for i, s in enumerate(shallow)]
    return type(shallow)(*items) if hasattr(shallow, "_fields") else type(shallow)(items)


def pack_sequence_as(structure: Any, flat_sequence: Any) -> Any:
    """Keras: tree.pack_sequence_as: `flat_sequence`'s items arranged as `structure`'s leaves."""
    flat = list(flat_sequence)
    if len(flat) != len(flatten(structure)):
        raise ValueError(f"The target structure is of type `{type(structure)}`\n  {structure}\nHowever the input "
                         f"is a sequence ({type(flat_sequence)}) of length {len(flat)}.\n  {flat_sequence}\n"
                         "It should be a sequence of length 1.")
    it = iter(flat)

    def build(node: Any) -> Any:
        if not is_nested(node):
            return next(it)
        if isinstance(node, dict):
            values = {k: build(node[k]) for k in _keys(node)}
            return {k: values[k] for k in node}
        items = [build(c) for c in node]
        return type(node)(*items) if hasattr(node, "_fields") else type(node)(items)

    return build(structure)
