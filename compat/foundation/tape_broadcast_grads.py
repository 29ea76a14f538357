import tensorflow as tf

a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = tf.constant([10.0, 20.0, 30.0])
s = tf.constant(2.0)
col = tf.constant([[1.0], [2.0]])
with tf.GradientTape(persistent=True) as g:
    g.watch([a, b, s, col])
    y1 = a * b
    y2 = a + s
    y3 = a / col - b
    y4 = (a - b) ** 2
for y in [y1, y2, y3, y4]:
    print(g.gradient(y, [a, b, s, col], unconnected_gradients="zero"))
