import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
for axis, keep in [(None, False), (0, False), (1, True), ([0, 1], False), (-1, False)]:
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.reduce_sum(x * x, axis=axis, keepdims=keep)
    print(y)
    print(g.gradient(y, x))
