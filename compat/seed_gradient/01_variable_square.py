import tensorflow as tf

x = tf.Variable(3.0)

with tf.GradientTape() as tape:
	y = x ** 2

res = tape.gradient(y, x)
print(res)
