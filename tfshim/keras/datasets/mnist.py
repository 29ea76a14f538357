"""keras.datasets.mnist.load_data: 60,000 + 10,000 28x28 uint8 digits from Keras' mnist.npz."""

from __future__ import annotations

import numpy as np

from tfshim.keras.datasets._files import get_file


def load_data(path: str = "mnist.npz") -> tuple:
    origin = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz"
    with np.load(get_file(fname=path, origin=origin), allow_pickle=True) as f:
        return (f["x_train"], f["y_train"]), (f["x_test"], f["y_test"])
