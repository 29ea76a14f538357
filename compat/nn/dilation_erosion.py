import tensorflow as tf

x = tf.reshape(tf.range(1 * 4 * 5 * 2, dtype=tf.float32) * 7 % 11 - 5, [1, 4, 5, 2])
f = tf.reshape(tf.range(2 * 3 * 2, dtype=tf.float32) % 4 - 1, [2, 3, 2])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, f])
    outs = [tf.nn.dilation2d(x, f, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
            tf.nn.dilation2d(x, f, [1, 2, 1, 1], "VALID", "NHWC", [1, 1, 2, 1]),
            tf.nn.erosion2d(x, f, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
            tf.nn.erosion2d(x, f, [1, 2, 2, 1], "SAME", "NHWC", [1, 2, 1, 1])]
for y in outs:
    print(y[0, :, :, 0])
    gx, gf = tape.gradient(y, [x, f])
    print(gx[0, :, :, 1].numpy().tolist())
    print(gf[:, :, 0].numpy().tolist())
print(tf.nn.dilation2d(tf.cast(x, tf.int32), tf.cast(f, tf.int32), [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])[0, 0])
print(tf.nn.dilation2d(tf.constant([[[[0.0], [float("nan")]], [[float("-inf")], [2.0]]]]), tf.zeros([2, 2, 1]),
                       [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])[0, :, :, 0])
for bad in (lambda: tf.nn.dilation2d(x, f, [1, 1, 1, 1], "SAME", "NCHW", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(x, f, 1, "SAME", "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(x, f, [1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(x, f, [1, 1, 1, 1], "FULL", "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(x, f[..., :1], [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(x[0], f, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(tf.cast(x, tf.complex64), tf.cast(f, tf.complex64), [1, 1, 1, 1], "SAME",
                                     "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(x, tf.cast(f, tf.float64), [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.dilation2d(x, f, [2, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
            lambda: tf.nn.erosion2d(x, f, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 2]),
            lambda: tf.nn.dilation2d(x, tf.ones([9, 9, 2]), [1, 1, 1, 1], "VALID", "NHWC", [1, 1, 1, 1])):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
