import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

t = tf.constant([1, 2], tf.int32)


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0])


show(lambda: t + 1.5)
show(lambda: 1.5 + t)
tnp.experimental_enable_numpy_behavior()
for f in [lambda: t + 1.5, lambda: 1.5 + t, lambda: t + tf.constant(1.0, tf.float32), lambda: t < 1.5,
          lambda: t == 1.5, lambda: t != 2, lambda: t * True, lambda: t @ tf.constant([1.0, 2.0]),
          lambda: tf.constant(1, tf.int8) + tf.constant(1, tf.uint8), lambda: tf.constant(1.0, tf.float16) + tf.constant(1, tf.int32),
          lambda: t // 1.5, lambda: t / 2, lambda: t ** 2.0, lambda: t % 2.5, lambda: t & True, lambda: t - 1j, lambda: +t,
          lambda: tf.constant([1.5]) + np.float64(2), lambda: tf.constant([1.5]) + np.array([2.0]), lambda: 2 ** t,
          lambda: tf.add(t, 1.5), lambda: tf.Variable([1, 2]) + 0.5, lambda: tf.constant([[1, 2]]) @ tf.constant([[1.0], [2.0]]),
          lambda: t == None]:  # noqa: E711
    show(f)
