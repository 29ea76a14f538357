"""tf.strings: the dense string ops (TF: python/ops/string_ops.py and the string kernels in
core/kernels/*string*, regex_*, as_string_op.cc, unicode_ops.cc).

A string tensor holds `bytes` objects in a NumPy object array; every kernel works on bytes as
TF's does. The ops returning ragged tensors (split, unicode_decode, bytes_split, ngrams) live in
ops/ragged/. Regular expressions use RE2 syntax in TF: the patterns are translated to Python's
`re` where the two agree, and RE2 syntax with no Python equivalent raises NotImplementedError.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops import string_hash
from tfshim.ops.op import (
    _DEVICE,
    KernelError,
    as_called,
    defop,
    dtype_mismatch,
    make_int,
    make_str,
    not_differentiable,
    op_def,
    tf_export,
)
from tfshim.util import dispatch

_INVALID = errors.InvalidArgumentError


# ----- helpers ---------------------------------------------------------------------------------------


def _strings(shape: tuple, items: Any) -> np.ndarray:
    """An object array of bytes of `shape` from a flat iterable."""
    out = np.empty(int(np.prod(shape, dtype=np.int64)), object)
    out[:] = list(items)
    return out.reshape(shape)


def _map_strings(fn: Any, x: np.ndarray) -> np.ndarray:
    return _strings(x.shape, (fn(s) for s in x.reshape(-1)))


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _run(op: Any, raw: tuple, *tensors: Tensor, **attrs: Any) -> Any:
    """Runs `op`; errors end as TF's do for a call with these user arguments."""
    try:
        return op(*tensors, **attrs)
    except errors.OpError as e:
        raise as_called(e, raw) from None


def _input(x: Any, dtype: dtypes.DType, op_name: str, index: int = 0, raw: tuple = ()) -> Tensor:
    """Converts an op input as TF's eager fast path does: a non-tensor to `dtype` (TypeError if it can't
    be), a tensor of another dtype is TF's `cannot compute X as input #i` error."""
    from tfshim.framework.variables import Variable

    if isinstance(x, Variable):
        x = x.value()
    if isinstance(x, Tensor):
        if x._dtype is not dtype:
            raise as_called(dtype_mismatch(op_name, index, dtype, x._dtype), raw or (x,))
        return x
    return convert_to_tensor(x, dtype=dtype)


def _attr_error(op_name: str, attr: str, value: str, raw: tuple = ()) -> Exception:
    """TF's error for a string attr outside its allowed values (from the OpDef)."""
    summary = op_def(op_name)[0]  # type: ignore[index]
    allowed = re.search(r"attr=%s:string(?:,default=\"[^\"]*\")?,allowed=\[([^\]]*)\]" % attr, summary).group(1)
    err = errors.InvalidArgumentError(None, None, (
        "Value for attr '%s' of \"%s\" is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; %s "
        "[Op:%s] name: " % (attr, value, allowed, op_name, summary, op_name)))
    return as_called(err, raw)


def _check_attr(op_name: str, attr: str, value: str, allowed: tuple, raw: tuple = ()) -> None:
    if value not in allowed:
        raise _attr_error(op_name, attr, value, raw)


def _utf8_chars(s: bytes) -> list:
    """The UTF-8 characters of `s` as byte strings; an invalid byte counts as one character (as TF's
    UTF8_CHAR unit does: it counts the bytes that are not continuation bytes)."""
    out, i, n = [], 0, len(s)
    while i < n:
        j = i + 1
        while j < n and (s[j] & 0xC0) == 0x80:
            j += 1
        out.append(s[i:j])
        i = j
    return out


# ----- length, upper, lower, strip ---------------------------------------------------------------


def _length_kernel(x: np.ndarray, unit: str) -> Any:
    if unit == "BYTE":
        return np.array([len(s) for s in x.reshape(-1)], np.int32).reshape(x.shape)
    return np.array([sum((b & 0xC0) != 0x80 for b in s) for s in x.reshape(-1)], np.int32).reshape(x.shape)


StringLength = defop("StringLength", _length_kernel)


@tf_export("strings.length")
def length(input: Any, unit: str = "BYTE", name: Any = None) -> Tensor:  # noqa: A002 - TF's name
    """TF: tf.strings.length: bytes (`unit="BYTE"`) or UTF-8 characters (`"UTF8_CHAR"`) per string."""
    raw = (input,)
    x = _input(input, dtypes.string, "StringLength", raw=raw)
    _check_attr("StringLength", "unit", unit, ("BYTE", "UTF8_CHAR"), raw)
    return _run(StringLength, raw, x, unit=unit)


def _case_kernel(ascii_fn: Any, unicode_fn: Any, op_name: str) -> Any:
    def kernel(x: np.ndarray, encoding: str) -> Any:
        if encoding not in ("", "utf-8"):
            raise KernelError(_INVALID, f"only utf-8 or '' (no encoding) is supported, received {encoding}")
        if encoding == "":
            # TF uses C's toupper/tolower: only ASCII letters change.
            return _map_strings(ascii_fn, x)
        return _map_strings(lambda s: unicode_fn(s.decode("utf-8", "surrogateescape")).encode(
            "utf-8", "surrogateescape"), x)

    return kernel


