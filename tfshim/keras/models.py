"""tf.keras.Model / tf.keras.Sequential (Keras 3) and `summary()`.

`summary()` reproduces Keras 3.15's rich table (box drawing, column widths from
`min(88, terminal columns - 4)` and rich's column reduction) for sequential-like models
without printing through rich. tfshim has no Functional API: `Model(inputs, outputs)` raises.
"""

from __future__ import annotations

import math
import re
import shutil
from typing import Any

from tfshim.keras import _tree
from tfshim.keras._backend import standardize_dtype
from tfshim.keras.layers import InputLayer, KerasTensor, Layer
from tfshim.keras.metrics import Metric
from tfshim.keras.trainers.trainer import Trainer


def _functional_init_arguments(args: tuple, kwargs: dict) -> bool:
    """Keras: the arguments that make `Model(...)` a Functional model."""
    return len(args) == 2 or (len(args) == 1 and "outputs" in kwargs) or ("inputs" in kwargs and "outputs" in kwargs)


class Model(Trainer, Layer):
    """Keras: keras.Model, subclassed: define layers in `__init__` and the forward pass in `call`;
    `compile`/`fit`/`evaluate`/`predict` come from the Trainer."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        # Keras: `Model(inputs, outputs)` builds a Functional model.
        if cls is Model and _functional_init_arguments(args, kwargs):
            from tfshim.keras.functional import Functional

            return super().__new__(Functional)  # Python then runs Functional.__init__
        return super().__new__(cls)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if not kwargs.pop("_functional_init", False):
            if _functional_init_arguments(args, kwargs):
                raise NotImplementedError("tfshim: a Model subclass initialised with inputs and outputs (the "
                                          "Functional API in a subclass) is not supported")
            if args:  # Keras passes them on to Layer.__init__, which takes none
                raise TypeError(f"Layer.__init__() takes 1 positional argument but {len(args) + 1} were given")
        trainable = kwargs.pop("trainable", True)
        name = kwargs.pop("name", None)
        dtype = kwargs.pop("dtype", None)
        super().__init__(trainable=trainable, name=name, dtype=dtype, **kwargs)
        self._init_trainer()
        self.optimizer: Any = None

    def __setattr__(self, name: str, value: Any) -> None:
        # Keras tracks metrics assigned as attributes (a custom train_step's `self.loss_tracker = Mean()`).
        if (isinstance(value, Metric) and not name.startswith("_") and "_metrics" in self.__dict__
                and all(value is not m for m in self._metrics)):
            self._metrics.append(value)
        super().__setattr__(name, value)

    def summary(self, line_length: Any = None, positions: Any = None, print_fn: Any = None,
                expand_nested: bool = False, show_trainable: bool = False, layer_range: Any = None) -> None:
        """Keras: Model.summary — prints the layer table and parameter counts."""
        print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn)

    # ---- saving ---------------------------------------------------------------------------
    def save(self, filepath: Any, overwrite: bool = True, zipped: Any = None, **kwargs: Any) -> None:
        """Keras: saves a `.keras` archive (config, metadata, weights)."""
        from tfshim.keras.saving import saving_api

        saving_api.save_model(self, filepath, overwrite=overwrite, zipped=zipped, **kwargs)

    def save_weights(self, filepath: Any, overwrite: bool = True, max_shard_size: Any = None) -> None:
        """Keras: saves the weights to a `.weights.h5` file."""
        from tfshim.keras.saving import saving_api

        saving_api.save_weights(self, filepath, overwrite=overwrite)

    def load_weights(self, filepath: Any, skip_mismatch: bool = False, **kwargs: Any) -> None:
        """Keras: loads weights from a `.weights.h5` (or `.keras`) file written by Keras or tfshim."""
        from tfshim.keras.saving import saving_api

        saving_api.load_weights(self, filepath, skip_mismatch=skip_mismatch, **kwargs)

    def get_config(self) -> dict:
        if type(self).get_config is not Model.get_config or type(self) in (Model,):
            return super().get_config()
        from tfshim.keras.saving.serialization_lib import _dtype_policy

        return {"name": self.name, "trainable": self.trainable, "dtype": _dtype_policy(self.dtype)}

    @classmethod
    def from_config(cls, config: dict, custom_objects: Any = None) -> Any:
        from tfshim.keras.saving.serialization_lib import deserialize_config_value

        return cls(**{k: deserialize_config_value(v) for k, v in config.items()})


class Sequential(Model):
    """Keras: keras.Sequential — a stack of layers; with an `Input` first it is built at once."""

    def __init__(self, layers: Any = None, trainable: bool = True, name: str | None = None) -> None:
        super().__init__(trainable=trainable, name=name)
        self._functional: Any = None  # the output KerasTensor once built
        if layers:
            for layer in layers:
                self.add(layer, rebuild=False)
            self._maybe_rebuild()

    def add(self, layer: Any, rebuild: bool = True) -> None:
        if not self._layers and getattr(layer, "_input_shape_arg", None) is not None:
            self.add(InputLayer(shape=layer._input_shape_arg))
        if isinstance(layer, KerasTensor) and isinstance(layer._keras_history[0], InputLayer):
            layer = layer._keras_history[0]
        if not isinstance(layer, Layer):
            raise ValueError("Only instances of `keras.Layer` can be added to a Sequential model. "
                             f"Received: {layer} (of type {type(layer)})")
        if any(x.name == layer.name for x in self._layers):
            raise ValueError(
                "All layers added to a Sequential model should have unique names. Name "
                f"'{layer.name}' is already the name of a layer in this model. Update the `name` argument "
                "to pass a unique name.")
        if isinstance(layer, InputLayer) and self._layers and isinstance(self._layers[0], InputLayer):
            raise ValueError(
                f"Sequential model '{self.name}' has already been configured to use input shape "
                f"{self._layers[0].batch_shape}. You cannot add a different Input layer to it.")
        self._layers.append(layer)
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False
            self._functional = None

    def _maybe_rebuild(self) -> None:
        self.built = False
        self._functional = None
        if self._layers and isinstance(self._layers[0], InputLayer) and len(self._layers) > 1:
            self._build_from_shape(self._layers[0].batch_shape)

    def build(self, input_shape: Any = None) -> None:
        if input_shape is None:
            return
        if not self._layers:
            raise ValueError(f"Sequential model {self.name} cannot be built because it has no layers. "
                             "Call `model.add(layer)`.")
        input_shape = tuple(input_shape)
        if isinstance(self._layers[0], InputLayer):
            if self._layers[0].batch_shape != input_shape:
                raise ValueError(f"Sequential model '{self.name}' has already been configured to use input shape "
                                 f"{self._layers[0].batch_shape}. You cannot build it with input_shape {input_shape}")
        else:  # the shape it is built with, batch size included (a first call on data: that batch's)
            self._layers.insert(0, InputLayer(batch_shape=input_shape, dtype=self._dtype))
        x = self._layers[0].output
        for layer in self._layers[1:]:
            try:
                x = layer(x)
            except NotImplementedError:
                return
        self._functional = x
        self.built = True

    def _symbolic(self, what: str) -> KerasTensor:
        if not self._functional:
            raise AttributeError(f"Sequential model '{self.name}' has no defined {what} yet.")
        return self._layers[0].output if what.startswith("input") else self._functional

    @property
    def inputs(self) -> list:
        return [self._symbolic("inputs")]

    @property
    def outputs(self) -> list:
        return [self._symbolic("outputs")]

    @property
    def input_shape(self) -> tuple:
        return self._symbolic("input shape").shape

    @property
    def output_shape(self) -> tuple:
        return self._symbolic("output shape").shape

    @property
    def layers(self) -> list:
        return [x for x in self._layers if not isinstance(x, InputLayer)]

    def call(self, inputs: Any, training: Any = None, mask: Any = None, **kwargs: Any) -> Any:
        for layer in self.layers:
            layer_kwargs = {}
            if layer._call_has_training_arg and training is not None:
                layer_kwargs["training"] = training
            inputs = layer(inputs, **layer_kwargs)
        return inputs

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = tuple(input_shape)
        for layer in self.layers:
            shape = tuple(layer.compute_output_shape(shape))
        return shape

    @property
    def _build_input_shape(self) -> Any:
        if self._layers and isinstance(self._layers[0], InputLayer):
            return self._layers[0].batch_shape
        return None

    def get_config(self) -> dict:
        """Keras: Sequential's config: its layers (the InputLayer first), each with its build config."""
        from tfshim.keras.saving.serialization_lib import _dtype_policy, serialize_keras_object

        layers = []
        for layer in self._layers:
            entry = serialize_keras_object(layer)
            build = layer.get_build_config()
            if build is not None and not isinstance(layer, InputLayer):
                entry["build_config"] = build
            layers.append(entry)
        config = {"name": self.name, "trainable": self.trainable, "dtype": _dtype_policy(self.dtype),
                  "layers": layers}
        if self._build_input_shape is not None:
            config["build_input_shape"] = list(self._build_input_shape)
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects: Any = None) -> Sequential:
        from tfshim.keras.saving.serialization_lib import deserialize_keras_object

        model = cls(name=config.get("name"), trainable=config.get("trainable", True))
        for layer_config in config.get("layers", []):
            layer = deserialize_keras_object(layer_config, custom_objects=custom_objects)
            model.add(layer, rebuild=False)
        model._maybe_rebuild()
        if not model.built and config.get("build_input_shape"):
            model.build(tuple(config["build_input_shape"]))
        return model

    def pop(self, rebuild: bool = True) -> Layer:
        layer = self._layers.pop()
        self.built = False
        self._functional = None
        if rebuild:
            self._maybe_rebuild()
        return layer


