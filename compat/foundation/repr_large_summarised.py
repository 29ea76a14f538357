import tensorflow as tf

print(tf.constant(list(range(2000))))
print(repr(tf.reshape(tf.constant([float(i) for i in range(3000)]), (30, 100))))
print(tf.zeros((3, 4, 5)))
print(tf.ones((0, 3)))
print(repr(tf.ones((2, 0))))
