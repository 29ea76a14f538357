"""Bitwise goldens (recorded from TF 2.21 by record_gemm_goldens.py) for matmul, batched matmul, tensordot,
einsum and matmul gradients, float64 and complex (kernels/eigen_gemm.py) and float32; runs without TF."""

from __future__ import annotations

import os

import numpy as np
import pytest

import tfshim
from tests.kernels.record_gemm_goldens import GOLDEN_PATH, cases, digest, run
from tfshim.kernels import eigen_gemm, native


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
    # above 2**24: NumPy's BLAS on the pure path, the compiled GEBP otherwise
    np.testing.assert_array_equal(eigen_gemm.matmul(big, big), np.full((300, 300), 75.0))


def test_teaching_sizes_do_not_depend_on_threads_or_caches():
    # For m, n, k <= 64 TF's cost model always picks one sequential GEBP pass over all of k (no k blocks,
    # no threads, no k sharding), whatever the intra-op thread count (checked exhaustively offline).
    for m in range(2, 65, 5):
        for k in range(2, 65, 3):
            for n in range(2, 65, 7):
                for threads in (1, 2, 3, 8, 64):
                    assert eigen_gemm._plan(n, k, m, threads > 2, threads) == (k, 0)


# float64_large_matmul.py's products, digests printed by it under TF 2.21 (2 intra-op threads: pinned below, as the
# order of products this large follows the thread count)
LARGE_FLOAT64_DIGESTS = [
    "4ec429cc8c80704f1a65472791a373e67108857011a2c52d606d63e96072cd08",
    "75de17bb8a3a9236f8def48359d8d576baf092eb96554b60e83b20072f67680e",
    "edbbc4b18ce61f73528c8ad798c41ea7ae020f1ac6d094abc0e9ec66075c6e93",
    "3310c1534c0db5361aae2014f623849f9219186f11d649d4ac54a35ba0c6d3be",
    "5bec5fdaec1d37b41599e9d49ec781ff397ca271a6dbdc94576bd293f2571f5f",
]


@pytest.mark.skipif(not native.AVAILABLE, reason=f"compiled kernels not in use: {native.describe()}")
def test_float64_beyond_the_blas_cap_matches_tf():
    """Products of 6e7 to 2e8 multiply-adds (the pure path hands these to NumPy's BLAS: compat/DIFFERENCES.md)."""
    import hashlib

    from tests.kernels.float64_large_matmul import CASES, operand

    for n, ((sa, sb, kw), want) in enumerate(zip(CASES, LARGE_FLOAT64_DIGESTS)):
        with np.errstate(all="ignore"):
            r = eigen_gemm.matmul(operand(sa, n), operand(sb, n + 10), threads=2, **kw)
        assert hashlib.sha256(r.tobytes()).hexdigest() == want, (sa, sb, kw)
