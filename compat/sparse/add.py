# tf.sparse.add: sparse + sparse (with threshold) and sparse + dense.
import tensorflow as tf

st_a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], dense_shape=[4, 10])
st_b = tf.sparse.SparseTensor(indices=[[0, 2], [3, 0]], values=[56, 38], dense_shape=[4, 10])
print(tf.sparse.add(st_a, st_b))
a = tf.SparseTensor([[0, 0], [1, 1]], [1.0, 2.0], [2, 2])
b = tf.SparseTensor([[0, 0], [1, 0]], [-1.0, 3.0], [2, 2])
print(tf.sparse.add(a, b))
print(tf.sparse.add(a, b, threshold=0.5))
print(tf.sparse.add(a, tf.ones([2, 2])))
print(tf.sparse.add(tf.ones([2, 2]), a))


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


show(lambda: tf.sparse.add(a, tf.SparseTensor([[0, 0]], [1.0], [3, 3])))
show(lambda: tf.sparse.add(a, tf.SparseTensor([[0, 0]], [1], [2, 2])))
show(lambda: tf.sparse.add(tf.ones([2, 2]), tf.ones([2, 2])))
