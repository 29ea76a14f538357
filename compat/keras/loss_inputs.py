import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


# Keras 3 maps losses over nested Python lists leaf by leaf: y_true and y_pred lists must have the same structure.
bce = tf.keras.losses.BinaryCrossentropy()
show(lambda: bce([1.0, 0.0], [0.9, 0.2]))
show(lambda: bce([[1.0], [0.0]], [[0.9], [0.2]]))
show(lambda: bce([[1.0], [0.0]], [0.9, 0.2]))
show(lambda: bce([1.0, 0.0], [[0.9], [0.2]]))
show(lambda: bce((1.0, 0.0), [0.9, 0.2]))
show(lambda: bce((1.0, 0.0), (0.9, 0.2, 0.3)))
show(lambda: bce([[1.0, 0.0], [1.0]], [[0.9, 0.1], [0.2, 0.3]]))
show(lambda: bce([[1.0, 0.0], [1.0, 1.0]], [[0.9, 0.1], [[0.2], 0.3]]))
show(lambda: bce({"a": 1.0}, {"a": 0.9}))
show(lambda: bce({"a": 1.0}, {"b": 0.9}))
show(lambda: bce(np.array([1.0, 0.0]), [0.9, 0.2]))
show(lambda: bce(tf.constant([1.0, 0.0]), tf.constant([[0.9], [0.2]])))
# the Keras docstring example passes lists of different structure
scce = tf.keras.losses.SparseCategoricalCrossentropy()
show(lambda: scce([1, 2], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]]))
show(lambda: scce(np.array([1, 2]), np.array([[0.05, 0.95, 0], [0.1, 0.8, 0.1]])))
show(lambda: scce(tf.constant([1, 2]), [[0.05, 0.95, 0], [0.1, 0.8, 0.1]]))
mse = tf.keras.losses.MeanSquaredError()
show(lambda: mse([[1.0, 2.0], [3.0]], [[1.5, 2.0], [2.0]]))
show(lambda: mse([None, 1.0], [0.5, 1.0]))
show(lambda: mse([], []))
show(lambda: mse(1.0, [1.0]))
show(lambda: mse([1.0], 1.0))
show(lambda: mse([1, 2], [1.5, 2.5]))
show(lambda: tf.keras.losses.Huber()([[1.0, 2.0]], [[1.5, 4.5]]))
# metrics convert whole values, not leaf by leaf
show(lambda: tf.keras.metrics.SparseCategoricalAccuracy()([1, 2], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]]))
show(lambda: tf.keras.metrics.MeanSquaredError()([1.0, 2.0], [[1.5], [2.5]]))
