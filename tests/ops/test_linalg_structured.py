"""tf.linalg's structured solvers (tridiagonal, banded, sqrtm, eigh_tridiagonal) and the LinearOperator family:
gradients checked numerically, results against dense NumPy (outputs as TF prints them: compat/linalg/)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

RNG = np.random.default_rng(0)
DIAGS = np.array([[1.0, 2.0, -1.0, 0.0], [5.0, 6.0, 7.0, 4.0], [0.0, -1.0, 0.5, 2.0]])
RHS = RNG.standard_normal((4, 2))
SPD = np.array([[4.0, 1.0, -0.5], [1.0, 3.0, 0.25], [-0.5, 0.25, 5.0]])


def _dense_tridiagonal(d: np.ndarray) -> np.ndarray:
    return np.diag(d[1]) + np.diag(d[0, :-1], 1) + np.diag(d[2, 1:], -1)


@pytest.mark.parametrize("pivoting", [True, False])
def test_tridiagonal_solve_matches_dense(pivoting: bool) -> None:
    x = tf.linalg.tridiagonal_solve(tf.constant(DIAGS), tf.constant(RHS), partial_pivoting=pivoting)
    np.testing.assert_allclose(x.numpy(), np.linalg.solve(_dense_tridiagonal(DIAGS), RHS), rtol=1e-12)
    m = tf.linalg.tridiagonal_matmul(tf.constant(DIAGS), tf.constant(RHS))
    np.testing.assert_allclose(m.numpy(), _dense_tridiagonal(DIAGS) @ RHS, rtol=1e-12)


def test_structured_op_gradients() -> None:
    check_gradients(lambda d, b: tf.linalg.tridiagonal_solve(d, b), DIAGS, RHS, rtol=1e-4)
    check_gradients(lambda d, b: tf.linalg.tridiagonal_solve(d, b, perturb_singular=True), DIAGS, RHS, rtol=1e-4)
    check_gradients(lambda d, b: tf.linalg.tridiagonal_matmul(d, b), DIAGS, RHS)
    lower_bands = np.array([[2.0, 3.0, 4.0, 5.0], [0.0, 1.0, -1.0, 0.5]])   # diagonal first, padded left
    upper_bands = np.array([[1.0, -1.0, 0.5, 0.0], [2.0, 3.0, 4.0, 5.0]])   # diagonal last, padded right
    for lower, bands in ((True, lower_bands), (False, upper_bands)):
        for adjoint in (True, False):
            check_gradients(lambda a, b, lo=lower, ad=adjoint: tf.linalg.banded_triangular_solve(
                a, b, lower=lo, adjoint=ad), bands, RHS, rtol=1e-4)
    check_gradients(tf.linalg.sqrtm, SPD, rtol=1e-4)


def test_banded_triangular_solve_matches_triangular_solve() -> None:
    bands = np.array([[2.0, 3.0, 4.0, 5.0], [0.0, 1.0, -1.0, 0.5], [0.0, 0.0, 0.25, 2.0]])
    lower = np.diag(bands[0]) + np.diag(bands[1, 1:], -1) + np.diag(bands[2, 2:], -2)
    for adjoint in (False, True):
        x = tf.linalg.banded_triangular_solve(tf.constant(bands), tf.constant(RHS), adjoint=adjoint)
        ref = np.linalg.solve(lower.T if adjoint else lower, RHS)
        np.testing.assert_allclose(x.numpy(), ref, rtol=1e-12)
    upper_bands = np.array([[0.5, -1.0, 9.0, 9.0], [1.0, 2.0, -3.0, 9.0], [2.0, 3.0, 4.0, 5.0]])
    upper = np.diag(upper_bands[2]) + np.diag(upper_bands[1, :3], 1) + np.diag(upper_bands[0, :2], 2)
    for adjoint in (False, True):
        x = tf.linalg.banded_triangular_solve(tf.constant(upper_bands), tf.constant(RHS), lower=False, adjoint=adjoint)
        np.testing.assert_allclose(x.numpy(), np.linalg.solve(upper.T if adjoint else upper, RHS), rtol=1e-12)


def test_sqrtm_logm_eigh_tridiagonal() -> None:
    r = tf.linalg.sqrtm(tf.constant(SPD)).numpy()
    np.testing.assert_allclose(r @ r, SPD, rtol=1e-12)
    e = tf.linalg.logm(tf.constant(SPD.astype(np.complex128))).numpy()
    w, v = np.linalg.eigh(SPD)
    np.testing.assert_allclose(e, (v * np.log(w)) @ v.T, atol=1e-12)
    alpha, beta = np.array([2.0, 3.0, 4.0, 1.0]), np.array([1.0, 0.5, -1.0])
    vals, vecs = tf.linalg.eigh_tridiagonal(alpha, beta, eigvals_only=False)
    dense = np.diag(alpha) + np.diag(beta, 1) + np.diag(beta, -1)
    np.testing.assert_allclose(vals.numpy(), np.linalg.eigvalsh(dense), rtol=1e-12)
    np.testing.assert_allclose(dense @ vecs.numpy(), vecs.numpy() * vals.numpy(), atol=1e-10)


def _operators() -> list:
    la = tf.linalg
    full = la.LinearOperatorFullMatrix(SPD, is_self_adjoint=True, is_positive_definite=True)
    return [
        full,
        la.LinearOperatorDiag(np.array([1.0, -2.0, 4.0])),
        la.LinearOperatorLowerTriangular(SPD),
        la.LinearOperatorScaledIdentity(3, np.float64(2.5)),
        la.LinearOperatorIdentity(3, dtype=tf.float64),
        la.LinearOperatorHouseholder(np.array([1.0, 2.0, -1.0])),
        la.LinearOperatorTridiag(DIAGS[:, :3]),
        la.LinearOperatorToeplitz(np.array([3.0, 1.0, 0.5]), np.array([3.0, -1.0, 2.0])),
        la.LinearOperatorCirculant(tf.constant([6.0, 2.0, 2.0], tf.float64), input_output_dtype=tf.float64),
        la.LinearOperatorComposition([full, la.LinearOperatorDiag(np.array([1.0, 2.0, 3.0]))]),
        la.LinearOperatorBlockDiag([la.LinearOperatorFullMatrix(SPD[:2, :2]), la.LinearOperatorDiag(np.array([5.0]))]),
        la.LinearOperatorLowRankUpdate(la.LinearOperatorDiag(np.array([1.0, 2.0, 4.0])),
                                       u=np.array([[1.0], [0.5], [1.0]])),
        la.LinearOperatorAdjoint(la.LinearOperatorLowerTriangular(SPD)),
        la.LinearOperatorInversion(full),
    ]


@pytest.mark.parametrize("op", _operators(), ids=lambda o: type(o).__name__)
def test_linear_operator_methods_match_dense(op: tf.linalg.LinearOperator) -> None:
    dense = op.to_dense().numpy()
    x = RNG.standard_normal((3, 2))
    np.testing.assert_allclose(op.matmul(x).numpy(), dense @ x, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(op.matmul(x, adjoint=True).numpy(), dense.T @ x, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(op.solve(x).numpy(), np.linalg.solve(dense, x), rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(op.matvec(x[:, 0]).numpy(), dense @ x[:, 0], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(op.determinant().numpy(), np.linalg.det(dense), rtol=1e-10)
    np.testing.assert_allclose(op.log_abs_determinant().numpy(), np.linalg.slogdet(dense)[1], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(op.trace().numpy(), np.trace(dense), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(op.diag_part().numpy(), np.diag(dense), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(op.inverse().to_dense().numpy(), np.linalg.inv(dense), rtol=1e-8, atol=1e-10)


def test_linear_operator_gradients_reach_variables() -> None:
    v = tf.Variable(SPD)
    with tf.GradientTape() as tape:
        op = tf.linalg.LinearOperatorFullMatrix(v)
        y = op.log_abs_determinant() + tf.reduce_sum(op.solve(tf.ones([3, 1], tf.float64)))
    g = tape.gradient(y, v).numpy()
    inv = np.linalg.inv(SPD)
    expected = inv.T - (inv.T @ np.ones((3, 1))) @ (inv @ np.ones((3, 1))).T
    np.testing.assert_allclose(g, expected, rtol=1e-10)
