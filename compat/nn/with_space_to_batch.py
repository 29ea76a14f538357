import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.reshape(tf.range(50.0), [1, 5, 5, 2])
filt = tf.ones([2, 2, 2, 1])


def conv(inp, num_spatial_dims, padding):
    return tf.nn.conv2d(inp, filt, [1, 1, 1, 1], padding)


print(tf.nn.with_space_to_batch(x, [2, 2], "VALID", conv)[0, :, :, 0])
print(tf.nn.with_space_to_batch(x, [2, 1], "SAME", conv, filter_shape=[2, 2])[0, :, :, 0])
print(tf.nn.with_space_to_batch(x, [1, 1], "SAME", conv)[0, :, :, 0])
print(tf.nn.with_space_to_batch(tf.reshape(tf.range(12.0), [1, 12, 1]), [3], "VALID",
                                lambda t, n, p: tf.nn.max_pool1d(t, 2, 1, p))[0, :, 0])
print(tf.nn.with_space_to_batch(tf.reshape(tf.range(24.0), [2, 3, 4]), [2], "VALID", lambda t, n, p: t * 2,
                                spatial_dims=[2]))
v = tf.Variable(x)
with tf.GradientTape() as tape:
    y = tf.nn.with_space_to_batch(v, [2, 2], "SAME", conv, filter_shape=[2, 2])
    loss = tf.reduce_sum(y * y)
print(tape.gradient(loss, v)[0, :, :, 0])
show(lambda: tf.nn.with_space_to_batch(x, [2, 2], "SAME", conv))
show(lambda: tf.nn.with_space_to_batch(x, [0, 2], "VALID", conv))
show(lambda: tf.nn.with_space_to_batch(x, [[2, 2]], "VALID", conv))
show(lambda: tf.nn.with_space_to_batch(x, [2, 2], "same", conv))
show(lambda: tf.nn.with_space_to_batch(x, [2, 2], "VALID", conv, spatial_dims=[2, 1]))
show(lambda: tf.nn.with_space_to_batch(x, [2, 2], "VALID", conv, spatial_dims=[1, 4]))
