"""tf.keras: Keras 3.15's API as bundled with TF 2.21, for eager training loops.

Imported lazily (`tf.keras` on first access). Provides layers, Sequential, Functional and subclassed
Models with compile/fit/evaluate/predict, callbacks, optimizers (with schedules), losses, metrics,
activations, initializers, saving (`.keras`, `.weights.h5`; needs h5py) and `keras.datasets`.
"""

from __future__ import annotations

from tfshim.keras import (
    activations,
    callbacks,
    datasets,
    initializers,
    layers,
    losses,
    metrics,
    optimizers,
    regularizers,
    saving,
    utils,
)
from tfshim.keras import models as models
from tfshim.keras._backend import Variable
from tfshim.keras._backend import name_scope as name_scope
from tfshim.keras.initializers import Initializer
from tfshim.keras.layers import Input, InputSpec, KerasTensor, Layer
from tfshim.keras.losses import Loss
from tfshim.keras.metrics import Metric
from tfshim.keras.models import Model, Sequential
from tfshim.keras.optimizers import Optimizer
from tfshim.keras.regularizers import Regularizer

__version__ = "3.15.1"


def version() -> str:
    return __version__


__all__ = [
    "Initializer", "Input", "InputSpec", "KerasTensor", "Layer", "Loss", "Metric", "Model", "Optimizer",
    "Regularizer", "Sequential", "Variable", "activations", "callbacks", "datasets", "initializers", "layers", "losses",
    "metrics",
    "models",
    "name_scope", "optimizers", "regularizers", "saving", "utils", "version",
]


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras", __name__)
