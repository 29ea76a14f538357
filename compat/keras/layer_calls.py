import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


# What a layer accepts: tensors and arrays (floats cast to float32, integers promoted by Dense), not Python lists.
d = tf.keras.layers.Dense(2, kernel_initializer="ones")
show(lambda: d([[1.0, 2.0]]))
show(lambda: d(np.ones([1, 2])))
show(lambda: d(np.ones([1, 2], np.int32)))
show(lambda: d(tf.ones([1, 2], tf.float64)))
show(lambda: d(tf.ones([1, 2], tf.int32)))
show(lambda: d(3.0))
show(lambda: d(tf.ones([1, 4])))
show(lambda: tf.keras.layers.ReLU()(np.array([1.0, -2.0])))
print(repr(d.kernel.shape), d.kernel.shape == (2, 2), [w.shape for w in d.weights])

# A Sequential model built by its first call takes that batch's shape.
m = tf.keras.Sequential([tf.keras.layers.Dense(4, name="dd")], name="seqm")
show(lambda: m.output_shape)
print(m(tf.ones([2, 3])).shape, m(tf.ones([5, 3])).shape)
m.summary()
print(m.input_shape, m.output_shape, m.inputs[0].shape, m.outputs[0].shape)
show(lambda: m(tf.ones([5, 4])))
show(lambda: m.build((None, 3)))
b = tf.keras.Sequential([tf.keras.Input(shape=(5,)), tf.keras.layers.Dense(4, name="de")], name="seqb")
print(b.input_shape, b.output_shape)


# Errors inside a layer's call() name the call and its arguments (the innermost failing call only).
class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d = tf.keras.layers.Dense(2)
        self.w = tf.Variable(tf.ones([3, 3]))

    def call(self, x, training=False):
        return tf.matmul(self.d(x), self.w)


net = Net()
show(lambda: net(tf.ones([4, 5])))
show(lambda: net(tf.ones([4, 5]), training=True))


class Reshaper(tf.keras.layers.Layer):
    def call(self, x, size=7):
        return tf.reshape(x, [size])


show(lambda: Reshaper()(tf.ones([2, 3]), size=5))
show(lambda: Reshaper()([tf.ones([2]), 1.5]))
