"""keras.datasets.fashion_mnist.load_data: the four gzipped IDX files in `datasets/fashion-mnist`."""

from __future__ import annotations

import gzip
import os

import numpy as np

from tfshim.keras.datasets._files import get_file


def load_data() -> tuple:
    base = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
    files = ["train-labels-idx1-ubyte.gz", "train-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz",
             "t10k-images-idx3-ubyte.gz"]
    paths = [get_file(name, origin=base + name, cache_subdir=os.path.join("datasets", "fashion-mnist"))
             for name in files]
    with gzip.open(paths[0], "rb") as f:
        y_train = np.frombuffer(f.read(), np.uint8, offset=8)
    with gzip.open(paths[1], "rb") as f:
        x_train = np.frombuffer(f.read(), np.uint8, offset=16).reshape(len(y_train), 28, 28)
    with gzip.open(paths[2], "rb") as f:
        y_test = np.frombuffer(f.read(), np.uint8, offset=8)
    with gzip.open(paths[3], "rb") as f:
        x_test = np.frombuffer(f.read(), np.uint8, offset=16).reshape(len(y_test), 28, 28)
    return (x_train, y_train), (x_test, y_test)
