"""keras.datasets.boston_housing.load_data: boston_housing.npz shuffled with NumPy's RandomState(seed)."""

from __future__ import annotations

import numpy as np

from tfshim.keras.datasets._files import get_file


def load_data(path: str = "boston_housing.npz", test_split: float = 0.2,
              seed: int = 113) -> tuple:
    if not 0 <= test_split < 1:
        raise ValueError(f"`test_split` must be between 0 and 1. Received: test_split={test_split}")
    origin = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/boston_housing.npz"
    with np.load(get_file(path, origin=origin), allow_pickle=True) as f:
        x, y = f["x"], f["y"]
    rng = np.random.RandomState(seed)
    indices = np.arange(len(x))
    rng.shuffle(indices)
    x, y = x[indices], y[indices]
    n = int(len(x) * (1 - test_split))
    return (np.array(x[:n]), np.array(y[:n])), (np.array(x[n:]), np.array(y[n:]))
