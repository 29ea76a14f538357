"""The tape: a per-thread stack of active tapes and what each one records.

TF keeps this in C++ (`pywrap_tfe.TFE_Py_Tape*`, python/eager/tape.py is its thin
Python face). A tape maps each tensor id it tracks to the entry of the op that
produced it (or None for a watched source). An entry is `(op_context, input_ids)`;
the op context holds the op's input and output tensors for its gradient function.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np


class _TapeStack(threading.local):
    def __init__(self) -> None:
        self.tapes: list[Tape] = []


_state = _TapeStack()


class Tape:
    __slots__ = ("persistent", "watch_accessed_variables", "tensor_tape", "variables", "__weakref__")

    def __init__(self, persistent: bool, watch_accessed_variables: bool) -> None:
        self.persistent = persistent
        self.watch_accessed_variables = watch_accessed_variables
        self.tensor_tape: dict[int, Any] = {}
        self.variables: dict[int, Any] = {}  # id -> Variable, in the order first watched

    def watch(self, t: Any) -> None:
        if t._id not in self.tensor_tape:
            self.tensor_tape[t._id] = None

    def watch_variable(self, v: Any) -> None:
        # (watch's test written out: every variable read under a tape comes here)
        self.variables.setdefault(v._id, v)
        self.tensor_tape.setdefault(v._id, None)

    def watched_variables(self) -> tuple:
        # TF returns them in order of construction, not of first use.
        return tuple(sorted(self.variables.values(), key=lambda v: v._id))


def push_new_tape(persistent: bool = False, watch_accessed_variables: bool = True) -> Tape:
    t = Tape(persistent, watch_accessed_variables)
    _state.tapes.append(t)
    return t


def push_tape(t: Tape) -> None:
    _state.tapes.append(t)


def pop_tape(t: Tape) -> None:
    _state.tapes.remove(t)


def record_operation(op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
    """Records the op on each active tape that tracks one of its trainable inputs (compiled twin:
    tfshim/_eager.c record_operation, which calls `_entry` where it keeps stand-ins)."""
    entry = None
    for tape in _state.tapes:
        tracked = tape.tensor_tape
        for t in inputs:
            if t._id in tracked and t._dtype._trainable:
                break
        else:
            continue
        if entry is None:
            entry = _entry(op, inputs, outputs, attrs)
        for o in outputs:
            tracked[o._id] = entry


def _entry(op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> tuple:
    """A tape entry: (the op's context, its input ids), with stand-ins for the values its gradient does not read."""
    n = len(inputs)  # (one and two inputs without a list comprehension: a frame of its own before 3.12)
    ids = (inputs[0]._id, inputs[1]._id) if n == 2 else (inputs[0]._id,) if n == 1 else tuple(
        [t._id for t in inputs])
    uses = op.grad_uses
    if uses is not None and not KEEP_ALL and not _all_scalars(inputs, outputs):
        # (a set as large as the tuple keeps every value: nothing to replace)
        if len(uses[0]) < n:
            inputs = tuple([t if i in uses[0] else _stand_in(t) for i, t in enumerate(inputs)])
        if not uses[1] and len(outputs) == 1:
            outputs = (_stand_in(outputs[0]),)
        elif len(uses[1]) < len(outputs):
            outputs = tuple([t if i in uses[1] else _stand_in(t) for i, t in enumerate(outputs)])
    return (OpContext(op, inputs, outputs, attrs), ids)


def _all_scalars(inputs: tuple, outputs: tuple) -> bool:
    """Whether every value is 0-d: a stand-in frees nothing then (and costs 0.3 us to make)."""
    for t in inputs:
        if t._value.ndim:
            return False
    for t in outputs:
        if t._value.ndim:
            return False
    return True


# Tests set this to keep every recorded value, the reference for the ops' `gradient_uses` declarations.
KEEP_ALL = False


# The read-only broadcasts stand-ins hold, one per (NumPy dtype, shape): making one costs more than the op it stands
# in for. Bounded: a program with ever-new shapes starts the cache afresh.
_STAND_IN_DATA: dict[tuple, np.ndarray] = {}


def _stand_in(t: Any) -> Any:
    """A tensor with `t`'s id, dtype and shape but no data of its own (a broadcast of one NaN, or 0 for dtypes
    without NaN): what the tape keeps of a value the op's gradient does not read (ops.op.gradient_uses)."""
    v = t._value
    key = (v.dtype, v.shape)
    data = _STAND_IN_DATA.get(key)
    if data is None:
        if len(_STAND_IN_DATA) >= 4096:
            _STAND_IN_DATA.clear()
        data = _STAND_IN_DATA[key] = np.broadcast_to(np.array(np.nan if v.dtype.kind in "fc" else 0, v.dtype), v.shape)
    s = EagerTensor.__new__(EagerTensor)
    s._value = data
    s._dtype = t._dtype
    s._id = t._id
    return s


def variable_accessed(v: Any) -> None:
    """TF: tape.variable_accessed. A trainable variable read under a tape is watched."""
    if v._trainable:
        for tape in _state.tapes:
            if tape.watch_accessed_variables:
                tape.watch_variable(v)


def could_record() -> bool:
    return bool(_state.tapes)


from tfshim.framework.tensor import EagerTensor  # noqa: E402
from tfshim.kernels import native  # noqa: E402
from tfshim.ops.op import OpContext  # noqa: E402 - op.py imports this module

_record_operation_py = record_operation  # (tests compare the two)
if native.eager is not None:  # the C twin (tfshim/_eager.c): ~1 us less per recorded op
    native.eager.setup(tape_state=_state, tape_globals=globals(), entry=_entry, op_context=OpContext)
    record_operation = native.eager.record_operation  # noqa: F811
