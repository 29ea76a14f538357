"""TF's graph protocol buffers, written and read with the wire codec in training/proto_wire.py (TF:
core/framework/graph.proto, node_def.proto, function.proto, attr_value.proto, tensor.proto, tensor_shape.proto,
op_def.proto).

A NodeDef's attributes are kept as `Attr` values (kind and Python value) so that a graph tfshim traced and a graph
real TF wrote read back the same way. Op signatures (argument names, type attributes) come from TF's OpDef
summaries in ops/op_defs.py.
"""

from __future__ import annotations

import re
import struct
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.tensor_shape import TensorShape
from tfshim.training.proto_wire import (
    as_int64,
    field_bytes,
    field_float,
    field_varint,
    first,
    parse,
    read_varint,
    text,
    varint,
)

DT_RESOURCE = 20


class Attr:
    """One AttrValue: `kind` is TF's oneof field name ("s", "i", "f", "b", "type", "shape", "tensor", "func",
    "list"); a list holds (item kind, [values])."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: Any) -> None:
        self.kind, self.value = kind, value

    def __repr__(self) -> str:
        return f"Attr({self.kind}={self.value!r})"


class NodeDef:
    """TF's NodeDef: name, op, inputs ("node", "node:out:0" in a function, "^node" for a control input)."""

    def __init__(self, name: str, op: str, inputs: list[str] | None = None, attr: dict[str, Attr] | None = None,
                 device: str = "") -> None:
        self.name, self.op, self.input, self.device = name, op, list(inputs or []), device
        self.attr: dict[str, Attr] = dict(attr or {})

    def __repr__(self) -> str:
        return f"<NodeDef {self.name!r} op={self.op!r} input={self.input!r}>"


class GraphDef:
    """TF's GraphDef as `Graph.as_graph_def()` returns it: `.node` lists the NodeDefs, `.library` the
    FunctionDefs the graph calls."""

    def __init__(self, node: list[NodeDef], library: list[FunctionDef] | None = None) -> None:
        self.node = node
        self.library = list(library or [])

    def SerializeToString(self) -> bytes:  # noqa: N802 - protobuf's method name
        return encode_graph_def(self)


class ArgDef:
    __slots__ = ("name", "dtype", "handle_dtype", "handle_shape")

    def __init__(self, name: str, dtype: int, handle_dtype: int = 0, handle_shape: Any = None) -> None:
        self.name, self.dtype, self.handle_dtype, self.handle_shape = name, dtype, handle_dtype, handle_shape


class FunctionDef:
    """TF's FunctionDef: the signature (name, input/output args), the body's NodeDefs and the returned tensors."""

    def __init__(self, name: str, inputs: list[ArgDef], outputs: list[ArgDef], nodes: list[NodeDef],
                 ret: dict[str, str], control_ret: list[str] | None = None, is_stateful: bool = False,
                 arg_names: list[str] | None = None) -> None:
        self.name, self.inputs, self.outputs, self.nodes, self.ret = name, inputs, outputs, nodes, ret
        self.control_ret = list(control_ret or [])
        self.is_stateful = is_stateful
        self.arg_names = arg_names  # the user's names of the inputs (TF's _user_specified_name)


# ---- OpDef summaries -----------------------------------------------------------------------------------------

class OpSignature:
    """An op's arguments from TF's OpDef summary: [(name, type expression)] in and out, and its attrs."""

    __slots__ = ("inputs", "outputs", "attrs")

    def __init__(self, inputs: list[tuple[str, str]], outputs: list[tuple[str, str]], attrs: dict[str, str]):
        self.inputs, self.outputs, self.attrs = inputs, outputs, attrs


_SIGNATURES: dict[str, OpSignature | None] = {}
_EXTRA_DEFS = {  # ops tfshim runs without an OpDef summary in ops/op_defs.py
    "AssignVariableOp": "signature=resource:resource, value:dtype -> ; attr=dtype:type",
    "AssignAddVariableOp": "signature=resource:resource, value:dtype -> ; attr=dtype:type",
    "AssignSubVariableOp": "signature=resource:resource, value:dtype -> ; attr=dtype:type",
    "ReadVariableOp": "signature=resource:resource -> value:dtype; attr=dtype:type",
    "Const": "signature= -> output:dtype; attr=value:tensor; attr=dtype:type",
    "NoOp": "signature= -> ",
    "Placeholder": "signature= -> output:dtype; attr=dtype:type; attr=shape:shape",
    "StatefulPartitionedCall": "signature=args:Tin -> output:Tout; attr=Tin:list(type); attr=Tout:list(type); "
                               "attr=f:func",
    "PartitionedCall": "signature=args:Tin -> output:Tout; attr=Tin:list(type); attr=Tout:list(type); attr=f:func",
}


