import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([-2.5, -1.0, -0.5, 0.0, 0.25, 1.0, 2.5, 7.0, 30.0, 1e-20, np.inf, np.nan])
print(tf.math.lgamma(x))
print(tf.math.digamma(x))
print(tf.math.lgamma(tf.cast(x, tf.float64)))
print(tf.math.digamma(tf.cast(x, tf.float64)))
print(tf.math.lgamma(tf.cast(x, tf.float16)))
u = tf.constant([-1.5, -0.75, -0.5, -1e-8, 0.0, 0.3, 0.5, 0.99, 1.0, 2.0, np.nan])
print(tf.math.atanh(u))
print(tf.math.atanh(tf.cast(u, tf.float64)))
print(tf.math.asinh(x), tf.math.acosh(x))
print(tf.math.zeta(tf.constant([1.0, 2.0, 3.5, 0.5, 4.0]), tf.constant([1.0, 2.0, 0.5, 1.0, -2.0])))
print(tf.math.polygamma(tf.constant([0.0, 1.0, 2.0, 3.0, 1.5]), tf.constant([0.5, 0.5, 2.0, 3.0, 1.0])))
print(tf.math.lbeta(tf.constant([[1.0, 2.0], [0.5, 0.5], [3.0, 4.0]])))
print(tf.math.lbeta(tf.zeros([2, 0])))
print(tf.math.rint(tf.constant([-1.5, -0.5, 0.5, 1.5, 2.5, 2.4])))
c = tf.constant([1.0 + 2.0j, -3.0 - 0.5j, 0.0 - 1.0j])
print(tf.math.real(c), tf.math.imag(c), tf.math.angle(c))
print(tf.math.real(x[:3]), tf.math.imag(x[:3]), tf.math.angle(x[:4]))
print(tf.complex(tf.constant([1.0, 2.0]), tf.constant([0.5, -1.0])))
print(tf.complex(tf.constant([1.0], tf.float64), tf.constant([0.5], tf.float64)))
show(lambda: tf.complex(tf.constant([1.0]), tf.constant([1.0], tf.float64)))
show(lambda: tf.complex(tf.constant([1]), tf.constant([1])))
print(tf.math.xlog1py(tf.constant([0.0, 1.0, 2.0, 0.0]), tf.constant([-1.0, 0.5, 3.0, np.nan])))
print(tf.math.multiply_no_nan(tf.constant([np.inf, np.nan, 2.0]), tf.constant([0.0, 0.0, 3.0])))
show(lambda: tf.math.multiply_no_nan(tf.constant([1.0]), tf.constant([1], tf.int32)))
print(tf.math.reciprocal_no_nan(tf.constant([0.0, 2.0, -4.0])))
print(tf.math.log_sigmoid(tf.constant([-100.0, -1.0, 0.0, 1.0, 100.0])))
print(tf.math.nextafter(tf.constant([1.0, 0.0]), tf.constant([2.0, -1.0])))
print(tf.math.scalar_mul(2.0, tf.constant([1.0, 2.0])))
show(lambda: tf.math.scalar_mul([2.0, 3.0], tf.constant([1.0, 2.0])))
print(tf.math.accumulate_n([tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])]))
show(lambda: tf.math.accumulate_n([]))
m = tf.constant([[3.0, 4.0], [-1.0, 2.0], [0.0, 0.0]])
print(tf.math.reduce_euclidean_norm(m), tf.math.reduce_euclidean_norm(m, axis=1))
print(tf.math.reduce_euclidean_norm(m, axis=0, keepdims=True))
print(tf.math.reduce_euclidean_norm(tf.constant([[3, 4], [5, 12]]), 1))
print(tf.math.polyval([1.0, -2.0, 3.0], tf.constant([0.0, 1.0, 2.0])))
print(tf.math.polyval([], tf.constant([1.0, 2.0])))
print(tf.math.zero_fraction(tf.constant([0, 1, 0, 3])), tf.nn.zero_fraction(m))
v = tf.constant([0.3, 0.7, 1.5, 4.0], tf.float64)
with tf.GradientTape(persistent=True) as t:
    t.watch(v)
    ys = [tf.math.lgamma(v), tf.math.digamma(v), tf.math.atanh(v / 5), tf.math.asinh(v), tf.math.acosh(v + 1),
          tf.math.xlog1py(v, v), tf.math.multiply_no_nan(v, v - 0.3), tf.math.reduce_euclidean_norm(v),
          tf.math.polyval([v, tf.constant(2.0, tf.float64), v], v), tf.math.log_sigmoid(v), tf.math.lbeta(tf.stack([v, v + 1], 1)),
          tf.math.zeta(v + 1.5, v), tf.math.polygamma(tf.ones_like(v), v),
          tf.math.real(tf.complex(v, v * 2)), tf.math.imag(tf.complex(v, v * 2))]
for y in ys:
    print(t.gradient(y, v))
