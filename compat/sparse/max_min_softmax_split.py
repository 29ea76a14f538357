# tf.sparse.maximum / minimum / softmax / split / reset_shape.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


a = tf.SparseTensor([[0, 0], [1, 1], [2, 0]], [1.0, -2.0, 3.0], [3, 2])
b = tf.SparseTensor([[0, 0], [1, 0], [2, 0]], [5.0, 4.0, -1.0], [3, 2])
print(tf.sparse.maximum(a, b))
print(tf.sparse.minimum(a, b))
print(tf.sparse.softmax(a))
print(tf.sparse.softmax(tf.SparseTensor([[0, 0], [0, 2], [1, 1]], [1.0, 2.0, 3.0], [2, 3])))
st = tf.SparseTensor([[0, 0], [1, 1], [2, 0], [2, 3]], [1, 2, 3, 4], [3, 4])
for piece in tf.sparse.split(sp_input=st, num_split=2, axis=1):
    print(piece)
for piece in tf.sparse.split(sp_input=st, num_split=2, axis=0):
    print(tf.sparse.to_dense(piece))
print(tf.sparse.reset_shape(a))
print(tf.sparse.reset_shape(a, [4, 5]))
show(lambda: tf.sparse.reset_shape(a, [2, 5]))
