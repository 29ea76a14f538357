# tf.sparse.map_values needs SparseTensors with one set of indices and one dense shape.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


a = tf.SparseTensor([[0, 0], [1, 1]], [1, 2], [3, 3])
show(lambda: tf.sparse.map_values(tf.add, a, tf.SparseTensor([[0, 0], [1, 2]], [1, 2], [3, 3])))
show(lambda: tf.sparse.map_values(tf.add, a, tf.SparseTensor([[0, 0]], [1], [3, 3])))
show(lambda: tf.sparse.map_values(tf.add, a, tf.SparseTensor([[0, 0], [1, 1]], [1, 2], [3, 4])))
show(lambda: tf.sparse.map_values(tf.add, 1, 2))
show(lambda: tf.sparse.map_values(lambda x, y: x * y, a, y=a))
