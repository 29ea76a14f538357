import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    e = tf.expand_dims(x, axis=1)
    s = tf.squeeze(tf.expand_dims(e, -1))
    y = tf.reduce_sum(s * s)
print(e.shape, tf.expand_dims(x, -1).shape, tf.expand_dims(x, 0).shape)
print(s)
print(tape.gradient(y, x))
print(tf.squeeze(tf.ones([1, 2, 1, 3]), axis=[0, 2]).shape)
print(tf.squeeze(tf.constant([[7]])))
for f in (lambda: tf.expand_dims(x, 3), lambda: tf.squeeze(x, 0), lambda: tf.squeeze(x, axis=5)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
