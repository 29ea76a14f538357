import tensorflow as tf

x = tf.reshape(tf.range(1 * 4 * 4 * 3 * 2, dtype=tf.float32) * 7 % 11 - 5, [1, 4, 4, 3, 2])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    outs = [tf.nn.max_pool3d(x, 2, 2, "VALID"),
            tf.nn.max_pool3d(x, [2, 3, 2], 1, "SAME"),
            tf.nn.avg_pool3d(x, 2, 2, "SAME"),
            tf.nn.avg_pool3d(x, [3, 1, 2], [1, 2, 1], "VALID")]
for y in outs:
    print(y.shape, y[0, :, 0, 0, 1].numpy().tolist())
    g = tape.gradient(y, x)
    print(g[0, :, :, 0, 0].numpy().tolist())
ties = tf.ones([1, 3, 3, 3, 1])
with tf.GradientTape() as tape:
    tape.watch(ties)
    y = tf.nn.max_pool3d(ties, 2, 1, "SAME")
print(tape.gradient(y, ties)[0, :, :, 0, 0])
# tf.nn.max_pool / avg_pool of 5-D data (TF's gradient of these fails: their data_format attr is None)
print(tf.nn.max_pool(x, 2, 2, "SAME")[0, :, 0, 0, 1].numpy().tolist())
print(tf.nn.avg_pool(x, [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "VALID")[0, :, 0, 0, 1].numpy().tolist())
cf = tf.nn.max_pool3d(tf.transpose(x, [0, 4, 1, 2, 3]), 2, 2, "VALID", data_format="NCDHW")
print(cf.shape, cf[0, 1, :, 0, 0].numpy().tolist())
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.nn.avg_pool3d(x, 2, 1, "SAME") ** 2)
    g = inner.gradient(y, x)
print(outer.gradient(g, x)[0, 0, :, 0, 0].numpy().tolist())
for bad in (lambda: tf.nn.max_pool3d(tf.cast(x, tf.int32), 2, 2, "SAME"),
            lambda: tf.nn.avg_pool3d(tf.cast(x, tf.float64), 2, 2, "SAME"),
            lambda: tf.nn.avg_pool3d(x, 2, 2, "FULL"),
            lambda: tf.nn.max_pool3d(x, [2, 2], 2, "SAME"),
            lambda: tf.nn.avg_pool3d(x, 0, 2, "SAME"),
            lambda: tf.nn.max_pool3d(x, 2, 0, "SAME"),
            lambda: tf.nn.max_pool3d(x, [1, 2, 2, 2, 2], 1, "SAME")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
