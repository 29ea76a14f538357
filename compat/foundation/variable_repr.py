import tensorflow as tf
import numpy as np

v = tf.Variable(3.0)
print(v)
print(repr(v))
print(tf.Variable([1.0, 2.0]))
print(tf.Variable([[1, 2], [3, 4]]))
print(tf.Variable(1.0, name="w"))
print(tf.Variable(np.zeros(2)))
print(tf.Variable(1, dtype=tf.float32))
print(tf.Variable(True), tf.Variable("s"))
print(v.name, v.shape, v.dtype, v.trainable, tf.Variable(1.0, trainable=False).trainable)
print(type(v).__name__, isinstance(v, tf.Variable), isinstance(v, tf.Tensor))
with tf.name_scope("layer"):
    print(tf.Variable(0.0, name="b").name)
