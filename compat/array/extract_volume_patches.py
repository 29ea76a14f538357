import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.reshape(tf.range(48.0), [1, 2, 4, 3, 2])
print(tf.extract_volume_patches(x, [1, 2, 2, 2, 1], [1, 1, 2, 1, 1], "VALID"))
print(tf.extract_volume_patches(x, [1, 1, 3, 2, 1], [1, 1, 2, 2, 1], "SAME")[0, 0, :, :, :4])
print(tf.extract_volume_patches(x, [1, 3, 2, 2, 1], [1, 1, 2, 1, 1], "VALID").shape)
print(tf.extract_volume_patches(tf.reshape(tf.range(8, dtype=tf.int64), [2, 1, 2, 2, 1]), [1, 1, 2, 1, 1],
                                [1, 1, 1, 2, 1], "SAME"))
v = tf.Variable(x)
with tf.GradientTape() as tape:
    y = tf.extract_volume_patches(v, [1, 2, 3, 2, 1], [1, 1, 2, 1, 1], "SAME")
    loss = tf.reduce_sum(y * y)
print(tape.gradient(loss, v)[0, :, :, :, 0])
show(lambda: tf.extract_volume_patches(x, [1, 2, 2, 2], [1, 1, 2, 1, 1], "VALID"))
show(lambda: tf.extract_volume_patches(x, [2, 2, 2, 2, 1], [1, 1, 2, 1, 1], "VALID"))
show(lambda: tf.extract_volume_patches(x, [1, 2, 2, 2, 1], [1, 1, 2, 1, 2], "VALID"))
show(lambda: tf.extract_volume_patches(x, [1, 2, 2, 2, 1], [1, 1, 2, 1, 1], "FULL"))
show(lambda: tf.extract_volume_patches(x[0], [1, 2, 2, 2, 1], [1, 1, 2, 1, 1], "VALID"))
show(lambda: tf.extract_volume_patches(tf.cast(x, tf.bool), [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], "VALID"))
show(lambda: tf.extract_volume_patches(x, [1, 0, 2, 2, 1], [1, 1, 2, 1, 1], "VALID"))
show(lambda: tf.extract_volume_patches(x, [1, 2, 2, 2, 1], [1, 0, 2, 1, 1], "VALID"))
