"""keras.Model(inputs, outputs): Keras 3's Functional model (keras/src/models/functional.py, ops/function.py).

Calling layers on `keras.Input` KerasTensors records nodes; the model maps the graph between its inputs
and outputs (Keras' `map_graph`: nodes by depth, layers in depth order, inputs first) and replays the
nodes on real tensors when called.
"""

from __future__ import annotations

import collections
from typing import Any

from tfshim.keras import _tree
from tfshim.keras.layers.layer import InputLayer, KerasTensor, Layer
from tfshim.keras.models import Model


def _build_map(inputs: list, outputs: list) -> tuple:
    finished: set = set()
    in_progress: set = set()
    ordered: list = []
    indices: dict = {}

    def helper(tensor: KerasTensor) -> None:
        operation, node_index, _ = tensor._keras_history
        node = operation._inbound_nodes[node_index]
        if node in finished:
            return
        if not node.is_input and any(tensor is t for t in inputs):
            finished.add(node)
            return
        if node in in_progress:
            raise ValueError(f"Tensor {tensor} from operation '{operation.name}' is part of a cycle.")
        if operation not in indices:
            indices[operation] = len(indices)
        in_progress.add(node)
        if not node.is_input:
            for t in node.input_tensors:
                helper(t)
        finished.add(node)
        in_progress.remove(node)
        ordered.append(node)

    for out in outputs:
        helper(out)
    return ordered, indices


def map_graph(inputs: list, outputs: list) -> tuple:
    """Keras: function.map_graph: (nodes_by_depth, operations in depth order)."""
    ordered, indices = _build_map(inputs, outputs)
    in_graph = set(ordered)
    node_depths: dict = {}
    op_depths: dict = {}
    for node in reversed(ordered):
        depth = node_depths.setdefault(node, 0)
        depth = max(depth, op_depths.get(node.operation, 0))
        op_depths[node.operation] = depth
        node_depths[node] = depth
        for parent in node.parent_nodes:
            if parent in in_graph:
                node_depths[parent] = max(depth + 1, node_depths.get(parent, 0))
    for t in inputs:
        op, node_index, _ = t._keras_history
        if op not in op_depths and op._inbound_nodes[node_index].is_input:
            op_depths[op] = 0
            indices[op] = -1
            node_depths[op._inbound_nodes[node_index]] = 0
    nodes_by_depth: dict = collections.defaultdict(list)
    for node, depth in node_depths.items():
        nodes_by_depth[depth].append(node)
    ops_by_depth: dict = collections.defaultdict(list)
    for op, depth in op_depths.items():
        ops_by_depth[depth].append(op)
    operations = []
    for depth in sorted(ops_by_depth, reverse=True):
        operations.extend(sorted(ops_by_depth[depth], key=lambda op: indices[op]))
    computable = {id(t) for t in inputs}
    done: list = []
    for depth in sorted(nodes_by_depth, reverse=True):
        for node in nodes_by_depth[depth]:
            for t in node.input_tensors:
                if id(t) not in computable:
                    raise ValueError(f"Graph disconnected: cannot find parent for tensor {t} at operation "
                                     f"'{node.operation}'. The following previous operations were accessed without "
                                     f"issue: {done}")
                done.append(node.operation.name)
            for t in _tree.flatten(node.outputs):
                computable.add(id(t))
    names = [op.name for op in operations]
    for name in names:
        if names.count(name) != 1:
            raise ValueError(f'The name "{name}" is used {names.count(name)} times in the model. All operation '
                             "names should be unique.")
    return dict(nodes_by_depth), operations


