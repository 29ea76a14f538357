"""tf.saved_model.load (TF: python/saved_model/load.py, function_deserialization.py): a SavedModel's objects
rebuilt from its SavedObjectGraph, variables restored from its checkpoint, functions run from their FunctionDefs.

Each loaded function runs its FunctionDef node by node, each node with tfshim's op of that name (TF's attributes
turned back into tfshim's, saved_model/function_serialization.py), so a SavedModel written by real TF loads too
when its functions use only ops tfshim has; a node tfshim cannot run raises NotImplementedError naming the op.
Calls run eagerly, so tf.GradientTape sees the variable reads and ops as in TF.
"""

from __future__ import annotations

import inspect
import os
import pkgutil
import pprint
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.tensor_spec import TensorSpec
from tfshim.framework.variables import Variable
from tfshim.saved_model import constants, nested_structure_coder
from tfshim.saved_model.function_serialization import REDUCERS, slice_key
from tfshim.saved_model.graph_proto import (
    Attr,
    FunctionDef,
    NodeDef,
    decode_function,
    decode_shape,
    op_defaults,
    op_signature,
)
from tfshim.training import checkpoint, tensor_bundle
from tfshim.training.proto_wire import first, parse, read_varint, text
from tfshim.util import nest
from tfshim.util.tf_export import tf_export

_OPS: dict[str, Any] = {}
_CONTAINERS = {"trackable_list_wrapper": list, "trackable_dict_wrapper": dict, "trackable_tuple_wrapper": tuple}


def _op(name: str) -> Any:
    """tfshim's Op for a TF op name (found among the ops modules' Op objects)."""
    if not _OPS:
        import importlib

        import tfshim.ops as ops_pkg
        from tfshim.ops.op import Op

        for info in pkgutil.iter_modules(ops_pkg.__path__):
            try:
                module = importlib.import_module(f"tfshim.ops.{info.name}")
            except ImportError:  # pragma: no cover - an optional module
                continue
            for value in vars(module).values():
                if isinstance(value, Op):
                    _OPS.setdefault(value.name, value)
    return _OPS.get(name)


def _python_attr(a: Attr) -> Any:
    if a.kind == "s":
        return a.value.decode("utf-8", "replace")
    if a.kind == "list":
        return list(a.value[1])
    if a.kind == "tensor":
        value, d = a.value
        return _wrap_as(np.array(value, dtype=d.as_numpy_dtype if d != dtypes.string else object), d)
    return a.value


def _kernel_params(op: Any) -> set[str]:
    try:
        return {p.name for p in inspect.signature(op.kernel).parameters.values()
                if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}
    except (TypeError, ValueError):
        return set()


class _Runner:
    """Runs one FunctionDef on its inputs."""

    def __init__(self, fdef: FunctionDef, library: dict[str, FunctionDef]) -> None:
        self.fdef, self.library = fdef, library
        self.by_name = {n.name: n for n in fdef.nodes}

    def run(self, inputs: list) -> list:
        env: dict[str, Any] = {a.name: x for a, x in zip(self.fdef.inputs, inputs)}
        done: dict[str, list] = {}

        def value(ref: str) -> Any:
            name, _, rest = ref.partition(":")
            if name in env and not rest:
                return env[name]
            outs = evaluate(name)
            if not rest:
                return outs[0]
            arg, _, index = rest.rpartition(":")
            node = self.by_name[name]
            return outs[_output_index(node, arg, int(index))]

        def evaluate(name: str) -> list:
            if name in done:
                return done[name]
            node = self.by_name[name]
            for ref in node.input:
                if ref.startswith("^"):
                    evaluate(ref[1:])
            args = [value(ref) for ref in node.input if not ref.startswith("^")]
            done[name] = self._node(node, args)
            return done[name]

        for n in self.fdef.nodes:
            evaluate(n.name)
        return [value(self.fdef.ret[a.name]) for a in self.fdef.outputs]

    def _node(self, node: NodeDef, args: list) -> list:
        op, attr = node.op, node.attr
        if op == "Const":
            return [_python_attr(attr["value"])]
        if op in ("Identity", "IdentityN", "StopGradient", "Snapshot"):
            if op == "StopGradient":
                from tfshim.ops.array_ops import stop_gradient

                return [stop_gradient(a) for a in args]
            return [a.value() if isinstance(a, Variable) else a for a in args]
        if op == "NoOp":
            return []
        if op == "ReadVariableOp":
            return [args[0].value()]
        if op in ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"):
            method = {"AssignVariableOp": "assign", "AssignAddVariableOp": "assign_add",
                      "AssignSubVariableOp": "assign_sub"}[op]
            getattr(args[0], method)(args[1], read_value=False)
            return []
        if op in ("StatefulPartitionedCall", "PartitionedCall"):
            f = self.library[attr["f"].value]
            return _Runner(f, self.library).run(args)
        tf_op = _op(op)
        if tf_op is None or op_signature(op) is None:
            raise NotImplementedError(f"tf.saved_model.load of a function using the op {op} is not implemented by "
                                      "tfshim")
        kwargs: dict[str, Any] = {}
        if op in REDUCERS:
            axes = np.asarray(args.pop()._value).reshape(-1)
            kwargs["axis"] = tuple(int(a) for a in axes)
            kwargs["keepdims"] = bool(attr["keep_dims"].value) if "keep_dims" in attr else False
        elif op == "StridedSlice":
            begin, end, strides = (np.asarray(args.pop(1)._value).reshape(-1) for _ in range(3))
            masks = {k: int(a.value) for k, a in attr.items() if k.endswith("_mask")}
            kwargs["key"] = slice_key(begin, end, strides, masks)
            attr = {}
        elif op == "ConcatV2":
            kwargs["axis"] = int(np.asarray(args.pop()._value))
        params = _kernel_params(tf_op)
        for key, a in attr.items():
            if key in params and key not in kwargs and not key.startswith("_"):
                kwargs[key] = _python_attr(a)
        for key, default in op_defaults(op).items():  # attributes TF stripped as defaults
            if key in params and key not in kwargs:
                kwargs[key] = default
        tensors = [convert_to_tensor(a) if not isinstance(a, Tensor) else a for a in args]
        result = tf_op(*tensors, **kwargs)
        return list(result) if tf_op.multi_output else [result]


