"""Real TF and its Keras for the differential tests of this package, which pytest imports under the name `keras`."""

import importlib
import sys
from pathlib import Path


def import_real_tf():
    """Imports TF and its Keras while this test package (named `keras` by pytest) is out of the way."""
    tests_dir = Path(__file__).resolve().parent.parent
    ours = sys.modules.pop("keras", None)
    saved_path = list(sys.path)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != tests_dir]
    try:
        real = importlib.import_module("tensorflow")
        real.keras.optimizers.SGD  # noqa: B018 - resolves TF's lazy keras loader now
    finally:
        sys.path[:] = saved_path
        if ours is not None:
            sys.modules["keras"] = ours
    return real
