import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.cast(tf.constant([1.0]), None))
show(lambda: tf.as_dtype(None))
show(lambda: tf.zeros([2], dtype=None))
show(lambda: tf.as_dtype(3))
show(lambda: tf.as_dtype(1))
show(lambda: tf.as_dtype("foo"))
show(lambda: tf.cast([1.5], "int32"))
show(lambda: tf.constant(1, dtype=None))
