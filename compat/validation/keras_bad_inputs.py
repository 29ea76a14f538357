# Keras losses and layers on odd inputs: the steps Keras takes, in its order.
import warnings

import numpy as np
import tensorflow as tf

warnings.simplefilter("ignore")


def show(f):
    try:
        print(repr(f()))
    except Exception as e:  # noqa: BLE001 - the class is what is shown
        print(type(e).__name__, str(e).split("\n")[0])


show(lambda: tf.keras.losses.categorical_crossentropy(tf.constant([[1, 2], [3, 4]], tf.uint8), tf.Variable(1.0)))
show(lambda: tf.keras.losses.categorical_crossentropy(tf.constant(3, tf.uint8), np.True_, None))
show(lambda: tf.keras.losses.categorical_crossentropy(tf.zeros([3, 2]), tf.zeros([3])))
a = tf.constant([[1 + 2j, 3j], [1, 2]], tf.complex64)
b = tf.constant([[1j, 3], [1 + 1j, 0]], tf.complex64)
show(lambda: tf.keras.losses.mse(a, b))
show(lambda: tf.keras.losses.mean_squared_error(tf.cast(a, tf.complex128), tf.cast(b, tf.complex128)))
show(lambda: tf.keras.layers.ReLU(1e40)(tf.constant([1, 2, 3], tf.uint8)))
show(lambda: tf.keras.layers.ReLU(tf.Variable(1.0))(tf.constant([1, 2], tf.int32)))
show(lambda: tf.keras.layers.ReLU(2.5)(tf.constant([1.0, 3.0, -1.0])))

# tf.nn functions written in Python: TF's steps in TF's order
show(lambda: tf.nn.isotonic_regression(np.zeros([0])))
show(lambda: tf.nn.isotonic_regression(tf.zeros([0, 3], tf.complex64), np.zeros([2], np.float32)))
show(lambda: tf.nn.isotonic_regression(tf.constant([["a"]]), tf.constant([["a"]]), [-1, 0]))
show(lambda: tf.nn.batch_normalization(tf.zeros([1, 3], tf.int64), [1.5, 2.0], [1, "a"], np.zeros([1, 1]),
                                       tf.Variable(1.0), np.zeros([1], np.float32)))
show(lambda: tf.nn.batch_normalization(tf.zeros([1]), np.zeros([1, 3]), None, 1, 2.5, None))
show(lambda: tf.nn.batch_normalization({"a": 1}, tf.constant([True]), tf.constant(1.0), tf.Variable([1.0]),
                                       tf.constant([True]), tf.Variable([1.0])))
show(lambda: tf.nn.batch_normalization(tf.constant([1.0, 2.0]), 0.5, 2.0, 1.0, 3.0, 1e-3))
show(lambda: tf.nn.softmax_cross_entropy_with_logits(tf.zeros([2], tf.float64), "a"))
show(lambda: tf.nn.softmax_cross_entropy_with_logits(tf.zeros([2]), tf.zeros([2], tf.int32)))
