"""tf.saved_model.save/load (TF: python/saved_model/save.py, load.py): not implemented by tfshim.

A SavedModel holds the model's tf.functions as TF graphs (a GraphDef with FunctionDefs in `saved_model.pb`) beside
a checkpoint of its variables. tfshim runs tf.function as Python on NumPy and builds no graphs, so it can neither
write functions real TF could run nor run the graphs of a SavedModel that TF wrote. Rather than write a directory
that only looks like a SavedModel, `save` and `load` check their arguments as TF does and then raise
NotImplementedError. The variables can be saved and restored in TF's format with tf.train.Checkpoint.
"""

from __future__ import annotations

import os
from typing import Any

from tfshim.saved_model import constants
from tfshim.util.tf_export import tf_export
from tfshim.util.unimplemented import not_implemented

_WHY = ("(a SavedModel stores tf.functions as TF graphs, which tfshim does not build; tf.train.Checkpoint saves "
        "and restores the variables in TF's format)")


def _saved_model_file(export_dir: str) -> str | None:
    for name in (constants.SAVED_MODEL_FILENAME_PBTXT, constants.SAVED_MODEL_FILENAME_PB):
        path = os.path.join(export_dir, name)
        if os.path.exists(path):
            return path
    return None


@tf_export("saved_model.contains_saved_model")
def contains_saved_model(export_dir: Any) -> bool:
    """Whether `export_dir` holds a `saved_model.pb` (or `.pbtxt`)."""
    return _saved_model_file(os.fspath(export_dir)) is not None


@tf_export("saved_model.save")
def save(obj: Any, export_dir: Any, signatures: Any = None, options: Any = None) -> None:
    """Checks `obj` as TF does, then raises NotImplementedError (see the module docstring)."""
    from tfshim.training.checkpoint import _is_trackable

    if not _is_trackable(obj):
        raise ValueError("Expected an object of type `Trackable`, such as `tf.Module` or a subclass of the "
                         f"`Trackable` class, for export. Got {obj} with type {type(obj)}.")
    err = not_implemented("tf.saved_model.save")
    err.args = (f"{err.args[0]} {_WHY}",)
    raise err


@tf_export("saved_model.load")
def load(export_dir: Any, tags: Any = None, options: Any = None) -> Any:
    """Checks that `export_dir` holds a SavedModel as TF does, then raises NotImplementedError."""
    export_dir = os.fspath(export_dir)
    if _saved_model_file(export_dir) is None:
        raise OSError(f"SavedModel file does not exist at: {export_dir}{os.sep}"
                      f"{{{constants.SAVED_MODEL_FILENAME_PBTXT}|{constants.SAVED_MODEL_FILENAME_PB}}}")
    err = not_implemented("tf.saved_model.load")
    err.args = (f"{err.args[0]} {_WHY}",)
    raise err