def _output_index(node: NodeDef, arg: str, index: int) -> int:
    sig = op_signature(node.op)
    if sig is None or node.op in ("StatefulPartitionedCall", "PartitionedCall", "IdentityN"):
        return index
    names = [a for a, _ in sig.outputs]
    return (names.index(arg) if arg in names else 0) + index


class _UserObject:
    """A loaded object (TF: load.py's _UserObject): its children are attributes."""


class _Method:
    """A restored special method (`__call__`) set on the loaded object's class: Python looks those up there."""

    def __init__(self, fn: Any) -> None:
        self.fn = fn

    def __get__(self, instance: Any, owner: Any) -> Any:
        return self.fn


class _SignatureMap(dict):
    """TF: the `.signatures` of a loaded object, mapping keys to concrete functions."""

    def __repr__(self) -> str:
        return f"_SignatureMap({dict.__repr__(self)})"


class _LoadedConcreteFunction:
    """A loaded ConcreteFunction (TF: function_deserialization's RestoredFunction's concrete functions)."""

    def __init__(self, name: str, runner: _Runner, captured: list, in_sig: Any, out_sig: Any,
                 signature: bool = False) -> None:
        self._name, self._runner, self._captured = name, runner, captured
        self.structured_input_signature = in_sig
        self.structured_outputs = out_sig
        self._signature = signature

    @property
    def name(self) -> bytes:
        return self._name.encode()

    @property
    def variables(self) -> tuple:
        return tuple(self._captured)

    @property
    def trainable_variables(self) -> tuple:
        return tuple(v for v in self._captured if v.trainable)

    def _bind(self, args: tuple, kwargs: dict) -> list | None:
        """The flat tensor inputs for this call, or None if the call does not match the signature."""
        sig_args, sig_kwargs = self.structured_input_signature
        if self._signature:
            if args or set(kwargs) != set(sig_kwargs):
                return None
            args, kwargs = (), kwargs
        elif len(args) > len(sig_args):
            return None
        flat: list = []
        try:
            given = list(args) + [kwargs[k] for k in list(_arg_names(self))[len(args):len(sig_args)]]
        except KeyError:
            return None
        pairs = list(zip(sig_args, given)) + [(sig_kwargs[k], kwargs.get(k)) for k in sig_kwargs]
        for spec, value in pairs:
            try:
                nest.assert_same_structure(spec, value, check_types=False)
            except (ValueError, TypeError):
                return None
            for s, v in zip(nest.flatten(spec), nest.flatten(value)):
                if isinstance(s, TensorSpec):
                    t = v if isinstance(v, Tensor) else _convert(v, s.dtype)
                    if t is None or t.dtype != s.dtype or not s.shape.is_compatible_with(t.shape):
                        return None
                    flat.append(t)
                elif s != v:
                    return None
        return flat

    def _run(self, flat: list) -> Any:
        outputs = self._runner.run(flat + self._captured)
        if self.structured_outputs is None:
            return None
        it = iter(outputs)
        return nest.map_structure(lambda s: next(it) if isinstance(s, TensorSpec) else s, self.structured_outputs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        flat = self._bind(args, kwargs)
        if flat is None:
            raise TypeError(f"{self._name}: the arguments {args!r}, {kwargs!r} do not match the signature "
                            f"{self.structured_input_signature!r}")
        return self._run(flat)


def _arg_names(c: _LoadedConcreteFunction) -> list[str]:
    sig_args = c.structured_input_signature[0]
    names = []
    for i, s in enumerate(sig_args):
        names.append(s.name if isinstance(s, TensorSpec) and s.name else f"arg_{i}")
    return names


def _convert(v: Any, dtype: Any) -> Tensor | None:
    try:
        return convert_to_tensor(v, dtype_hint=dtype)
    except (TypeError, ValueError, errors.OpError):
        return None


class _RestoredFunction:
    """A loaded tf.function (TF: function_deserialization.RestoredFunction): calls the first saved trace whose
    input signature matches the arguments."""

    def __init__(self, concretes: list[_LoadedConcreteFunction], input_signature: Any, argspec: Any = None) -> None:
        self._concretes = concretes
        self._argspec = argspec
        self.input_signature = input_signature

    def concrete_functions(self) -> list:
        return list(self._concretes)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not self._concretes:
            raise ValueError("Found zero restored functions for caller function.")
        for c in self._concretes:
            flat = c._bind(args, kwargs)
            if flat is not None:
                return c._run(flat)
        # TF's text; TF shows the arguments as the graph tensors of the restored tf.function's trace
        names = list(getattr(self._argspec, "args", None) or [])

        def shown(i: int, a: Any) -> str:
            if isinstance(a, Tensor):
                name = names[i] if i < len(names) else f"args_{i}"
                return f"<tf.Tensor '{name}:0' shape={a.shape} dtype={a.dtype.name}>"
            return pprint.pformat(a)

        def positional(items: list) -> str:
            return f"Positional arguments ({len(items)} total):\n    * " + "\n    * ".join(items)

        options = "\n\n".join(
            f"Option {i + 1}:\n  {positional([pprint.pformat(a) for a in c.structured_input_signature[0]])}\n"
            f"  Keyword arguments: {c.structured_input_signature[1]}" for i, c in enumerate(self._concretes))
        raise ValueError("Could not find matching concrete function to call loaded from the SavedModel. Got:\n  "
                         f"{positional([shown(i, a) for i, a in enumerate(args)])}\n  Keyword arguments: {kwargs}\n\n"
                         f" Expected these arguments to match one of the following {len(self._concretes)} option(s):"
                         f"\n\n{options}")

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> _LoadedConcreteFunction:
        for c in self._concretes:
            if c._bind(args, kwargs) is not None:
                return c
        raise ValueError("Could not find matching concrete function for the arguments in the SavedModel.")


def _packed_ints(values: list) -> list[int]:
    out: list[int] = []
    for v in values:
        if isinstance(v, bytes):
            pos = 0
            while pos < len(v):
                x, pos = read_varint(v, pos)
                out.append(x)
        else:
            out.append(v)
    return out


@tf_export("saved_model.load")
def load(export_dir: Any, tags: Any = None, options: Any = None) -> Any:
    """Loads the SavedModel in `export_dir` (see the module docstring)."""
    export_dir = os.fspath(export_dir)
    pb = os.path.join(export_dir, constants.SAVED_MODEL_FILENAME_PB)
    if not os.path.exists(pb):
        if os.path.exists(os.path.join(export_dir, constants.SAVED_MODEL_FILENAME_PBTXT)):
            raise NotImplementedError("tf.saved_model.load of a text-format saved_model.pbtxt is not implemented "
                                      "by tfshim")
        raise OSError(f"SavedModel file does not exist at: {export_dir}{os.sep}"
                      f"{{{constants.SAVED_MODEL_FILENAME_PBTXT}|{constants.SAVED_MODEL_FILENAME_PB}}}")
    with open(pb, "rb") as fh:
        saved_model = parse(fh.read())
    meta_graphs = saved_model.get(2, [])
    if not meta_graphs:
        raise RuntimeError(f"MetaGraphDef associated with tags {tags!r} could not be found in SavedModel.")
    meta = parse(meta_graphs[0])
    saved_tags = [text(t) for t in parse(first(meta, 1, b"")).get(4, [])]
    if tags is not None:
        tags = [tags] if isinstance(tags, str) else list(tags)
        if set(tags) != set(saved_tags):
            raise ValueError(f"Got an incompatible argument to `tags`: {tags}. The SavedModel at {export_dir} has one "
                             f"MetaGraph with tags {saved_tags}. You may omit the argument, pass 'None', or pass "
                             "matching tags.")
    graph = parse(first(meta, 2, b""))
    library = {f.name: f for f in (decode_function(x) for x in parse(first(graph, 2, b"")).get(1, []))}
    object_graph = parse(first(meta, 7, b""))
    if not object_graph.get(1):
        raise NotImplementedError("tf.saved_model.load of a TF1 SavedModel (no object graph) is not implemented "
                                  "by tfshim")
    protos = [parse(n) for n in object_graph.get(1, [])]
    concretes: dict[str, tuple] = {}
    for entry in object_graph.get(2, []):
        e = parse(entry)
        value = parse(first(e, 2, b""))
        concretes[text(first(e, 1, b""))] = (
            _packed_ints(value.get(2, [])), nested_structure_coder.decode(first(value, 3, b"")),
            nested_structure_coder.decode(first(value, 4, b"")))
    objects: list[Any] = [None] * len(protos)
    # variables and plain objects first: functions capture them
    for k, p in enumerate(protos):
        if 7 in p:
            v = parse(first(p, 7))
            shape = decode_shape(first(v, 2, b""))
            dtype = dtypes.as_dtype(first(v, 1))
            value = np.zeros([d or 0 for d in (shape.as_list() if shape.rank is not None else [])],
                             dtype=dtype.as_numpy_dtype if dtype != dtypes.string else object)
            objects[k] = Variable(value, trainable=bool(first(v, 3)), name=text(first(v, 6, b"")) or None,
                                  dtype=dtype)
        elif 4 in p:
            identifier = text(first(parse(first(p, 4)), 1, b""))
            if identifier in _CONTAINERS:
                continue  # built from its children below
            # each loaded object gets its own class, so that a restored `__call__` makes it callable
            objects[k] = _SignatureMap() if identifier == "signature_map" else type(
                "_UserObject", (_UserObject,), {})()
        elif 6 not in p and 8 not in p:
            raise NotImplementedError("tf.saved_model.load of this kind of SavedObject (asset, constant, resource) "
                                      "is not implemented by tfshim")

    def concrete(name: str, signature: bool = False) -> _LoadedConcreteFunction:
        bound, in_sig, out_sig = concretes[name]
        return _LoadedConcreteFunction(name, _Runner(library[name], library), [objects[b] for b in bound], in_sig,
                                       out_sig, signature)

    signature_nodes = set()
    for k, p in enumerate(protos):
        if isinstance(objects[k], _SignatureMap):
            signature_nodes.update(int(first(parse(c), 1)) for c in p.get(1, []))
    for k, p in enumerate(protos):
        if 6 in p:
            f = parse(first(p, 6))
            spec = parse(first(f, 2, b""))
            objects[k] = _RestoredFunction([concrete(text(n)) for n in f.get(1, [])],
                                           nested_structure_coder.decode(first(spec, 5, b"")),
                                           nested_structure_coder.decode(first(spec, 1, b"")))
        elif 8 in p:
            objects[k] = concrete(text(first(parse(first(p, 8)), 1, b"")), signature=k in signature_nodes)
    def container(k: int) -> Any:
        if objects[k] is None:
            p = protos[k]
            kind = _CONTAINERS[text(first(parse(first(p, 4)), 1, b""))]
            items = []
            for c in p.get(1, []):
                ref = parse(c)
                child = int(first(ref, 1))
                items.append((text(first(ref, 2, b"")), container(child) if objects[child] is None else objects[child]))
            objects[k] = dict(items) if kind is dict else kind(v for _, v in sorted(items, key=lambda i: int(i[0])))
        return objects[k]

    for k in range(len(protos)):
        container(k)
    for k, p in enumerate(protos):
        obj = objects[k]
        if not isinstance(obj, (_UserObject, _SignatureMap)):
            continue
        for c in p.get(1, []):
            ref = parse(c)
            child, name = objects[int(first(ref, 1))], text(first(ref, 2, b""))
            if isinstance(obj, _SignatureMap):
                obj[name] = child
            elif name.startswith("__") and name.endswith("__"):
                setattr(type(obj), name, _Method(child))
            else:
                setattr(obj, name, child)
    root = objects[0]
    if isinstance(root, _UserObject) and not hasattr(root, "signatures"):
        root.signatures = _SignatureMap()
    if not getattr(options, "experimental_skip_checkpoint", False):
        _restore_variables(export_dir, protos, objects)
    return root


def _restore_variables(export_dir: str, protos: list, objects: list) -> None:
    prefix = os.path.join(export_dir, constants.VARIABLES_DIRECTORY, constants.VARIABLES_FILENAME)
    if not any(isinstance(o, Variable) for o in objects):
        return
    reader = tensor_bundle.BundleReader(prefix)
    saved = checkpoint._read_graph(reader)
    for k, obj in enumerate(objects):
        if isinstance(obj, Variable) and k < len(saved) and saved[k].key:
            obj.assign(reader.tensor(saved[k].key))
