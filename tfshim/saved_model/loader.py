"""tf.saved_model.contains_saved_model (TF: python/saved_model/loader_impl.py); save.py and load.py write and
read SavedModels."""

from __future__ import annotations

import os
from typing import Any

from tfshim.saved_model import constants
from tfshim.util.tf_export import tf_export


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
