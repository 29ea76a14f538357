import tensorflow as tf

x = tf.constant([[1.0, 2.0, 4.0], [3.0, 5.0, 9.0]])
b = tf.constant([0.5, -1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, b])
    mean, var = tf.nn.moments(x, axes=[0])
    m2, v2 = tf.nn.moments(x, axes=[0, 1], keepdims=True)
    n = tf.nn.l2_normalize(x, axis=1)
    n2 = tf.math.l2_normalize(x)
    ba = tf.nn.bias_add(x, b)
print(mean, var)
print(m2, v2)
print(n)
print(n2)
print(ba)
print(tape.gradient(var, x))
print(tape.gradient(mean + var, x))
print(tape.gradient(n, x))
print(tape.gradient(ba * ba, [x, b]))
print(tf.nn.moments(tf.constant([1, 2, 4]), axes=[0]))
print(tf.linalg.l2_normalize(tf.zeros([2])))
for f in (lambda: tf.nn.moments(x, axes=[2]), lambda: tf.nn.l2_normalize(tf.constant([1, 2])),
          lambda: tf.nn.bias_add(x, tf.ones([2])), lambda: tf.nn.bias_add(b, b)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
