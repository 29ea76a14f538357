"""A traced tf.function as TF's FunctionDef or GraphDef (TF: framework/function_def_to_graph.py,
saved_model/function_serialization.py).

tfshim's FuncGraph records each op it ran with tfshim's attributes (framework/func_graph.py). Here each node
becomes a NodeDef with TF's op name and TF's attributes: type attributes come from the input and output dtypes by
the op's OpDef signature, tfshim attributes named as TF's attributes are copied, and the few ops whose tfshim
attributes are TF inputs (a reduction's axis, a concat's axis) get them as Const inputs. A graph that uses an op
with no such mapping, Python run by the graph (tf.print, tf.py_function), or a variable argument raises
NotImplementedError naming what is missing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.tensor_shape import TensorShape
from tfshim.saved_model.graph_proto import DT_RESOURCE, ArgDef, Attr, FunctionDef, GraphDef, NodeDef, op_signature

# TF's node names for the ops Python operators make (`x * y` is "mul"); other ops are named by their type.
_OPERATOR_NAMES = {
    "AddV2": "add", "Add": "add", "Sub": "sub", "Mul": "mul", "RealDiv": "truediv", "FloorDiv": "floordiv",
    "FloorMod": "mod", "Pow": "pow", "StridedSlice": "strided_slice", "ConcatV2": "concat", "Pack": "stack",
}
REDUCERS = frozenset({"Sum", "Mean", "Prod", "Max", "Min", "All", "Any", "EuclideanNorm"})
_IGNORED_ATTRS = frozenset({"name", "suffix"})


def _unsupported(what: str) -> NotImplementedError:
    return NotImplementedError(f"tf.saved_model.save / Graph.as_graph_def of a tf.function using {what} is not "
                               "implemented by tfshim")


class _Builder:
    """Turns a FuncGraph's nodes into (name, op, inputs, attrs) with inputs as (node name, output index)."""

    def __init__(self, g: Any) -> None:
        self.g = g
        self.names: set[str] = set()
        self.nodes: list[tuple[str, str, list, dict, list]] = []  # name, op, inputs, attrs, output arg names
        self.slot_src: dict[int, tuple[str, int, str]] = {}  # slot -> (node, output index, output arg name)
        # captured variables: (variable, key standing for its input, the first node using it)
        self.resources: list[tuple[Any, str, str]] = []
        self.stateful: list[str] = []  # variable reads and writes, which TF orders before the outputs
        self.args: list[tuple[str, Any, Any]] = []  # (name, dtype, shape) of the tensor arguments

    def unique(self, base: str) -> str:
        name, i = base, 0
        while name.lower() in self.names:
            i += 1
            name = f"{base}_{i}"
        self.names.add(name.lower())
        return name

    def source(self, ref: tuple, reader: str = "", const_name: str = "Const") -> tuple[str, int, str]:
        kind, x = ref
        if kind == "s":
            return self.slot_src[x]
        if kind == "v":
            for v, key, _ in self.resources:
                if v is x:
                    return key, -1, ""
            key = f"\0resource{len(self.resources)}"
            self.resources.append((x, key, reader))
            return key, -1, ""
        if kind == "va":
            raise _unsupported("a tf.Variable argument")
        value = np.asarray(x._value)
        # TF names a Python value an op converts inside the function "<op>/<input>" (`x - 2.0`: "sub/y")
        name = self.unique(const_name if x._id >= self.g.start_id else "Const")
        self.nodes.append((name, "Const", [], {"value": Attr("tensor", (value, x._dtype)),
                                               "dtype": Attr("type", x._dtype)}, ["output"]))
        return name, 0, "output"

    def const(self, value: np.ndarray, dtype: Any, base: str = "Const") -> tuple[str, int, str]:
        name = self.unique(base)
        self.nodes.append((name, "Const", [], {"value": Attr("tensor", (value, dtype)), "dtype": Attr("type", dtype)},
                           ["output"]))
        return name, 0, "output"

    def build(self) -> None:
        g = self.g
        if g.value_dependent is not None:
            raise _unsupported(f"Python code that needs the traced values ({g.value_dependent})")
        tensors = iter(g.arg_tensors)
        for slot in g.arg_slots:
            if slot is None:
                continue
            t = next(tensors)
            name = self.unique(t._trace_name)
            self.args.append((name, t._dtype, t._trace_shape))
            self.slot_src[slot] = (name, -1, "")
        for node in g.nodes:
            kind = node[0]
            if kind == "op":
                self._op(*node[1:])
            elif kind == "read":
                name = f"\0read{len(self.stateful)}"  # named once its consumer is known (finish)
                self.stateful.append(name)
                var = node[1][1]
                src = self.source(node[1], name)
                self.nodes.append((name, "ReadVariableOp", [src], {"dtype": Attr("type", dtypes.as_dtype(var.dtype))},
                                   ["value"]))
                self.slot_src[node[2]] = (name, 0, "value")
            elif kind == "assign":
                name = self.unique("AssignVariableOp")
                var = node[1][1]
                src = self.source(node[1], name)
                value = self.source(node[2])
                self.nodes.append((name, "AssignVariableOp", [src, value],
                                   {"dtype": Attr("type", dtypes.as_dtype(var.dtype))}, []))
                self.stateful.append(name)
            else:
                raise _unsupported("Python run by the graph (tf.print or tf.py_function)")
        self.outputs: list[tuple[str, Any]] = []
        _, refs = g.outputs
        for r in refs:
            if r is None:
                continue
            src = self.source(r)
            name = self.unique("Identity")
            dtype = self._dtype_of(r)
            self.nodes.append((name, "Identity", [src], {"T": Attr("type", dtype)}, ["output"]))
            self.outputs.append((name, dtype))
        self._finish()

    def _finish(self) -> None:
        """TF's names: a variable read is scoped under the op that converted the variable ("mul/ReadVariableOp"),
        a captured variable's input under its first reader; Identity outputs wait on a NoOp after the stateful
        ops."""
        rename: dict[str, str] = {}
        for i, (name, op, _, _, _) in enumerate(self.nodes):
            if op != "ReadVariableOp":
                continue
            consumer = next((n for n, o, ins, _, _ in self.nodes[i + 1:]
                             if o not in ("Identity", "Const") and any(s[0] == name for s in ins)), None)
            rename[name] = self.unique(f"{consumer}/ReadVariableOp" if consumer else "ReadVariableOp")
        self.resource_names = {}
        for _, key, reader in self.resources:
            self.resource_names[key] = rename.get(reader, reader)

        def fix(src: Any) -> Any:
            return (rename.get(src[0], src[0]),) + tuple(src[1:])

        self.nodes = [(rename.get(n, n), op, [fix(s) for s in ins], attrs, outs) for n, op, ins, attrs, outs in
                      self.nodes]
        self.stateful = [rename.get(n, n) for n in self.stateful]
        self.outputs = [(rename.get(n, n), d) for n, d in self.outputs]
        if self.stateful:
            self.nodes = [(n, op, ins + [("^NoOp",)] if op == "Identity" and any(n == o for o, _ in self.outputs)
                           else ins, attrs, outs) for n, op, ins, attrs, outs in self.nodes]
            self.nodes.append((self.unique("NoOp"), "NoOp", [("^" + n,) for n in self.stateful], {}, []))

    def _dtype_of(self, ref: tuple) -> Any:
        kind, x = ref
        if kind == "s":
            return self.g.slot_dtypes[x]
        if kind in ("v", "va"):
            return dtypes.as_dtype(x.dtype)
        return x._dtype

    def _op(self, op: Any, attrs: dict, ins: list, outs: list) -> None:
        sig = op_signature(op.name)
        if sig is None:
            raise _unsupported(f"the op {op.name}")
        attrs = {k: v for k, v in attrs.items() if k not in _IGNORED_ATTRS}
        name = self.unique(_OPERATOR_NAMES.get(op.name, op.name))
        arg_names = [a for a, t in sig.inputs if "*" not in t] if len(sig.inputs) == len(ins) else []
        sources = [self.source(r, const_name=f"{name}/{arg_names[i]}" if i < len(arg_names) else "Const")
                   for i, r in enumerate(ins)]
        in_dtypes = [self._dtype_of(r) for r in ins]
        if op.name in REDUCERS and "axis" in attrs:
            axis = attrs.pop("axis")
            rank = len(self.g.slot_shapes[ins[0][1]]) if ins[0][0] == "s" else np.ndim(ins[0][1]._value)
            axes = np.arange(rank, dtype=np.int32) if axis is None else np.asarray(axis, dtype=np.int32)
            # TF makes the all-axes range before entering the op's name scope
            sources.append(self.const(axes, dtypes.int32, "Const" if axis is None else f"{name}/reduction_indices"))
            in_dtypes.append(dtypes.int32)
            attrs["keep_dims"] = attrs.pop("keepdims", False)
        elif op.name == "StridedSlice" and "key" in attrs:
            begin, end, strides, masks = slice_spec(attrs.pop("key"))
            for base, value in ((f"{name}/stack", begin), (f"{name}/stack_1", end), (f"{name}/stack_2", strides)):
                sources.append(self.const(np.asarray(value, dtype=np.int32), dtypes.int32, base))
                in_dtypes.append(dtypes.int32)
            attrs.update(masks)
        elif op.name == "ConcatV2" and "axis" in attrs:
            sources.append(self.const(np.asarray(attrs.pop("axis"), dtype=np.int32), dtypes.int32, f"{name}/axis"))
            in_dtypes.append(dtypes.int32)
        tf_attrs: dict[str, Attr] = {}
        # type attributes from the inputs, by the OpDef's arguments (one list argument takes what is left)
        n_args = len(sig.inputs)
        extra = len(sources) - n_args
        i = 0
        for _arg, typ in sig.inputs:
            count = 1
            if "*" in typ:
                number, _, typ = typ.partition("*")
                count = extra + 1
                tf_attrs[number] = Attr("i", count)
            if typ in sig.attrs and i < len(in_dtypes):
                if sig.attrs[typ] == "list(type)":
                    tf_attrs[typ] = Attr("list", ("type", in_dtypes[i:i + count]))
                else:
                    tf_attrs[typ] = Attr("type", in_dtypes[i])
            i += count
        for key, value in attrs.items():
            kind = sig.attrs.get(key)
            if kind is None:
                raise _unsupported(f"the op {op.name} with tfshim's attribute {key!r}")
            tf_attrs[key] = _attr(kind, value, op.name, key)
        out_names = []
        for j, (arg, typ) in enumerate(sig.outputs):
            out_names.append(arg)
            if typ in sig.attrs and typ not in tf_attrs and j < len(outs):
                tf_attrs[typ] = Attr("type", self.g.slot_dtypes[outs[j]])
        for j, slot in enumerate(outs):
            self.slot_src[slot] = (name, j, out_names[min(j, len(out_names) - 1)] if out_names else "output")
        if len(sig.outputs) == 1 and len(outs) > 1:  # a list output: output:0, output:1, ...
            for j, slot in enumerate(outs):
                self.slot_src[slot] = (name, j, out_names[0])
        self.nodes.append((name, op.name, sources, tf_attrs, out_names))


