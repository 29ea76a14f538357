import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


S = tf.math.special
x = tf.constant([-7.0, -1.0, 0.0, 0.5, 1.0, 3.3, 6.3])
edge = tf.constant([np.inf, -np.inf, np.nan, 1e10, -2e9, 40000.0, 1e-40])
for f in (S.dawsn, S.expint, S.fresnel_cos, S.fresnel_sin, S.spence):
    print(f.__name__, f(x), f(edge))
x64 = tf.constant([-3.0, 0.0, 1e-8, 0.4, 1.0, 1.6, 2.0, 3.9, 7.5, 15.0, 31.0, 63.0, 80.0, 700.0, 1e12], tf.float64)
for f in (S.dawsn, S.expint, S.fresnel_cos, S.fresnel_sin, S.spence):
    print(f.__name__, f(x64), f(-x64))
show(lambda: S.dawsn(tf.constant([1.0], tf.float16)))
show(lambda: S.spence([1, 2]))
show(lambda: S.expint(tf.constant([1, 2])))
v = tf.constant([0.2, 0.9, 1.0, 2.5, 7.0], tf.float64)
with tf.GradientTape(persistent=True) as t:
    t.watch(v)
    ys = [f(v) for f in (S.dawsn, S.expint, S.fresnel_cos, S.fresnel_sin, S.spence)]
for y in ys:
    print(t.gradient(y, v))
