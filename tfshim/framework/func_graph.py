"""FuncGraph: what a tf.function trace records, and its replay (TF: framework/func_graph.py).

TF traces the Python function once per input signature into a graph and then runs the graph, so
Python side effects happen only while tracing and Python values are captured at trace time. tfshim
traces by running the Python function on the call's real values while every op it runs is
recorded (a "node"): op, attributes, and where each input comes from (an argument, an earlier node,
a variable, or a tensor captured as a constant). A later call with a matching signature replays
the nodes on the new arguments, without running Python. Variable writes made while tracing go to a
shadow copy (TF's trace runs nothing), so the replay that follows the trace is the one real run.

The replay is only exact when every value the function's Python code used was known at trace
time. So while tracing, a Python read of a traced tensor's value (`_value` outside an op kernel,
`.numpy()`, `bool()`, `int()`, a stateful random op, ...) marks the graph "value dependent"; such a
trace is not replayed, and the function runs eagerly on each call instead (writes to sys.stdout
discarded on calls that would not trace). TF would have turned `if`/`for` on tensors into graph
control flow (AutoGraph); tfshim gets the same values but Python side effects inside such code
run on every call.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from tfshim.eager import tape as tape_lib
from tfshim.framework.tensor import EagerTensor, Tensor, _next_id
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.variables import Variable
from tfshim.ops import op as op_lib
from tfshim.util.tf_export import tf_export

# Stateful random kernels draw new numbers on each run in TF; replaying their recorded seeds would not.
_STATEFUL_OPS = frozenset({
    "RandomUniform", "RandomStandardNormal", "TruncatedNormal", "RandomUniformInt", "RandomShuffle", "Multinomial",
})


class _Stack(threading.local):
    def __init__(self) -> None:
        self.graphs: list[FuncGraph] = []
        self.suspended = 0  # > 0 inside tf.init_scope


_stack = _Stack()


def current() -> FuncGraph | None:
    """The graph being traced (None when executing eagerly or inside tf.init_scope)."""
    s = _stack
    return s.graphs[-1] if s.graphs and not s.suspended else None


class FuncGraph:
    """The recorded body of one trace. Slots number the tensors the graph computes."""

    def __init__(self, name: str, shapes_static: bool) -> None:
        self.name = name
        self.shapes_static = shapes_static  # False when an argument's traced shape has unknown dims
        self.slots: dict[int, int] = {}  # id of a tensor made while tracing -> slot
        self.num_slots = 0
        self.slot_dtypes: list = []  # per slot: the tensor's dtype and traced shape (for its GraphDef)
        self.slot_shapes: list[tuple] = []
        self.nodes: list[tuple] = []
        self.value_dependent: str | None = None  # why the graph cannot be replayed
        self.in_kernel = 0
        self.shadow: dict[int, tuple[Variable, np.ndarray]] = {}
        self.own_variables: set[int] = set()  # ids of variables created while tracing
        self.created_variables: list[Variable] = []
        self.allow_variable_creation = True
        self.variable_args: dict[int, int] = {}  # id(variable argument) -> index among the arguments' leaves
        self.arg_slots: list[int | None] = []  # per argument leaf: its slot (None for a variable)
        self.arg_tensors: list = []  # the placeholders standing for tensor arguments
        self.outputs: Any = None  # (structure, refs)
        self.captures: list[Tensor] = []
        self.start_id = _next_id()  # tensors made later are the graph's own constants, not captures
        self.made: list = []  # weak references to the tensors the trace made

    # ---- building -------------------------------------------------------------------------------
    def add(self, t: Tensor) -> int:
        slot = self.slots[t._id] = self.num_slots
        self.num_slots += 1
        self.slot_dtypes.append(t._dtype)
        self.slot_shapes.append(_SLOT.__get__(t).shape)
        return slot

    def ref(self, x: Any) -> tuple:
        if isinstance(x, Variable):
            v = _base_variable(x)
            i = self.variable_args.get(id(v))
            return ("va", i) if i is not None else ("v", v)
        slot = self.slots.get(x._id)
        if slot is not None:
            return ("s", slot)
        if x._id < self.start_id and not any(c is x for c in self.captures):
            self.captures.append(x)
        return ("c", x)

    def mark_value_dependent(self, why: str) -> None:
        if self.value_dependent is None:
            self.value_dependent = why

    # ---- replaying ------------------------------------------------------------------------------
    def replay(self, leaves: list) -> Any:
        """Runs the recorded nodes on new argument leaves (tensors/variables); returns the outputs."""
        env: list = [None] * self.num_slots
        for slot, leaf in zip(self.arg_slots, leaves):
            if slot is not None:
                env[slot] = leaf

        def get(r: tuple) -> Any:
            kind, x = r
            if kind == "s":
                return env[x]
            if kind == "va":
                return leaves[x]
            return x

        for node in self.nodes:
            kind = node[0]
            if kind == "op":
                _, op, attrs, ins, outs = node
                result = op(*[get(r) for r in ins], **attrs)
                for slot, t in zip(outs, result if op.multi_output else (result,)):
                    env[slot] = t
            elif kind == "read":
                env[node[2]] = get(node[1]).value()
            elif kind == "assign":
                get(node[1]).assign(get(node[2]), read_value=False)
            elif kind == "call":  # tf.print, tf.py_function: Python run by the graph each call
                _, fn, ins, outs = node
                result = fn(*[get(r) for r in ins])
                for slot, t in zip(outs, result):
                    env[slot] = t
        from tfshim.ops.array_ops import Identity
        from tfshim.util import nest

        structure, refs = self.outputs
        values = []
        for r in refs:
            if r is None:
                values.append(None)
                continue
            v = get(r)
            # TF returns fresh tensors even for an argument or a captured constant returned as is.
            values.append(Identity(v.value() if isinstance(v, Variable) else v))
        return nest.pack_sequence_as(structure, values)


def _base_variable(v: Variable) -> Variable:
    parent = getattr(v, "_parent", None)  # an _UnreadVariable reads its parent
    return parent if parent is not None else v


# ----- what runs while a graph traces ------------------------------------------------------------

_EXECUTE = op_lib.EAGER_CALL  # Op.__call__ while not tracing; replaced by _traced_op_call while tracing


def _traced_op_call(op: Any, *inputs: Any, **attrs: Any) -> Any:
    g = current()
    if g is None:
        return _EXECUTE(op, *inputs, **attrs)
    if op.name in _STATEFUL_OPS:
        g.mark_value_dependent(f"the stateful op {op.name}")
    ins = [g.ref(t) for t in inputs]
    if op.name == "ReadVariableOp":
        g.in_kernel += 1
        try:
            out = _EXECUTE(op, *inputs, **attrs)
        finally:
            g.in_kernel -= 1
        g.nodes.append(("read", ins[0], g.add(out)))
        g.made.append(weakref.ref(out))
        return out
    g.in_kernel += 1
    try:
        result = _EXECUTE(op, *inputs, **attrs)
    finally:
        g.in_kernel -= 1
    outs = [g.add(t) for t in (result if op.multi_output else (result,))]
    g.made.extend(weakref.ref(t) for t in (result if op.multi_output else (result,)))
    g.nodes.append(("op", op, attrs, ins, outs))
    return result


_SLOT = Tensor.__dict__["_value"]  # the slot descriptors, used while the properties below stand in
_VAR_SLOT = Variable.__dict__["_value"]


def _tensor_value_get(t: Any) -> Any:
    v = _SLOT.__get__(t)
    s = _stack
    if s.graphs and not s.suspended:
        for g in s.graphs:
            if g.in_kernel == 0 and t._id in g.slots:
                g.mark_value_dependent("a Python read of a traced tensor's value")
    return v


def _tensor_value_set(t: Any, value: Any) -> None:
    _SLOT.__set__(t, value)


def _variable_value_get(v: Any) -> Any:
    g = current()
    if g is None:
        return _VAR_SLOT.__get__(v)
    for outer in reversed(_stack.graphs):  # a nested trace sees the writes of the traces around it
        entry = outer.shadow.get(id(v))
        if entry is not None:
            break
    if g.in_kernel == 0 and id(v) not in g.own_variables:
        g.mark_value_dependent("a Python read of a variable's value")
    return entry[1] if entry is not None else _VAR_SLOT.__get__(v)


def _tensor_shape_get(t: Any) -> Any:
    """Tensor.shape while tracing: static unless an argument's traced shape has unknown dims."""
    g = current()
    if g is not None and not g.shapes_static and t._id in g.slots:
        g.mark_value_dependent("a Python read of a traced shape with unknown dims")
    return TensorShape._from_tuple(_SLOT.__get__(t).shape)


