import tensorflow as tf

x = tf.constant([-3.0, -1.0, -0.1, 0.0, 0.5, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    ys = [tf.nn.gelu(x), tf.nn.gelu(x, approximate=True), tf.nn.silu(x), tf.nn.swish(x, beta=2.0)]
for y in ys:
    print(y)
    print(tape.gradient(y, x))
beta = tf.constant(1.5)
with tf.GradientTape() as tape:
    tape.watch(beta)
    y = tf.nn.silu(x, beta)
print(tape.gradient(y, beta))
print(tf.nn.gelu(tf.constant([1.0, -1.0], tf.float64)))
for f in (lambda: tf.nn.gelu(tf.constant([1, 2])), lambda: tf.nn.silu(tf.constant([1, 2]))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
