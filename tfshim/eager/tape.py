"""The tape: a per-thread stack of active tapes and what each one records.

TF keeps this in C++ (`pywrap_tfe.TFE_Py_Tape*`, python/eager/tape.py is its thin
Python face). A tape maps each tensor id it tracks to the entry of the op that
produced it (or None for a watched source). An entry is `(op_context, input_ids)`;
the op context holds the op's input and output tensors for its gradient function.
"""

from __future__ import annotations

import threading
from typing import Any


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
        if v._id not in self.variables:
            self.variables[v._id] = v
        self.watch(v)

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
    """Records the op on each active tape that tracks one of its trainable inputs."""
    entry = None
    for tape in _state.tapes:
        tracked = tape.tensor_tape
        for t in inputs:
            if t._id in tracked and t._dtype._trainable:
                break
        else:
            continue
        if entry is None:
            entry = (OpContext(op, inputs, outputs, attrs), tuple([t._id for t in inputs]))
        for o in outputs:
            tracked[o._id] = entry


def variable_accessed(v: Any) -> None:
    """TF: tape.variable_accessed. A trainable variable read under a tape is watched."""
    if v._trainable:
        for tape in _state.tapes:
            if tape.watch_accessed_variables:
                tape.watch_variable(v)


def could_record() -> bool:
    return bool(_state.tapes)


from tfshim.ops.op import OpContext  # noqa: E402 - op.py imports this module
