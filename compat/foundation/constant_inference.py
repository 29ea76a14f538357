import tensorflow as tf
import numpy as np

for v in [1, 1.0, True, [1, 2], [1.0, 2], [1, 2.5], 2**40, "s", 1 + 1j, np.array([1.0, 2.0]), np.array([1, 2]),
          np.float64(3.0), np.int64(3), [np.float64(1.0), 2.0], (1, 2), range(3), np.array([1, 2], dtype=np.int8)]:
    t = tf.constant(v)
    print(type(v).__name__, t.dtype.name, t.shape)
print(tf.constant([1, 2], dtype=tf.float32))
print(tf.constant(3, dtype=tf.float64))
print(tf.constant(300, dtype=tf.int8), tf.constant(-1, dtype=tf.uint8))
print(tf.constant(np.array([1.7, -2.7]), dtype=tf.int32))
print(tf.constant(0, shape=(2, 3)))
print(tf.constant([1, 2, 3, 4], shape=(2, 2)))
print(tf.constant(1e300, dtype=tf.float32))
