import tensorflow as tf

a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
b = tf.constant([[5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    c = tf.concat([a, b], axis=0)
    d = tf.concat([a, a * 2.0], -1)
    y = tf.reduce_sum(c * tf.constant([[1.0], [2.0], [3.0]])) + tf.reduce_sum(d * d)
print(c)
print(d)
print(tape.gradient(y, [a, b]))
x = tf.reshape(tf.range(12.0), [2, 6])
with tf.GradientTape() as tape:
    tape.watch(x)
    p, q, r = tf.split(x, 3, axis=1)
    u, w = tf.split(x, [2, -1], 1)
    y = tf.reduce_sum(p * 1.0 + q * 2.0) + tf.reduce_sum(w * 3.0)
print(p, q, r)
print(u.shape, w.shape)
print(tape.gradient(y, x))
print(tf.concat([[1, 2], [3]], 0))
for f in (lambda: tf.concat([a, tf.ones([3])], 0), lambda: tf.concat([a, tf.ones([3, 3])], 1),
          lambda: tf.concat([a, a], 2), lambda: tf.concat([a, tf.ones([1, 2], tf.int32)], 0),
          lambda: tf.split(x, 4, axis=1), lambda: tf.split(x, [1, 1], 1), lambda: tf.split(x, 2, axis=3)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
