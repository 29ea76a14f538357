import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tf.add(x, 1.0))
print(tf.subtract(x, x))
print(tf.multiply(x, 2))
print(tf.divide(x, 2))
print(tf.pow(x, 2))
print(tf.pow(2.0, x))
print(tf.square(x))
print(tf.square(3))
print(tf.add(1, 2), tf.add(1.5, 2))
print(tf.divide(tf.constant(1), 2))
print(tf.truediv(1, 2))
