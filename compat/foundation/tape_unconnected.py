import tensorflow as tf

x = tf.Variable(2.0)
y = tf.Variable([3.0, 4.0])
with tf.GradientTape(persistent=True) as g:
    z = x ** 2
print(g.gradient(z, y))
print(g.gradient(z, y, unconnected_gradients="zero"))
print(g.gradient(z, y, unconnected_gradients=tf.UnconnectedGradients.ZERO))
print(g.gradient(z, [x, y], unconnected_gradients=tf.UnconnectedGradients.NONE))
try:
    g.gradient(z, y, unconnected_gradients="bogus")
except ValueError as e:
    print(type(e).__name__ + ":", e)
print(tf.UnconnectedGradients.NONE, tf.UnconnectedGradients.ZERO.value)
