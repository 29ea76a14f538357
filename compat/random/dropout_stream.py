import tensorflow as tf
tf.random.set_seed(42)
x = tf.ones((3, 4))
print(tf.nn.dropout(x, 0.5))
print(tf.nn.dropout(x, 0.25, seed=5))
print(tf.random.uniform([2]))
print(tf.nn.dropout(x, 0.0))
print(tf.nn.dropout(tf.ones((2, 5), dtype=tf.float64), tf.constant(0.3, tf.float64), noise_shape=[2, 1]))
print(tf.random.uniform([2]))
