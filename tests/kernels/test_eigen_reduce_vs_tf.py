"""Live differential test: tfshim.kernels.eigen_reduce vs real TF (skips without TF)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

from tfshim.kernels import eigen_reduce  # noqa: E402

OPS = {
    "sum": (tf.reduce_sum, eigen_reduce.reduce_sum),
    "mean": (tf.reduce_mean, eigen_reduce.reduce_mean),
    "prod": (tf.reduce_prod, eigen_reduce.reduce_prod),
    "max": (tf.reduce_max, eigen_reduce.reduce_max),
    "min": (tf.reduce_min, eigen_reduce.reduce_min),
}


def _random_shape(rng, max_elems: int) -> tuple:
    rank = int(rng.integers(1, 5))
    while True:
        shape = tuple(int(d) for d in rng.integers(1, 40, rank))
        if rng.random() < 0.3:
            i = int(rng.integers(rank))
            shape = shape[:i] + (int(rng.integers(1, 3000)),) + shape[i + 1 :]
        if np.prod(shape) <= max_elems:
            return shape


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_random_shapes_every_axis_combination(dtype):
    rng = np.random.default_rng(2021)
    bad, n = [], 0
    for _ in range(12):
        shape = _random_shape(rng, 10**5)
        x = (3 * rng.standard_normal(shape)).astype(dtype)
        xp = (1 + 0.01 * rng.standard_normal(shape)).astype(dtype)
        for r in range(0, len(shape) + 1):
            for axes in itertools.combinations(range(len(shape)), r):
                for name, (tf_fn, ours) in OPS.items():
                    v = xp if name == "prod" else x
                    want = tf_fn(v, axis=list(axes)).numpy()
                    got = ours(v, axes, False)
                    n += 1
                    if want.shape != got.shape or want.tobytes() != got.tobytes():
                        bad.append((name, shape, axes))
    assert n > 100
    assert not bad, bad[:10]


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_full_reduction_sizes(dtype):
    rng = np.random.default_rng(7)
    sizes = list(range(1, 21)) + [64, 100, 1000, 1024 * 8 - 1, 1024 * 8 + 1, 10**4, 10**5, 10**6]
    bad = []
    for n in sizes:
        x = (3 * rng.standard_normal(n)).astype(dtype)
        for name in ("sum", "mean"):
            tf_fn, ours = OPS[name]
            if tf_fn(x).numpy().tobytes() != ours(x, (0,), False).tobytes():
                bad.append((name, n))
    assert not bad, bad
