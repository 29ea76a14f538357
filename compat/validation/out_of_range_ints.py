import tensorflow as tf
import numpy as np


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


# Python ints beyond int64 are refused whatever the target dtype; inside int64 they wrap into narrower types.
show(lambda: tf.constant([1, 2]) + 2**64)
show(lambda: tf.constant([1, 2]) < 2**63)
show(lambda: tf.convert_to_tensor(2**64, dtype_hint="int64"))
show(lambda: tf.constant(2**63, dtype=tf.int64))
show(lambda: tf.constant(-2**63 - 1))
show(lambda: tf.constant([1, 2**63]))
show(lambda: tf.constant(2**31, dtype=tf.int32))
show(lambda: tf.constant(300, dtype=tf.int8))
show(lambda: tf.constant(2**63, dtype=tf.uint64))
show(lambda: tf.constant(2**64, dtype=tf.uint64))
show(lambda: tf.constant(2**64, dtype=tf.float32))
show(lambda: tf.constant(2**64, dtype=tf.complex64))
show(lambda: tf.constant([1.0]) + 2**64)
show(lambda: tf.bitwise.bitwise_and(tf.constant([1], tf.int64), 2**63))
show(lambda: tf.constant(np.array([2**64], dtype=object)))
show(lambda: tf.constant(np.array([1.5, "a"], dtype=object)))
