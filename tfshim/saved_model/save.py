"""tf.saved_model.save (TF: python/saved_model/save.py): a trackable object's variables, tf.functions and
signatures as a SavedModel directory.

`saved_model.pb` is a SavedModel proto with one MetaGraphDef (tag "serve"): its GraphDef's function library holds
a FunctionDef per traced ConcreteFunction (saved_model/function_serialization.py), its SavedObjectGraph the
objects (user objects, variables, functions with their traces, the signature map) and its signature_defs the
serving signatures. `variables/variables.{index,data-00000-of-00001}` is a TF checkpoint of the same object graph
(training/checkpoint.py), `assets/` is empty. As in TF, saving traces each function again (so Python side
effects of tracing, such as print, happen again), once per traced signature.

tfshim writes no `fingerprint.pb` (TF's loader does not need it) and no saver functions (`__saved_model_init_op`,
`_traced_save`/`_traced_restore`), which only TF1-style graph loading uses.
"""

from __future__ import annotations

import collections
import inspect
import itertools
import os
import sys
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.tensor_spec import TensorSpec
from tfshim.framework.variables import Variable
from tfshim.saved_model import constants, nested_structure_coder
from tfshim.saved_model.function_serialization import function_def
from tfshim.saved_model.graph_proto import Attr, GraphDef, NodeDef, encode_function, encode_graph_def, encode_shape
from tfshim.training import checkpoint, tensor_bundle
from tfshim.training.proto_wire import field_bytes, field_varint, varint
from tfshim.util import nest
from tfshim.util.tf_export import tf_export

_FullArgSpec = collections.namedtuple(
    "FullArgSpec", ["args", "varargs", "varkw", "defaults", "kwonlyargs", "kwonlydefaults", "annotations"])
_wrapper_ids = itertools.count(1)


def _function_type() -> type:
    from tfshim.eager.def_function import Function

    return Function


def _children(obj: Any) -> list[tuple[str, Any]]:
    """An object's SavedModel children: its checkpoint dependencies, then its tf.functions by name (TF's order)."""
    if isinstance(obj, Variable) or isinstance(obj, _function_type()):
        return []
    out = list(checkpoint.children(obj))
    if isinstance(obj, (list, tuple, dict)):
        return out
    function = _function_type()
    seen = {name for name, _ in out}
    for name in sorted(dir(type(obj))):
        if name in seen:
            continue
        if any(isinstance(klass.__dict__.get(name), function) for klass in type(obj).__mro__):
            out.append((name, getattr(obj, name)))  # saved even untraced: TF's loaded one then refuses calls
    for name, value in vars(obj).items() if hasattr(obj, "__dict__") else ():
        if isinstance(value, function) and name not in seen:
            out.append((name, value))
    return out


def _retrace_for_save(fn: Any) -> list:
    """TF traces each function again while saving (its function context differs); tfshim does the same once per
    traced signature, and serializes those traces."""
    from tfshim.eager.def_function import _SymbolicArg, _Trace

    saved = fn.__dict__.setdefault("_saved_model_traces", {})
    if not fn._traces and fn._input_signature is not None:
        _concrete_for_save(fn)
    out = []
    for trace in list(fn._traces):
        key = id(trace)
        if key not in saved:
            concrete = trace.concrete
            args = {name: nest.map_structure(
                lambda x: TensorSpec(x._trace_shape, x._dtype) if isinstance(x, _SymbolicArg) else x, value)
                for name, value in concrete._inputs.items()}
            bound = inspect.BoundArguments(fn._signature, collections.OrderedDict(args))
            retraced = fn._trace(bound, trace.shapes, allow_variables=False, from_specs=True)
            saved[key] = (trace, _Trace(trace.family, trace.shapes, retraced).concrete)
        out.append(saved[key][1])
    return out


