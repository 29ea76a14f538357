"""roll, repeat, reverse_sequence, tensor_scatter_nd_*: gradients checked numerically (outputs as TF prints
them: compat/array/roll_repeat_searchsorted)."""

from __future__ import annotations

import numpy as np

import tfshim as tf
from tests.gradcheck import check_gradients

X = np.array([[0.5, -1.5, 2.0], [2.0, 0.25, -3.0], [-0.75, 1.25, 0.125]])


def test_gradients():
    check_gradients(lambda x: tf.roll(x, [1, -2], [0, 1]) * x, X)
    check_gradients(lambda x: tf.repeat(x, [2, 0, 1], axis=1), X)
    check_gradients(lambda x: tf.repeat(x, 3), X)
    check_gradients(lambda x: tf.reverse_sequence(x, [3, 0, 2], seq_axis=1, batch_axis=0) * x, X)
    check_gradients(lambda x, u: tf.tensor_scatter_nd_add(x, [[0], [0]], u), X, X[:2])
    check_gradients(lambda x, u: tf.tensor_scatter_nd_sub(x, [[2]], u), X, X[:1] * 2)
    check_gradients(lambda x, u: tf.tensor_scatter_nd_max(x, [[1], [0]], u), X, X[:2] * 1.5 + 0.1)
    check_gradients(lambda x: tf.identity_n([x, x * x])[1], X)


def test_searchsorted_nan_value_goes_first_like_std_lower_bound():
    s = tf.constant([0.0, 1.0, 2.0])
    v = tf.constant([np.nan, 1.0])
    assert tf.searchsorted(s, v).numpy().tolist() == [0, 1]
    assert tf.searchsorted(s, v, side="right").numpy().tolist() == [3, 2]
