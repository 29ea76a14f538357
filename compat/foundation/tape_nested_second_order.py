import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = x ** 3
    dy = inner.gradient(y, x)
d2y = outer.gradient(dy, x)
print(dy, d2y)

with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = x ** 3
dy = inner.gradient(y, x)
print(dy, outer.gradient(dy, x))
