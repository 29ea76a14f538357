import tensorflow as tf

x = tf.Variable(2.0)
c = tf.constant(3.0)

with tf.GradientTape() as g:
    y = x.numpy() * 2.0
    y = tf.constant(y)
print(g.gradient(y, x))

with tf.GradientTape() as g:
    y = tf.cast(tf.cast(x, tf.int32), tf.float32) * 2.0
print(g.gradient(y, x))

pre = x * 2.0
with tf.GradientTape() as g:
    y = pre * 3.0
print(g.gradient(y, x))

with tf.GradientTape() as g:
    y = c * 2.0
print(g.gradient(y, c))

v = tf.Variable(2.0)
for epoch in range(2):
    with tf.GradientTape() as g:
        y = v + 1
    print(type(v).__name__, ":", g.gradient(y, v))
    v = v + 1  # This should be `v.assign_add(1)`

n = tf.constant(10)
with tf.GradientTape() as g:
    g.watch(n)
    y = n * n
print(g.gradient(y, n))
iv = tf.Variable(3)
with tf.GradientTape() as g:
    y = iv * iv
print(g.gradient(y, iv))
