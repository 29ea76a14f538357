import tensorflow as tf

x = tf.ones([4, 5])
y = tf.nn.dropout(x, rate=0.0)
print(y is x, y)
z = tf.nn.dropout(x, rate=0.5, seed=1)
print(z.shape, z.dtype)
vals = sorted(set(z.numpy().ravel().tolist()))
print(vals)
print(tf.nn.dropout(x, rate=0.2).dtype)
with tf.GradientTape() as tape:
    tape.watch(x)
    d = tf.nn.dropout(x, rate=0.25, seed=3)
g = tape.gradient(d, x)
print(bool(tf.reduce_all((g == 0.0) == (d == 0.0))), sorted(set(g.numpy().ravel().tolist())))
print(tf.nn.dropout(x, 0.5, noise_shape=[4, 1]).shape)
for f in (lambda: tf.nn.dropout(x, 1.0), lambda: tf.nn.dropout(x, -0.1),
          lambda: tf.nn.dropout(tf.constant([1, 2]), 0.5)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
