import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


u = tf.constant([-1.0, -0.999, -0.5, 0.0, 0.3, 0.99999, 1.0])
print(tf.math.erfinv(u), tf.math.erfinv(tf.constant([1.5, -2.0, np.nan, 1e-40, np.inf])))
p = tf.constant([0.0, 1e-30, 0.01, 0.5, 0.8646, 0.9999, 1.0])
print(tf.math.ndtri(p), tf.math.ndtri(tf.constant([-0.1, 1.1, np.nan, 1e-40, -np.inf])))
print(tf.math.erfcinv([0.0, 0.2, 1.0, 1.5, 2.0]))
u64 = tf.constant([-1.0, -0.9999999, -0.7, -1e-9, 0.0, 0.25, 0.8, 0.999999999, 1.0, 1.5, np.nan], tf.float64)
print(tf.math.erfinv(u64))
print(tf.math.ndtri((u64 + 1) / 2))
print(tf.math.erfcinv(u64 + 1))
show(lambda: tf.math.erfinv(tf.constant([0.5], tf.float16)))
show(lambda: tf.math.ndtri([0, 1]))
show(lambda: tf.math.erfcinv(tf.constant([1, 2])))
v = tf.constant([-0.9, -0.2, 0.0, 0.6], tf.float64)
with tf.GradientTape(persistent=True) as t:
    t.watch(v)
    y1, y2, y3 = tf.math.erfinv(v), tf.math.ndtri((v + 1) / 2), tf.math.erfcinv(v + 1)
print(t.gradient(y1, v), t.gradient(y2, v), t.gradient(y3, v))