def slice_spec(key: tuple) -> tuple[list, list, list, dict]:
    """A Python index (tfshim's StridedSlice attribute) as TF's begin, end, strides and masks."""
    begin, end, strides = [], [], []
    masks = dict.fromkeys(("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"), 0)
    for i, k in enumerate(key):
        bit = 1 << i
        if k is Ellipsis:
            masks["ellipsis_mask"] |= bit
            begin.append(0), end.append(0), strides.append(1)
        elif k is None:
            masks["new_axis_mask"] |= bit
            begin.append(0), end.append(0), strides.append(1)
        elif isinstance(k, slice):
            for part in (k.start, k.stop, k.step):
                if part is not None and not isinstance(part, (int, np.integer)):
                    raise _unsupported("a slice with tensor bounds")
            if k.start is None:
                masks["begin_mask"] |= bit
            if k.stop is None:
                masks["end_mask"] |= bit
            begin.append(k.start or 0), end.append(k.stop or 0), strides.append(1 if k.step is None else k.step)
        elif isinstance(k, (int, np.integer)):
            masks["shrink_axis_mask"] |= bit
            begin.append(int(k)), end.append(int(k) + 1), strides.append(1)
        else:
            raise _unsupported("an index that is not a Python int, slice, Ellipsis or tf.newaxis")
    return begin, end, strides, masks


