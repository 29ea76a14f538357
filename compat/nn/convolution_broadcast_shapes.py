import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


show(lambda: tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3])))
show(lambda: tf.broadcast_static_shape(tf.TensorShape([None, 1]), tf.TensorShape([1, 4])))
show(lambda: tf.broadcast_static_shape(tf.TensorShape([2]), tf.TensorShape([3])))
show(lambda: tf.broadcast_dynamic_shape([2, 1], [3]))
show(lambda: tf.broadcast_dynamic_shape(tf.constant([5, 1, 3]), tf.constant([4, 1])))
show(lambda: tf.broadcast_dynamic_shape([2], [3]))
x = tf.constant(np.linspace(-1.0, 1.0, 32).reshape(1, 4, 4, 2).astype(np.float32))
k = tf.constant(np.linspace(-0.5, 0.5, 8).reshape(2, 2, 2, 1).astype(np.float32))
print(tf.nn.convolution(x, k, padding="SAME")[0, ..., 0])
print(tf.nn.atrous_conv2d(x, k, 2, "VALID")[0, ..., 0])
print(tf.nn.convolution(x[:, 0], k[0], padding="VALID", strides=2)[0, :, 0])
m, v = tf.nn.moments(x, [0, 1, 2])
print(tf.nn.batch_norm_with_global_normalization(x, m, v, tf.constant([0.1, 0.2]), tf.constant([2.0, 3.0]), 1e-3,
                                                 True)[0, 0])
print(tf.nn.batch_norm_with_global_normalization(x, m, v, tf.constant([0.1, 0.2]), tf.constant([2.0, 3.0]), 1e-3,
                                                 False)[0, 0])
