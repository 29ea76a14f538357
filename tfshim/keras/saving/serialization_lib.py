"""Keras 3's object configs (`get_config`/`from_config`) as they appear in a `.keras` archive's config.json.

A layer's config is read from its constructor's parameters (each stored on the layer under the same
name), with initializers, activations, dtypes and tuples written as Keras writes them. Keys a Keras
config has that a tfshim class does not take are dropped when deserializing.
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np


def _dtype_policy(name: str) -> dict:
    return {"module": "keras", "class_name": "DTypePolicy", "config": {"name": name}, "registered_name": None}


def serialize_value(value: Any) -> Any:
    from tfshim.keras import activations, initializers

    if isinstance(value, initializers.Initializer):
        return initializers.serialize(value)
    if callable(value) and getattr(value, "__module__", "").endswith("keras.activations"):
        return activations.serialize(value)
    if isinstance(value, tuple):
        return [serialize_value(v) for v in value]
    if isinstance(value, list):
        return [serialize_value(v) for v in value]
    if isinstance(value, dict):
        return {k: serialize_value(v) for k, v in value.items()}
    if isinstance(value, (np.integer, np.floating)):
        return value.item()
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if hasattr(value, "get_config"):
        return serialize_keras_object(value)
    if callable(value) and hasattr(value, "__name__"):
        return serialize_function(value)
    raise NotImplementedError(f"tfshim: cannot serialize {value!r} (of type {type(value).__name__}) in a Keras config")


def serialize_function(fn: Any) -> dict:
    """Keras: a lambda as marshalled bytecode (`__lambda__`), a named function by module and name."""
    if fn.__name__ == "<lambda>":
        import codecs
        import marshal

        code = codecs.encode(marshal.dumps(fn.__code__), "base64").decode("ascii")
        closure = tuple(c.cell_contents for c in fn.__closure__) if fn.__closure__ else None
        return {"class_name": "__lambda__", "config": {"code": code, "defaults": fn.__defaults__,
                                                       "closure": closure}}
    module = getattr(fn, "__module__", "") or ""
    module = module.replace("tfshim.", "tensorflow.", 1) if module.startswith("tfshim.") else module
    return {"module": module, "class_name": "function", "config": fn.__name__, "registered_name": fn.__name__}


def layer_config(layer: Any) -> dict:
    """Keras: Layer.get_config: name, trainable, dtype, then the constructor's arguments."""
    from tfshim.keras.layers.layer import InputLayer

    if isinstance(layer, InputLayer):
        return {"batch_shape": list(layer.batch_shape), "dtype": layer.dtype, "sparse": False, "ragged": False,
                "name": layer.name, "optional": False}
    config: dict = {"name": layer.name, "trainable": layer.trainable, "dtype": _dtype_policy(layer.dtype)}
    if getattr(layer, "activity_regularizer", None) is not None:  # Keras: part of the base Layer config, if set
        config["activity_regularizer"] = serialize_value(layer.activity_regularizer)
    params = inspect.signature(type(layer).__init__).parameters
    for pname, p in params.items():
        if pname == "self" or p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL) or pname in config:
            continue
        if pname == "activity_regularizer" and not getattr(layer, "_config_lists_activity_regularizer", False):
            continue
        if pname in ("weights", "lora_rank", "lora_alpha", "seed") and pname not in layer.__dict__:
            continue
        if not hasattr(layer, pname):
            continue
        value = getattr(layer, pname)
        if pname == "activation" and value is None:
            value = "linear"
        config[pname] = serialize_value(value)
    return config


