import tensorflow as tf
import numpy as np


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.cast(tf.constant([1.7, -1.7, 0.5]), tf.int32))
show(lambda: tf.cast([1, 2], tf.float32))
show(lambda: tf.cast(tf.constant([300, -1]), tf.uint8))
show(lambda: tf.cast(tf.constant([0.0, 2.0, -1.0]), tf.bool))
show(lambda: tf.cast(tf.constant([True, False]), tf.float32))
show(lambda: tf.cast(1, tf.float16))
show(lambda: tf.cast(tf.constant([1 + 2j]), tf.float32))
show(lambda: tf.cast(tf.constant([1.5]), tf.string))
show(lambda: tf.cast(tf.constant([1.0, 2.0], dtype=tf.float64), tf.float32))
x = tf.constant([1.0, 2.0])
print(tf.cast(x, tf.float32) is x)
