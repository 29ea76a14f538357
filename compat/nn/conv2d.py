import tensorflow as tf

x = tf.reshape(tf.range(50.0), [1, 5, 5, 2]) / 10.0
k = tf.reshape(tf.range(36.0), [3, 3, 2, 2]) / 20.0 - 0.5
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, k])
    same = tf.nn.conv2d(x, k, strides=1, padding="SAME")
    valid = tf.nn.conv2d(x, k, strides=[1, 2, 2, 1], padding="VALID")
    s2 = tf.nn.conv2d(x, k, strides=2, padding="SAME")
    dil = tf.nn.conv2d(x, k, strides=1, padding="SAME", dilations=2)
print(same)
print(valid)
print(s2.shape, dil.shape)
print(dil[0, :, :, 0])
for y in (same, valid, s2, dil):
    gx, gk = tape.gradient(y, [x, k])
    print(gx[0, :, :, 0])
    print(gk[:, :, 0, 1])
print(tf.nn.conv2d(tf.ones([1, 3, 3, 1], tf.int32), tf.ones([2, 2, 1, 1], tf.int32), 1, "VALID"))
with tf.GradientTape() as outer:
    outer.watch(k)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.nn.conv2d(x, k, 1, "SAME") ** 2)
    g = inner.gradient(y, x)
print(outer.gradient(g, k)[:, :, 1, 0])
for f in (lambda: tf.nn.conv2d(x, tf.ones([3, 3, 3, 4]), 1, "SAME"), lambda: tf.nn.conv2d(x, k, 1, "FULL"),
          lambda: tf.nn.conv2d(x, k, [1, 2, 2, 2], "SAME"),
          lambda: tf.nn.conv2d(x, tf.ones([3, 3, 2, 2], tf.float64), 1, "SAME"),
          lambda: tf.nn.conv2d(x, k, [1, 2, 2], "SAME")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