def _tensor_ndim_get(t: Any) -> int:
    """Tensor.ndim while tracing: known unless an argument's traced shape has unknown rank (the placeholder
    values made for unknown dims keep every tensor's rank)."""
    g = current()
    if g is not None and not g.shapes_static and t._id in g.slots and any(
            a._trace_shape.rank is None for a in g.arg_tensors):
        g.mark_value_dependent("a Python read of a traced rank that is unknown")
    return _SLOT.__get__(t).ndim


def _variable_value_set(v: Any, value: Any) -> None:
    g = current()
    if g is None or id(v) in g.own_variables:
        _VAR_SLOT.__set__(v, value)
        return
    if g.in_kernel == 0:
        g.mark_value_dependent("a Python write of a variable's value")
    g.shadow[id(v)] = (v, value)


def _read(v: Any) -> Tensor:
    """Variable.value() while tracing: a read node (tapes inside the function see the read)."""
    g = current()
    if g is None:
        return _SAVED["value"](v)
    v = _base_variable(v)
    if tape_lib._state.tapes:
        tape_lib.variable_accessed(v)
    from tfshim.framework.variables import ReadVariableOp

    return ReadVariableOp(v)  # recorded as a "read" node by _traced_op


def _assign(kind: str) -> Callable:
    def assign(self: Any, value: Any, use_locking: Any = None, name: Any = None, read_value: bool = True) -> Any:
        g = current()
        if g is None:
            return _SAVED[kind](self, value, use_locking, name, read_value)
        from tfshim.framework.constant_op import convert_to_tensor
        from tfshim.framework.variables import _UnreadVariable
        from tfshim.ops import math_ops

        v = _base_variable(self)
        t = convert_to_tensor(value, v._dtype)
        if not v._shape.is_compatible_with(t.shape):
            raise ValueError(
                f"Cannot assign value to variable ' {v._name}': Shape mismatch.The variable shape "
                f"{v._shape}, and the assigned value shape {t.shape} are incompatible.")
        if kind != "assign":
            t = (math_ops.add if kind == "assign_add" else math_ops.subtract)(_read(v), t)
        g.nodes.append(("assign", g.ref(v), g.ref(t)))
        g.in_kernel += 1
        try:
            g.shadow[id(v)] = (v, np.array(t._value, dtype=v._dtype.as_numpy_dtype))
        finally:
            g.in_kernel -= 1
        return _UnreadVariable(v) if read_value else None

    return assign


