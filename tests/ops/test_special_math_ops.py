"""Special functions and new elementwise math ops: gradients checked numerically (values as TF prints them:
compat/math/special_functions)."""

from __future__ import annotations

import numpy as np

import tfshim as tf
from tests.gradcheck import check_gradients

V = np.array([0.3, 0.7, 1.5, 4.0])


def test_gradients():
    check_gradients(tf.math.lgamma, V)
    check_gradients(tf.math.digamma, V, rtol=1e-4)
    check_gradients(lambda v: tf.math.atanh(v / 5), V)
    check_gradients(tf.math.asinh, V)
    check_gradients(lambda v: tf.math.acosh(v + 1), V)
    check_gradients(lambda v: tf.math.xlog1py(v, v), V)
    check_gradients(lambda v: tf.math.multiply_no_nan(v, v - 0.3), V)
    check_gradients(tf.math.reduce_euclidean_norm, V)
    check_gradients(lambda v: tf.math.zeta(tf.constant(2.5, tf.float64), v), V, rtol=1e-4)
    check_gradients(lambda v: tf.math.lbeta(tf.stack([v, v + 1], 1)), V, rtol=1e-4)
    check_gradients(lambda v: tf.math.real(tf.complex(v, v * 2) * tf.complex(v, -v)), V)


def test_cumulative_logsumexp_gradient():
    x = np.array([[0.5, -1.0, 2.0], [0.25, 3.0, -0.5]])
    check_gradients(lambda v: tf.math.cumulative_logsumexp(v, axis=1), x)
    check_gradients(lambda v: tf.math.cumulative_logsumexp(v, axis=0, exclusive=True, reverse=True)[:1], x)