def slice_key(begin: Any, end: Any, strides: Any, masks: dict) -> tuple:
    """The Python index of TF's StridedSlice inputs and masks (the inverse of slice_spec)."""
    key: list = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if masks.get("ellipsis_mask", 0) & bit:
            key.append(Ellipsis)
        elif masks.get("new_axis_mask", 0) & bit:
            key.append(None)
        elif masks.get("shrink_axis_mask", 0) & bit:
            key.append(int(b))
        else:
            key.append(slice(None if masks.get("begin_mask", 0) & bit else int(b),
                             None if masks.get("end_mask", 0) & bit else int(e), int(s)))
    return tuple(key)


def _attr(kind: str, value: Any, op: str, key: str) -> Attr:
    if kind == "type":
        return Attr("type", dtypes.as_dtype(value))
    if kind == "bool":
        return Attr("b", bool(value))
    if kind == "int":
        return Attr("i", int(value))
    if kind == "float":
        return Attr("f", float(value))
    if kind == "string":
        return Attr("s", value if isinstance(value, bytes) else str(value).encode())
    if kind == "shape":
        return Attr("shape", value if isinstance(value, TensorShape) else TensorShape(value))
    if kind == "list(int)":
        return Attr("list", ("i", [int(v) for v in value]))
    if kind == "list(float)":
        return Attr("list", ("f", [float(v) for v in value]))
    if kind == "list(type)":
        return Attr("list", ("type", [dtypes.as_dtype(v) for v in value]))
    raise _unsupported(f"the op {op} with the attribute {key!r} of kind {kind}")


