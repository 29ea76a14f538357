import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


v = tf.constant([1, 1, 2, 3, 2, 4, 4, 5])
print(tf.math.bincount(v))
print(tf.math.bincount(v, minlength=8), tf.math.bincount(v, maxlength=3))
print(tf.math.bincount(v, weights=tf.constant([0.5, 1.0, 2.0, 0.25, 1.0, 1.0, 3.0, 0.125])))
print(tf.math.bincount(v, binary_output=True))
print(tf.math.bincount(tf.constant([[1, 2, 2], [0, 0, 3]]), axis=-1))
print(tf.math.bincount(tf.constant([[1, 2, 2], [0, 0, 3]]), axis=-1, binary_output=True))
print(tf.math.bincount(tf.constant([], tf.int32)))
print(tf.math.bincount(tf.constant([1.7, 2.2])))
show(lambda: tf.math.bincount(tf.constant([-1, 2])))
show(lambda: tf.math.bincount(v, axis=1))
show(lambda: tf.math.bincount(v, weights=tf.ones([8]), binary_output=True))
h = tf.constant([-1.0, 0.0, 1.5, 2.0, 5.0, 15.0, 3.3, 9.99])
print(tf.histogram_fixed_width(h, [0.0, 10.0], nbins=5))
print(tf.histogram_fixed_width(h, [0.0, 10.0], nbins=3, dtype=tf.int64))
print(tf.histogram_fixed_width(tf.constant([1, 5, 9, 2]), [0, 10], nbins=4))
show(lambda: tf.histogram_fixed_width(h, [10.0, 0.0], nbins=5))
show(lambda: tf.histogram_fixed_width(h, [0.0, 10.0], nbins=0))
print(tf.histogram_fixed_width_bins(h, [0.0, 10.0], nbins=5))
print(tf.histogram_fixed_width_bins(tf.reshape(h, [2, 4]), [0.0, 10.0], nbins=4))
print(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4]))
print(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=6, weights=[0.5, 1.0, 2.0], dtype=tf.float32))
print(tf.math.confusion_matrix([[1], [0]], [1, 1]))
show(lambda: tf.math.confusion_matrix([1, -2], [2, 2]))
show(lambda: tf.math.confusion_matrix([1, 5], [2, 2], num_classes=3))
c = tf.constant([[0.0, 1.0, -2.0, 3.0], [1e30, -1e30, 0.5, 0.5]])
print(tf.math.cumulative_logsumexp(c, axis=1))
print(tf.math.cumulative_logsumexp(c, axis=0))
print(tf.math.cumulative_logsumexp(c, axis=1, exclusive=True))
print(tf.math.cumulative_logsumexp(c, axis=-1, reverse=True))
print(tf.math.cumulative_logsumexp(tf.cast(c, tf.float64), axis=1, exclusive=True, reverse=True))
show(lambda: tf.math.cumulative_logsumexp(c, axis=2))
show(lambda: tf.math.cumulative_logsumexp(tf.constant([1, 2]), axis=0))
x = tf.constant([[0.5, -1.0, 2.0], [0.25, 3.0, -0.5]], tf.float64)
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    ys = [tf.math.cumulative_logsumexp(x, axis=1), tf.math.cumulative_logsumexp(x, axis=0, exclusive=True) * 0.5,
          tf.math.cumulative_logsumexp(x, axis=1, reverse=True) * x]
for y in ys:
    print(t.gradient(y, x))
