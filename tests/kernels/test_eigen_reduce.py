"""Bitwise goldens (recorded from TF 2.21) for tfshim.kernels.eigen_reduce."""

from __future__ import annotations

import os

import numpy as np
import pytest

from tests.kernels.record_reduce_goldens import GOLDEN_PATH, cases, digest, make_input
from tfshim.kernels import eigen_reduce

FNS = {
    "sum": eigen_reduce.reduce_sum,
    "mean": eigen_reduce.reduce_mean,
    "prod": eigen_reduce.reduce_prod,
    "max": eigen_reduce.reduce_max,
    "min": eigen_reduce.reduce_min,
}


def ours(op: str, x: np.ndarray, axes) -> np.ndarray:
    return FNS[op](x, tuple(range(x.ndim)) if axes is None else tuple(axes), False)


@pytest.fixture(scope="module")
def goldens():
    if not os.path.exists(GOLDEN_PATH):
        pytest.skip("goldens not recorded")
    return np.load(GOLDEN_PATH)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_matches_tf_goldens(goldens, dtype):
    all_cases = cases()
    assert len(all_cases) == len(goldens["digests"])
    bad = []
    n = 0
    for (op, dt, shape, axes, seed), want, wshape in zip(all_cases, goldens["digests"], goldens["shapes"]):
        if dt != dtype:
            continue
        n += 1
        got = ours(op, make_input(op, dt, shape, seed), axes)
        if digest(got) != want.tobytes() or str(got.shape) != str(wshape):
            bad.append((op, shape, axes))
    assert n > 300
    assert not bad, bad[:10]


def test_int_mean_truncates_toward_zero():
    x = np.array([-7, 0, 0], np.int32)
    assert eigen_reduce.reduce_mean(x, (0,)) == -2
    assert eigen_reduce.reduce_mean(np.array([7, 0], np.uint8), (0,)) == 3


def test_negative_zero_sum_is_positive_zero():
    # Eigen starts from SumReducer::initialize() = +0.
    r = eigen_reduce.reduce_sum(np.array([-0.0, -0.0], np.float32), (0,))
    assert not np.signbit(r)


def test_empty_and_nan():
    assert eigen_reduce.reduce_sum(np.zeros((0, 3), np.float32), (0,)).tolist() == [0, 0, 0]
    assert np.isnan(eigen_reduce.reduce_max(np.array([1, np.nan, 2], np.float32), (0,)))
    assert np.isnan(eigen_reduce.reduce_min(np.array([1, np.nan, 2], np.float32), (0,)))
