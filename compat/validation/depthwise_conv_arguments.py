import tensorflow as tf
import numpy as np

x = tf.constant(np.arange(36, dtype=np.float32).reshape(2, 3, 3, 2) % 5)
f = tf.constant(np.arange(8, dtype=np.float32).reshape(2, 2, 2, 1) % 3)
pw = tf.ones([1, 1, 2, 3])


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


show("valid", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "VALID"))
show("dilated", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "SAME", dilations=[2, 2]))
show("NCHW", lambda: tf.nn.depthwise_conv2d(tf.transpose(x, [0, 3, 1, 2]), f, [1, 1, 1, 1], "VALID",
                                             data_format="NCHW"))
show("strides [1]", lambda: tf.nn.depthwise_conv2d(x, f, [1], "VALID"))
show("strides None", lambda: tf.nn.depthwise_conv2d(x, f, None, "VALID"))
show("strides tensor", lambda: tf.nn.depthwise_conv2d(x, f, tf.constant([1, 1, 1, 1]), "VALID"))
show("strides int", lambda: tf.nn.depthwise_conv2d(x, f, 1, "VALID"))
show("batch stride", lambda: tf.nn.depthwise_conv2d(x, f, [2, 1, 1, 1], "VALID"))
show("stride 0", lambda: tf.nn.depthwise_conv2d(x, f, [1, 0, 1, 1], "VALID"))
show("padding None", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], None))
show("padding same", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "same"))
show("padding EXPLICIT", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "EXPLICIT"))
show("dilated FULL", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "FULL", dilations=[2, 2]))
show("format bad", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "VALID", data_format="bad"))
show("int32 input", lambda: tf.nn.depthwise_conv2d(tf.cast(x, tf.int32), tf.cast(f, tf.int32), [1, 1, 1, 1], "SAME"))
show("filter float64", lambda: tf.nn.depthwise_conv2d(x, tf.cast(f, tf.float64), [1, 1, 1, 1], "VALID"))
show("filter rank 3", lambda: tf.nn.depthwise_conv2d(x, tf.ones([2, 2, 2]), [1, 1, 1, 1], "VALID"))
show("filter depth 3", lambda: tf.nn.depthwise_conv2d(x, tf.ones([2, 2, 3, 1]), [1, 1, 1, 1], "VALID"))
show("empty filter", lambda: tf.nn.depthwise_conv2d(x, tf.ones([2, 2, 2, 0]), [1, 1, 1, 1], "VALID"))
show("filter too big", lambda: tf.nn.depthwise_conv2d(x, tf.ones([5, 2, 2, 1]), [1, 1, 1, 1], "VALID"))
show("rate 0", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "VALID", dilations=[0, 2]))
show("rate float tensor", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "VALID",
                                                          dilations=tf.constant([2.0, 2.0])))
show("rate scalar tensor", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "VALID", dilations=tf.constant(2)))
show("rate []", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "VALID", dilations=[]))
show("rate variable", lambda: tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "VALID",
                                                      dilations=tf.Variable([1.0, 1.0])))
show("separable", lambda: tf.nn.separable_conv2d(x, f, pw, [1, 1, 1, 1], "VALID"))
show("separable pointwise rank 2", lambda: tf.nn.separable_conv2d(x, f, tf.ones([2, 3]), [1, 1, 1, 1], "VALID"))
show("separable pointwise 2x1", lambda: tf.nn.separable_conv2d(x, f, tf.ones([2, 1, 2, 3]), [1, 1, 1, 1], "VALID"))
show("separable padding None", lambda: tf.nn.separable_conv2d(x, f, pw, [1, 1, 1, 1], None))
show("convolution filter rank 1", lambda: tf.nn.convolution(tf.ones([2]), tf.ones([2])))
show("convolution scalars", lambda: tf.nn.convolution(tf.constant(1), tf.constant(1)))
show("convolution strides", lambda: tf.nn.convolution(x, f, [1, 1, 1]))
show("atrous rate inf", lambda: tf.nn.atrous_conv2d(tf.ones([1]), tf.ones([1]), float("-inf"), "VALID"))
show("atrous", lambda: tf.nn.atrous_conv2d(x, tf.ones([2, 2, 2, 1]), 2, "SAME"))
