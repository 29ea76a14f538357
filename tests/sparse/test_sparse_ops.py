"""tf.sparse: gradients through SparseTensor values (checked numerically), round trips and invariants.

Printed results and TF's error texts are in compat/sparse/ (recorded from TF 2.21)."""

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

IDX = [[0, 1], [1, 0], [2, 2]]
VALS = np.array([1.5, -2.0, 0.5])
DENSE = np.random.default_rng(0).standard_normal((3, 3))


def st(values, indices=IDX, shape=(3, 3)):
    return tf.SparseTensor(indices, values, shape)


@pytest.mark.parametrize("f, args", [
    (lambda v: tf.sparse.to_dense(st(v)) ** 2, [VALS]),
    (lambda v, d: tf.sparse.sparse_dense_matmul(st(v), d), [VALS, DENSE]),
    (lambda v, d: tf.sparse.sparse_dense_matmul(st(v), d, adjoint_a=True), [VALS, DENSE]),
    (lambda v, d: tf.sparse.sparse_dense_matmul(st(v), d, adjoint_b=True) ** 2, [VALS, DENSE]),
    (lambda v, d: tf.sparse.sparse_dense_matmul(d, st(v)) ** 2, [VALS, DENSE]),
    (lambda v: tf.sparse.reduce_sum(st(v), axis=0) * tf.constant([1.0, 2.0, 3.0], tf.float64), [VALS]),
    (lambda v: tf.sparse.reduce_sum(st(v)) ** 2, [VALS]),
    (lambda v: tf.sparse.add(st(v), st(v * v, [[0, 1], [1, 1], [2, 0]])).values ** 2, [VALS]),
    (lambda v, d: tf.sparse.add(st(v), d) ** 2, [VALS, DENSE]),
    (lambda v: tf.sparse.reorder(st(v, [[2, 2], [0, 1], [1, 0]])).values * tf.constant([1.0, 2.0, 3.0], tf.float64),
     [VALS]),
    (lambda v: tf.sparse.slice(st(v), [1, 0], [2, 3]).values ** 2, [VALS]),
    (lambda v: tf.sparse.fill_empty_rows(st(v, shape=(5, 3)), tf.constant(0.0, tf.float64))[0].values ** 2,
     [VALS]),
    (lambda v, d: (st(v) * d[0]).values ** 2, [VALS, DENSE]),
    (lambda v, d: (st(v) / (d[:, :1] ** 2 + 1.0)).values ** 2, [VALS, DENSE]),
    (lambda v: tf.sparse.to_dense(tf.sparse.transpose(st(v))) * DENSE, [VALS]),
    (lambda d: tf.sparse.segment_sum(d, [0, 2, 2], [0, 0, 1]) ** 2, [DENSE]),
    (lambda d: tf.sparse.segment_mean(d, [0, 1, 2], [0, 0, 2]) ** 2, [DENSE]),
    (lambda d: tf.sparse.segment_sqrt_n(d, [1, 0, 1], [0, 0, 0], num_segments=2) ** 2, [DENSE]),
])
def test_numeric_gradients(f, args):
    check_gradients(f, *args)


def test_round_trips():
    dense = np.array([[0, 2, 0], [3, 0, 0], [0, 0, 4]], np.int32)
    sp = tf.sparse.from_dense(dense)
    assert sp.indices.dtype == tf.int64 and sp.dense_shape.dtype == tf.int64
    np.testing.assert_array_equal(tf.sparse.to_dense(sp).numpy(), dense)
    np.testing.assert_array_equal(tf.sparse.to_dense(tf.sparse.transpose(sp)).numpy(), dense.T)
    flat = tf.sparse.reshape(sp, [9])
    np.testing.assert_array_equal(tf.sparse.to_dense(flat).numpy(), dense.reshape(9))
    np.testing.assert_array_equal(tf.sparse.reduce_sum(sp, axis=1).numpy(), dense.sum(1))


def test_reorder_sorts_row_major():
    sp = tf.sparse.reorder(tf.SparseTensor([[2, 0], [0, 3], [0, 1], [1, 1]], [1, 2, 3, 4], [3, 4]))
    assert sp.indices.numpy().tolist() == [[0, 1], [0, 3], [1, 1], [2, 0]]
    assert sp.values.numpy().tolist() == [3, 2, 4, 1]


def test_concat_offsets_and_indicator():
    a = tf.SparseTensor([[0, 0]], [1], [2, 2])
    b = tf.SparseTensor([[1, 1]], [2], [2, 3])
    c = tf.sparse.concat(1, [a, b])
    assert c.dense_shape.numpy().tolist() == [2, 5]
    assert c.indices.numpy().tolist() == [[0, 0], [1, 3]]
    ind = tf.sparse.to_indicator(tf.SparseTensor([[0, 0], [1, 0]], [2, 0], [2, 1]), 3)
    assert ind.numpy().tolist() == [[False, False, True], [True, False, False]]


def test_not_a_tensor():
    sp = tf.SparseTensor([[0]], [1.0], [2])
    assert tf.is_tensor(sp) and not isinstance(sp, tf.Tensor)
    with pytest.raises(TypeError, match="Input must be a SparseTensor."):
        tf.sparse.reduce_sum(tf.ones([2]))
    with pytest.raises(TypeError):
        sp + sp


def test_rows_for_tf_data():
    from tfshim.ops.sparse_ops import batch_rows, unbatch_rows

    sp = tf.SparseTensor([(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)], [1, 1, 1, 1, 1, 1], (6, 4))
    rows = unbatch_rows(sp)
    assert [r.indices.numpy().tolist() for r in rows] == [[[0], [1], [2]], [], [], [], [[3]], [[0], [1]]]
    assert all(r.dense_shape.numpy().tolist() == [4] for r in rows)
    again = batch_rows(rows)
    assert again.indices.numpy().tolist() == sp.indices.numpy().tolist()
    assert again.dense_shape.numpy().tolist() == [6, 4]
    pair = batch_rows(rows[4:6])
    assert pair.indices.numpy().tolist() == [[0, 3], [1, 0], [1, 1]]
