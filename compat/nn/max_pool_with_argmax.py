import tensorflow as tf

x = tf.reshape(tf.range(2 * 4 * 5 * 2, dtype=tf.float32) * 7 % 11 - 5, [2, 4, 5, 2])
out, argmax = tf.nn.max_pool_with_argmax(x, 2, 2, "SAME")
print(out[1, :, :, 0])
print(argmax[1, :, :, 0])
result = tf.nn.max_pool_with_argmax(x, 3, 1, "VALID", include_batch_in_index=True)
print(type(result).__name__, result.argmax[1, :, :, 1])
print(tf.nn.max_pool_with_argmax(x, [2, 3], [1, 2], "SAME", output_dtype=tf.int32).argmax[0, :, :, 0])
nan = float("nan")
print(tf.nn.max_pool_with_argmax(tf.constant([[[[nan], [1.0]], [[2.0], [nan]]]]), 2, 1, "SAME"))
print(tf.nn.max_pool_with_argmax(tf.constant([[[[3], [7]], [[7], [1]]]], tf.int32), 2, 1, "VALID"))
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y, _ = tf.nn.max_pool_with_argmax(x, 2, 1, "SAME")
    y2, _ = tf.nn.max_pool_with_argmax(x, 3, 2, "SAME", include_batch_in_index=True)
    y3, _ = tf.nn.max_pool_with_argmax(x, 2, 2, "SAME", output_dtype=tf.int32)
print(tape.gradient(y, x)[1, :, :, 0])
print(tape.gradient(y2, x, output_gradients=y2)[0, :, :, 1])
for bad in (lambda: tape.gradient(y3, x),
            lambda: tf.nn.max_pool_with_argmax(x, 2, 2, "SAME", output_dtype=tf.float32),
            lambda: tf.nn.max_pool_with_argmax(tf.cast(x, tf.complex64), 2, 2, "SAME"),
            lambda: tf.nn.max_pool_with_argmax(x, 2, 2, "SAME", data_format="NCHW"),
            lambda: tf.nn.max_pool_with_argmax(x, 2, 2, "FULL"),
            lambda: tf.nn.max_pool_with_argmax(x, 0, 2, "SAME"),
            lambda: tf.nn.max_pool_with_argmax(x, 2, 0, "SAME"),
            lambda: tf.nn.max_pool_with_argmax(x, [1, 2, 2, 2], 1, "SAME")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
