"""tf.nest: flatten, rebuild and compare nested structures (lists, tuples, namedtuples, dicts).

As in TF, mappings flatten in sorted key order, strings and everything else are leaves, and
`assert_same_structure` raises TF's texts (those of TF's C++ `AssertSameStructure`, followed
by the two structures drawn with "." leaves).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tfshim.util.tf_export import tf_export


def _is_nested(x: Any) -> bool:
    return isinstance(x, (list, tuple, Mapping))


def _sorted_keys(x: Mapping) -> list:
    return sorted(x)


def _children(x: Any) -> list:
    if isinstance(x, Mapping):
        return [x[k] for k in _sorted_keys(x)]
    return list(x)


def _is_namedtuple(x: Any) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


@tf_export("nest.is_nested")
def is_nested(seq: Any) -> bool:
    """TF: tf.nest.is_nested (lists, tuples, namedtuples and mappings; not strings or sets)."""
    return _is_nested(seq)


@tf_export("nest.flatten")
def flatten(structure: Any, expand_composites: bool = False) -> list:
    """TF: tf.nest.flatten. Mappings contribute their values in sorted key order."""
    if not _is_nested(structure):
        return [structure]
    out: list = []
    for c in _children(structure):
        out.extend(flatten(c, expand_composites))
    return out


def _rebuild(like: Any, items: list) -> Any:
    if isinstance(like, Mapping):
        d = dict(zip(_sorted_keys(like), items))
        return type(like)((k, d[k]) for k in like) if type(like) is not dict else {k: d[k] for k in like}
    if _is_namedtuple(like):
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
    """TF: tf.nest.pack_sequence_as, with TF's errors for a leaf/sequence or count mismatch."""
    if not _is_nested(flat_sequence):
        raise TypeError("Attempted to pack value:\n  %s\ninto a structure, but found incompatible type `%s` "
                        "instead." % (flat_sequence, type(flat_sequence)))
    if not _is_nested(structure):
        if len(flat_sequence) != 1:
            raise ValueError(
                "The target structure is of type `%s`\n  %s\nHowever the input is a sequence (%s) of length %d.\n"
                "  %s\nnest cannot guarantee that it is safe to map one to the other."
                % (type(structure), structure, type(flat_sequence), len(flat_sequence), flat_sequence))
        return flat_sequence[0]
    flat_sequence = list(flat_sequence)
    n = len(flatten(structure))
    if len(flat_sequence) != n:
        raise ValueError(
            "Could not pack sequence. Structure had %d atoms, but flat_sequence had %d items.  Structure: %s, "
            "flat_sequence: %s." % (n, len(flat_sequence), structure, flat_sequence))
    return _pack(structure, flat_sequence, 0)[0]


def _describe(x: Any) -> str:
    return "type=%s str=%s" % (type(x).__name__, x)


def _structure_difference(a: Any, b: Any, check_types: bool) -> tuple[type, str] | None:
    """(exception class, TF's "More specifically" text) for the first difference, or None."""
    seq_a, seq_b = _is_nested(a), _is_nested(b)
    if seq_a != seq_b:
        seq, leaf = (a, b) if seq_a else (b, a)
        return ValueError, 'Substructure "%s" is a sequence, while substructure "%s" is not' % (
            _describe(seq), _describe(leaf))
    if not seq_a:
        return None
    if check_types and type(a) is not type(b):
        both_lists = isinstance(a, list) and isinstance(b, list)
        both_maps = isinstance(a, Mapping) and isinstance(b, Mapping)
        same_namedtuple = (_is_namedtuple(a) and _is_namedtuple(b) and type(a).__name__ == type(b).__name__
                           and type(a)._fields == type(b)._fields)
        if not (both_lists or both_maps or same_namedtuple):
            return TypeError, (
                "The two namedtuples don't have the same sequence type. First structure %s has type %s, while "
                "second structure %s has type %s" % (_describe(a), type(a).__name__, _describe(b), type(b).__name__))
    if isinstance(a, Mapping) and isinstance(b, Mapping) and check_types:
        ka, kb = _sorted_keys(a), _sorted_keys(b)
        if ka != kb:
            return ValueError, (
                "The two dictionaries don't have the same set of keys. First structure has keys %s, while second "
                "structure has keys %s" % (_describe(ka), _describe(kb)))
    ca, cb = _children(a), _children(b)
    # TF walks both in lockstep: a difference inside comes before running out of elements.
    for x, y in zip(ca, cb):
        diff = _structure_difference(x, y, check_types)
        if diff is not None:
            return diff
    if len(ca) != len(cb):
        return ValueError, ("The two structures don't have the same number of elements. First structure: %s. "
                            "Second structure: %s" % (_describe(a), _describe(b)))
    return None


class _Dot:
    """The leaf TF draws in "Entire first structure" (nest_util._DOT)."""

    def __repr__(self) -> str:
        return "."


_DOT = _Dot()


def _dots(structure: Any) -> str:
    return str(pack_sequence_as(structure, [_DOT] * len(flatten(structure))) if _is_nested(structure) else _DOT)


@tf_export("nest.assert_same_structure")
def assert_same_structure(nest1: Any, nest2: Any, check_types: bool = True, expand_composites: bool = False) -> None:
    """TF: tf.nest.assert_same_structure. Lists match lists, mappings match mappings, and namedtuples of one
    name and fields match; otherwise (with `check_types`) a TypeError, and a ValueError for other differences."""
    diff = _structure_difference(nest1, nest2, check_types)
    if diff is None:
        return
    cls, detail = diff
    raise cls("The two structures don't have the same nested structure.\n\nFirst structure: %s\n\nSecond "
              "structure: %s\n\nMore specifically: %s\nEntire first structure:\n%s\nEntire second structure:\n%s"
              % (_describe(nest1), _describe(nest2), detail, _dots(nest1), _dots(nest2)))


@tf_export("nest.map_structure")
def map_structure(func: Callable, *structure: Any, **kwargs: Any) -> Any:
    """TF: tf.nest.map_structure: `func` on the leaves of structures that must match (assert_same_structure)."""
    if not callable(func):
        raise TypeError(f"func must be callable, got: {func}")
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    expand_composites = kwargs.pop("expand_composites", False)
    if kwargs:
        raise ValueError("Only valid keyword arguments are `check_types` and `expand_composites`, not: `%s`"
                         % "`, `".join(kwargs))
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types, expand_composites)
    flats = [flatten(s, expand_composites) for s in structure]
    return pack_sequence_as(structure[0], [func(*xs) for xs in zip(*flats)])
