import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


a = tf.constant([0.5, 1.0, 2.0, 10.0, 100.0, 1e-3])
x = tf.constant([0.1, 1.0, 3.0, 9.0, 120.0, 5.0])
print(tf.math.igamma(a, x), tf.math.igammac(a, x))
print(tf.math.igamma(tf.cast(a, tf.float64), tf.cast(x, tf.float64)))
print(tf.math.igammac(tf.cast(a, tf.float64), tf.cast(x, tf.float64)))
print(tf.math.igamma(2.0, [0.0, -1.0, np.inf, np.nan]), tf.math.igamma([0.0, -1.0, np.nan], 1.0))
print(tf.math.igammac(2.0, [0.0, -1.0, np.inf, np.nan]), tf.math.igammac([0.0, -1.0, np.nan], 1.0))
print(tf.math.igamma(tf.constant([[1.0], [3.0]]), tf.constant([0.5, 2.0, 4.0])))
show(lambda: tf.math.igamma(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0])))
show(lambda: tf.math.igamma(1, 2))
show(lambda: tf.math.igammac(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16)))
show(lambda: tf.math.igamma(tf.constant(1.0), tf.constant(1.0, tf.float64)))
b_a = tf.constant([0.5, 1.0, 2.0, 5.0, 30.0, 0.2, 200.0])
b_b = tf.constant([0.5, 3.0, 2.0, 1.0, 40.0, 15.0, 300.0])
b_x = tf.constant([0.3, 0.5, 0.99, 0.01, 0.45, 0.02, 0.4])
print(tf.math.betainc(b_a, b_b, b_x))
print(tf.math.betainc(tf.cast(b_a, tf.float64), tf.cast(b_b, tf.float64), tf.cast(b_x, tf.float64)))
print(tf.math.betainc(2.0, 3.0, tf.constant([0.0, 1.0, -0.5, 1.5, np.nan, 0.25])))
print(tf.math.betainc(tf.constant([-1.0, 0.0, 1.0]), 2.0, 0.5))
show(lambda: tf.math.betainc(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0]), tf.constant(0.5)))
show(lambda: tf.math.betainc(tf.constant([1.0, 2.0]), 1.0, tf.constant([0.5, 0.5, 0.5])))
show(lambda: tf.math.betainc(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16), tf.constant([0.5], tf.float16)))
va = tf.constant([0.7, 2.0, 5.0], tf.float64)
vx = tf.constant([0.5, 3.0, 2.0], tf.float64)
with tf.GradientTape(persistent=True) as t:
    t.watch([va, vx])
    y1, y2 = tf.math.igamma(va, vx), tf.math.igammac(va, vx)
    y3 = tf.math.betainc(va, vx, vx / 4)
print(t.gradient(y1, [va, vx]))
print(t.gradient(y2, [va, vx]))
print(t.gradient(y3, [va, vx]))
