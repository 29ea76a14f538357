# reorder, reshape, transpose, retain, expand_dims and fill_empty_rows.
import tensorflow as tf

st = tf.SparseTensor([[2, 0], [0, 1], [1, 1]], [1, 2, 3], [3, 3])
print(tf.sparse.reorder(st))
ordered = tf.sparse.reorder(st)
print(tf.sparse.reshape(ordered, [9]))
print(tf.sparse.reshape(ordered, [-1, 9]))
try:
    tf.sparse.reshape(ordered, [4, 2])
except Exception as e:  # noqa: BLE001
    print(type(e).__name__, e)
print(tf.sparse.transpose(ordered))
print(tf.sparse.transpose(tf.SparseTensor([[0, 1, 2], [1, 0, 0]], [5, 6], [2, 2, 3]), perm=[2, 0, 1]))
print(tf.sparse.retain(ordered, [True, False, True]))
print(tf.sparse.expand_dims(ordered, 0))
print(tf.sparse.expand_dims(ordered))
filled, empty = tf.sparse.fill_empty_rows(tf.SparseTensor([[0, 1], [2, 0]], [-1.0, -2.0], [4, 3]), 9.0)
print(filled)
print(empty)
print(tf.sparse.eye(2, 3))