def _split_args(text_: str) -> list[tuple[str, str]]:
    out = []
    for part in text_.split(","):
        part = part.strip()
        if part:
            name, _, typ = part.partition(":")
            out.append((name.strip(), typ.strip()))
    return out


def op_signature(op_name: str) -> OpSignature | None:
    """The argument names and type expressions of `op_name` (None for an op without an OpDef summary)."""
    if op_name in _SIGNATURES:
        return _SIGNATURES[op_name]
    from tfshim.ops.op_defs import OP_DEFS

    summary = _EXTRA_DEFS.get(op_name) or OP_DEFS.get(op_name)
    sig = None
    if summary is not None:
        m = re.search(r"signature=(.*?)->(.*?)(;|>$|$)", summary)
        attrs = dict(re.findall(r"attr=(\w+):([\w()]+)", summary))
        if m:
            sig = OpSignature(_split_args(m.group(1)), _split_args(m.group(2)), attrs)
    _SIGNATURES[op_name] = sig
    return sig


_DEFAULTS: dict[str, dict[str, Any]] = {}


def op_defaults(op_name: str) -> dict[str, Any]:
    """The default values of an op's attributes, from its OpDef summary (a GraphDef with `stripped_default_attrs`
    leaves them out)."""
    if op_name not in _DEFAULTS:
        from tfshim.ops.op_defs import OP_DEFS

        out: dict[str, Any] = {}
        for name, kind, default in re.findall(r"attr=(\w+):([\w()]+)[^;>]*?,default=(\[[^\]]*\]|\"[^\"]*\"|[^,;>]+)",
                                              OP_DEFS.get(op_name, "")):
            out[name] = _default_value(kind, default)
        _DEFAULTS[op_name] = out
    return _DEFAULTS[op_name]


def _default_value(kind: str, text_: str) -> Any:
    if text_.startswith("["):
        return [_default_value(kind[5:-1], t.strip()) for t in text_[1:-1].split(",") if t.strip()]
    if kind == "bool":
        return text_ == "true"
    if kind == "int":
        return int(text_)
    if kind == "float":
        return float(text_)
    if kind == "type":
        return getattr(dtypes, text_[3:].lower(), None)
    return text_.strip('"')


# ---- encoding --------------------------------------------------------------------------------------------------

def dtype_enum(d: Any) -> int:
    return dtypes.as_dtype(d).as_datatype_enum


def encode_shape(shape: Any) -> bytes:
    shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
    if shape.rank is None:
        return field_varint(3, 1)
    return b"".join(field_bytes(2, field_varint(1, -1 if d is None else d), always=True) for d in shape.as_list())


def encode_tensor(value: np.ndarray, dtype: Any) -> bytes:
    """A TensorProto: shape and little-endian tensor_content (string_val for strings)."""
    d = dtypes.as_dtype(dtype)
    value = np.asarray(value)
    out = field_varint(1, d.as_datatype_enum) + field_bytes(2, encode_shape(value.shape), always=True)
    if d == dtypes.string:
        for s in value.reshape(-1).tolist():
            out += field_bytes(8, s if isinstance(s, bytes) else str(s).encode("utf-8"), always=True)
    elif value.size:
        raw = np.ascontiguousarray(value, dtype=np.dtype(d.as_numpy_dtype).newbyteorder("<")).tobytes()
        out += field_bytes(4, raw)
    return out


def _encode_list(kind: str, values: list) -> bytes:
    if kind == "s":
        return b"".join(field_bytes(2, v, always=True) for v in values)
    if kind in ("i", "b", "type"):
        number = {"i": 3, "b": 5, "type": 6}[kind]
        ints = [dtype_enum(v) if kind == "type" else int(v) for v in values]
        return field_bytes(number, b"".join(varint(v) for v in ints))
    if kind == "f":
        return field_bytes(4, b"".join(struct.pack("<f", v) for v in values))
    if kind == "shape":
        return b"".join(field_bytes(7, encode_shape(v), always=True) for v in values)
    raise ValueError(f"unsupported attr list kind {kind}")


def encode_attr(a: Attr) -> bytes:
    k, v = a.kind, a.value
    if k == "list":
        return field_bytes(1, _encode_list(*v), always=True)
    if k == "s":
        return field_bytes(2, v, always=True)
    if k == "i":
        return varint(3 << 3) + varint(int(v))
    if k == "f":
        return varint((4 << 3) | 5) + struct.pack("<f", v)
    if k == "b":
        return varint(5 << 3) + varint(int(bool(v)))
    if k == "type":
        return field_varint(6, dtype_enum(v)) or varint(6 << 3) + varint(0)
    if k == "shape":
        return field_bytes(7, encode_shape(v), always=True)
    if k == "tensor":
        return field_bytes(8, encode_tensor(*v), always=True)
    if k == "func":
        return field_bytes(10, field_bytes(1, v), always=True)
    raise ValueError(f"unsupported attr kind {k}")


