import tensorflow as tf

x = tf.reshape(tf.range(2 * 5 * 6 * 3, dtype=tf.float32) * 7 % 11 - 5, [2, 5, 6, 3])
f = tf.reshape(tf.range(3 * 2 * 2 * 3, dtype=tf.float32) % 5 - 2, [3, 2, 2, 3])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, f])
    outs = [tf.nn.atrous_conv2d_transpose(x, f, [2, 5, 6, 2], 2, "SAME"),
            tf.nn.atrous_conv2d_transpose(x, f, [2, 9, 8, 2], 2, "VALID"),
            tf.nn.atrous_conv2d_transpose(x, f, [2, 5, 6, 2], 1, "SAME"),
            tf.nn.atrous_conv2d_transpose(x, f, (2, 5, 6, 2), 3, "SAME")]
for y in outs:
    print(y.shape, y[1, :, :, 0].numpy().tolist())
    gx, gf = tape.gradient(y, [x, f])
    print(gx[0, 0].numpy().tolist(), gf[:, :, 1, 2].numpy().tolist())
# the transpose of atrous_conv2d
with tf.GradientTape() as tape:
    z = tf.zeros([2, 5, 6, 2])
    tape.watch(z)
    c = tf.nn.atrous_conv2d(z, f, 2, "SAME")
print(bool(tf.reduce_all(tape.gradient(c, z, output_gradients=x) == outs[0])))
for bad in (lambda: tf.nn.atrous_conv2d_transpose(x, tf.transpose(f, [0, 1, 3, 2]), [2, 5, 6, 2], 2, "SAME"),
            lambda: tf.nn.atrous_conv2d_transpose(x, f, [2, 5, 6, 2], 0, "SAME"),
            lambda: tf.nn.atrous_conv2d_transpose(x, f, [2, 5, 6], 2, "SAME"),
            lambda: tf.nn.atrous_conv2d_transpose(x, f, [2, 5, 6, 4], 2, "SAME"),
            lambda: tf.nn.atrous_conv2d_transpose(x, f, [2, 5, 6, 2], 2, "FULL")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
