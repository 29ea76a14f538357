"""Decompositions and linalg/nn compositions: gradients checked numerically (outputs as TF prints them:
compat/linalg/decompositions, compat/nn/nn_impl_ops)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients, numeric_gradient, tape_gradients

A = np.array([[4.0, 1.0, -2.0], [1.0, 3.0, 0.5], [-2.0, 0.5, 5.0]])
W = np.array([[2.0, -1.0, 0.5], [1.0, 3.0, -2.0], [0.5, 0.25, 4.0], [-1.0, 2.0, 1.0]])


def test_decomposition_gradients():
    check_gradients(lambda a: tf.linalg.svd(a, compute_uv=False), W, rtol=1e-4)
    check_gradients(lambda a: (lambda s, u, v: s * tf.abs(u[0]) + tf.reduce_sum(tf.abs(v)))(*tf.linalg.svd(a)), W,
                    rtol=1e-4)
    check_gradients(lambda a: (lambda s, u, v: tf.abs(u[:, 0]) * s[0])(*tf.linalg.svd(tf.transpose(a))), W,
                    rtol=1e-4)
    check_gradients(lambda a: tf.linalg.qr(a).r, W, rtol=1e-4)
    check_gradients(lambda a: tf.linalg.qr(a).q, W, rtol=1e-4)
    check_gradients(lambda a: tf.linalg.qr(tf.transpose(a)).q, W, rtol=1e-4)
    check_gradients(lambda a: tf.linalg.eigvalsh(a + tf.transpose(a)), A, rtol=1e-4)
    check_gradients(lambda a: tf.abs(tf.linalg.eigh(a + tf.transpose(a))[1]), A, rtol=1e-4)


def test_composition_gradients():
    check_gradients(lambda a: tf.linalg.expm(a / 10.0), A, rtol=1e-4)
    check_gradients(lambda a: tf.linalg.logdet(a + tf.transpose(a)), A)
    check_gradients(tf.linalg.pinv, W, rtol=1e-4)
    check_gradients(lambda a: tf.linalg.lstsq(a, tf.ones([4, 1], tf.float64)), W, rtol=1e-4)
    check_gradients(lambda a, b: tf.linalg.cross(a, b), A, A[::-1])
    check_gradients(lambda a: tf.linalg.tensor_diag(a[0]) * tf.linalg.tensor_diag_part(a)[None], A)
    check_gradients(lambda a: tf.nn.l2_loss(a) + tf.linalg.global_norm([a, a * 2]), A)
    # TF's LRN takes half, bfloat16 and float32 only (float64 is an attr error): its gradient is checked in float32
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of double is not in the list"):
        tf.nn.local_response_normalization(tf.reshape(tf.abs(tf.constant(A)), [1, 1, 3, 3]), 1)

    def lrn(a):
        return tf.cast(tf.nn.local_response_normalization(tf.reshape(tf.abs(tf.cast(a, tf.float32)), [1, 1, 3, 3]),
                                                          1), tf.float64)

    np.testing.assert_allclose(tape_gradients(lrn, [A])[0].numpy(), numeric_gradient(lrn, [A], 0, eps=1e-3),
                               rtol=1e-3, atol=1e-4)
    check_gradients(lambda a: tf.nn.depthwise_conv2d(tf.reshape(a, [1, 3, 3, 1]) * tf.ones([1, 1, 1, 2], tf.float64),
                                                     tf.reshape(tf.range(8.0, dtype=tf.float64), [2, 2, 2, 1]),
                                                     [1, 1, 1, 1], "SAME"), A)
    check_gradients(lambda a: tf.nn.embedding_lookup([a[:2], a[2:]], [2, 0, 2]), A)


def test_lu_matches_reconstruction():
    lu, p = tf.linalg.lu(A)
    np.testing.assert_allclose(tf.linalg.lu_reconstruct(lu, p).numpy(), A, rtol=1e-14)
    np.testing.assert_allclose(tf.linalg.lu_matrix_inverse(lu, p).numpy(), np.linalg.inv(A), rtol=1e-12)
