import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as g:
    y = x * x
print(g.gradient(y, x))

with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))

a, b = tf.constant(1.0), tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch([a, {"k": b}])
    z = a * b + b
print(g.gradient(z, {"first": a, "second": [b]}))

v = tf.Variable(2.0)
with tf.GradientTape(watch_accessed_variables=False) as g:
    y = v * v
print(g.gradient(y, v))

with tf.GradientTape(watch_accessed_variables=False) as g:
    g.watch(v)
    y = v * v
print(g.gradient(y, v))

frozen = tf.Variable(2.0, trainable=False)
with tf.GradientTape() as g:
    y = frozen * frozen
print(g.gradient(y, frozen))
