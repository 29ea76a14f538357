import tensorflow as tf
import numpy as np


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.constant([[1, 2], [3]]))
show(lambda: tf.constant([[1.0, 2.0], [3.0]]))
show(lambda: tf.constant(1.5, dtype=tf.int32))
show(lambda: tf.constant([1.5, 2.5], dtype=tf.int32))
show(lambda: tf.constant(2.0, dtype=tf.int32))
show(lambda: tf.constant("a", dtype=tf.int32))
show(lambda: tf.constant(1, dtype=tf.string))
show(lambda: tf.constant(1, dtype=tf.bool))
show(lambda: tf.constant([1, "a"]))
show(lambda: tf.constant([True, 1]))
show(lambda: tf.constant(2**70))
show(lambda: tf.constant(1e40))
show(lambda: tf.constant(None))
show(lambda: tf.constant({"a": 1}))
show(lambda: tf.constant([1, 2, 3], shape=(2, 2)))
show(lambda: tf.constant(tf.constant([1.5]), dtype=tf.int32))
show(lambda: tf.constant(1j, dtype=tf.float32))
