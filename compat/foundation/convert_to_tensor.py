import tensorflow as tf
import numpy as np


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.convert_to_tensor([1, 2]))
show(lambda: tf.convert_to_tensor(1, dtype_hint=tf.float32))
show(lambda: tf.convert_to_tensor(1.5, dtype_hint=tf.int32))
show(lambda: tf.convert_to_tensor(np.array([1.5]), dtype=tf.int32))
show(lambda: tf.convert_to_tensor([1.5, 2], dtype=tf.float64))
show(lambda: tf.convert_to_tensor(tf.constant([1, 2]), dtype=tf.float32))
show(lambda: tf.convert_to_tensor(tf.Variable([1.0, 2.0])))
show(lambda: tf.convert_to_tensor(tf.TensorShape([2, 3])))
t = tf.constant([1.0])
print(tf.convert_to_tensor(t) is t)