def _map_entry(key: bytes, value: bytes) -> bytes:
    return field_bytes(1, key, always=True) + field_bytes(2, value, always=True)


def encode_node(n: NodeDef) -> bytes:
    out = field_bytes(1, n.name) + field_bytes(2, n.op)
    out += b"".join(field_bytes(3, i, always=True) for i in n.input) + field_bytes(4, n.device)
    for key in sorted(n.attr):
        out += field_bytes(5, _map_entry(key.encode(), encode_attr(n.attr[key])), always=True)
    return out


def _encode_arg(a: ArgDef) -> bytes:
    out = field_bytes(1, a.name) + field_varint(3, a.dtype)
    if a.handle_dtype:
        out += field_bytes(7, field_varint(1, a.handle_dtype) + field_bytes(2, encode_shape(a.handle_shape),
                                                                              always=True), always=True)
    return out


def encode_function(f: FunctionDef) -> bytes:
    sig = field_bytes(1, f.name)
    sig += b"".join(field_bytes(2, _encode_arg(a), always=True) for a in f.inputs)
    sig += b"".join(field_bytes(3, _encode_arg(a), always=True) for a in f.outputs)
    sig += field_varint(17, f.is_stateful) + b"".join(field_bytes(20, c, always=True) for c in f.control_ret)
    out = field_bytes(1, sig, always=True)
    out += b"".join(field_bytes(3, encode_node(n), always=True) for n in f.nodes)
    out += b"".join(field_bytes(4, _map_entry(k.encode(), v.encode()), always=True) for k, v in f.ret.items())
    out += b"".join(field_bytes(6, _map_entry(c.encode(), c.encode()), always=True) for c in f.control_ret)
    for i, name in enumerate(f.arg_names or []):
        attrs = field_bytes(1, _map_entry(b"_user_specified_name", encode_attr(Attr("s", name.encode()))),
                            always=True)
        out += field_bytes(7, field_varint(1, i) + field_bytes(2, attrs, always=True), always=True)
    return out


def encode_graph_def(g: GraphDef) -> bytes:
    out = b"".join(field_bytes(1, encode_node(n), always=True) for n in g.node)
    if g.library:
        out += field_bytes(2, b"".join(field_bytes(1, encode_function(f), always=True) for f in g.library),
                           always=True)
    return out + field_bytes(4, field_varint(1, 2474) + field_varint(2, 12), always=True)  # TF 2.21's versions


# ---- decoding --------------------------------------------------------------------------------------------------

def _packed(values: list, kind: str) -> list:
    """A repeated scalar field, packed (bytes) or not."""
    out: list = []
    for v in values:
        if isinstance(v, bytes):
            if kind == "f":
                out.extend(struct.unpack(f"<{len(v) // 4}f", v))
            elif kind == "d":
                out.extend(struct.unpack(f"<{len(v) // 8}d", v))
            else:
                pos = 0
                while pos < len(v):
                    x, pos = read_varint(v, pos)
                    out.append(x)
        elif kind == "f":
            out.append(struct.unpack("<f", struct.pack("<I", v))[0])
        elif kind == "d":
            out.append(struct.unpack("<d", struct.pack("<Q", v))[0])
        else:
            out.append(v)
    return out


def decode_shape(data: bytes) -> TensorShape:
    f = parse(data)
    if first(f, 3):
        return TensorShape(None)
    dims = []
    for d in f.get(2, []):
        size = as_int64(first(parse(d), 1))
        dims.append(None if size < 0 else size)
    return TensorShape(dims)


