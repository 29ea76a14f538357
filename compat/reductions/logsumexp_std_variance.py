import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[0.0, 1.0, 2.0], [3.0, 1000.0, -5.0]])
print(tf.reduce_logsumexp(x))
print(tf.math.reduce_logsumexp(x, axis=1))
print(tf.reduce_logsumexp(x, axis=0, keepdims=True))
print(tf.reduce_logsumexp(tf.constant([-float("inf"), -float("inf")])))
print(tf.math.reduce_variance(x))
print(tf.math.reduce_variance(x, axis=0))
print(tf.math.reduce_std(x, axis=1, keepdims=True))
print(tf.math.reduce_std(tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64)))
print(tf.reduce_logsumexp(x).numpy().round(4), tf.math.reduce_std(x).numpy().round(4))

v = tf.Variable([[0.0, 1.0, 2.0], [3.0, 4.0, -5.0]])
with tf.GradientTape(persistent=True) as tape:
    lse = tf.reduce_logsumexp(v, axis=1)
    var = tf.math.reduce_variance(v, axis=0)
    std = tf.math.reduce_std(v)
for y in (lse, var, std):
    print(tape.gradient(y, v))

show(lambda: tf.math.reduce_variance(tf.constant([1, 2])))
show(lambda: tf.math.reduce_std([1, 2]))
show(lambda: tf.reduce_logsumexp(tf.constant([1, 2])))
show(lambda: tf.reduce_logsumexp(x, axis=4))