def _variable_init(self: Any, *args: Any, **kwargs: Any) -> None:
    g = current()
    if g is None:
        _SAVED["init"](self, *args, **kwargs)
        return
    if not g.allow_variable_creation:
        raise ValueError(_singleton_variable_message())
    g.own_variables.add(id(self))
    g.in_kernel += 1
    try:
        _SAVED["init"](self, *args, **kwargs)
    finally:
        g.in_kernel -= 1
    g.created_variables.append(self)


def _singleton_variable_message() -> str:
    """TF's text, with the user frames AutoGraph shows ("in user code")."""
    import linecache
    import os
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frames = []
    f = sys._getframe(2)
    while f is not None:
        if not os.path.abspath(f.f_code.co_filename).startswith(root):
            frames.append(f)
        elif frames:
            break
        f = f.f_back
    lines = []
    for fr in reversed(frames):
        src = linecache.getline(fr.f_code.co_filename, fr.f_lineno).strip()
        lines.append(f'    File "{fr.f_code.co_filename}", line {fr.f_lineno}, in {fr.f_code.co_name}  *\n'
                     f"        {src}\n")
    head = "in user code:\n\n" + "\n".join(lines) + "\n" if lines else ""
    return (head + ("    " if lines else "") + "ValueError: " if lines else "") + (
        "tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable "
        "is only created once or created outside tf.function. See "
        "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.") + (
        "\n" if lines else "")


_SAVED: dict[str, Any] = {}
_patch_depth = 0


