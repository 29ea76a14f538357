"""How a TF generated op wrapper (gen_*_ops.py) takes its attrs in eager mode, before any input is converted.

TF first tries its C fast path (pywrap_tfe_src.cc: TFE_Py_FastPathExecute), which sets the attrs in the op's
order (unless an input is not a tensor, Variable, array or Python number: then it falls back at once):
a list(int) attr must be a sequence of Python ints (a 0-d tensor, a Variable or a 0-d array is a
"sequence" whose size is -1: C++ `new int64_t[-1]` fails with std::bad_alloc, a MemoryError in Python), a string
attr a str or bytes. On the first attr it cannot take, it falls back to the wrapper's Python `*_eager_fallback`,
which checks every attr again with `_execute.make_*` (TF's "Expected list for ..." / "Expected int for ..." texts).
The fast path also falls back when, its attrs set, it cannot convert an input (1e+40, a huge int).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.ops.op import as_called, make_bool, make_float, make_int, make_int_list, make_str

_FALLBACK = object()
_NO_DEFAULT = object()


def _fast(kind: str, value: Any, default: Any) -> Any:
    """The fast path's value for one attr, or _FALLBACK."""
    if value is None:
        if default is not _NO_DEFAULT:
            return default
        return [] if kind == "ints" else _FALLBACK
    if kind == "ints":
        if isinstance(value, (dict, set, frozenset)) or not hasattr(type(value), "__getitem__"):
            return _FALLBACK
        try:
            n = len(value)
        except TypeError:
            raise MemoryError("std::bad_alloc") from None
        items = [value[i] for i in range(n)]
        return [int(i) for i in items] if all(isinstance(i, int) for i in items) else _FALLBACK
    if kind == "str":
        return value.decode() if isinstance(value, bytes) else value if isinstance(value, str) else _FALLBACK
    if kind == "int":
        return int(value) if isinstance(value, int) else _FALLBACK
    if kind == "bool":
        return value if isinstance(value, bool) else _FALLBACK
    return float(value) if isinstance(value, float) else _FALLBACK  # not an int: `bias=1` takes the fallback


def _slow(fn: str, kind: str, name: str, value: Any, default: Any) -> Any:
    """The Python fallback's check of one attr (`None` is the default where the attr has one)."""
    if value is None and default is not _NO_DEFAULT:
        return default
    if kind == "ints":
        return make_int_list(value, name, fn)
    if kind == "str":
        return make_str(value, name)
    if kind == "int":
        return make_int(value, name)
    if kind == "bool":
        return make_bool(value, name)
    return make_float(value, name)


def fast_input(x: Any) -> bool:
    """TF's CheckOneInput: what the fast path converts itself."""
    from tfshim.framework.tensor import Tensor
    from tfshim.framework.variables import Variable

    return isinstance(x, (Tensor, Variable, np.ndarray, int, float))


def op_attrs(fn: str, inputs: tuple, *attrs: tuple, matching: bool = False) -> Attrs:
    """The attrs of the generated wrapper `fn` (e.g. "extract_volume_patches") called on the user's `inputs`, as
    TF takes them: each attr is (kind, name, value) or (kind, name, value, default), kind one of "ints", "int",
    "str", "bool", "float", in the op's attr order (`matching`: the inputs share one type attr). Returns the
    converted values; raises TF's error for the first bad one."""
    specs = [(a[0], a[1], a[2], a[3] if len(a) > 3 else _NO_DEFAULT) for a in attrs]
    out = Attrs()
    fast = all(fast_input(x) for x in inputs)
    for kind, _, value, default in specs:
        v = _fast(kind, value, default) if fast else _FALLBACK
        if v is _FALLBACK:
            out = Attrs(_slow(fn, kind, name, value, default) for kind, name, value, default in specs)
            out.slow = True
            return out
        out.append(v)
    if not _converts(inputs, matching):  # the fast path converts the inputs next: failing, it falls back
        out = Attrs(_slow(fn, kind, name, value, default) for kind, name, value, default in specs)
        out.slow = True
    return out


def _converts(inputs: tuple, matching: bool) -> bool:
    """Whether the fast path converts the inputs (`matching`: all share one type attr, as args_to_matching_eager)."""
    from tfshim.framework.constant_op import convert_to_tensor, match_inputs

    try:
        if matching:
            match_inputs(list(inputs))
        else:
            for x in inputs:
                convert_to_tensor(x)
    except (TypeError, ValueError, OverflowError):
        return False
    return True


class Attrs(list):
    """op_attrs' values; `slow`: TF took the Python fallback, whose op errors end at `[Op:X]` (no ` name: `)."""

    slow = False

    @property
    def suffix(self) -> str:
        return "" if self.slow else " name: "

    def as_called(self, e: Any) -> Any:
        """The OpError `e` (raised with ` name: `) as TF prints it after these attrs."""
        return as_called(e, ("fallback",)) if self.slow else e
