import tensorflow as tf

# integer-valued data: every sum is exact, so the values do not depend on the summation order
x = tf.reshape(tf.range(2 * 4 * 4 * 3 * 2, dtype=tf.float32) % 7 - 3, [2, 4, 4, 3, 2])
f = tf.reshape(tf.range(2 * 2 * 2 * 2 * 3, dtype=tf.float32) % 5 - 2, [2, 2, 2, 2, 3])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, f])
    same = tf.nn.conv3d(x, f, [1, 1, 1, 1, 1], "SAME")
    valid = tf.nn.conv3d(x, f, [1, 2, 1, 2, 1], "VALID")
    dil = tf.nn.conv3d(x, f, [1, 1, 1, 1, 1], "VALID", dilations=[1, 2, 1, 1, 1])
for y in (same, valid, dil):
    print(y.shape, tf.reduce_sum(y).numpy(), y[0, 0, 0].numpy().tolist())
    gx, gf = tape.gradient(y, [x, f])
    print(gx[1, :, 0, 0, 0].numpy().tolist(), gf[:, :, 0, 1, 2].numpy().tolist())
print(tf.nn.convolution(x, f, padding="SAME").shape)
print(tf.nn.convolution(x, f, strides=2, padding="VALID")[1, 0, 0].numpy().tolist())
channels_first = tf.nn.conv3d(tf.transpose(x, [0, 4, 1, 2, 3]), f, [1, 1, 1, 1, 1], "VALID", data_format="NCDHW")
print(channels_first.shape)
for bad in (lambda: tf.nn.conv3d(x, f, 1, "SAME"),
            lambda: tf.nn.conv3d(x, f, [1, 1, 1, 1, 1], "FULL"),
            lambda: tf.nn.conv3d(x, f[:, :, :, :1], [1, 1, 1, 1, 1], "SAME"),
            lambda: tf.nn.conv3d(tf.cast(x, tf.int32), tf.cast(f, tf.int32), [1, 1, 1, 1, 1], "SAME"),
            lambda: tf.nn.conv3d(x, tf.cast(f, tf.float64), [1, 1, 1, 1, 1], "SAME"),
            lambda: tf.nn.conv3d(x, f, [2, 1, 1, 1, 1], "SAME")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
