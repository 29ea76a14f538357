"""Keras 3's saving_lib: the `.weights.h5` layout and the `.keras` zip archive.

Weights are stored by walking the model as Keras does: the model's own variables under `vars`, then
`layers/<class name in snake_case, made unique>/vars/<i>` for Sequential and Functional models, then
the model's other attributes in sorted order (public first) that are layers, optimizers or lists of
them (`optimizer/vars/<i>`, a subclassed model's `dense1/vars/<i>`, an LSTM's `cell/vars/<i>`). Each
`vars` group carries the object's name as an attribute. A `.keras` file is a zip (stored, not
compressed) of metadata.json, config.json and model.weights.h5.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import re
import zipfile
from typing import Any

import numpy as np

from tfshim.keras._backend import to_snake_case


def _h5py() -> Any:
    try:
        import h5py
    except ImportError:
        raise ImportError("Saving or loading Keras weights (.weights.h5, .keras) needs h5py, which tfshim does not "
                          "install by default: pip install tfshim[h5]") from None
    return h5py


def _name_key(name: str) -> str:
    return f"~{name}" if name.startswith("_") else name


_SKIP: dict = {}


def _skipset(obj: Any) -> set:
    """Keras skips every attribute a bare Layer has, so only a model's own attributes are walked."""
    from tfshim.keras.layers.layer import Layer
    from tfshim.keras.models import Model

    key = "model" if isinstance(obj, Model) else "layer"
    if key not in _SKIP:
        skip = set(dir(Layer())) | {"_operations", "operations", "_functional", "_layers", "layers",
                                    "_seed_generators", "_inbound_nodes", "history", "_metrics"}
        if key == "model":
            skip |= {"_compile_loss", "_compile_metrics", "_loss_tracker", "train_function", "test_function",
                     "predict_function", "metrics", "compiled_metrics", "_eval_epoch_iterator"}
        _SKIP[key] = skip
    return _SKIP[key]


def _saveable(obj: Any) -> bool:
    from tfshim.keras.layers.layer import Layer
    from tfshim.keras.optimizers import Optimizer

    return isinstance(obj, (Layer, Optimizer))


def _own_variables(obj: Any) -> list:
    from tfshim.keras.optimizers import Optimizer

    if isinstance(obj, Optimizer):
        return obj.variables
    return list(obj._trainable_variables) + list(obj._non_trainable_variables)


def _walk(obj: Any) -> Any:
    from tfshim.keras.functional import Functional
    from tfshim.keras.models import Sequential

    if isinstance(obj, (Sequential, Functional)):
        yield "layers", obj.layers
    skip = _skipset(obj)
    for attr in sorted(dir(obj), key=_name_key):
        if attr.startswith("__") or attr in skip:
            continue
        try:
            child = getattr(obj, attr)
        except Exception:  # noqa: BLE001 - Keras skips attributes that fail to read
            continue
        yield attr, child


def _join(path: str, name: str) -> str:
    return f"{path}/{name}" if path else name


def _visit(obj: Any, path: str, visited: set, fn: Any) -> None:
    if id(obj) in visited:
        return
    fn(obj, path)
    visited.add(id(obj))
    for attr, child in _walk(obj):
        if _saveable(child):
            _visit(child, _join(path, attr), visited, fn)
        elif isinstance(child, (list, tuple, dict)):
            _visit_container(child, _join(path, attr), visited, fn)


def _visit_container(container: Any, path: str, visited: set, fn: Any) -> None:
    used: dict = {}

    def unique(name: str) -> str:
        if name in used:
            used[name] += 1
            return f"{name}_{used[name] - 1}"
        used[name] = 1
        return name

    for item in (container.values() if isinstance(container, dict) else container):
        if _saveable(item):
            _visit(item, _join(path, unique(to_snake_case(type(item).__name__))), visited, fn)
        elif isinstance(item, (list, tuple, dict)):
            _visit_container(item, _join(path, unique("container")), visited, fn)


def write_weights(model: Any, h5file: Any) -> None:
    def save(obj: Any, path: str) -> None:
        group = h5file.require_group(_join(path, "vars"))
        group.attrs["name"] = obj.name
        for i, v in enumerate(_own_variables(obj)):
            group.create_dataset(str(i), data=np.asarray(v.numpy()))

    _visit(model, "", set(), save)


def read_weights(model: Any, h5file: Any) -> None:
    def load(obj: Any, path: str) -> None:
        variables = _own_variables(obj)
        key = _join(path, "vars")
        group = h5file[key] if key in h5file else {}
        if len(group) != len(variables):
            from tfshim.keras.optimizers import Optimizer

            if isinstance(obj, Optimizer) and len(group) and not obj.built:
                obj.build(model.trainable_variables)
                variables = _own_variables(obj)
            if len(group) != len(variables):
                if isinstance(obj, Optimizer) and not len(group):
                    return
                raise ValueError(f"Layer '{obj.name}' expected {len(variables)} variables, but received "
                                 f"{len(group)} variables during loading. Expected: "
                                 f"{[getattr(v, 'name', '?') for v in variables]}")
        for i, v in enumerate(variables):
            v.assign(np.asarray(group[str(i)]))

    _visit(model, "", set(), load)


def save_weights_only(model: Any, filepath: str) -> None:
    h5py = _h5py()
    with h5py.File(filepath, "w") as f:
        write_weights(model, f)


def load_weights_only(model: Any, filepath: str) -> None:
    h5py = _h5py()
    with h5py.File(filepath, "r") as f:
        read_weights(model, f)


def save_model(model: Any, filepath: str) -> None:
    from tfshim.keras import __version__
    from tfshim.keras.saving.serialization_lib import serialize_keras_object

    h5py = _h5py()
    config = serialize_keras_object(model)
    if getattr(model, "_build_input_shape", None) is not None:
        config["build_config"] = {"input_shape": list(model._build_input_shape)}
    if model.compiled:
        config["compile_config"] = serialize_keras_object(model.get_compile_config())
    metadata = {"keras_version": __version__,
                "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S")}
    buffer = io.BytesIO()
    with h5py.File(buffer, "w") as f:
        write_weights(model, f)
    with zipfile.ZipFile(filepath, "w") as z:
        z.writestr("metadata.json", json.dumps(metadata))
        z.writestr("config.json", json.dumps(config))
        z.writestr("model.weights.h5", buffer.getvalue())


def load_model(filepath: str, custom_objects: Any = None, compile: bool = True) -> Any:  # noqa: A002
    from tfshim.keras.saving.serialization_lib import deserialize_keras_object

    h5py = _h5py()
    with zipfile.ZipFile(filepath, "r") as z:
        config = json.loads(z.read("config.json"))
        weights = z.read("model.weights.h5")
    model = deserialize_keras_object(config, custom_objects=custom_objects)
    build_config = config.get("build_config")
    if not model.built and build_config and build_config.get("input_shape"):
        model.build(tuple(build_config["input_shape"]))
    if compile and config.get("compile_config"):
        compile_config = {k: deserialize_keras_object(v, custom_objects) for k, v in
                          config["compile_config"].items()}
        model.compile(**compile_config)
        if model.optimizer is not None and model.built:
            model.optimizer.build(model.trainable_variables)
    with h5py.File(io.BytesIO(weights), "r") as f:
        read_weights(model, f)
    return model


def check_filepath(filepath: Any, suffixes: tuple, what: str) -> str:
    filepath = os.fspath(filepath)
    if not any(filepath.endswith(s) for s in suffixes):
        raise ValueError(what + f" Received: filepath={filepath}")
    return filepath


_ = re
