"""Bitwise goldens (recorded from TF 2.21 by record_gemm_goldens.py) for matmul, batched matmul, tensordot,
einsum and matmul gradients, float64 and complex (kernels/eigen_gemm.py) and float32; runs without TF."""

from __future__ import annotations

import os

import numpy as np
import pytest

import tfshim
from tests.kernels.record_gemm_goldens import GOLDEN_PATH, cases, digest, run
from tfshim.kernels import eigen_gemm


@pytest.fixture(scope="module")
def goldens():
    if not os.path.exists(GOLDEN_PATH):
        pytest.skip("goldens not recorded")
    return np.load(GOLDEN_PATH)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "complex64"])
def test_matches_tf_goldens(goldens, dtype):
    all_cases = cases()
    assert len(all_cases) == len(goldens["digests"])
    bad, n = [], 0
    for c, want in zip(all_cases, goldens["digests"]):
        if c[1] == dtype:
            n += 1
            if digest(run(tfshim, *c)) != want.tobytes():
                bad.append(c[:4])
    assert n > (50 if dtype.startswith("complex") else 200)
    assert not bad, bad[:10]


def test_blas_fallback_and_empty():
    a = np.ones((3, 0))
    assert eigen_gemm.matmul(a, a, transpose_b=True).tolist() == np.zeros((3, 3)).tolist()
    assert eigen_gemm.matmul(np.ones((0, 4)), np.ones((4, 2))).shape == (0, 2)
    big = np.full((300, 300), 0.5)
    np.testing.assert_array_equal(eigen_gemm.matmul(big, big), np.full((300, 300), 75.0))  # above 2**24: BLAS


def test_teaching_sizes_do_not_depend_on_threads_or_caches():
    # For m, n, k <= 64 TF's cost model always picks one sequential GEBP pass over all of k (no k blocks,
    # no threads, no k sharding), whatever the intra-op thread count (checked exhaustively offline).
    for m in range(2, 65, 5):
        for k in range(2, 65, 3):
            for n in range(2, 65, 7):
                for threads in (1, 2, 3, 8, 64):
                    assert eigen_gemm._plan(n, k, m, threads > 2, threads) == (k, 0)
