"""Live differential test: tfshim's matmul, batched matmul, tensordot, einsum and matmul gradients vs real TF,
bit for bit (float64: kernels/eigen_gemm.py; float32: oneDNN's orders in ops/linalg_ops.py). Skips without TF.
float32 on a CPU where TF runs another oneDNN ISA than the reference's: to the summation-order bound
(tests/differential/cpu_tables.py; the goldens of test_eigen_gemm.py still check the reference's bits)."""

from __future__ import annotations

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

import tfshim  # noqa: E402
from tests.differential import cpu_tables  # noqa: E402
from tests.kernels.record_gemm_goldens import cases, make_input, random_cases, run  # noqa: E402
from tfshim.kernels import native as tfshim_native  # noqa: E402


def _within_bound(c: tuple, want: list, got: list) -> bool:
    """float32 case c to the bound of two summation orders: the magnitudes sum|a||b| are the same case computed
    in float64 on the inputs' absolute values; every contraction sums at most as many terms as an input has."""
    kind, dtype, shapes, params, seed = c
    zeros = dict(params).get("zeros", False)
    xs = [np.abs(make_input(s, dtype, seed + i, zeros)).astype(np.float64) for i, s in enumerate(shapes)]
    p = {k: v for k, v in params if k != "zeros"}
    if kind == "einsum":
        mags = [tfshim.einsum(p["equation"], *xs).numpy()]
    elif kind == "tensordot":
        mags = [tfshim.tensordot(*xs, **p).numpy()]
    elif kind == "matmul":
        mags = [tfshim.matmul(*xs, **p).numpy()]
    else:  # the gradients g @ b^T and a^T @ g: their magnitudes are the same products of |g|, |b|, |a|
        a, b, g = (tfshim.constant(v) for v in xs)
        with tfshim.GradientTape() as tape:
            tape.watch([a, b])
            y = tfshim.matmul(a, b, **p)
        mags = [t.numpy() for t in tape.gradient(y, [a, b], output_gradients=g)]
    terms = max(int(np.prod(s)) for s in shapes)
    try:
        for w, g_, m in zip(want, got, mags):
            cpu_tables.assert_within_sum_bound(g_, w, m, terms, str(c[:4]))
    except AssertionError:
        return False
    return True


def _check(all_cases: list) -> None:
    bad = []
    reference = cpu_tables.tf_uses_reference_isa(tf)
    for c in all_cases:
        want, got = run(tf, *c), run(tfshim, *c)
        if c[1] == "float32" and not reference:
            if [w.shape for w in want] != [g.shape for g in got] or not _within_bound(c, want, got):
                bad.append(c[:4])
            continue
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


@pytest.mark.skipif(not tfshim_native.AVAILABLE, reason="the pure path hands these to NumPy's BLAS")
def test_float64_beyond_the_blas_cap():
    """float64_large_matmul.py's products (up to 2e8 multiply-adds, an infinite operand, transposes, a batch) and
    their gradients, with this machine's thread count on both sides."""
    from tests.kernels.float64_large_matmul import digests, operand

    assert digests(tfshim) == digests(tf)
    a, b, g = operand((300, 400), 1), operand((400, 500), 2), operand((300, 500), 3)
    grads = []
    for lib in (tf, tfshim):
        x, y = lib.constant(a), lib.constant(b)
        with lib.GradientTape() as tape:
            tape.watch([x, y])
            z = lib.matmul(x, y)
        grads.append([t.numpy().tobytes() for t in tape.gradient(z, [x, y], output_gradients=lib.constant(g))])
    assert grads[0] == grads[1]
