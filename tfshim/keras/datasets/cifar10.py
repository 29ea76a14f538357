"""keras.datasets.cifar10.load_data: the python pickles extracted from cifar-10-python.tar.gz, channels_last."""

from __future__ import annotations

import os
import pickle

import numpy as np

from tfshim.keras.datasets._files import get_file


class _RestrictedUnpickler(pickle.Unpickler):
    """Keras: only NumPy array reconstruction is allowed from the batch files."""

    def find_class(self, module: str, name: str) -> type:
        if module.startswith("numpy") or (module, name) == ("builtins", "bytes"):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"global '{module}.{name}' is forbidden")


def load_batch(fpath: str, label_key: str = "labels") -> tuple:
    with open(fpath, "rb") as f:
        d = _RestrictedUnpickler(f, encoding="bytes").load()
    d = {k.decode("utf8"): v for k, v in d.items()}
    return d["data"].reshape(d["data"].shape[0], 3, 32, 32), d[label_key]


def load_data() -> tuple:
    origin = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
    path = os.path.join(get_file(fname="cifar-10-batches-py-target", origin=origin, extract=True),
                        "cifar-10-batches-py")
    x_train = np.empty((50000, 3, 32, 32), dtype="uint8")
    y_train = np.empty((50000,), dtype="uint8")
    for i in range(1, 6):
        x_train[(i - 1) * 10000:i * 10000], y_train[(i - 1) * 10000:i * 10000] = load_batch(
            os.path.join(path, f"data_batch_{i}"))
    x_test, y_test = load_batch(os.path.join(path, "test_batch"))
    y_train = np.reshape(y_train, (len(y_train), 1))
    y_test = np.reshape(np.asarray(y_test), (len(y_test), 1)).astype(y_train.dtype)
    return (x_train.transpose(0, 2, 3, 1), y_train), (x_test.transpose(0, 2, 3, 1).astype(x_train.dtype), y_test)