@contextlib.contextmanager
def tracing(g: FuncGraph) -> Iterator[FuncGraph]:
    """Makes `g` the graph being traced: ops and variable accesses are recorded into it."""
    global _patch_depth
    if _patch_depth == 0:
        _SAVED.update(value=Variable.value, assign=Variable.assign, assign_add=Variable.assign_add,
                      assign_sub=Variable.assign_sub, init=Variable.__init__)
        _SAVED.update(shape=Tensor.__dict__["shape"], ndim=Tensor.__dict__["ndim"])
        Tensor._value = property(_tensor_value_get, _tensor_value_set)  # type: ignore[assignment]
        Tensor.shape = property(_tensor_shape_get)  # type: ignore[assignment]
        Tensor.ndim = property(_tensor_ndim_get)  # type: ignore[assignment]
        Variable._value = property(_variable_value_get, _variable_value_set)  # type: ignore[assignment]
        Variable.value = _read  # type: ignore[method-assign]
        Variable.assign = _assign("assign")  # type: ignore[method-assign]
        Variable.assign_add = _assign("assign_add")  # type: ignore[method-assign]
        Variable.assign_sub = _assign("assign_sub")  # type: ignore[method-assign]
        Variable.__init__ = _variable_init  # type: ignore[method-assign]
        op_lib.Op.__call__ = _traced_op_call  # type: ignore[method-assign]
    _patch_depth += 1
    _stack.graphs.append(g)
    saved_tapes = tape_lib._state.tapes
    tape_lib._state.tapes = []  # the trace runs nothing: tapes outside see the replay
    try:
        yield g
    finally:
        tape_lib._state.tapes = saved_tapes
        _stack.graphs.pop()
        _patch_depth -= 1
        if _patch_depth == 0:
            Tensor._value = _SLOT  # type: ignore[assignment]
            Tensor.shape = _SAVED["shape"]  # type: ignore[assignment]
            Tensor.ndim = _SAVED["ndim"]  # type: ignore[assignment]
            Variable._value = _VAR_SLOT  # type: ignore[assignment]
            Variable.value = _SAVED["value"]  # type: ignore[method-assign]
            Variable.assign = _SAVED["assign"]  # type: ignore[method-assign]
            Variable.assign_add = _SAVED["assign_add"]  # type: ignore[method-assign]
            Variable.assign_sub = _SAVED["assign_sub"]  # type: ignore[method-assign]
            Variable.__init__ = _SAVED["init"]  # type: ignore[method-assign]
            op_lib.Op.__call__ = _EXECUTE  # type: ignore[method-assign]


@contextlib.contextmanager
def init_scope() -> Iterator[None]:
    """Code inside runs eagerly, outside the graph being traced (TF: ops.init_scope)."""
    _stack.suspended += 1
    saved = tape_lib._state.tapes
    try:
        yield
    finally:
        tape_lib._state.tapes = saved
        _stack.suspended -= 1


def record_call(fn: Callable, inputs: list, outputs: list) -> None:
    """Records Python that the graph runs on every call (tf.print, tf.py_function's body)."""
    g = current()
    assert g is not None
    ins = [g.ref(t) for t in inputs]
    g.nodes.append(("call", fn, ins, [g.add(t) for t in outputs]))


def is_symbolic(t: Any) -> bool:
    """True for a tensor made while tracing (TF: a graph tensor), seen from the trace."""
    g = current()
    return g is not None and isinstance(t, Tensor) and t._id in g.slots


class SymbolicTensor(EagerTensor):
    """A tensor made inside a traced function that escaped it (TF: SymbolicTensor): it has no value,
    so an op using it, eagerly or in another function, raises TF's "out of scope" TypeError (TF's text
    starts with the graph tensor's name, e.g. `<tf.Tensor 'add:0' ...>`, which tfshim does not know)."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        if name in ("numpy", "_numpy"):
            raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")
        if name == "_value":  # every kernel reads its inputs' values through this slot
            shape = TensorShape._from_tuple(_SLOT.__get__(self).shape)
            dtype = object.__getattribute__(self, "_dtype")
            raise TypeError(
                f"A tensor made inside a tf.function (shape={shape}, dtype={dtype.name})"
                " is out of scope and cannot be used here. Use return values, explicit Python locals or TensorFlow "
                "collections to access it.\nPlease see https://www.tensorflow.org/guide/function"
                "#all_outputs_of_a_tffunction_must_be_return_values for more information.")
        return object.__getattribute__(self, name)

    @property
    def shape(self) -> TensorShape:
        return TensorShape._from_tuple(_SLOT.__get__(self).shape)

    @property
    def ndim(self) -> int:
        return len(_SLOT.__get__(self).shape)

    def __getattr__(self, name: str) -> Any:  # what Python asks when __getattribute__ raised AttributeError
        raise AttributeError(f"'SymbolicTensor' object has no attribute '{name}'")

    def __str__(self) -> str:
        raise NotImplementedError("tfshim: printing a tensor made inside a tf.function, outside it, is not supported "
                                  "(TF prints the graph tensor's name).")

    __repr__ = __str__


def retire(g: FuncGraph) -> None:
    """After tracing, tensors the trace made are graph tensors: outside it they have no value."""
    for r in g.made:
        t = r()
        if t is not None and type(t) is EagerTensor:
            t.__class__ = SymbolicTensor
    g.made = []


@tf_export("inside_function")
def inside_function() -> bool:
    """TF: tf.inside_function(): True while a tf.function traces (inside its tf.init_scope too, as in TF)."""
    return bool(_stack.graphs)


@tf_export("is_symbolic_tensor")
def is_symbolic_tensor(tensor: Any) -> bool:
    """TF: tf.is_symbolic_tensor: a graph tensor (a traced function's arguments and results), not an eager one."""
    return isinstance(tensor, SymbolicTensor) or is_symbolic(tensor)
