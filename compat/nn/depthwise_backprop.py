import tensorflow as tf

x = tf.reshape(tf.range(2 * 5 * 6 * 3, dtype=tf.float32) * 7 % 11 - 5, [2, 5, 6, 3])
f = tf.reshape(tf.range(3 * 2 * 3 * 2, dtype=tf.float32) % 5 - 2, [3, 2, 3, 2])
g = tf.reshape(tf.range(2 * 5 * 6 * 6, dtype=tf.float32) % 3 - 1, [2, 5, 6, 6])
dx = tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 3], f, g, [1, 1, 1, 1], "SAME")
df = tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 3, 2], g, [1, 1, 1, 1], "SAME")
print(dx[1, :, :, 2])
print(df[:, :, 1, :])
# they are depthwise_conv2d's gradients
with tf.GradientTape() as tape:
    tape.watch([x, f])
    y = tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "SAME")
gx, gf = tape.gradient(y, [x, f], output_gradients=g)
print(bool(tf.reduce_all(gx == dx)), bool(tf.reduce_all(gf == df)))
print(tf.nn.depthwise_conv2d_backprop_input([2, 10, 12, 3], f, g, [1, 2, 2, 1], "SAME")[0, :4, :4, 0])
print(tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 3, 2], g[:, :3, :5], [1, 1, 1, 1], "VALID")[:, :, 0, 0])
nchw = tf.nn.depthwise_conv2d_backprop_input([2, 3, 5, 6], f, tf.transpose(g, [0, 3, 1, 2]), [1, 1, 1, 1], "SAME",
                                             data_format="NCHW")
print(nchw.shape, bool(tf.reduce_all(tf.transpose(nchw, [0, 2, 3, 1]) == dx)))
with tf.GradientTape(persistent=True) as tape:
    tape.watch([f, g, x])
    a = tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 3], f, g, [1, 1, 1, 1], "SAME")
    b = tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 3, 2], g, [1, 1, 1, 1], "SAME")
ga = tape.gradient(a, [f, g, x], output_gradients=a)
gb = tape.gradient(b, [f, g, x], output_gradients=b)
print(ga[0][:, :, 0, 0], ga[1][0, 0, :, 1], ga[2])
print(gb[0], gb[1][0, 0, :, 1], gb[2][1, 1, :, 2])
for bad in (lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 3], f, g[..., :5], [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], f, g, [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 3], f, g, [1, 1, 1, 1], "FULL"),
            lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 3], f, g, 1, "SAME"),
            lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 3], tf.cast(f, tf.int32), tf.cast(g, tf.int32),
                                                          [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 3, 2], g[:, :4], [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 3, 3], g, [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 3, 2], g, [2, 1, 1, 1], "SAME")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
