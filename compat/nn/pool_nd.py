import tensorflow as tf

x = tf.reshape(tf.range(2 * 5 * 6 * 3, dtype=tf.float32) * 7 % 11 - 5, [2, 5, 6, 3])
print(tf.nn.pool(x, [2, 2], "MAX", strides=[2, 2], padding="SAME")[0, :, :, 0])
print(tf.nn.pool(x, [2, 3], "AVG", padding="SAME")[1, :, :, 2])
print(tf.nn.pool(x[0], [3], "MAX")[:, :, 1])
print(tf.nn.pool(x[0], [3], "AVG", strides=[2], data_format="NCW"))
print(tf.nn.pool(x, [2, 2], "AVG", data_format="NCHW")[0, 0])
print(tf.nn.pool(tf.reshape(x, [2, 5, 6, 3, 1]), [2, 2, 2], "MAX", strides=[1, 1, 1])[0, :, :, 0, 0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.nn.pool(x, [3, 2], "AVG", strides=[1, 2], padding="VALID")
print(tape.gradient(y, x)[0, :, :, 0])
for bad in (lambda: tf.nn.pool(x, [2, 2], "MAX", dilations=[2, 2], padding="SAME"),
            lambda: tf.nn.pool(x, [2, 2], "MIN"),
            lambda: tf.nn.pool(x, [2, 2, 2, 2], "MAX"),
            lambda: tf.nn.pool(x, [2, 2], "MAX", strides=[3, 3]),
            lambda: tf.nn.pool(x, [2, 2], "MAX", strides=[1]),
            lambda: tf.nn.pool(x, [2, 2], "MAX", strides=[2, 2], dilations=[2, 2]),
            lambda: tf.nn.pool(x, [2, 2], "MAX", dilations=[0, 1]),
            lambda: tf.nn.pool(x, [2], "MAX"),
            lambda: tf.nn.pool(x[0], [2], "AVG", data_format="NHWC")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
