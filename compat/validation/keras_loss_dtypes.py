import tensorflow as tf
import numpy as np
for dt in [tf.int32, tf.int64, tf.float16, tf.float64, tf.uint8, tf.bool]:
    try:
        a = tf.constant([1, 0, 1], dt) if dt != tf.bool else tf.constant([True, False, True])
        b = tf.constant([1, 1, 0], dt) if dt != tf.bool else tf.constant([True, True, False])
        print(dt.name, repr(tf.keras.losses.mse(a, b)), repr(tf.keras.losses.mae(a, b)))
    except Exception as e:
        print(dt.name, type(e).__name__, e)
x = tf.constant(np.random.RandomState(0).uniform(0, 300, size=(4, 7)).astype(np.float16))
y = tf.constant(np.random.RandomState(1).uniform(0, 300, size=(4, 7)).astype(np.float16))
print(repr(tf.keras.losses.mse(x, y)))
print(repr(tf.keras.losses.mae(x, y)))
print(repr(tf.keras.losses.MeanSquaredError()(x, y)))
try:
    tf.keras.losses.binary_crossentropy(tf.constant([[1.0, 0.0]]), tf.constant([[0.5, 0.5, 0.5]]))
except ValueError as e:
    print("ValueError:", e)
