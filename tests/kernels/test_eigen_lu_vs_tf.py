"""Live differential test: tf.linalg.inv/det/slogdet/solve (tfshim.kernels.eigen_lu) vs real TensorFlow,
bit for bit (signed zeros, inf, NaN positions, error texts; NaN sign bits are not compared).

Skips unless TensorFlow is importable.  Random and adversarial (singular, near-singular,
ill-conditioned, pivot ties, zeros, inf/nan/subnormal) matrices of sizes 1..16 (Eigen's unblocked LU,
float32 triangular solves without GEBP) and larger (blocked LU, GEBP sums, trsm depth blocks above
96 / 80), batches, both dtypes, several right-hand-side widths, adjoint; half inverse.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")

import tfshim  # noqa: E402

from .record_eigen_lu_goldens import FAMILIES, OPS, digest, matrices, rhs, run  # noqa: E402

DTYPES = ("float32", "float64")


def random_matrices(dtype, n: int, seed: int) -> np.ndarray:
    """Normal, uniform and near-singular (rank n-1 plus a 1e-6 perturbation) matrices."""
    rng = np.random.default_rng(seed)
    low = rng.standard_normal((3, n, max(n - 1, 1))) @ rng.standard_normal((3, max(n - 1, 1), n))
    return np.concatenate([rng.standard_normal((3, n, n)), rng.uniform(-10, 10, (3, n, n)),
                           low + 1e-6 * rng.standard_normal((3, n, n))]).astype(dtype)


def check(a: np.ndarray, b_of, ops=tuple(OPS)) -> None:
    bad = []
    for op in ops:
        for f in range(a.shape[0]):
            want, got = run(tf, op, a[f], b_of(f)), run(tfshim, op, a[f], b_of(f))
            if digest(want) != digest(got):
                bad.append((op, f, a[f], want, got))
    assert not bad, f"{len(bad)} results differ; first (op, index, matrix, TF, tfshim): {bad[0]}"


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", list(range(1, 17)) + [17, 19, 24, 33, 48, 81, 97])
def test_matrices_vs_tf(dtype, n):
    check(matrices(dtype, n, seed=1), lambda f: rhs(dtype, n, f, seed=1))
    check(random_matrices(dtype, n, seed=n), lambda f: rhs(dtype, n, f, seed=2))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [2, 5, 8, 9, 12, 16, 17, 40])
def test_solve_widths_vs_tf(dtype, n):
    """GEBP's row classes (2P, P, P/2, single rows) depend on the number of right-hand sides."""
    a = random_matrices(dtype, n, seed=100 + n)[:3]
    rng = np.random.default_rng(n)
    for r in (1, 2, 3, 4, 5, 6, 7, 9, 11, 15, 17, 31, 33, 50):
        b = rng.standard_normal((n, r)).astype(dtype)
        check(a, lambda f, b=b: b, ("solve", "solve_adj"))


@pytest.mark.parametrize("dtype", DTYPES)
def test_batches_vs_tf(dtype):
    """Batched calls: each matrix independent; one singular matrix makes inv/solve raise."""
    rng = np.random.default_rng(7)
    for n in (1, 3, 9, 17):
        a = (rng.standard_normal((2, 3, n, n)) + n * np.eye(n)).astype(dtype)
        b = rng.standard_normal((2, 3, n, 2)).astype(dtype)
        sing = a.copy()
        sing[1, 2] = matrices(dtype, n)[5]  # constant matrix: exactly singular in Eigen's LU
        for x in (a, sing, matrices(dtype, n).reshape(1, FAMILIES, n, n)):
            bx = np.broadcast_to(b[:1, :1], x.shape[:-1] + (2,)).copy()
            for op in OPS:
                assert digest(run(tf, op, x, bx)) == digest(run(tfshim, op, x, bx)), (op, n, x)


def test_half_inverse_vs_tf():
    """MatrixInverse<half> factors in float32 and rounds the inverse; det/slogdet/solve: NotFoundError."""
    for n in (1, 2, 3, 4, 7, 8, 9, 16, 17):
        check(np.concatenate([matrices("float16", n, seed=3), random_matrices("float16", n, 9)]),
              lambda f, n=n: rhs("float16", n, f), ("inv", "inv_adj") + (("det", "slogdet", "solve") if n < 3 else ()))
