import tensorflow as tf

x = tf.reshape(tf.range(1 * 2 * 3 * 2 * 3, dtype=tf.float32) % 4 - 1, [1, 2, 3, 2, 3])
f = tf.reshape(tf.range(2 * 2 * 2 * 2 * 3, dtype=tf.float32) % 3 - 1, [2, 2, 2, 2, 3])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, f])
    up = tf.nn.conv3d_transpose(x, f, [1, 4, 6, 4, 2], strides=2, padding="SAME")
    same = tf.nn.conv3d_transpose(x, f, [1, 2, 3, 2, 2], strides=[1, 1, 1, 1, 1], padding="SAME")
    valid = tf.nn.conv3d_transpose(x, f, [1, 3, 4, 3, 2], strides=1, padding="VALID")
for y in (up, same, valid):
    print(y.shape, tf.reduce_sum(y).numpy(), y[0, :, 0, 0, 1].numpy().tolist())
    gx, gf = tape.gradient(y, [x, f], output_gradients=y)
    print(gx[0, 0, :, 0].numpy().tolist(), gf[1, :, 0, 1].numpy().tolist())
print(tf.nn.conv_transpose(x, f, [1, 4, 6, 4, 2], strides=2).shape)
for bad in (lambda: tf.nn.conv3d_transpose(x, f, [1, 4, 6, 4, 5], 2, "SAME"),
            lambda: tf.nn.conv3d_transpose(x, f, [1, 4, 6, 4, 2], [1, 2, 2], "SAME", dilations=[1, 2]),
            lambda: tf.nn.conv_transpose(x, f, [1, 2, 3, 4, 5, 6], 1)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
