import tensorflow as tf

x = tf.Variable(2.0)
y = tf.Variable(3.0)

with tf.GradientTape() as tape:
	z = x ** 2

res = tape.gradient(z, y)
print(res)
