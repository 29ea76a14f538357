"""tf.keras.utils (Keras 3): the pieces training scripts use."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from tfshim.keras.saving.object_registration import CustomObjectScope as CustomObjectScope
from tfshim.keras.saving.object_registration import custom_object_scope as custom_object_scope
from tfshim.keras.saving.object_registration import get_custom_objects as get_custom_objects
from tfshim.keras.saving.object_registration import get_registered_name as get_registered_name
from tfshim.keras.saving.object_registration import get_registered_object as get_registered_object
from tfshim.keras.saving.object_registration import register_keras_serializable as register_keras_serializable
from tfshim.keras.utils.progbar import Progbar as Progbar


def set_random_seed(seed: int) -> None:
    """Keras: seeds Python's `random`, NumPy and TF (unseeded Keras initializers draw from `random`)."""
    if not isinstance(seed, int):
        raise ValueError(f"Expected `seed` argument to be an integer. Received: seed={seed} (of type {type(seed)})")
    import tfshim as tf

    random.seed(seed)
    np.random.seed(seed)
    set_seed = getattr(getattr(tf, "random", None), "set_seed", None)
    if set_seed is not None:
        set_seed(seed)


def to_categorical(x: Any, num_classes: Any = None) -> np.ndarray:
    """Keras: one-hot encodes integer labels as float32 (NumPy in, NumPy out)."""
    x = np.array(x, dtype="int64")
    input_shape = x.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = int(np.max(x)) + 1
    out = np.zeros((x.shape[0], num_classes), dtype="float32")
    out[np.arange(x.shape[0]), x] = 1
    return out.reshape(input_shape + (num_classes,))


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.utils", __name__)
