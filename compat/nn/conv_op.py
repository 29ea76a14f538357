import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


# integer-valued data: the sums are exact in any order
x = tf.reshape(tf.range(32.0), [1, 4, 4, 2])
f = tf.reshape(tf.range(-6.0, 6.0), [2, 2, 1, 3]) * tf.ones([2, 2, 2, 3])
print(tf.conv(x, f, [1, 1, 1, 1], "SAME"))
print(tf.conv(x, f, [1, 2, 1, 1], "VALID", dilations=[1, 1, 2, 1]))
print(tf.conv(x, f, [1, 1, 1, 1], "EXPLICIT", explicit_paddings=[0, 0, 1, 0, 2, 1, 0, 0]).shape)
print(tf.conv(tf.reshape(x, [2, 1, 2, 4, 2]), f, [1, 1, 1, 1], "VALID", batch_dims=2))
print(tf.conv(tf.reshape(tf.range(48), [1, 2, 3, 4, 2]), tf.ones([1, 2, 2, 2, 1], tf.int32), [1, 1, 1, 1, 1],
              "SAME"))
print(tf.conv(tf.zeros([0, 4, 4, 2]), f, [1, 1, 1, 1], "SAME"), tf.conv(x, f, [1, 4, 4, 1], "VALID").shape)
print(tf.conv(tf.constant([[[[1.5]]]], tf.float16), tf.constant([[[[2.0]]]], tf.float16), [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv(tf.transpose(x, [0, 3, 1, 2]), f, [1, 1, 1, 1], "SAME", data_format="CHANNELS_FIRST"))
show(lambda: tf.conv(x, tf.ones([2, 2, 1, 4]), [1, 1, 1, 1], "VALID", groups=2))
show(lambda: tf.conv(tf.reshape(x, [1, 32, 1]), tf.ones([2, 1, 1]), [1, 1, 1], "VALID"))
show(lambda: tf.conv(x, f, [1, 1, 1], "SAME"))
show(lambda: tf.conv(x, f, [2, 1, 1, 1], "SAME"))
show(lambda: tf.conv(x, f, [1, 0, 1, 1], "SAME"))
show(lambda: tf.conv(x, f, [1, 1, 1, 1], "SAME", dilations=[1, 1]))
show(lambda: tf.conv(x, f, [1, 1, 1, 1], "SAME", dilations=[2, 1, 1, 1]))
show(lambda: tf.conv(x, f, [1, 1, 1, 1], "EXPLICIT"))
show(lambda: tf.conv(x, f, [1, 1, 1, 1], "SAME", explicit_paddings=[0] * 8))
show(lambda: tf.conv(x, f, [1, 1, 1, 1], "EXPLICIT", explicit_paddings=[1, 0, 0, 0, 0, 0, 0, 0]))
show(lambda: tf.conv(x, f[:, :, :1], [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv(x, tf.ones([5, 1, 2, 1]), [1, 1, 1, 1], "VALID"))
show(lambda: tf.conv(x, tf.ones([2, 2, 2, 0]), [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv(x, tf.ones([2, 2, 2]), [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv(x, tf.cast(f, tf.float64), [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv(tf.constant([[[[1]]]], tf.int64), tf.constant([[[[1]]]], tf.int64), [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv(x, f, 1, "SAME"))
show(lambda: tf.conv(x, f, [1, 1, 1, 1], "FULL"))
show(lambda: tf.conv(x, f, [1, 1, 1, 1], "SAME", data_format="NHWC"))
v = tf.Variable(x)
with tf.GradientTape() as tape:
    y = tf.conv(v, f, [1, 1, 1, 1], "SAME")
show(lambda: tape.gradient(y, v))
# TF declares the V2 backprop ops but registers no kernel for them
g = tf.ones([1, 4, 4, 3])
show(lambda: tf.conv2d_backprop_filter_v2(x, f, g, [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv2d_backprop_input_v2(x, f, g, [1, 1, 1, 1], "VALID", dilations=[1, 2, 2, 1]))
show(lambda: tf.conv2d_backprop_input_v2(x, f, g, [1, 1, 1, 1], "FOO"))
show(lambda: tf.conv2d_backprop_filter_v2(x, f, g, [1, 1, 1, 1], "SAME", data_format="NCDHW"))
show(lambda: tf.conv2d_backprop_filter_v2(tf.cast(x, tf.int64), f, g, [1, 1, 1, 1], "SAME"))
show(lambda: tf.conv2d_backprop_input_v2(x, f, g, 1, "SAME"))
