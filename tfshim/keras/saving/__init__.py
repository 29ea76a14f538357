"""keras.saving (Keras 3): `.keras` archives and `.weights.h5` files in Keras 3's layout (h5py needed)."""

from tfshim.keras.saving.object_registration import (
    CustomObjectScope,
    custom_object_scope,
    get_custom_objects,
    get_registered_name,
    get_registered_object,
    register_keras_serializable,
)
from tfshim.keras.saving.saving_api import load_model, load_weights, save_model, save_weights
from tfshim.keras.saving.serialization_lib import deserialize_keras_object, serialize_keras_object

__all__ = ["CustomObjectScope", "custom_object_scope", "deserialize_keras_object", "get_custom_objects",
           "get_registered_name", "get_registered_object", "load_model", "load_weights", "register_keras_serializable",
           "save_model", "save_weights", "serialize_keras_object"]


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.saving", __name__)
