# tf.sparse.sparse_dense_matmul with adjoint flags, and a dense times a sparse matrix.
import tensorflow as tf

st_c = tf.sparse.SparseTensor(indices=([0, 1], [1, 0], [1, 1]), values=[13, 15, 17], dense_shape=(2, 2))
mb = tf.constant([[4], [6]])
print(tf.sparse.sparse_dense_matmul(st_c, mb))
a = tf.SparseTensor([[0, 1], [1, 0], [2, 1]], [1.0, 2.0, 3.0], [3, 2])
b = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(tf.sparse.sparse_dense_matmul(a, b))
print(tf.sparse.sparse_dense_matmul(a, tf.ones([3, 2]), adjoint_a=True))
print(tf.sparse.sparse_dense_matmul(a, tf.transpose(b), adjoint_b=True))
print(tf.sparse.sparse_dense_matmul(tf.ones([2, 3]), a))
print(tf.sparse.sparse_dense_matmul(tf.ones([2, 2]), a, adjoint_b=True))


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


show(lambda: tf.sparse.sparse_dense_matmul(a, tf.ones([3, 3])))
show(lambda: tf.sparse.sparse_dense_matmul(a, tf.ones([2, 3], tf.int32)))
