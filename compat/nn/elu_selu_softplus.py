import tensorflow as tf

x = tf.constant([-2.0, -0.5, 0.0, 0.25, 1.5, 30.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    ys = [tf.nn.elu(x), tf.nn.selu(x), tf.nn.softplus(x), tf.math.softplus(x), tf.nn.softsign(x), tf.math.softsign(x)]
for y in ys:
    print(y)
    print(tape.gradient(y, x))
d = tf.constant([-1.0, 0.5], tf.float64)
with tf.GradientTape() as outer:
    outer.watch(d)
    with tf.GradientTape() as inner:
        inner.watch(d)
        y = tf.nn.elu(d) + tf.nn.selu(d)
    g = inner.gradient(y, d)
print(g)
print(outer.gradient(g, d))
for f in (lambda: tf.nn.elu(tf.constant([1, 2])), lambda: tf.nn.selu(tf.constant([1, 2])),
          lambda: tf.nn.softplus(tf.constant([1, 2])), lambda: tf.nn.softsign(tf.constant([1, 2]))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
