import tensorflow as tf
import numpy as np

t = tf.constant([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30, 1e30])
print(t)
print(repr(t))
print(tf.constant(float("nan")))
print(repr(tf.constant(float("-inf"))))
print(tf.constant([1e-8, 1.0]))
print(tf.constant([123456789.0, 1.0]))
print(repr(tf.constant(np.float64(1) / 3)))
print(tf.constant(1 / 3, dtype=tf.float64))
