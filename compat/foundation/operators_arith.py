import tensorflow as tf
import numpy as np

a = tf.constant([1.0, 2.0, 3.0])
b = tf.constant([4.0, 5.0, 6.0])
print(a + b, a - b, a * b, a / b, sep="\n")
print(a ** 2, 2 ** a, a // 2, a % 2, -a, abs(-a), sep="\n")
print(a + 1, 1 + a, a * 2, 3 - a, 6 / a, sep="\n")
print(a + np.array([1.0, 1.0, 1.0]))
print(np.array([1.0, 2.0, 3.0]) + a)
print(np.float64(2.0) * a)
print(a + [10, 20, 30])
i = tf.constant([7, -7])
print(i // 2, i % 3, i / 2, i * 2, i ** 2, sep="\n")
print(tf.constant([1, 2], dtype=tf.int8) / 2)
print(tf.constant(5) / tf.constant(2))
print(tf.constant(-5.5) // 2)
