import tensorflow as tf

a = tf.constant([1.0, 2.0, 3.0])
print(a < 2, a <= 2, a > 2, a >= 2, a == 2, a != 2, sep="\n")
print(a == None, a != None)  # noqa: E711
print(tf.constant([1, 2]) == tf.constant([1, 2, 3]))
t = tf.constant([True, False])
f = tf.constant([True, True])
print(t & f, t | f, t ^ f, ~t, sep="\n")
print(tf.constant(6) & 3, tf.constant(6) | 3, tf.constant(6) ^ 3, ~tf.constant(6))
