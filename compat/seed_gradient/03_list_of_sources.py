import tensorflow as tf

x = tf.Variable(2.0)
y = tf.Variable(3.0)

with tf.GradientTape() as tape:
	z = x ** 2 + y ** 3

res = tape.gradient(z, [x, y])
print(res)
