import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.constant(1.0) + tf.constant(1))
show(lambda: tf.constant(1) + 1.5)
show(lambda: tf.constant(1) * 1.5)
show(lambda: tf.constant(1) - 1.5)
show(lambda: 1.5 - tf.constant(1))
show(lambda: tf.constant(2) ** 0.5)
show(lambda: tf.constant(1) / 1.5)
show(lambda: tf.constant(1) < 1.5)
show(lambda: tf.constant(1.0) == "a")
show(lambda: tf.constant(1.0) + "a")
show(lambda: tf.constant(1.0) + None)
show(lambda: tf.constant([1.0, 2.0]) * tf.constant([1.0, 2.0], dtype=tf.float64))
show(lambda: tf.ones((2, 3)) + tf.ones((4,)))
show(lambda: tf.constant(3) ** -1)
show(lambda: tf.constant(1) // tf.constant(0))
show(lambda: tf.constant(1) % tf.constant(0))
show(lambda: tf.constant([1.0]) < tf.constant([1]))
show(lambda: tf.constant(1.0) & tf.constant(1.0))
show(lambda: tf.add(1, 2.5))
show(lambda: tf.multiply(tf.constant(1), 1.5))
