# dense * sparse scales the values (TF: math_ops._mul_dispatch); sparse * dense too.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


st = tf.SparseTensor([[0, 1], [2, 0]], [2.0, 3.0], [3, 2])
show(lambda: tf.constant([10.0, 100.0]) * st)
show(lambda: tf.Variable([10.0, 100.0]) * st)
show(lambda: tf.constant([10, 100]) * st)
show(lambda: 2.0 * st)
show(lambda: st * [1.0, 2.0])
show(lambda: tf.constant([1.0, 2.0, 3.0]) * st)