# ---- summary -------------------------------------------------------------------------------

def _format_shape(shape: Any) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ")"


def _layer_shape(layer: Layer) -> str:
    """Keras: summary_utils.format_layer_shape: from the layer's last node, else from its build shapes."""
    if layer._inbound_nodes:
        shapes = [_format_shape(t.shape) for t in _tree.flatten(layer._inbound_nodes[-1].outputs)]
        return shapes[0] if len(shapes) == 1 else str(shapes).replace("'", "")
    if not layer._build_shapes_dict:
        return "?"
    try:
        shape = layer.compute_output_shape(**layer._build_shapes_dict)
    except NotImplementedError:
        return "?"
    if isinstance(shape, list) and shape and isinstance(shape[0], (tuple, list)):
        return str([_format_shape(x) for x in shape]).replace("'", "")
    return _format_shape(shape)


def _memory(weights: list) -> float:
    unique = {id(w): w for w in weights}.values()
    bits = {"float16": 16, "bfloat16": 16, "float32": 32, "float64": 64, "int8": 8, "uint8": 8, "int16": 16,
            "int32": 32, "int64": 64, "bool": 8}
    return sum(math.prod(w.shape) * bits.get(standardize_dtype(w.dtype), 32) for w in unique) / 8


def _readable(size: float) -> str:
    for unit in ["B", "KB", "MB", "GB", "TB", "PB"]:
        if size / 1024 < 1:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"