def function_def(g: Any, name: str) -> tuple[FunctionDef, list]:
    """The FunctionDef of a FuncGraph, and the variables it captures (its trailing resource inputs)."""
    b = _Builder(g)
    b.build()
    res = {key: b.unique(f"{reader.lower().replace('/', '_')}_resource") for key, reader in b.resource_names.items()}

    def ref(src: tuple) -> str:
        if len(src) == 1:
            return src[0]
        node, index, arg = src
        if node in res:
            return res[node]
        return node if index < 0 else f"{node}:{arg}:{index if arg else 0}"

    nodes = [NodeDef(n, op, [ref(s) for s in ins], attrs) for n, op, ins, attrs, _ in b.nodes]
    inputs = [ArgDef(n, dtypes.as_dtype(d).as_datatype_enum) for n, d, _ in b.args]
    for v, key, _ in b.resources:
        inputs.append(ArgDef(res[key], DT_RESOURCE, dtypes.as_dtype(v.dtype).as_datatype_enum, v.shape))
    outputs, ret = [], {}
    for i, (node, dtype) in enumerate(b.outputs):
        out = "identity" if i == 0 else f"identity_{i}"
        outputs.append(ArgDef(out, dtype.as_datatype_enum))
        ret[out] = f"{node}:output:0"
    fdef = FunctionDef(name, inputs, outputs, nodes, ret, b.stateful, is_stateful=bool(b.resources),
                       arg_names=[n for n, _, _ in b.args] + ["resource"] * len(b.resources))
    return fdef, [v for v, _, _ in b.resources]


def graph_def(g: Any) -> GraphDef:
    """The GraphDef of a FuncGraph as TF's `ConcreteFunction.graph.as_graph_def()` lists it: Placeholders for
    the arguments, then the ops in the order traced (a captured variable's Placeholder before its first reader),
    an Identity per output."""
    b = _Builder(g)
    b.build()
    res = {key: b.unique(f"{reader}/resource") for key, reader in b.resource_names.items()}

    def ref(src: tuple) -> str:
        if len(src) == 1:
            return src[0]
        node, index, _ = src
        if node in res:
            return res[node]
        return node if index <= 0 else f"{node}:{index}"

    nodes = [NodeDef(n, "Placeholder", [], {"dtype": Attr("type", d), "shape": Attr("shape", s)})
             for n, d, s in b.args]
    emitted: set[str] = set()
    for n, op, ins, attrs, _ in b.nodes:
        for s in ins:
            if len(s) > 1 and s[0] in res and s[0] not in emitted:
                emitted.add(s[0])
                nodes.append(NodeDef(res[s[0]], "Placeholder", [], {"dtype": Attr("type", dtypes.resource),
                                                                    "shape": Attr("shape", [])}))
        nodes.append(NodeDef(n, op, [ref(s) for s in ins], attrs))
    return GraphDef(nodes)