class Functional(Model):
    """Keras: the model `keras.Model(inputs, outputs)` returns."""

    def __init__(self, inputs: Any, outputs: Any, name: Any = None, **kwargs: Any) -> None:
        trainable = kwargs.pop("trainable", True)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to Functional: {kwargs}")
        Model.__init__(self, name=name, trainable=trainable, _functional_init=True)
        flat_inputs = _tree.flatten(inputs)
        flat_outputs = _tree.flatten(outputs)
        for t in flat_inputs + flat_outputs:
            if not isinstance(t, KerasTensor):
                raise ValueError("All `inputs` and `outputs` values must be KerasTensors. Received: "
                                 f"inputs={inputs} including invalid value {t} of type {type(t)}")
        self._inputs_struct = inputs
        self._outputs_struct = outputs
        self._inputs = flat_inputs
        self._outputs = flat_outputs
        self._nodes_by_depth, self._operations = map_graph(flat_inputs, flat_outputs)
        self._check_outputs_connected()
        for op in self._operations:
            if op not in self._layers:
                self._layers.append(op)
        self.built = True

    def _check_outputs_connected(self) -> None:
        """Keras runs the graph from `inputs` once when the model is made: an output it cannot reach is an error."""
        reached = {id(t) for t in self._inputs}
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if node.is_input or any(id(t) not in reached for t in node.input_tensors):
                    continue
                reached.update(id(t) for t in _tree.flatten(node.outputs))
        for i, t in enumerate(self._outputs):
            if id(t) not in reached:
                paths = _paths(self._outputs_struct)
                raise ValueError(f"Output with path `{paths[i]}` is not connected to `inputs`")

    @property
    def layers(self) -> list:
        return list(self._operations)

    @property
    def inputs(self) -> list:
        return list(self._inputs)

    @property
    def outputs(self) -> list:
        return list(self._outputs)

    @property
    def input(self) -> Any:
        return self._inputs_struct

    @property
    def output(self) -> Any:
        return self._outputs_struct

    @property
    def input_shape(self) -> Any:
        shapes = [t.shape for t in self._inputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_shape(self) -> Any:
        shapes = [t.shape for t in self._outputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_names(self) -> list:
        return [t._keras_history[0].name for t in self._outputs]

    def get_layer(self, name: Any = None, index: Any = None) -> Layer:
        if index is not None and name is not None:
            raise ValueError("Provide only a layer name or a layer index. Received: "
                             f"index={index}, name={name}.")
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only has "
                                 f"{len(self.layers)} layers.")
            return self.layers[index]
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise ValueError(f"No such layer: {name}. Existing layers are: {list(layer.name for layer in self.layers)}.")

    def _standardize_inputs(self, inputs: Any) -> list:
        if isinstance(inputs, dict) and not isinstance(self._inputs_struct, dict):
            names = [t.name for t in self._inputs]
            if set(inputs) >= set(names):
                return [inputs[n] for n in names]
        if isinstance(inputs, dict) and isinstance(self._inputs_struct, dict):
            return [inputs[k] for k in sorted(self._inputs_struct)] if set(inputs) == set(self._inputs_struct) \
                else _tree.flatten(inputs)
        flat = _tree.flatten(inputs)
        if len(flat) != len(self._inputs):
            raise ValueError(f"Layer \"{self.name}\" expects {len(self._inputs)} input(s), but it received "
                             f"{len(flat)} input tensors. Inputs received: {inputs}")
        return flat

    def call(self, inputs: Any, training: Any = None, mask: Any = None) -> Any:
        tf = _tf()
        values: dict = {}
        for t, x in zip(self._inputs, self._standardize_inputs(inputs)):
            x = tf.convert_to_tensor(x) if not isinstance(x, (tf.Tensor, tf.Variable)) else x
            if x.dtype.is_floating and x.dtype.name != t.dtype and t.dtype.startswith("float"):
                x = tf.cast(x, t.dtype)
            values[id(t)] = x
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if node.is_input or isinstance(node.operation, InputLayer):
                    continue
                args, kwargs = node.arguments

                def resolve(v: Any) -> Any:
                    return values[id(v)] if isinstance(v, KerasTensor) else v

                args = _tree.map_structure(resolve, args)
                kwargs = _tree.map_structure(resolve, kwargs)
                if training is not None and node.operation._call_has_training_arg and "training" not in kwargs:
                    kwargs["training"] = training
                out = node.operation(*args, **kwargs)
                for t, v in zip(_tree.flatten(node.outputs), _tree.flatten(out)):
                    values[id(t)] = v
        return _tree.pack_sequence_as(self._outputs_struct, [values[id(t)] for t in self._outputs])

    # ---- configs (Keras 3's Functional.get_config / functional_from_config) -------------------
    def get_config(self) -> dict:
        """Keras: the layers in graph order, each with its inbound nodes (arguments as `__keras_tensor__`
        references `[layer name, node index, tensor index]`), and the input and output references."""
        from tfshim.keras.saving.serialization_lib import serialize_keras_object

        in_model = {node for nodes in self._nodes_by_depth.values() for node in nodes}

        def node_index(layer: Layer, index: int) -> int:
            kept = [n for n in layer._inbound_nodes if n in in_model]
            node = layer._inbound_nodes[index]
            return kept.index(node) if node in kept else index

        def ref(t: KerasTensor) -> list:
            layer, index, tensor_index = t._keras_history
            return [layer.name, node_index(layer, index), tensor_index]

        def arg(v: Any) -> Any:
            if isinstance(v, KerasTensor):
                return {"class_name": "__keras_tensor__",
                        "config": {"shape": list(v.shape), "dtype": v.dtype, "keras_history": ref(v)}}
            if isinstance(v, (list, tuple)):
                return [arg(x) for x in v]
            if isinstance(v, dict):
                return {k: arg(x) for k, x in v.items()}
            return v

        layers = []
        for op in self._operations:
            entry = serialize_keras_object(op)
            build = op.get_build_config() if not isinstance(op, InputLayer) else None
            if build is not None:
                entry["build_config"] = build
            entry["name"] = op.name
            entry["inbound_nodes"] = [] if isinstance(op, InputLayer) else [
                {"args": arg(list(node.arguments[0])), "kwargs": arg(node.arguments[1])}
                for node in op._inbound_nodes if node in in_model]
            layers.append(entry)

        def refs(struct: Any) -> Any:
            if isinstance(struct, KerasTensor):
                return ref(struct)
            if isinstance(struct, dict):
                return {k: refs(v) for k, v in struct.items()}
            return [refs(v) for v in struct]

        return {"name": self.name, "trainable": self.trainable, "layers": layers,
                "input_layers": refs(self._inputs_struct), "output_layers": refs(self._outputs_struct)}

    @classmethod
    def from_config(cls, config: dict, custom_objects: Any = None) -> Functional:
        """Keras: functional_from_config: recreate each layer, then replay its nodes in the saved order."""
        from tfshim.keras.saving.serialization_lib import deserialize_keras_object

        created: dict = {}
        for data in config["layers"]:
            layer = deserialize_keras_object(data, custom_objects=custom_objects)
            created[data.get("name", layer.name)] = layer
            for node in data.get("inbound_nodes", []):
                def resolve(v: Any) -> Any:
                    if isinstance(v, dict) and v.get("class_name") == "__keras_tensor__":
                        name, node_index, tensor_index = v["config"]["keras_history"]
                        return _tree.flatten(created[name]._inbound_nodes[node_index].outputs)[tensor_index]
                    if isinstance(v, list):
                        return [resolve(x) for x in v]
                    if isinstance(v, dict):
                        return {k: resolve(x) for k, x in v.items()}
                    return v

                layer(*resolve(node["args"]), **resolve(node.get("kwargs", {})))

        def tensors(refs: Any) -> Any:
            if isinstance(refs, dict):
                return {k: tensors(v) for k, v in refs.items()}
            if refs and isinstance(refs[0], str):
                name, node_index, tensor_index = refs
                return _tree.flatten(created[name]._inbound_nodes[node_index].outputs)[tensor_index]
            return [tensors(v) for v in refs]

        return cls(tensors(config["input_layers"]), tensors(config["output_layers"]), name=config.get("name"),
                   trainable=config.get("trainable", True))

    def compute_output_shape(self, input_shape: Any) -> Any:
        shapes = [t.shape for t in self._outputs]
        return _tree.pack_sequence_as(self._outputs_struct, shapes) if len(shapes) > 1 else shapes[0]


def _paths(structure: Any, prefix: tuple = ()) -> list:
    """The path of each leaf (Keras' tree.flatten_with_path, joined with dots)."""
    if isinstance(structure, dict):
        return [p for k in sorted(structure) for p in _paths(structure[k], prefix + (k,))]
    if isinstance(structure, (list, tuple)):
        return [p for i, v in enumerate(structure) for p in _paths(v, prefix + (i,))]
    return [".".join(str(p) for p in prefix)]


def _tf() -> Any:
    import tfshim

    return tfshim