def _ratio_reduce(total: int, ratios: list, maximums: list, values: list) -> list:
    """rich._ratio.ratio_reduce."""
    ratios = [r if m else 0 for r, m in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    out = []
    for r, m, v in zip(ratios, maximums, values):
        if r and total_ratio > 0:
            d = min(m, round(r * remaining / total_ratio))
            out.append(v - d)
            remaining -= d
            total_ratio -= r
        else:
            out.append(v)
    return out


def _wrap(text: str, width: int) -> list:
    """rich's Text.wrap (divide_line with fold): greedy word wrap; a word longer than the width is chopped."""
    lines: list = []
    line = ""
    for word in re.findall(r"\s*\S+\s*", text) or [""]:
        stripped = word.rstrip()
        if len(line) + len(stripped) <= width:
            line += word
        elif len(stripped) > width:
            chunks = [word[i:i + width] for i in range(0, len(word), width)]
            if line:
                lines.append(line)
            lines.extend(chunks[:-1])
            line = chunks[-1]
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return [x.rstrip() for x in lines]


def _cell(text: str, width: int, justify: str) -> str:
    inner = width - 2
    text = text[:inner]
    return " " + (text.rjust(inner) if justify == "right" else text.ljust(inner)) + " "


def print_summary(model: Model, line_length: Any = None, positions: Any = None, print_fn: Any = None) -> None:
    """Keras: utils.summary_utils.print_summary, rendered as rich renders Keras' table. A Functional model
    whose graph is not a single chain gets the "Connected to" column."""
    layers = model.layers
    sequential_like = True
    relevant_nodes: list = []
    nodes_by_depth = getattr(model, "_nodes_by_depth", None)
    if nodes_by_depth is not None:
        nodes: list = []
        for v in nodes_by_depth.values():
            if len(v) > 1 or (len(v) == 1 and len(v[0].input_tensors) > 1):
                sequential_like = False
                break
            nodes += v
        if sequential_like:
            for layer in layers:
                if sum(1 for node in layer._inbound_nodes if node in nodes) > 1:
                    sequential_like = False
                    break
        for v in nodes_by_depth.values():
            relevant_nodes += v
    if sequential_like:
        default_line_length = 88
        positions = positions or [0.45, 0.80, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #"]
        justify = ["left", "left", "right"]
    else:
        default_line_length = 108
        positions = positions or [0.3, 0.56, 0.74, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
        justify = ["left", "left", "right", "left"]
    default_line_length = min(default_line_length, shutil.get_terminal_size().columns - 4)
    line_length = line_length or default_line_length
    widths = []
    current = 0
    for pos in positions:
        w = int(pos * line_length) - current
        if w < 4:
            raise ValueError("Insufficient console width to print summary.")
        widths.append(w)
        current += w
    # rich: each column is its width plus padding; the table (minus borders) must fit line_length.
    cells = [w + 2 for w in widths]
    max_width = line_length - (len(cells) + 1)
    if sum(cells) > max_width:
        cells = _ratio_reduce(sum(cells) - max_width, [1] * len(cells), cells, cells)

    def connections(layer: Layer) -> str:
        out = []
        for node in layer._inbound_nodes:
            if relevant_nodes and node not in relevant_nodes:
                continue
            for kt in node.input_tensors:
                inbound, node_index, tensor_index = kt._keras_history
                out.append(f"{inbound.name}[{node_index}][{tensor_index}]")
        return ", ".join(out) or "-"

    rows = []
    for layer in layers:
        name = f"{layer.name} ({layer.__class__.__name__})"
        params = f"{layer.count_params():,}" if layer.built else "0 (unbuilt)"
        fields = [name, _layer_shape(layer), params]
        if not sequential_like:
            fields.append(connections(layer))
        rows.append(fields)

    def rule(left: str, mid: str, right: str, fill: str) -> str:
        return left + mid.join(fill * c for c in cells) + right

    def row(values: list, bar: str) -> str:
        wrapped = [_wrap(v, c - 2) for v, c in zip(values, cells)]
        height = max(len(w) for w in wrapped)
        out = []
        for i in range(height):
            parts = [w[i] if i < len(w) else "" for w in wrapped]
            out.append(bar + bar.join(_cell(v, c, j) for v, c, j in zip(parts, cells, justify)) + bar)
        return "\n".join(out)

    lines = [f'Model: "{model.name}"', rule("┏", "┳", "┓", "━"), row(header, "┃"), rule("┡", "╇", "┩", "━")]
    for i, r in enumerate(rows):
        if i:
            lines.append(rule("├", "┼", "┤", "─"))
        lines.append(row(r, "│"))
    lines.append(rule("└", "┴", "┘", "─"))
    trainable = model.trainable_weights
    non_trainable = model.non_trainable_weights
    t_count = int(sum(math.prod(w.shape) for w in trainable))
    n_count = int(sum(math.prod(w.shape) for w in non_trainable))
    t_mem, n_mem = _memory(trainable), _memory(non_trainable)
    # Keras: once a compiled model's optimizer is built, its variables count in the total too.
    optimizer = getattr(model, "optimizer", None)
    with_optimizer = bool(getattr(model, "compiled", False) and optimizer is not None and optimizer.built)
    o_count = int(sum(math.prod(v.shape) for v in optimizer.variables)) if with_optimizer else 0
    o_mem = _memory(optimizer.variables) if with_optimizer else 0
    lines.append(f" Total params: {t_count + n_count + o_count:,} ({_readable(t_mem + n_mem + o_mem)})")
    lines.append(f" Trainable params: {t_count:,} ({_readable(t_mem)})")
    lines.append(f" Non-trainable params: {n_count:,} ({_readable(n_mem)})")
    if with_optimizer:
        lines.append(f" Optimizer params: {o_count:,} ({_readable(o_mem)})")
    text = "\n".join(lines) + "\n"
    if print_fn is not None:
        print_fn(text)
    else:
        print(text, end="")


def load_model(filepath: Any, custom_objects: Any = None, compile: bool = True, safe_mode: bool = True) -> Any:  # noqa: A002
    """Keras: keras.models.load_model (a `.keras` archive)."""
    from tfshim.keras.saving import saving_api

    return saving_api.load_model(filepath, custom_objects=custom_objects, compile=compile, safe_mode=safe_mode)


def save_model(model: Any, filepath: Any, overwrite: bool = True, **kwargs: Any) -> None:
    from tfshim.keras.saving import saving_api

    saving_api.save_model(model, filepath, overwrite=overwrite, **kwargs)
# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.models", __name__)
