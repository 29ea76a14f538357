import tensorflow as tf

x = tf.constant([[1.0, 3.0, 3.0, 0.0], [2.0, 3.0, -1.0, 5.0], [0.0, 1.0, 4.0, 4.0], [7.0, 2.0, 4.0, 4.0]])
x = tf.reshape(x, [1, 4, 4, 1])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    mp = tf.nn.max_pool2d(x, ksize=2, strides=2, padding="VALID")
    mps = tf.nn.max_pool2d(x, ksize=3, strides=1, padding="SAME")
    ap = tf.nn.avg_pool2d(x, ksize=2, strides=2, padding="VALID")
    aps = tf.nn.avg_pool2d(x, ksize=3, strides=2, padding="SAME")
    mp2 = tf.nn.max_pool(x, 2, 1, "VALID")
    ap2 = tf.nn.avg_pool(x, [2, 1], [1, 2], "SAME")
for y in (mp, mps, ap, aps, mp2, ap2):
    print(y[0, :, :, 0])
    print(tape.gradient(y, x)[0, :, :, 0])
s = tf.reshape(tf.constant([1.0, 5.0, 2.0, 5.0, 3.0]), [1, 5, 1])
with tf.GradientTape() as tape:
    tape.watch(s)
    p = tf.nn.max_pool1d(s, 2, 1, "VALID")
print(p[0, :, 0], tape.gradient(p, s)[0, :, 0])
print(tf.nn.avg_pool1d(s, 3, 2, "SAME")[0, :, 0])
print(tf.nn.max_pool2d(tf.ones([1, 3, 3, 2], tf.int32), 2, 1, "VALID").shape)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.nn.max_pool2d(x, 2, 2, "VALID") ** 2)
    g = inner.gradient(y, x)
print(outer.gradient(g, x)[0, :, :, 0])
for f in (lambda: tf.nn.max_pool2d(tf.ones([2, 3]), 2, 1, "VALID"),
          lambda: tf.nn.avg_pool2d(tf.ones([1, 3, 3, 1], tf.int32), 2, 1, "VALID")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