def _concrete_for_save(fn: Any) -> Any:
    """The concrete function of a tf.function with an input signature; one traced now, while saving, is the
    save-context trace (TF traces it once)."""
    if not fn._traces:
        concrete = fn.get_concrete_function()
        trace = fn._traces[0]
        fn.__dict__.setdefault("_saved_model_traces", {})[id(trace)] = (trace, concrete)
        return concrete
    return fn.get_concrete_function()


def _argspec(fn: Any) -> Any:
    params = list(fn._signature.parameters.values())
    args = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    defaults = tuple(p.default for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                     and p.default is not p.empty) or None
    varargs = next((p.name for p in params if p.kind is p.VAR_POSITIONAL), None)
    varkw = next((p.name for p in params if p.kind is p.VAR_KEYWORD), None)
    kwonly = [p.name for p in params if p.kind is p.KEYWORD_ONLY]
    kwdefaults = {p.name: p.default for p in params if p.kind is p.KEYWORD_ONLY and p.default is not p.empty} or None
    return _FullArgSpec(args, varargs, varkw, defaults, kwonly, kwdefaults, {})


def _function_spec(argspec: Any, input_signature: Any) -> bytes:
    return (field_bytes(1, nested_structure_coder.encode(argspec), always=True)
            + field_bytes(5, nested_structure_coder.encode(input_signature), always=True))


class _Signature:
    """A serving signature: a concrete function called with keyword tensors, returning a dict of tensors."""

    def __init__(self, key: str, concrete: Any) -> None:
        self.key, self.concrete = key, concrete
        self.name = f"__inference_signature_wrapper_{next(_wrapper_ids)}"
        outputs = concrete._outputs
        specs = iter(concrete._output_specs)
        flat_specs = nest.map_structure(lambda x: next(specs), outputs) if outputs is not None else None
        if isinstance(outputs, dict):
            self.outputs = {str(k): flat_specs[k] for k in outputs}
        else:
            flat = [s for s in nest.flatten(flat_specs) if s is not None]
            self.outputs = {f"output_{i}": s for i, s in enumerate(flat)}
        self.inputs = [(t._trace_name, t._dtype, t._trace_shape) for t in concrete._graph.arg_tensors]


def _signatures(obj: Any, signatures: Any) -> list[_Signature]:
    function = _function_type()
    if signatures is None:
        candidates = []
        for _, child in _children(obj):
            if isinstance(child, function) and child._input_signature is not None:
                c = _concrete_for_save(child)
                if c._outputs is not None and c._output_specs:
                    candidates.append(c)
        return [_Signature(constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY, candidates[0])] if len(candidates) == 1 else []
    if not isinstance(signatures, dict):
        signatures = {constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY: signatures}
    out = []
    for key, value in signatures.items():
        if isinstance(value, function):
            if value._input_signature is None:
                raise ValueError("Function to be saved must have an input signature when exported as a signature "
                                 f"(got {value!r}); use get_concrete_function with TensorSpecs.")
            value = _concrete_for_save(value)
        if value._graph.arg_tensors and len(value._graph.arg_tensors) != len(nest.flatten(value._inputs)):
            raise ValueError(f"Got a non-Tensor value for the signature {key!r}: signature functions take tensors.")
        out.append(_Signature(key, value))
    return out


class _Object:
    __slots__ = ("obj", "kind", "children", "extra")

    def __init__(self, obj: Any, kind: str, extra: Any = None) -> None:
        self.obj, self.kind, self.children, self.extra = obj, kind, [], extra


