import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


S = tf.math.special
x = tf.constant([-3.0, -0.5, 0.0, 1e-3, 2.0, 7.9, 30.0])
big = tf.constant([np.inf, -np.inf, np.nan, 1e30, 8.0, 100.0, 1e-40])
for f in (tf.math.bessel_i0, tf.math.bessel_i0e, tf.math.bessel_i1, tf.math.bessel_i1e):
    print(f.__name__, f(x), f(big))
for f in (S.bessel_k0, S.bessel_k0e, S.bessel_k1, S.bessel_k1e, S.bessel_j0, S.bessel_j1, S.bessel_y0, S.bessel_y1):
    print(f.__name__, f(x), f(big))
print(tf.math.bessel_i0 is S.bessel_i0, tf.math.bessel_i1e is S.bessel_i1e)
x64 = tf.constant([-40.0, -5.5, -1.0, 0.0, 1e-6, 0.5, 2.0, 4.99, 5.01, 12.0, 1e3, np.inf, np.nan], tf.float64)
for f in (S.bessel_i0, S.bessel_i0e, S.bessel_i1, S.bessel_i1e, S.bessel_k0, S.bessel_k0e, S.bessel_k1, S.bessel_k1e,
          S.bessel_j0, S.bessel_j1, S.bessel_y0, S.bessel_y1):
    print(f.__name__, f(x64))
h = tf.constant([-2.0, 0.0, 0.5, 3.0, 60000.0], tf.float16)
print(S.bessel_i0(h), S.bessel_k1e(h), S.bessel_j1(h), S.bessel_y0(h))
show(lambda: S.bessel_j0([1, 2]))
show(lambda: S.bessel_i0(tf.constant([1, 2])))
show(lambda: S.bessel_k0(tf.constant([1 + 1j])))
v = tf.constant([0.0, 0.3, 1.7, 2.5, 6.0, -1.2, 9.0], tf.float64)
with tf.GradientTape(persistent=True) as t:
    t.watch(v)
    ys = [f(v) for f in (S.bessel_i0, S.bessel_i0e, S.bessel_i1, S.bessel_i1e, S.bessel_k0, S.bessel_k0e,
                         S.bessel_k1, S.bessel_k1e, S.bessel_j0, S.bessel_j1, S.bessel_y0, S.bessel_y1)]
for y in ys:
    print(t.gradient(y, v))
