# Conversion errors that TF prefixes with the argument's name (a tensor of another dtype only), and a few texts
# checked against TF: tensordot's axes, Keras' ReLU arguments.
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", e)
show(lambda: tf.tensordot(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]), -1))
show(lambda: tf.tensordot(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]), [-1]))
show(lambda: tf.keras.layers.ReLU(tf.constant([-1.0])))
show(lambda: tf.keras.layers.ReLU(-1.0))
show(lambda: tf.keras.layers.ReLU(1.0, -2))
show(lambda: tf.keras.layers.ReLU(1.0, 0.0, np.array([-2.0])))
show(lambda: tf.keras.layers.ReLU(max_value=None, negative_slope=-1.0))
show(lambda: tf.linspace(tf.constant([1, 2]), tf.constant([True, False]), 3))
show(lambda: tf.linspace(np.int8(-7), tf.constant([4], tf.int64), 2))
show(lambda: tf.nn.with_space_to_batch(tf.ones([1, 4, 4, 1]), tf.constant([1.0, 1.0]), "SAME", lambda x, p: x))
show(lambda: tf.random.fold_in(1.5, tf.constant(2.0, tf.float64)))
