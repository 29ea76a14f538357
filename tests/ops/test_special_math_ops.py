"""Numeric gradient checks of the special functions (ops/special_math_ops.py): tape vs central differences."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

S = tf.math.special
POS = np.array([0.3, 0.9, 1.7, 2.5, 6.0, 9.5])
SIGNED = np.array([-3.5, -0.7, 0.4, 1.9, 4.2, 9.0])


@pytest.mark.parametrize("fn,x", [
    (S.bessel_i0, SIGNED), (S.bessel_i0e, SIGNED), (S.bessel_i1, SIGNED), (S.bessel_i1e, SIGNED),
    (S.bessel_k0, POS), (S.bessel_k0e, POS), (S.bessel_k1, POS), (S.bessel_k1e, POS),
    (S.bessel_j0, SIGNED), (S.bessel_j1, SIGNED), (S.bessel_y0, POS), (S.bessel_y1, POS),
    (S.dawsn, SIGNED), (S.expint, POS), (S.fresnel_cos, SIGNED), (S.fresnel_sin, SIGNED), (S.spence, POS),
    (tf.math.erfinv, np.tanh(SIGNED / 4)), (tf.math.ndtri, POS / 10), (tf.math.erfcinv, POS / 5),
], ids=lambda v: getattr(v, "__name__", ""))
def test_unary_gradients(fn, x):
    check_gradients(fn, x, rtol=1e-5, atol=1e-6)


def test_gradients_at_imputed_points():
    x = tf.constant([0.0, 1.0], tf.float64)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        ys = [S.bessel_i1(x), S.bessel_i1e(x), S.bessel_j1(x), S.spence(x)]
    assert [t.gradient(y, x).numpy()[0 if i < 3 else 1] for i, y in enumerate(ys)] == [1.0, 0.5, 0.5, -1.0]


def test_igamma_igammac_betainc_gradients():
    a, x = np.array([0.7, 2.0, 5.0, 12.0]), np.array([0.5, 3.0, 2.0, 13.0])
    check_gradients(tf.math.igamma, a, x, rtol=1e-5, atol=1e-6)
    check_gradients(tf.math.igammac, a, x, rtol=1e-5, atol=1e-6)
    check_gradients(lambda v: tf.math.betainc(a, x, v), np.array([0.1, 0.4, 0.5, 0.9]), rtol=1e-5, atol=1e-6)


def test_approx_max_k_gradient():
    """float32 only (TF's ApproxTopK): the upstream gradient lands on the top-k positions."""
    v = tf.constant([[0.2, 0.7, 1.5, -3.0], [4.0, 0.0, 2.0, 1.0]])
    with tf.GradientTape() as t:
        t.watch(v)
        y = tf.math.approx_max_k(v, 2).values * tf.constant([1.0, 3.0])
    np.testing.assert_array_equal(t.gradient(y, v).numpy(), [[0, 3, 1, 0], [1, 0, 3, 0]])
