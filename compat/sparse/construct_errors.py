# What TF rejects when a SparseTensor is built.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


show(lambda: tf.SparseTensor([[0, 0]], [1, 2], [3, 4]))
show(lambda: tf.SparseTensor([0, 0], [1], [3, 4]))
show(lambda: tf.SparseTensor([[0, 0]], [[1]], [3, 4]))
show(lambda: tf.SparseTensor([[0, 0]], [1], [3, 4, 5]))
show(lambda: tf.SparseTensor([[0.5, 0]], [1], [3, 4]))
show(lambda: tf.SparseTensor([[0, 0]], [1], [3.0, 4]))
st = tf.SparseTensor([[0, 0], [1, 2]], [1.0, 2.0], [3, 4])
st.set_shape([3, None])
print(st.shape)
show(lambda: st.set_shape([1, 4]))
show(lambda: tf.sparse.to_dense([1, 2]))
show(lambda: tf.convert_to_tensor(st))
show(lambda: st + st)
