import tensorflow as tf

x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as g:
    y = x * x
print(g.gradient(y, x))

w = tf.Variable(2.0)
b = tf.Variable(1.0)
with tf.GradientTape() as g:
    y1 = w * 3.0
    y2 = w * b
print(g.gradient([y1, y2], [w, b]))

with tf.GradientTape() as g:
    y = w * w
print(g.gradient(y, (w, b)))
with tf.GradientTape() as g:
    y = w * w
print(g.gradient(y, [w], output_gradients=[tf.constant(10.0)]))
with tf.GradientTape() as g:
    y = w * tf.constant([1.0, 2.0])
print(g.gradient(y, w, output_gradients=tf.constant([1.0, 0.5])))
with tf.GradientTape() as g:
    y = w * 1.0
print(g.gradient(w, w))
with tf.GradientTape() as g:
    y = w + w + w
print(g.gradient(y, w))
