import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


t = tf.constant([[1, 2, 3], [4, 5, 6]])
show(lambda: tf.unstack(tf.constant([1, 2]), num=1))
show(lambda: tf.unstack(t, num=3, axis=1))
show(lambda: tf.unstack(t, num=2))
show(lambda: tf.strided_slice(tf.constant([1, 2, 3]), [0, 0], [1]))
show(lambda: t[..., ...])
show(lambda: tf.fill([3, -1], 0))
show(lambda: tf.fill([[3]], 0))
show(lambda: tf.fill([3], [1, 2]))
show(lambda: tf.fill(3, 1))
show(lambda: tf.fill([2**40, 2**40], 1))
show(lambda: tf.zeros([-1]))
show(lambda: tf.ones([2, -2]))
show(lambda: tf.range(float("inf")))
show(lambda: tf.range(float("nan")))
show(lambda: tf.range(0, 1e30))
show(lambda: tf.range(0, 5, 0))
show(lambda: tf.range(0, 5, -1))
show(lambda: tf.Variable([1.0, 2.0], shape=[3]))
show(lambda: tf.Variable([[1.0, 2.0]], shape=[2]))
show(lambda: tf.Variable([1.0, 2.0], shape=[None]))
