# tf.sparse.to_dense checks the indices (validate_indices=True by default).
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


show(lambda: tf.sparse.to_dense(tf.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 2])))
show(lambda: tf.sparse.to_dense(tf.SparseTensor([[0, 0], [0, 0]], [1, 2], [2, 2])))
show(lambda: tf.sparse.to_dense(tf.SparseTensor([[0, 5], [1, 0]], [1, 2], [2, 2])))
show(lambda: tf.sparse.to_dense(tf.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 2]), validate_indices=False))
show(lambda: tf.sparse.to_dense(tf.SparseTensor([[0, 5], [1, 0]], [1, 2], [2, 2]), validate_indices=False))
show(lambda: tf.sparse.to_dense(tf.SparseTensor([[0, 0], [1, 0]], [1, 2], [2, 2]), default_value=-1.5))
show(lambda: tf.sparse.from_dense(5))
