# tf.sparse.reduce_sum and reduce_max, dense or sparse results.
import tensorflow as tf

st = tf.SparseTensor([[0, 1], [1, 0], [1, 2], [2, 2]], [1.0, 2.0, 3.0, 4.0], [3, 3])
print(tf.sparse.reduce_sum(st))
print(tf.sparse.reduce_sum(st, axis=0))
print(tf.sparse.reduce_sum(st, axis=1, keepdims=True))
print(tf.sparse.reduce_sum(st, axis=[0, 1], keepdims=True))
print(tf.sparse.reduce_sum(st, axis=-1, output_is_sparse=True))
print(tf.sparse.reduce_sum(st, axis=0, keepdims=True, output_is_sparse=True))
neg = tf.SparseTensor([[0, 1], [2, 0]], [-1.0, -2.0], [3, 3])
print(tf.sparse.reduce_max(neg, axis=1))
print(tf.sparse.reduce_max(neg, axis=1, output_is_sparse=True))
print(tf.sparse.reduce_max(tf.sparse.from_dense([-5, 0, -3])))
print(tf.math.reduce_max([-5, 0, -3]))
try:
    tf.sparse.reduce_sum(st, axis=2)
except Exception as e:  # noqa: BLE001
    print(type(e).__name__, e)
