"""Live differential test: tfshim's matmul, batched matmul, tensordot, einsum and matmul gradients vs real TF,
bit for bit (float64: kernels/eigen_gemm.py; float32: oneDNN's orders in ops/linalg_ops.py). Skips without TF."""

from __future__ import annotations

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

import tfshim  # noqa: E402
from tests.kernels.record_gemm_goldens import cases, random_cases, run  # noqa: E402


def _check(all_cases: list) -> None:
    bad = []
    for c in all_cases:
        want, got = run(tf, *c), run(tfshim, *c)
        if [w.shape for w in want] != [g.shape for g in got] or any(
                w.tobytes() != g.tobytes() for w, g in zip(want, got)):
            bad.append(c[:4])
    assert not bad, bad[:5]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_random_shapes_up_to_64(dtype):
    # m, n, k in 1..64 with transposes, batches up to 24 (broadcast too), gradients, tensordot, einsum.
    _check(random_cases(12345, 12, (dtype,)))


def test_complex_up_to_64():
    _check(random_cases(777, 6, ("complex128", "complex64"), 64))


def test_equations_edge_shapes_and_large_k():
    # every equation of EQUATIONS, dot products, vectors, k up to 1500 (k-sharded threads), signed zeros
    _check([c for c in cases() if c[-1] >= 7000])


def test_signed_zero_and_inner_product_paths():
    x = np.array([[-1.0, -0.0], [0.0, -1.0]])
    y = np.array([[0.0, 1.0], [-0.0, 0.0]])
    for ta in (False, True):
        for tb in (False, True):
            want = tf.matmul(x, y, transpose_a=ta, transpose_b=tb).numpy()
            got = tfshim.matmul(x, y, transpose_a=ta, transpose_b=tb).numpy()
            assert want.tobytes() == got.tobytes()
    v = np.arange(1, 40) * 0.1
    for eq in ("i,i->", "i,j->ij"):
        assert tf.einsum(eq, v, v).numpy().tobytes() == tfshim.einsum(eq, v, v).numpy().tobytes()