@tf_export("saved_model.save")
def save(obj: Any, export_dir: Any, signatures: Any = None, options: Any = None) -> None:
    """Writes `obj` as a SavedModel to `export_dir` (see the module docstring)."""
    if not checkpoint._is_trackable(obj):
        raise ValueError("Expected an object of type `Trackable`, such as `tf.Module` or a subclass of the "
                         f"`Trackable` class, for export. Got {obj} with type {type(obj)}.")
    keras = sys.modules.get("tfshim.keras")
    if keras is not None and isinstance(obj, keras.layers.Layer):
        raise NotImplementedError("tf.saved_model.save of a Keras layer or model is not implemented by tfshim (TF "
                                  "traces its call and saves Keras metadata); save a tf.Module whose tf.functions "
                                  "call the model, or use model.save('....keras')")
    export_dir = os.fspath(export_dir)
    function = _function_type()
    sigs = _signatures(obj, signatures)
    # the object graph, breadth first
    nodes = [_Object(obj, "user")]
    ids = {id(obj): 0}
    concretes: dict[int, list] = {}
    i = 0
    while i < len(nodes):
        node = nodes[i]
        if node.kind == "user":
            kids = _children(node.obj)
            if i == 0 and sigs:
                kids.append(("signatures", _SignatureMap(sigs)))
            for name, child in kids:
                if id(child) not in ids:
                    ids[id(child)] = len(nodes)
                    if isinstance(child, Variable):
                        kind = "variable"
                    elif isinstance(child, function):
                        kind = "function"
                    elif isinstance(child, _SignatureMap):
                        kind = "signature_map"
                    else:
                        kind = "user"
                    nodes.append(_Object(child, kind))
                node.children.append((ids[id(child)], name))
        elif node.kind == "function":
            traces = concretes[i] = _retrace_for_save(node.obj)
            for j, c in enumerate(traces):
                ids[id(c)] = len(nodes)
                node.children.append((len(nodes), f"trace_{j}"))
                nodes.append(_Object(c, "bare", node.obj))
        elif node.kind == "signature_map":
            for s in node.obj.signatures:
                node.children.append((len(nodes), s.key))
                nodes.append(_Object(s, "signature"))
        i += 1
    variable_ids = {id(n.obj): k for k, n in enumerate(nodes) if n.kind == "variable"}
    # functions
    library, saved_concretes = [], []
    for n in nodes:
        if n.kind not in ("bare", "signature"):
            continue
        concrete = n.obj.concrete if n.kind == "signature" else n.obj
        name = n.obj.name if n.kind == "signature" else concrete._name
        fdef, captured = function_def(concrete._graph, name)
        bound = []
        for v in captured:
            if id(v) not in variable_ids:
                raise ValueError(f"Tried to export a function which references an 'untracked' resource. TensorFlow "
                                 f"objects (e.g. tf.Variable) captured by functions must be 'tracked' by assigning "
                                 f"them to an attribute of a tracked object or assigned to an attribute of the main "
                                 f"object directly. Trackable Python objects referring to this tensor (from "
                                 f"gc.get_referrers, limited to two hops): {v!r}")
            bound.append(variable_ids[id(v)])
        library.append(fdef)
        if n.kind == "signature":
            s = n.obj
            args = {a: TensorSpec(shape, d, name=a) for a, d, shape in s.inputs}
            in_sig: Any = ((), args)
            out_sig: Any = {k: TensorSpec(v.shape, v.dtype, name=k) for k, v in s.outputs.items()}
        else:
            in_sig = concrete.structured_input_signature
            out_sig = _output_signature(concrete)
        saved_concretes.append((name, bound, in_sig, out_sig))
    # the SavedObjectGraph
    object_graph = b""
    for n in nodes:
        msg = b"".join(field_bytes(1, field_varint(1, c) + field_bytes(2, name, always=True), always=True)
                       for c, name in n.children)
        if n.kind == "user":
            msg += field_bytes(4, field_bytes(1, _identifier(n.obj)) + _version(), always=True)
        elif n.kind == "signature_map":
            msg += field_bytes(4, field_bytes(1, "signature_map") + _version(), always=True)
        elif n.kind == "variable":
            v = n.obj
            msg += field_bytes(7, field_varint(1, dtypes.as_dtype(v.dtype).as_datatype_enum)
                               + field_bytes(2, encode_shape(v.shape), always=True) + field_varint(3, v.trainable)
                               + field_bytes(6, _variable_name(v)), always=True)
        elif n.kind == "function":
            names = b"".join(field_bytes(1, nodes[c].obj._name) for c, _ in n.children)
            sig = tuple(n.obj._input_signature) if n.obj._input_signature is not None else None
            msg += field_bytes(6, names + field_bytes(2, _function_spec(_argspec(n.obj), sig), always=True),
                               always=True)
            msg += b"".join(field_bytes(15, field_varint(1, c) + field_bytes(2, name, always=True), always=True)
                            for c, name in n.children)
        elif n.kind == "bare":
            c = n.obj
            keywords = [t._trace_name for t in c._graph.arg_tensors]
            msg += field_bytes(8, field_bytes(1, c._name) + b"".join(field_bytes(2, a, always=True) for a in keywords)
                               + field_varint(3, len(keywords))
                               + field_bytes(4, _function_spec(_argspec(n.extra), None), always=True), always=True)
        elif n.kind == "signature":
            s = n.obj
            spec = _FullArgSpec([], None, None, None, [a for a, _, _ in s.inputs], None, {})
            msg += field_bytes(8, field_bytes(1, s.name) + b"".join(field_bytes(2, a, always=True)
                                                                     for a, _, _ in s.inputs)
                               + field_varint(3, len(s.inputs)) + field_bytes(4, _function_spec(spec, None),
                                                                               always=True), always=True)
        object_graph += field_bytes(1, msg, always=True)
    for name, bound, in_sig, out_sig in saved_concretes:
        value = field_bytes(2, b"".join(varint(b) for b in bound))
        value += field_bytes(3, nested_structure_coder.encode(in_sig), always=True)
        value += field_bytes(4, nested_structure_coder.encode(out_sig), always=True)
        object_graph += field_bytes(2, field_bytes(1, name, always=True) + field_bytes(2, value, always=True),
                                    always=True)
    # the main graph: each signature's inputs as Placeholders feeding a call of its function
    graph_nodes: list[NodeDef] = []
    signature_defs = b""
    for k, s in enumerate(sigs):
        call = "StatefulPartitionedCall" if k == 0 else f"StatefulPartitionedCall_{k}"
        inputs = []
        sig_inputs = b""
        for a, d, shape in s.inputs:
            ph = f"{s.key}_{a}"
            graph_nodes.append(NodeDef(ph, "Placeholder", [], {"dtype": Attr("type", d),
                                                               "shape": Attr("shape", shape)}))
            inputs.append(ph)
            sig_inputs += field_bytes(1, field_bytes(1, a) + field_bytes(2, _tensor_info(f"{ph}:0", d, shape),
                                                                         always=True), always=True)
        fdef = next(f for f in library if f.name == s.name)
        captured = [b for nm, bs, _, _ in saved_concretes if nm == s.name for b in bs]
        for c in captured:
            vname = _variable_name(nodes[c].obj)
            if not any(n.name == vname for n in graph_nodes):
                v = nodes[c].obj
                graph_nodes.insert(0, NodeDef(vname, "VarHandleOp", [], {
                    "dtype": Attr("type", dtypes.as_dtype(v.dtype)), "shape": Attr("shape", v.shape),
                    "shared_name": Attr("s", vname.encode())}))
            inputs.append(vname)
        in_types = [dtypes.as_dtype(a.dtype) for a in fdef.inputs]
        out_types = [dtypes.as_dtype(a.dtype) for a in fdef.outputs]
        graph_nodes.append(NodeDef(call, "StatefulPartitionedCall", inputs, {
            "f": Attr("func", s.name), "Tin": Attr("list", ("type", in_types)),
            "Tout": Attr("list", ("type", out_types))}))
        sig_outputs = b""
        for j, (key, spec) in enumerate(s.outputs.items()):
            sig_outputs += field_bytes(2, field_bytes(1, key) + field_bytes(
                2, _tensor_info(f"{call}:{j}", spec.dtype, spec.shape), always=True), always=True)
        sig_def = sig_inputs + sig_outputs + field_bytes(3, constants.PREDICT_METHOD_NAME)
        signature_defs += field_bytes(5, field_bytes(1, s.key) + field_bytes(2, sig_def, always=True), always=True)
    graph = encode_graph_def(GraphDef(graph_nodes))
    graph += field_bytes(2, b"".join(field_bytes(1, encode_function(f), always=True) for f in library),
                         always=True)
    tags = [constants.SERVING] + list(nest.flatten(getattr(options, "extra_tags", None) or []))
    meta_info = (b"".join(field_bytes(4, t, always=True) for t in tags) + field_bytes(5, "2.21.0")
                 + field_varint(7, 1))
    meta_graph = (field_bytes(1, meta_info, always=True) + field_bytes(2, graph, always=True) + signature_defs
                  + field_bytes(7, object_graph, always=True))
    saved_model = field_varint(1, constants.SAVED_MODEL_SCHEMA_VERSION) + field_bytes(2, meta_graph, always=True)
    # the files
    os.makedirs(os.path.join(export_dir, constants.VARIABLES_DIRECTORY), exist_ok=True)
    os.makedirs(os.path.join(export_dir, constants.ASSETS_DIRECTORY), exist_ok=True)
    ckpt_nodes = [checkpoint._Node(n.obj, "") for n in nodes]
    _checkpoint_paths(nodes, ckpt_nodes)
    tensors = checkpoint._values(ckpt_nodes)
    tensors.append((checkpoint.OBJECT_GRAPH_PROTO_KEY, np.array(checkpoint._serialize_graph(ckpt_nodes), dtype=object),
                    dtypes.string))
    prefix = os.path.join(export_dir, constants.VARIABLES_DIRECTORY, constants.VARIABLES_FILENAME)
    tensor_bundle.write_bundle(prefix, tensors)
    tmp = os.path.join(export_dir, constants.SAVED_MODEL_FILENAME_PB + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(saved_model)
    os.replace(tmp, os.path.join(export_dir, constants.SAVED_MODEL_FILENAME_PB))


def _checkpoint_paths(nodes: list[_Object], ckpt_nodes: list) -> None:
    """The checkpoint's object graph is the SavedObjectGraph; variables are keyed by their first path."""
    paths: dict[int, str] = {0: ""}
    for k, n in enumerate(nodes):
        ckpt_nodes[k].children = list(n.children)
        for c, name in n.children:
            if c not in paths:
                esc = checkpoint.escape_local_name(name)
                paths[c] = f"{paths[k]}/{esc}" if paths[k] else esc
    for k, n in enumerate(nodes):
        ckpt_nodes[k].path = paths.get(k, "")
        if n.kind == "variable":
            ckpt_nodes[k].key = (f"{ckpt_nodes[k].path}/{checkpoint.OBJECT_ATTRIBUTES_NAME}/"
                                 f"{checkpoint.VARIABLE_VALUE_KEY}")
        else:
            ckpt_nodes[k].obj = _NotAVariable()  # functions and signatures have no values


class _NotAVariable:
    name = ""


def _variable_name(v: Any) -> str:
    name = v.name
    return name[:-2] if name.endswith(":0") else name


def _identifier(obj: Any) -> str:
    """TF's SavedUserObject identifier: Python containers are revived as containers."""
    if isinstance(obj, list):
        return "trackable_list_wrapper"
    if isinstance(obj, dict):
        return "trackable_dict_wrapper"
    if isinstance(obj, tuple):
        return "trackable_tuple_wrapper"
    return "_generic_user_object"


def _version() -> bytes:
    return field_bytes(2, field_varint(1, 1) + field_varint(2, 1), always=True)


def _tensor_info(name: str, dtype: Any, shape: Any) -> bytes:
    return field_bytes(1, name) + field_varint(2, dtypes.as_dtype(dtype).as_datatype_enum) + field_bytes(
        3, encode_shape(shape), always=True)


def _output_signature(concrete: Any) -> Any:
    if concrete._outputs is None:
        return None
    specs = iter(concrete._output_specs)
    return nest.map_structure(lambda x: next(specs), concrete._outputs)


class _SignatureMap:
    def __init__(self, signatures: list[_Signature]) -> None:
        self.signatures = signatures
