"""keras.saving.save_model / load_model / save_weights / load_weights (Keras 3's saving_api)."""

from __future__ import annotations

import os
from typing import Any

from tfshim.keras.saving import saving_lib


def save_model(model: Any, filepath: Any, overwrite: bool = True, zipped: Any = None, **kwargs: Any) -> None:
    filepath = os.fspath(filepath)
    if kwargs.pop("save_format", None) is not None or kwargs:
        raise ValueError(f"The following argument(s) are not supported: {list(kwargs)}")
    if filepath.endswith((".h5", ".hdf5")):
        raise NotImplementedError("tfshim: the legacy HDF5 model format (.h5) is not implemented; use .keras")
    if not filepath.endswith(".keras"):
        raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` extension for the "
                         "native Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if "
                         f"you want to export a SavedModel for use with TFLite/TFServing/etc. Received: "
                         f"filepath={filepath}.")
    saving_lib.save_model(model, filepath)


def load_model(filepath: Any, custom_objects: Any = None, compile: bool = True, safe_mode: bool = True) -> Any:  # noqa: A002
    filepath = os.fspath(filepath)
    if not filepath.endswith(".keras"):
        raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only supports V3 `.keras` "
                         "files and legacy H5 format files (`.h5` extension). tfshim reads `.keras` files only.")
    if not os.path.exists(filepath):
        raise ValueError(f"File not found: filepath={filepath}. Please ensure the file is an accessible `.keras` "
                         "zip file.")
    return saving_lib.load_model(filepath, custom_objects=custom_objects, compile=compile)


def save_weights(model: Any, filepath: Any, overwrite: bool = True, **kwargs: Any) -> None:
    filepath = os.fspath(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError("The filename must end in `.weights.h5`. Received: filepath=" + filepath)
    saving_lib.save_weights_only(model, filepath)


def load_weights(model: Any, filepath: Any, skip_mismatch: bool = False, **kwargs: Any) -> None:
    filepath = os.fspath(filepath)
    if filepath.endswith(".keras"):
        import io
        import zipfile

        h5py = saving_lib._h5py()
        with zipfile.ZipFile(filepath) as z, h5py.File(io.BytesIO(z.read("model.weights.h5")), "r") as f:
            saving_lib.read_weights(model, f)
    elif filepath.endswith(".weights.h5"):
        saving_lib.load_weights_only(model, filepath)
    else:
        raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only supports V3 `.keras` and "
                         "`.weights.h5` files, or legacy V1/V2 `.h5` files.")