def serialize_keras_object(obj: Any) -> Any:
    """Keras: {"module", "class_name", "config", "registered_name"} for layers, models, optimizers, losses."""
    from tfshim.keras.layers.layer import Layer
    from tfshim.keras.losses import Loss
    from tfshim.keras.optimizers import Optimizer

    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    if isinstance(obj, (list, tuple)):
        return [serialize_keras_object(v) for v in obj]
    if isinstance(obj, dict):
        return {k: serialize_keras_object(v) for k, v in obj.items()}
    if isinstance(obj, Layer):
        from tfshim.keras.functional import Functional
        from tfshim.keras.models import Model

        if isinstance(obj, Functional):  # Keras writes Functional by its source module
            return {"module": "keras.src.models.functional", "class_name": "Functional",
                    "config": obj.get_config(), "registered_name": "Functional"}
        if not type(obj).__module__.startswith("tfshim."):
            return _custom_object_config(obj)
        module = "keras" if isinstance(obj, Model) else "keras.layers"
        return {"module": module, "class_name": type(obj).__name__, "config": obj.get_config(),
                "registered_name": None}
    if isinstance(obj, Optimizer):
        config = {k: serialize_value(v) for k, v in obj.get_config().items()}
        return {"module": "keras.optimizers", "class_name": type(obj).__name__, "config": config,
                "registered_name": None}
    if isinstance(obj, Loss):
        return {"module": "keras.losses", "class_name": type(obj).__name__, "config": obj.get_config(),
                "registered_name": None}
    from tfshim.keras.regularizers import Regularizer

    if isinstance(obj, Regularizer) and type(obj).__module__ == Regularizer.__module__:
        return {"module": "keras.regularizers", "class_name": type(obj).__name__, "config": obj.get_config(),
                "registered_name": None}
    if callable(obj) and hasattr(obj, "__name__"):
        from tfshim.keras.saving.object_registration import get_registered_name

        return get_registered_name(obj)
    if hasattr(obj, "get_config"):
        return _custom_object_config(obj)
    raise NotImplementedError(f"tfshim: cannot serialize {obj!r} in a Keras config")


def _custom_object_config(obj: Any) -> dict:
    """Keras: a user's class is written with its module (None for `__main__`) and the name it is
    registered under (`register_keras_serializable`), else its class name."""
    from tfshim.keras.saving.object_registration import get_registered_name

    cls = type(obj)
    module = None if cls.__module__ == "__main__" else cls.__module__
    return {"module": module, "class_name": cls.__name__, "config": obj.get_config(),
            "registered_name": get_registered_name(cls)}


def _known_classes() -> dict:
    from tfshim import keras

    classes: dict = {}
    for module in (keras.layers, keras.optimizers, keras.losses, keras.metrics, keras.initializers, keras.regularizers):
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type):
                classes.setdefault(name, obj)
    classes["Sequential"] = keras.Sequential
    from tfshim.keras.functional import Functional

    classes["Functional"] = Functional
    classes["Model"] = keras.Model
    return classes


def _accepted(cls: type, config: dict) -> dict:
    """The config keys `cls` takes (its own parameters and the base Layer's name/trainable/dtype)."""
    params = inspect.signature(cls.__init__).parameters
    base = {"name", "trainable", "dtype"}
    return {k: v for k, v in config.items() if k in params or k in base}


def deserialize_config_value(value: Any) -> Any:
    if isinstance(value, dict) and value.get("class_name") == "DTypePolicy":
        return value["config"]["name"]
    if isinstance(value, dict) and "class_name" in value and "config" in value:
        return deserialize_keras_object(value)
    return value


def deserialize_keras_object(config: Any, custom_objects: Any = None) -> Any:
    """Keras: an object from its serialized config (strings are returned as they are)."""
    if not isinstance(config, dict):
        return config
    from tfshim.keras.saving.object_registration import get_registered_object

    class_name = config.get("class_name")
    # Keras: an object registered (or in a custom_object_scope / custom_objects) under the config's
    # registered_name comes first, then Keras's own classes by name.
    cls = get_registered_object(config.get("registered_name") or class_name, custom_objects)
    if cls is None:
        classes = _known_classes()
        classes.update(custom_objects or {})
        cls = classes.get(class_name)
    if cls is None:
        raise TypeError(f"Could not locate class '{class_name}'. Make sure custom classes are decorated with "
                        "`@keras.saving.register_keras_serializable()`, or pass them in `custom_objects`.")
    inner = {k: deserialize_config_value(v) for k, v in dict(config.get("config", {})).items()}
    if _is_layer_class(cls):
        return cls.from_config(dict(config.get("config", {})))
    params = inspect.signature(cls.__init__).parameters
    if not any(p.kind == p.VAR_KEYWORD for p in params.values()):
        inner = {k: v for k, v in inner.items() if k in params}
    return cls(**inner)


def _is_layer_class(cls: type) -> bool:
    from tfshim.keras.layers.layer import Layer

    return issubclass(cls, Layer)


def layer_from_config(cls: type, config: dict) -> Any:
    config = _accepted(cls, {k: deserialize_config_value(v) for k, v in config.items()})
    for key in ("kernel_size", "strides", "pool_size", "dilation_rate", "target_shape", "batch_shape"):
        if isinstance(config.get(key), list):
            config[key] = tuple(config[key])
    return cls(**config)