_ASCII_UPPER = bytes.maketrans(b"abcdefghijklmnopqrstuvwxyz", b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")

StringUpper = defop("StringUpper", _case_kernel(lambda s: s.translate(_ASCII_UPPER), str.upper, "StringUpper"))
StringLower = defop("StringLower", _case_kernel(lambda s: s.translate(_ASCII_LOWER), str.lower, "StringLower"))


@tf_export("strings.upper")
def upper(input: Any, encoding: str = "", name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.upper: ASCII letters only, or all of Unicode with `encoding="utf-8"`."""
    raw = (input,)
    return _run(StringUpper, raw, _input(input, dtypes.string, "StringUpper", raw=raw), encoding=encoding)


@tf_export("strings.lower")
def lower(input: Any, encoding: str = "", name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.lower: ASCII letters only, or all of Unicode with `encoding="utf-8"`."""
    raw = (input,)
    return _run(StringLower, raw, _input(input, dtypes.string, "StringLower", raw=raw), encoding=encoding)


_C_SPACE = b" \t\n\v\f\r"  # C's isspace in the "C" locale, which TF's StringStrip uses

StringStrip = defop("StringStrip", lambda x: _map_strings(lambda s: s.strip(_C_SPACE), x))


@tf_export("strings.strip")
def strip(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.strip: leading and trailing ASCII whitespace removed."""
    raw = (input,)
    return _run(StringStrip, raw, _input(input, dtypes.string, "StringStrip", raw=raw))


# ----- join, reduce_join -----------------------------------------------------------------------------


def _join_kernel(*xs: np.ndarray, separator: str) -> Any:
    shape: tuple | None = None
    for x in xs:
        if x.ndim:
            if shape is None:
                shape = x.shape
            elif x.shape != shape:
                raise KernelError(_INVALID, f"Input shapes do not match: {_shape_text(shape)} vs. "
                                  f"{_shape_text(x.shape)}")
    shape = shape or ()
    sep = separator.encode("utf-8")
    parts = [np.broadcast_to(x, shape).reshape(-1) for x in xs]
    n = int(np.prod(shape, dtype=np.int64))
    return _strings(shape, (sep.join(p[i] for p in parts) for i in range(n)))


_STRING_JOIN: dict = {}


def _string_join_op(n: int) -> Any:
    """StringJoin for `n` inputs (TF's kernel name in errors says N: `StringJoin_N_2`)."""
    op = _STRING_JOIN.get(n)
    if op is None:
        op = _STRING_JOIN[n] = defop("StringJoin", _join_kernel, kernel_name=f"StringJoin_N_{n}")
        not_differentiable(op)

    return op


@tf_export("strings.join")
def join(inputs: Any, separator: str = "", name: Any = None) -> Tensor:
    """TF: tf.strings.join: elementwise concatenation with `separator`; scalars broadcast, other
    inputs must have one shape."""
    tensors = [_input(x, dtypes.string, "StringJoin", i, raw=(inputs,)) for i, x in enumerate(inputs)]
    if not tensors:
        return _wrap_as(np.array(b"", object), dtypes.string)
    # TF passes the list through the slow path: errors end in `[Op:StringJoin]`.
    return _run(_string_join_op(len(tensors)), ([],), *tensors, separator=separator)


def _reduce_join_kernel(x: np.ndarray, axes: np.ndarray, keep_dims: bool, separator: str) -> Any:
    rank = x.ndim
    reduced = []
    for a in np.asarray(axes).reshape(-1).tolist():
        if not -rank <= a < rank:
            raise KernelError(errors.OutOfRangeError, f"Invalid reduction dimension {a} for input with {rank} "
                              "dimension(s)")
        if a % rank in reduced:
            raise KernelError(_INVALID, f"Duplicate reduction dimension {a}")
        reduced.append(a % rank)
    kept = [d for d in range(rank) if d not in reduced]
    sep = separator.encode("utf-8")
    # TF joins with the first listed axis varying fastest (axis=None lists them innermost first).
    moved = np.transpose(x, kept + reduced[::-1]) if rank else x
    out_shape = tuple(x.shape[d] for d in kept)
    inner = int(np.prod([x.shape[d] for d in reduced], dtype=np.int64))
    rows = moved.reshape(int(np.prod(out_shape, dtype=np.int64)), inner)
    joined = _strings(out_shape, (sep.join(row) for row in rows))
    if keep_dims:
        return joined.reshape(tuple(1 if d in reduced else x.shape[d] for d in range(rank)))
    return joined


ReduceJoin = defop("ReduceJoin", _reduce_join_kernel)
not_differentiable(ReduceJoin)


@tf_export("strings.reduce_join")
def reduce_join(inputs: Any, axis: Any = None, keepdims: bool = False, separator: str = "",
                name: Any = None) -> Tensor:
    """TF: tf.strings.reduce_join: the strings joined along `axis` (all axes if None), in row-major order."""
    raw = (inputs,)
    x = _input(inputs, dtypes.string, "ReduceJoin", raw=raw)
    # TF: axis=None reduces every axis, listed innermost first (a row-major join).
    axes = np.arange(x._value.ndim - 1, -1, -1) if axis is None else np.asarray(
        convert_to_tensor(axis)._value).reshape(-1)
    return _run(ReduceJoin, raw, x, _wrap_as(axes.astype(np.int32), dtypes.int32), keep_dims=bool(keepdims),
                separator=separator)


def _segment_join_kernel(x: np.ndarray, ids: np.ndarray, num_segments: np.ndarray, separator: str) -> Any:
    n = int(num_segments)
    for d in range(ids.ndim):
        if d >= x.ndim or ids.shape[d] != x.shape[d]:
            raise KernelError(_INVALID, f"Segment dimension is {ids.shape[d]} while input dimension is "
                              f"{ids.shape[d]} in rank {d}")
    if ids.size and (ids.min() < 0 or ids.max() >= n):
        raise KernelError(_INVALID, "segment_ids are not allowed to exceed num_segments or to have negative "
                          "values.")
    inner = x.shape[ids.ndim:]
    rows = x.reshape((-1,) + inner)
    parts: list = [[[] for _ in range(int(np.prod(inner, dtype=np.int64)))] for _ in range(n)]
    for r, seg in enumerate(ids.reshape(-1).tolist()):
        for k, s in enumerate(rows[r:r + 1].reshape(-1)):
            parts[seg][k].append(s)
    sep = separator.encode("utf-8")
    return _strings((n,) + inner, (sep.join(p) for seg in parts for p in seg))


UnsortedSegmentJoin = defop("UnsortedSegmentJoin", _segment_join_kernel)


@tf_export("strings.unsorted_segment_join")
def unsorted_segment_join(inputs: Any, segment_ids: Any, num_segments: Any, separator: str = "",
                          name: Any = None) -> Tensor:
    """TF: tf.strings.unsorted_segment_join: output[segment_ids[i]] joins inputs[i] (in input order)."""
    raw = (inputs, segment_ids, num_segments)
    x = _input(inputs, dtypes.string, "UnsortedSegmentJoin", raw=raw)
    ids = convert_to_tensor(segment_ids)
    n = convert_to_tensor(num_segments)
    return _run(UnsortedSegmentJoin, raw, x, ids, n, separator=separator)


# ----- substr ----------------------------------------------------------------------------------------


def _substr_one(s: bytes, pos: int, size: int, unit: str, index: int) -> bytes:
    if unit == "BYTE":
        n = len(s)
        if not -n <= pos <= n:
            raise _bytes_error("Substr", b"pos %d out of range for string b'%s' at index %d" % (pos, s, index))
        start = pos if pos >= 0 else n + pos
        return s[start:] if size < 0 else s[start:start + size]  # TF: a negative len is the rest
    chars = _utf8_chars(s)
    n = len(chars)
    # TF's UTF-8 path: a negative len is an empty substring, and with a negative pos out of range.
    if not -n <= pos <= n or (pos < 0 and size < 0):
        raise KernelError(_INVALID, f"pos {pos} out of range for string at index {index}")
    start = pos if pos >= 0 else n + pos
    return b"".join(chars[start:start + max(size, 0)])


def _substr_kernel(x: np.ndarray, pos: np.ndarray, size: np.ndarray, unit: str) -> Any:
    if pos.shape != size.shape:
        raise KernelError(_INVALID, f"pos and len should have the same shape, got: {_shape_text(pos.shape)} vs. "
                          f"{_shape_text(size.shape)}")
    if pos.shape != x.shape and pos.ndim:
        try:
            shape = np.broadcast_shapes(x.shape, pos.shape)
        except ValueError:
            raise KernelError(_INVALID, f"Incompatible shapes: {_shape_text(x.shape)} vs. "
                              f"{_shape_text(pos.shape)}") from None
    else:
        shape = x.shape
    xs = np.broadcast_to(x, shape).reshape(-1)
    ps = np.broadcast_to(pos, shape).reshape(-1)
    ls = np.broadcast_to(size, shape).reshape(-1)
    return _strings(shape, (_substr_one(xs[i], int(ps[i]), int(ls[i]), unit, i) for i in range(xs.shape[0])))


Substr = defop("Substr", _substr_kernel)


@tf_export("strings.substr")
def substr(input: Any, pos: Any, len: Any, unit: str = "BYTE", name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.substr: `len` bytes (or UTF-8 characters) from `pos` (negative: from the end);
    `pos` must lie in [-length, length]."""
    raw = (input, pos, len)
    x = _input(input, dtypes.string, "Substr", raw=raw)
    p = convert_to_tensor(pos) if not isinstance(pos, Tensor) else pos
    if p._dtype not in (dtypes.int32, dtypes.int64):
        p = convert_to_tensor(pos, dtype=dtypes.int32)
    n = _input(len, p._dtype, "Substr", 2, raw=raw)
    _check_attr("Substr", "unit", unit, ("BYTE", "UTF8_CHAR"), raw)
    return _run(Substr, raw, x, p, n, unit=unit)


# ----- regular expressions (RE2 syntax) ----------------------------------------------------------------

_POSIX_CLASSES = {
    "alnum": "0-9A-Za-z", "alpha": "A-Za-z", "ascii": "\\x00-\\x7f", "blank": "\\t ", "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9", "graph": "!-~", "lower": "a-z", "print": " -~", "punct": "!-/:-@\\[-`{-~",
    "space": "\\t\\n\\v\\f\\r ", "upper": "A-Z", "word": "0-9A-Za-z_", "xdigit": "0-9A-Fa-f",
}
_RE2_SPACE = "[\\t\\n\\f\\r ]"  # RE2's \s: no \v
_INVALID_BYTES = "\udc80-\udcff"  # invalid UTF-8 bytes, as surrogateescape decodes them


class _RegexError(Exception):
    """An RE2 parse error, with RE2's message."""


def _translate(pattern: str) -> str:
    """An RE2 pattern as a Python `re` pattern with the same matches (Python runs it with re.ASCII:
    RE2's \\d, \\w, \\s and \\b are ASCII). Raises _RegexError with RE2's text for what RE2 rejects,
    NotImplementedError for RE2 syntax tfshim does not translate."""
    out: list = []
    i, n = 0, len(pattern)
    in_class = class_start = False
    multiline = False
    depth = 0
    can_repeat = False  # whether a repetition operator has an operand here
    while i < n:
        c = pattern[i]
        if c == "\\":
            if i + 1 >= n:
                raise _RegexError("trailing \\")
            d = pattern[i + 1]
            if d in "pP":
                raise NotImplementedError(f"tfshim cannot translate the RE2 Unicode class \\{d} in regex "
                                          f"{pattern!r} (tf.strings regex ops)")
            if d == "C":
                raise NotImplementedError(f"tfshim cannot translate RE2's \\C in regex {pattern!r}")
            if d == "Q":
                end = pattern.find("\\E", i + 2)
                literal = pattern[i + 2:] if end < 0 else pattern[i + 2:end]
                out.append(re.escape(literal))
                i = n if end < 0 else end + 2
                can_repeat = bool(literal)
                continue
            if d.isdigit() and d != "0":
                raise _RegexError(f"invalid escape sequence: \\{d}")
            if d == "z":
                out.append("\\Z")
            elif d == "Z":
                raise _RegexError("invalid escape sequence: \\Z")
            elif d == "s":
                out.append("\\t\\n\\f\\r " if in_class else _RE2_SPACE)
            elif d in "SDW" and not in_class:
                out.append("[^%s%s]" % ({"S": "\\t\\n\\f\\r ", "D": "0-9", "W": "0-9A-Za-z_"}[d], _INVALID_BYTES))
            elif d == "S":
                raise NotImplementedError(f"tfshim cannot translate \\S inside a class in regex {pattern!r}")
            elif d == "x" and i + 2 < n and pattern[i + 2] == "{":
                end = pattern.find("}", i + 3)
                if end < 0:
                    raise _RegexError(f"invalid escape sequence: {pattern[i:]}")
                out.append("\\U%08x" % int(pattern[i + 3:end], 16))
                i = end + 1
                can_repeat = True
                continue
            else:
                out.append(pattern[i:i + 2])
            i += 2
            can_repeat = True
            continue
        if in_class:
            if c == "[" and pattern.startswith("[:", i):
                end = pattern.find(":]", i + 2)
                if end > 0:
                    name = pattern[i + 2:end]
                    if name.startswith("^") or name not in _POSIX_CLASSES:
                        raise NotImplementedError(f"tfshim cannot translate the RE2 class [:{name}:] in regex "
                                                  f"{pattern!r}")
                    out.append(_POSIX_CLASSES[name])
                    i = end + 2
                    continue
            if c == "]" and not class_start:
                in_class = False
            elif c == "[":
                out.append("\\[")
                i += 1
                class_start = False
                continue
            out.append(c)
            class_start = c == "^" and class_start and pattern[i - 1] == "["
            i += 1
            continue
        if c == "[":
            end = _class_end(pattern, i)
            if end < 0:
                raise _RegexError(f"missing ]: {pattern[i:]}")
            in_class, class_start = True, True
            out.append(c)
            i += 1
            if i < n and pattern[i] == "^":
                out.append("^" + _INVALID_BYTES)  # RE2 never matches an invalid UTF-8 byte
                i += 1
            can_repeat = True
            continue
        if c == "(":
            prefix = "("
            if pattern.startswith("(?", i):
                rest = pattern[i + 2:]
                if rest[:1] in ("=", "!") or rest[:1] == "<":
                    raise _RegexError(f"invalid perl operator: (?{rest[:1]}")
                m = re.match(r"P<\w+>", rest)
                if m is None:
                    m = re.match(r"([imsU-]*)(:|\))", rest)
                    if m is None:
                        raise _RegexError(f"missing ): {pattern}" if ")" not in rest else
                                          f"invalid or unsupported Perl syntax: (?{rest[:1]}")
                    if "U" in m.group(1):
                        raise NotImplementedError(f"tfshim cannot translate RE2's ungreedy flag (?U) in regex "
                                                  f"{pattern!r}")
                    if "m" in m.group(1).split("-")[0]:
                        multiline = True
                    if m.group(2) == ")":  # a flags-only group: (?i)
                        out.append("(?" + m.group(0))
                        i += 2 + len(m.group(0))
                        continue
                prefix = "(?" + m.group(0)
            depth += 1
            out.append(prefix)
            i += len(prefix)
            can_repeat = False
            continue
        if c == ")":
            if depth == 0:
                raise _RegexError(f"unexpected ): {pattern}")
            depth -= 1
            out.append(c)
            i += 1
            can_repeat = True
            continue
        if c in "*+?" or (c == "{" and re.match(r"\{\d+(,\d*)?\}", pattern[i:])):
            op_end = i + 1 if c != "{" else pattern.index("}", i) + 1
            op = pattern[i:op_end]
            if c == "{":
                m = re.match(r"\{(\d+)(,(\d*))?\}", op)
                lo, hi = int(m.group(1)), m.group(3)
                if lo > 1000 or (hi and (int(hi) > 1000 or int(hi) < lo)):
                    raise _RegexError(f"invalid repetition size: {op}")
            if not can_repeat:
                raise _RegexError(f"no argument for repetition operator: {op}")
            nxt = pattern[op_end:op_end + 1]
            if nxt == "?":
                op_end += 1
            elif nxt in ("*", "+") or (nxt == "{" and re.match(r"\{\d+(,\d*)?\}", pattern[op_end:])):
                raise _RegexError(f"bad repetition operator: {pattern[i:op_end + 1]}")
            out.append(pattern[i:op_end])
            i = op_end
            can_repeat = False
            continue
        if c == ".":
            out.append("(?:(?![%s]).)" % _INVALID_BYTES)  # RE2's . never matches an invalid UTF-8 byte
        elif c == "$" and not multiline:
            out.append("(?!(?s:.))")  # RE2's $ is the end of the text only (Python's also matches before "\n")
        else:
            out.append(c)
        can_repeat = c not in "|^$"
        i += 1
    if depth:
        raise _RegexError(f"missing ): {pattern}")
    return "".join(out)


def _class_end(pattern: str, i: int) -> int:
    """The index of the `]` closing the class opened at `i`, or -1."""
    j = i + 1
    if j < len(pattern) and pattern[j] == "^":
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        j += 1
    while j < len(pattern):
        if pattern[j] == "\\":
            j += 2
            continue
        if pattern.startswith("[:", j):
            end = pattern.find(":]", j + 2)
            if end > 0:
                j = end + 2
                continue
        if pattern[j] == "]":
            return j
        j += 1
    return -1


_REGEX_CACHE: dict = {}


def _compile(pattern: bytes) -> Any:
    """The compiled Python regex for an RE2 pattern (raises KernelError with RE2's message)."""
    compiled = _REGEX_CACHE.get(pattern)
    if compiled is None:
        text = pattern.decode("utf-8", "surrogateescape")
        try:
            compiled = re.compile(_translate(text), re.ASCII)
        except _RegexError as e:
            raise KernelError(_INVALID, f"Invalid pattern: {text}, error: {e}") from None
        except re.error as e:  # syntax the translation let through that Python rejects
            raise KernelError(_INVALID, f"Invalid pattern: {text}, error: {e}") from None
        _REGEX_CACHE[pattern] = compiled
    return compiled


def _decode(s: bytes) -> str:
    return s.decode("utf-8", "surrogateescape")


def _encode(s: str) -> bytes:
    return s.encode("utf-8", "surrogateescape")


def _full_match_kernel(x: np.ndarray, pattern: bytes) -> Any:
    rx = _compile(pattern)
    return np.array([rx.fullmatch(_decode(s)) is not None for s in x.reshape(-1)], bool).reshape(x.shape)


StaticRegexFullMatch = defop("StaticRegexFullMatch", _full_match_kernel)
RegexFullMatch = defop("RegexFullMatch", lambda x, p: _full_match_kernel(x, p[()]))


@tf_export("strings.regex_full_match")
def regex_full_match(input: Any, pattern: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.regex_full_match: whether each whole string matches the RE2 `pattern`."""
    raw = (input,)
    x = _input(input, dtypes.string, "RegexFullMatch", raw=raw)
    if isinstance(pattern, (str, bytes)):
        p = pattern.encode("utf-8") if isinstance(pattern, str) else pattern
        return _run(StaticRegexFullMatch, raw, x, pattern=p)
    return _run(RegexFullMatch, raw, x, _input(pattern, dtypes.string, "RegexFullMatch", 1, raw=raw))


def _rewrite(rewrite: str, m: Any) -> str | None:
    """RE2's Rewrite: \\0-\\9 are groups, \\\\ a backslash; None for an invalid rewrite."""
    out, i = [], 0
    while i < len(rewrite):
        c = rewrite[i]
        if c == "\\":
            d = rewrite[i + 1:i + 2]
            if d.isdigit():
                g = int(d)
                if g > (m.re.groups if m is not None else 0):
                    return None
                out.append(m.group(g) or "")
            elif d == "\\":
                out.append("\\")
            else:
                return None
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _global_replace(rx: Any, text: str, rewrite: str, replace_global: bool) -> str:
    """RE2::GlobalReplace / Replace: no empty match right where the previous match ended."""
    out, p, last_end, count = [], 0, -1, 0
    n = len(text)
    while p <= n:
        m = rx.search(text, p)
        if m is None:
            break
        out.append(text[p:m.start()])
        if m.start() == m.end() and m.start() == last_end:
            if p < n:
                out.append(text[p])
            p += 1
            continue
        piece = _rewrite(rewrite, m)
        if piece is None:
            return text
        out.append(piece)
        p = m.end()
        last_end = p
        count += 1
        if not replace_global:
            break
    if count == 0:
        return text
    out.append(text[p:])
    return "".join(out)


def _replace_kernel(x: np.ndarray, pattern: bytes, rewrite: bytes, replace_global: bool) -> Any:
    rx = _compile(pattern)
    rw = _decode(rewrite)
    return _map_strings(lambda s: _encode(_global_replace(rx, _decode(s), rw, replace_global)), x)


StaticRegexReplace = defop("StaticRegexReplace", _replace_kernel)
RegexReplace = defop("RegexReplace", lambda x, p, r, replace_global: _replace_kernel(
    x, p[()], r[()], replace_global))
not_differentiable(RegexReplace)


@tf_export("strings.regex_replace")
def regex_replace(input: Any, pattern: Any, rewrite: Any, replace_global: bool = True,  # noqa: A002
                  name: Any = None) -> Tensor:
    """TF: tf.strings.regex_replace: matches of the RE2 `pattern` replaced by `rewrite` (\\1 groups)."""
    raw = (input,)
    x = _input(input, dtypes.string, "RegexReplace", raw=raw)
    if isinstance(pattern, (str, bytes)) and isinstance(rewrite, (str, bytes)):
        p = pattern.encode("utf-8") if isinstance(pattern, str) else pattern
        r = rewrite.encode("utf-8") if isinstance(rewrite, str) else rewrite
        return _run(StaticRegexReplace, raw, x, pattern=p, rewrite=r, replace_global=bool(replace_global))
    pt = _input(pattern, dtypes.string, "RegexReplace", 1, raw=raw)
    rt = _input(rewrite, dtypes.string, "RegexReplace", 2, raw=raw)
    return _run(RegexReplace, raw, x, pt, rt, replace_global=bool(replace_global))


# ----- to_number, as_string ---------------------------------------------------------------------------

_FLOAT_TEXT = re.compile(r"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)", re.IGNORECASE)
_HEX_TEXT = re.compile(r"[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?")
_INT_TEXT = re.compile(r"[+-]?\d+")


def _parse_number(s: bytes, np_type: Any) -> Any:
    """TF's SafeStringToNumeric: surrounding whitespace allowed; floats as strtod reads them (hex too),
    integers decimal and in range. None when TF rejects the string."""
    text = s.decode("latin-1").strip(" \t\n\v\f\r")
    if np.dtype(np_type).kind == "f":
        if _FLOAT_TEXT.fullmatch(text):
            value = float(text)
        elif _HEX_TEXT.fullmatch(text):
            sign = -1.0 if text.startswith("-") else 1.0
            body = text.lstrip("+-")
            value = sign * float.fromhex(body if "p" in body.lower() else body + "p0")
        else:
            return None
        with np.errstate(over="ignore"):
            return np_type(value)
    if not _INT_TEXT.fullmatch(text):
        return None
    value = int(text)
    info = np.iinfo(np_type)
    return np_type(value) if info.min <= value <= info.max else None


def _to_number_kernel(x: np.ndarray, out_type: Any) -> Any:
    np_type = out_type.as_numpy_dtype
    out = np.empty(x.shape, np_type)
    flat = out.reshape(-1)
    for i, s in enumerate(x.reshape(-1)):
        v = _parse_number(s, np_type)
        if v is None:
            raise _bytes_error("StringToNumber", b"StringToNumberOp could not correctly convert string: " + s)
        flat[i] = v
    return out


StringToNumber = defop("StringToNumber", _to_number_kernel)
not_differentiable(StringToNumber)


@tf_export("strings.to_number")
def to_number(input: Any, out_type: Any = dtypes.float32, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.to_number: each string parsed as `out_type` (float32, float64, int32, int64,
    uint32, uint64); InvalidArgumentError for a string that is not one."""
    raw = (input,)
    x = _input(input, dtypes.string, "StringToNumber", raw=raw)
    d = dtypes.as_dtype(out_type)
    if d not in (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64):
        from tfshim.ops.op import disallowed_dtype

        raise as_called(disallowed_dtype("StringToNumber", d, "out_type"), raw)
    return _run(StringToNumber, raw, x, out_type=d)


def _as_string_kernel(x: np.ndarray, precision: int, scientific: bool, shortest: bool, width: int,
                      fill: str) -> Any:
    kind = x.dtype.kind
    if x.dtype == object:
        return x.copy()
    if kind in "iub":
        if precision > -1:
            raise KernelError(_INVALID, f"precision not supported for datatype {_CNAME[x.dtype]}")
        if scientific or shortest:
            raise KernelError(_INVALID, f"scientific and shortest format not supported for datatype "
                              f"{_CNAME[x.dtype]}")
    if scientific and shortest:
        raise KernelError(_INVALID, "Cannot select both scientific and shortest notation")
    if len(fill) > 1:
        raise KernelError(_INVALID, "Fill string must be one or fewer characters")
    flags = ""
    if fill:
        if fill == "-":
            flags = "-"
        elif fill == "0":
            flags = "0"
        elif fill == " ":
            flags = " "  # printf's space flag: a blank before positive numbers
        else:
            raise KernelError(_INVALID, f'Fill argument not supported: "{fill}"')
    spec = "%" + flags + (str(width) if width > -1 else "")
    if kind == "b":
        fmt = spec + "s"
        return _strings(x.shape, ((fmt % ("true" if v else "false")).encode() for v in x.reshape(-1)))
    if kind in "iu":
        fmt = spec + "d"
        return _strings(x.shape, ((fmt % int(v)).encode() for v in x.reshape(-1)))
    if precision > -1:
        spec += "." + str(precision)
    spec += "e" if scientific else ("g" if shortest else "f")
    if kind == "c":
        return _strings(x.shape, (("(" + spec % float(v.real) + "," + spec % float(v.imag) + ")").encode()
                                  for v in x.reshape(-1)))
    return _strings(x.shape, (_c_float(spec, float(v)).encode() for v in x.reshape(-1)))


def _c_float(spec: str, v: float) -> str:
    """C's printf of a double: nan/inf as C prints them (zero fill does not pad them with zeros)."""
    if v != v or v in (float("inf"), float("-inf")):
        word = "nan" if v != v else ("inf" if v > 0 else "-inf")
        if v != v and np.signbit(v):
            word = "-nan"
        m = re.match(r"%([-0 ]?)(\d*)", spec)
        w = int(m.group(2) or 0)
        if m.group(1) == " " and not word.startswith("-"):
            word = " " + word
        return word.ljust(w) if m.group(1) == "-" else word.rjust(w)
    return spec % v


_CNAME = {np.dtype(d.as_numpy_dtype) if d is not dtypes.string else None: d._cname
          for d in (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8, dtypes.uint16,
                    dtypes.uint32, dtypes.uint64, dtypes.bool)}

AsString = defop("AsString", _as_string_kernel)
not_differentiable(AsString)


@tf_export("strings.as_string", "as_string")
def as_string(input: Any, precision: int = -1, scientific: bool = False, shortest: bool = False,  # noqa: A002
              width: int = -1, fill: str = "", name: Any = None) -> Tensor:
    """TF: tf.strings.as_string: printf-formatted numbers (`%.{precision}f`, `%e` if scientific,
    `%g` if shortest; `width`, `fill` one of "", " ", "0", "-"), bools as true/false."""
    from tfshim.ops.op import make_bool, make_int, make_str

    raw = (input,)
    # TF's fast path converts the attrs (precision, scientific, shortest, width, fill) before the input
    precision = make_int(precision, "precision")
    scientific = make_bool(scientific, "scientific")
    shortest = make_bool(shortest, "shortest")
    width = make_int(width, "width")
    fill = make_str(fill, "fill")
    x = convert_to_tensor(input)
    if x._dtype.name in ("bfloat16", "variant", "resource", "qint8", "quint8", "qint32", "qint16", "quint16"):
        from tfshim.ops.op import disallowed_dtype

        raise as_called(disallowed_dtype("AsString", x._dtype), raw)
    value = x
    if x._dtype is dtypes.float16:
        value = _wrap_as(x._value.astype(np.float32), dtypes.float32)
    return _run(AsString, raw, value, precision=int(precision), scientific=bool(scientific),
                shortest=bool(shortest), width=int(width), fill=fill)


# ----- format --------------------------------------------------------------------------------------


def _c_escape(s: bytes) -> str:
    """absl::Utf8SafeCEscape: \\n \\r \\t \\" \\' \\\\ escaped, other ASCII control bytes as 3-digit
    octal, bytes from 0x80 kept as they are (returned surrogate-escaped, for _encode)."""
    out = []
    for b in s:
        ch = chr(b)
        if ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ch in "\"'\\":
            out.append("\\" + ch)
        elif 0x20 <= b < 0x7F:
            out.append(ch)
        elif b >= 0x80:
            out.append(chr(0xDC00 + b))
        else:
            out.append("\\%03o" % b)
    return "".join(out)


def _float_text(v: Any, digits: int, more: int) -> str:
    """TF's StrCat of a float/double: %.{digits}g if that reads back to the value, else %.{more}g."""
    if v != v:
        return "nan" if not np.signbit(v) else "-nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    text = "%.*g" % (digits, float(v))
    if type(v)(float(text)) != v:
        text = "%.*g" % (more, float(v))
    return text


def _element_text(v: Any) -> str:
    if isinstance(v, bytes):
        return '"' + _c_escape(v) + '"'
    if isinstance(v, np.bool_):
        return "1" if v else "0"
    if isinstance(v, (np.float32, np.float16)):
        return _float_text(np.float32(v), 6, 9)
    if isinstance(v, np.float64):
        return _float_text(v, 15, 17)
    if isinstance(v, np.complexfloating):
        parts = [_element_text(type(v.real)(v.real)), _element_text(type(v.imag)(v.imag))]
        return "(" + parts[0] + "," + parts[1] + ")"
    return str(v)


def summarize(x: np.ndarray, limit: int) -> str:
    """TF's Tensor::SummarizeValue(limit, print_v2=true): `limit` elements at each end of each dimension."""
    if x.ndim == 0:
        return _element_text(x[()])
    ends = x.size if limit < 0 else min(limit, x.size)
    out: list = []

    def spacing(dim: int) -> None:
        if dim == x.ndim - 1:
            out.append(" ")
        else:
            out.append("\n" * (x.ndim - dim - 1) + " " * (dim + 1))

    def one_dim(dim: int, sub: Any) -> None:
        if dim == x.ndim:
            out.append(_element_text(sub))
            return
        out.append("[")
        count = sub.shape[0]
        start_of_end = max(ends, count - ends)
        for i in range(min(ends, count)):
            if i > 0:
                spacing(dim)
            one_dim(dim + 1, sub[i])
        if count > 2 * ends:
            spacing(dim)
            out.append("...")
        for i in range(start_of_end, count):
            spacing(dim)
            one_dim(dim + 1, sub[i])
        out.append("]")

    one_dim(0, x)
    return "".join(out)


def _format_kernel(*xs: np.ndarray, template: str, placeholder: str, summarize_n: int) -> Any:
    pieces = template.split(placeholder)
    out = [pieces[0]]
    for x, piece in zip(xs, pieces[1:]):
        out.append(summarize(x, summarize_n))
        out.append(piece)
    return np.array(_encode("".join(out)), object)


StringFormat = defop("StringFormat", _format_kernel)


@tf_export("strings.format")
def format(template: str, inputs: Any, placeholder: str = "{}", summarize: int = 3,  # noqa: A001
           name: Any = None) -> Tensor:
    """TF: tf.strings.format: each `placeholder` in `template` replaced by a tensor's summary (as
    tf.print shows it: `summarize` elements at each end of each dimension, -1 for all)."""
    if isinstance(inputs, Tensor) or not isinstance(inputs, (list, tuple)):
        inputs = [inputs]
    tensors = [convert_to_tensor(x) for x in inputs]
    count = template.count(placeholder)
    if count != len(tensors):
        raise ValueError(f"The template expects {count} tensors, but the inputs only has {len(tensors)}. Please "
                         "ensure the number of placeholders in template matches inputs length.")
    return _run(StringFormat, ([],), *tensors, template=template, placeholder=placeholder,
                summarize_n=int(summarize))


# ----- unicode ---------------------------------------------------------------------------------------

_CODECS = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be"}


def _encode_codepoints(cps: Any, codec: str, errors_mode: str, replacement: int) -> bytes:
    out = []
    for c in cps:
        c = int(c)
        if c < 0 or c > 0x10FFFF or 0xD800 <= c <= 0xDFFF:
            if errors_mode == "strict":
                raise KernelError(_INVALID, "Code point is out of range for Unicode, or is a surrogate.")
            if errors_mode == "ignore":
                continue
            c = replacement
        out.append(chr(c))
    return "".join(out).encode(codec, "surrogatepass")


def _unicode_encode_kernel(x: np.ndarray, output_encoding: str, errors: str, replacement_char: int) -> Any:
    codec = _CODECS[output_encoding]
    rows = x.reshape(-1, x.shape[-1])
    return _strings(x.shape[:-1], (_encode_codepoints(r, codec, errors, replacement_char) for r in rows))


UnicodeEncode = defop("UnicodeEncode", _unicode_encode_kernel)


@tf_export("strings.unicode_encode")
def unicode_encode(input: Any, output_encoding: str, errors: str = "replace",  # noqa: A002
                   replacement_char: int = 65533, name: Any = None) -> Tensor:
    """TF: tf.strings.unicode_encode for a dense int32 tensor: its innermost dimension's code points
    encoded as one string (UTF-8, UTF-16-BE or UTF-32-BE). Ragged input: see ops/ragged."""
    if not isinstance(input, Tensor) and _is_ragged(input):
        try:
            from tfshim.ops.ragged import ragged_string_ops  # type: ignore[attr-defined]

            ragged_encode = ragged_string_ops.unicode_encode
        except (ImportError, AttributeError):
            raise NotImplementedError("tf.strings.unicode_encode of a RaggedTensor is not implemented by "
                                      "tfshim") from None
        return ragged_encode(input, output_encoding, errors, replacement_char, name)
    raw = (input,)
    x = _input(input, dtypes.int32, "UnicodeEncode", raw=raw)
    if x._value.ndim == 0:
        raise ValueError("input_tensor's rank must be at least 1.")
    output_encoding = make_str(output_encoding, "output_encoding")  # TF's generated wrapper, before the op
    errors = make_str(errors, "errors")
    _check_attr("UnicodeEncode", "output_encoding", output_encoding, tuple(_CODECS), raw)
    _check_attr("UnicodeEncode", "errors", errors, ("ignore", "replace", "strict"), raw)
    return _run(UnicodeEncode, raw, x, output_encoding=output_encoding, errors=errors,
                replacement_char=int(replacement_char))


def _is_ragged(x: Any) -> bool:
    return type(x).__name__ == "RaggedTensor"


_INPUT_CODECS = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be", "UTF-16LE": "utf-16-le",
                 "UTF-16-LE": "utf-16-le", "UTF-32-LE": "utf-32-le", "ISO-8859-1": "latin-1",
                 "US-ASCII": "ascii", "UTF-16": "utf-16", "UTF-32": "utf-32"}


# The allowed range of the second byte after each UTF-8 lead byte (Unicode Table 3-7); later ones are 80..BF.
_SECOND = {0xE0: (0xA0, 0xBF), 0xED: (0x80, 0x9F), 0xF0: (0x90, 0xBF), 0xF4: (0x80, 0x8F)}


def _utf8_maximal_subpart(s: bytes, i: int) -> tuple:
    """(length, valid) of the well-formed UTF-8 sequence at s[i], or of its maximal ill-formed subpart."""
    b = s[i]
    if b < 0x80:
        return 1, True
    need = 1 if 0xC2 <= b <= 0xDF else 2 if 0xE0 <= b <= 0xEF else 3 if 0xF0 <= b <= 0xF4 else 0
    if need == 0:
        return 1, False
    j = i + 1
    for k in range(need):
        lo, hi = _SECOND.get(b, (0x80, 0xBF)) if k == 0 else (0x80, 0xBF)
        if j >= len(s) or not lo <= s[j] <= hi:
            return j - i, False
        j += 1
    return j - i, True


def _bytes_error(op_name: str, message: bytes) -> KernelError:
    """A kernel error whose message quotes user bytes, as TF delivers it: a C string (it ends at the first
    NUL), decoded as UTF-8 when raised (TF raises UnicodeDecodeError when it is not UTF-8)."""
    message = message.split(b"\x00")[0]
    try:
        return KernelError(_INVALID, message.decode("utf-8"))
    except UnicodeDecodeError:
        full = b"{{function_node __wrapped__%s%s}} %s [Op:%s]" % (op_name.encode(), _DEVICE.encode(), message,
                                                                   op_name.encode())
        full.decode("utf-8")  # raises TF's UnicodeDecodeError
        raise


def _input_codec(encoding: str) -> str | None:
    """The Python codec for an ICU converter name (ICU accepts the usual aliases, as Python does)."""
    import codecs

    if encoding in _INPUT_CODECS:
        return _INPUT_CODECS[encoding]
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return None


def decode_codepoints(s: bytes, encoding: str, errors_mode: str, replacement: int,
                      replace_control: bool = False) -> list:
    """The code points of `s` in `encoding` as TF's ICU-based decoders give them: an invalid sequence is
    one replacement character, dropped (`ignore`) or an error (`strict`)."""
    codec = _input_codec(encoding)
    out: list = []
    if codec == "utf-8":
        i, n = 0, len(s)
        while i < n:
            length, valid = _utf8_maximal_subpart(s, i)
            if not valid:
                if errors_mode == "strict":
                    raise KernelError(_INVALID, "Invalid formatting on input string")
                if errors_mode == "replace":
                    out.append(replacement)
                i += length  # ICU: a maximal ill-formed subpart is one error
                continue
            out.append(ord(s[i:i + length].decode("utf-8")))
            i += length
    else:
        mode = {"strict": "strict", "ignore": "ignore"}.get(errors_mode, "replace")
        try:
            text = s.decode(codec, mode)
        except UnicodeDecodeError:
            raise KernelError(_INVALID, "Invalid formatting on input string") from None
        out = [replacement if c == "\ufffd" and mode == "replace" else ord(c) for c in text]
    if replace_control:
        out = [replacement if (c < 0x20 and c not in (0x09, 0x0A, 0x0D)) or 0x7F <= c < 0xA0 else c for c in out]
    return out


def _transcode_kernel(x: np.ndarray, input_encoding: str, output_encoding: str, errors: str,
                      replacement_char: int, replace_control_characters: bool) -> Any:
    codec = _CODECS[output_encoding]

    def one(s: bytes) -> bytes:
        cps = decode_codepoints(s, input_encoding, errors, replacement_char, replace_control_characters)
        return "".join(chr(c) for c in cps).encode(codec, "surrogatepass")

    return _map_strings(one, x)


UnicodeTranscode = defop("UnicodeTranscode", _transcode_kernel)


@tf_export("strings.unicode_transcode")
def unicode_transcode(input: Any, input_encoding: str, output_encoding: str, errors: str = "replace",  # noqa: A002
                      replacement_char: int = 65533, replace_control_characters: bool = False,
                      name: Any = None) -> Tensor:
    """TF: tf.strings.unicode_transcode: each string decoded from `input_encoding` and encoded in
    `output_encoding` (UTF-8, UTF-16-BE or UTF-32-BE), bad input replaced/ignored/an error per `errors`."""
    raw = (input,)
    x = _input(input, dtypes.string, "UnicodeTranscode", raw=raw)
    _check_attr("UnicodeTranscode", "output_encoding", output_encoding, tuple(_CODECS), raw)
    _check_attr("UnicodeTranscode", "errors", errors, ("strict", "replace", "ignore"), raw)
    if _input_codec(input_encoding) is None:
        raise as_called(errors_module_invalid(f"Could not create converter for input encoding: {input_encoding}",
                                              "UnicodeTranscode"), raw)
    return _run(UnicodeTranscode, raw, x, input_encoding=input_encoding, output_encoding=output_encoding,
                errors=errors, replacement_char=int(replacement_char),
                replace_control_characters=bool(replace_control_characters))


def errors_module_invalid(message: str, op_name: str) -> Exception:
    return errors.InvalidArgumentError(None, None, "{{function_node __wrapped__%s_device_/job:localhost/replica:0/"
                                       "task:0/device:CPU:0}} %s [Op:%s] name: " % (op_name, message, op_name))


def _script_kernel(x: np.ndarray) -> Any:
    from tfshim.ops.unicode_script_data import script_code

    return np.array([script_code(int(c)) for c in x.reshape(-1)], np.int32).reshape(x.shape)


UnicodeScript = defop("UnicodeScript", _script_kernel)


@tf_export("strings.unicode_script")
def unicode_script(input: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.unicode_script: each int32 code point's ICU UScriptCode (-1 for invalid ones)."""
    raw = (input,)
    return _run(UnicodeScript, raw, _input(input, dtypes.int32, "UnicodeScript", raw=raw))


# ----- hash buckets ----------------------------------------------------------------------------------


def _bucket_kernel(hash_fn: Any) -> Any:
    def kernel(x: np.ndarray, num_buckets: int, **key: Any) -> Any:
        k = key.get("key")
        h = (lambda s: hash_fn(tuple(k), s)) if k is not None else hash_fn
        return np.array([h(s) % num_buckets for s in x.reshape(-1)], np.int64).reshape(x.shape)

    return kernel


StringToHashBucketFast = defop("StringToHashBucketFast", _bucket_kernel(string_hash.fingerprint64))
StringToHashBucketStrong = defop("StringToHashBucketStrong", _bucket_kernel(string_hash.siphash))
StringToHashBucket = defop("StringToHashBucket", _bucket_kernel(string_hash.hash64))
not_differentiable(StringToHashBucketFast, StringToHashBucketStrong, StringToHashBucket)


def _num_buckets(op_name: str, num_buckets: Any, raw: tuple) -> int:
    n = make_int(num_buckets, "num_buckets")
    if n < 1:
        raise as_called(errors.InvalidArgumentError(None, None, (
            "Value for attr 'num_buckets' of %d must be at least minimum 1\n\t; NodeDef: {{node %s}}; %s "
            "[Op:%s] name: " % (n, op_name, op_def(op_name)[0], op_name))), raw)  # type: ignore[index]
    return n


@tf_export("strings.to_hash_bucket_fast")
def to_hash_bucket_fast(input: Any, num_buckets: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.to_hash_bucket_fast: FarmHash Fingerprint64(s) % num_buckets, as int64."""
    raw = (input,)
    x = _input(input, dtypes.string, "StringToHashBucketFast", raw=raw)
    n = _num_buckets("StringToHashBucketFast", num_buckets, raw)
    return _run(StringToHashBucketFast, raw, x, num_buckets=n)


@tf_export("strings.to_hash_bucket_strong")
def to_hash_bucket_strong(input: Any, num_buckets: Any, key: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.to_hash_bucket_strong: SipHash-2-4 keyed by two uint64s, % num_buckets."""
    raw = (input,)
    x = _input(input, dtypes.string, "StringToHashBucketStrong", raw=raw)
    n = _num_buckets("StringToHashBucketStrong", num_buckets, raw)
    k = [int(v) for v in key]
    if any(not -(2**63) <= v < 2**63 for v in k):
        raise OverflowError("int too big to convert")  # TF's attr conversion of the key list
    if len(k) != 2:
        raise as_called(errors_module_invalid("Key must have 2 elements", "StringToHashBucketStrong"), raw)
    return _run(StringToHashBucketStrong, raw, x, num_buckets=n, key=k)


@tf_export("strings.to_hash_bucket")
def to_hash_bucket(input: Any, num_buckets: Any, name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.strings.to_hash_bucket (legacy StringToHashBucket): TF's Hash64(s) % num_buckets."""
    raw = (input,)
    x = _input(input, dtypes.string, "StringToHashBucket", raw=raw)
    n = _num_buckets("StringToHashBucket", num_buckets, raw)
    return _run(StringToHashBucket, raw, x, num_buckets=n)


# TF registers these with dispatch.register_unary_elementwise_api (string_ops.py), so that a RaggedTensor input
# is mapped over its flat values (ops/ragged/ragged_dispatch.py); tf.strings.join takes ragged inputs through its
# own handler (ops/ragged/ragged_string_ops.py).
dispatch.install(
    globals(),
    unary=("regex_full_match", "regex_replace", "length", "substr", "to_number", "to_hash_bucket",
           "to_hash_bucket_fast", "to_hash_bucket_strong", "as_string", "lower", "upper", "strip",
           "unicode_transcode", "unicode_script"),
    other=("join",),
)
