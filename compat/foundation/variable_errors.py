import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.Variable([1.0, 2.0]).assign([1.0, 2.0, 3.0]))
show(lambda: tf.Variable([1.0, 2.0]).assign(tf.constant([1, 2])))
show(lambda: tf.Variable([1, 2]).assign([1.5, 2.5]))
show(lambda: tf.Variable(1.0).assign(5))
show(lambda: tf.Variable(None))
show(lambda: tf.Variable(1.5, dtype=tf.int32))
show(lambda: tf.Variable(tf.constant(1.0), dtype=tf.float64))
show(lambda: hash(tf.Variable(1.0)))
show(lambda: tf.Variable(1.0) + tf.constant(1))
