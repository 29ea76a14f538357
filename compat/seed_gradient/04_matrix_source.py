import tensorflow as tf

x = tf.constant([[1, 2, 3], [4, 5, 6]], dtype=tf.float32)

with tf.GradientTape() as tape:
	tape.watch(x)
	y = tf.reduce_sum(x ** 2)

res = tape.gradient(y, x)
print(res)
