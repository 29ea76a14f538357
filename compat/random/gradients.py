import tensorflow as tf

x = tf.constant(2.0)
lo = tf.Variable(-1.0)
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    y = tf.random.normal([3], mean=x, stddev=x, seed=1)
    z = tf.random.uniform([3], minval=lo, maxval=x, seed=1)
    w = tf.random.stateless_normal([3], seed=[1, 2], mean=x, stddev=2 * x)
    v = tf.random.truncated_normal([2], stddev=x, seed=4)
    u = tf.random.stateless_uniform([2], seed=[3, 3], maxval=x)
print(t.gradient(y, x), t.gradient(z, [x, lo]), t.gradient(w, x), t.gradient(v, x), t.gradient(u, x))
print(t.gradient(tf.random.uniform([2], seed=3), x))
