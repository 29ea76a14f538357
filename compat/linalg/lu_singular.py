import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


# Eigen's partial-pivoting LU divides by the pivot: these float32 matrices get an exact zero pivot.
m = tf.constant([[0.00598097, 0.00598097], [0.00598097, 0.00598097]])
m3 = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
print(tf.linalg.det(m), tf.linalg.slogdet(m))
print(tf.linalg.det(m3), tf.linalg.det(tf.cast(m3, tf.float64)))
show(lambda: tf.linalg.inv(m))
show(lambda: tf.linalg.solve(m, tf.ones([2, 1])))
show(lambda: tf.linalg.inv(m3))
show(lambda: tf.linalg.inv(tf.cast(m3, tf.float64)))
print(tf.linalg.slogdet(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
print(tf.linalg.det(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]])))
hilbert = tf.constant(1.0 / (np.arange(6)[:, None] + np.arange(6) + 1.0), tf.float32)
print(tf.linalg.inv(hilbert))
print(tf.linalg.solve(hilbert, tf.ones([6, 2])))
print(tf.linalg.slogdet(hilbert))
print(tf.linalg.inv(tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float16), adjoint=True))
show(lambda: tf.linalg.det(tf.ones([2, 2], tf.float16)))
show(lambda: tf.linalg.inv([[0.0, 0.0], [0.0, 0.0]]))