def decode_tensor(data: bytes) -> tuple[np.ndarray, dtypes.DType]:
    f = parse(data)
    d = dtypes.as_dtype(first(f, 1))
    shape = tuple(decode_shape(first(f, 2, b"")).as_list())
    size = int(np.prod(shape)) if shape else 1
    npd = np.dtype(d.as_numpy_dtype)
    if d == dtypes.string:
        values = np.array(list(f.get(8, [])), dtype=object)
    elif f.get(4):
        values = np.frombuffer(first(f, 4), dtype=npd.newbyteorder("<")).astype(npd)
    else:
        fields = {dtypes.float32: (5, "f"), dtypes.float64: (6, "d"), dtypes.int64: (10, "i"),
                  dtypes.bool: (11, "i"), dtypes.uint32: (16, "i"), dtypes.uint64: (17, "i")}
        number, kind = fields.get(d, (13, "i") if d in (dtypes.float16, dtypes.bfloat16) else (7, "i"))
        raw = _packed(f.get(number, []), kind)
        if d in (dtypes.float16, dtypes.bfloat16):
            values = np.array(raw, dtype=np.uint16).view(npd)
        elif kind == "i":
            values = np.array([as_int64(x) for x in raw]).astype(npd)
        else:
            values = np.array(raw, dtype=npd)
    if values.size != size:  # TF repeats the last value given (or zero) to fill the shape
        fill = values[-1] if values.size else (b"" if d == dtypes.string else 0)
        values = np.concatenate([values, np.full(size - values.size, fill, dtype=values.dtype)]) if \
            values.size < size else values[:size]
    return values.reshape(shape), d


def _decode_list(data: bytes) -> Attr:
    f = parse(data)
    for number, kind in ((2, "s"), (3, "i"), (4, "f"), (5, "b"), (6, "type"), (7, "shape"), (8, "tensor"),
                         (9, "func")):
        if number in f:
            vals = f[number]
            if kind == "s":
                items = list(vals)
            elif kind == "i":
                items = [as_int64(x) for x in _packed(vals, "i")]
            elif kind == "f":
                items = _packed(vals, "f")
            elif kind == "b":
                items = [bool(x) for x in _packed(vals, "i")]
            elif kind == "type":
                items = [dtypes.as_dtype(x) for x in _packed(vals, "i")]
            elif kind == "shape":
                items = [decode_shape(x) for x in vals]
            elif kind == "tensor":
                items = [decode_tensor(x) for x in vals]
            else:
                items = [text(first(parse(x), 1, b"")) for x in vals]
            return Attr("list", (kind, items))
    return Attr("list", ("", []))


def decode_attr(data: bytes) -> Attr:
    f = parse(data)
    if 1 in f:
        return _decode_list(first(f, 1))
    if 2 in f:
        return Attr("s", first(f, 2))
    if 3 in f:
        return Attr("i", as_int64(first(f, 3)))
    if 4 in f:
        return Attr("f", _packed(f[4], "f")[-1])
    if 5 in f:
        return Attr("b", bool(first(f, 5)))
    if 6 in f:
        return Attr("type", dtypes.as_dtype(first(f, 6)))
    if 7 in f:
        return Attr("shape", decode_shape(first(f, 7)))
    if 8 in f:
        return Attr("tensor", decode_tensor(first(f, 8)))
    if 10 in f:
        return Attr("func", text(first(parse(first(f, 10)), 1, b"")))
    return Attr("list", ("", []))


def _map(values: list) -> list[tuple[bytes, bytes]]:
    out = []
    for entry in values:
        e = parse(entry)
        out.append((first(e, 1, b""), first(e, 2, b"")))
    return out


def decode_node(data: bytes) -> NodeDef:
    f = parse(data)
    attrs = {text(k): decode_attr(v) for k, v in _map(f.get(5, []))}
    return NodeDef(text(first(f, 1, b"")), text(first(f, 2, b"")), [text(i) for i in f.get(3, [])], attrs,
                   text(first(f, 4, b"")))


def _decode_arg(data: bytes) -> ArgDef:
    f = parse(data)
    return ArgDef(text(first(f, 1, b"")), first(f, 3))


def decode_function(data: bytes) -> FunctionDef:
    f = parse(data)
    sig = parse(first(f, 1, b""))
    ret = {text(k): text(v) for k, v in _map(f.get(4, []))}
    names: dict[int, str] = {}
    for entry in f.get(7, []):
        e = parse(entry)
        for k, v in _map(parse(first(e, 2, b"")).get(1, [])):
            if k == b"_user_specified_name":
                names[first(e, 1)] = text(decode_attr(v).value)
    inputs = [_decode_arg(a) for a in sig.get(2, [])]
    return FunctionDef(text(first(sig, 1, b"")), inputs, [_decode_arg(a) for a in sig.get(3, [])],
                       [decode_node(n) for n in f.get(3, [])], ret, [text(c) for c in sig.get(20, [])],
                       bool(first(sig, 17)), [names.get(i, a.name) for i, a in enumerate(inputs)])


def decode_graph_def(data: bytes) -> GraphDef:
    f = parse(data)
    library = parse(first(f, 2, b""))
    return GraphDef([decode_node(n) for n in f.get(1, [])], [decode_function(x) for x in library.get(1, [])])


__all__ = ["Attr", "NodeDef", "GraphDef", "FunctionDef", "ArgDef", "op_signature", "field_float"]
