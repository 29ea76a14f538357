import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    r = tf.reverse(x, axis=[1])
    y = tf.reduce_sum(r * tf.constant([1.0, 2.0, 3.0]))
print(r)
print(tf.reverse(x, [0, -1]))
print(tape.gradient(y, x))
print(tf.one_hot([0, 2, -1, 5], depth=3))
print(tf.one_hot([[0, 1], [1, 0]], 2, on_value=5, off_value=-1))
print(tf.one_hot([1, 0], 3, axis=0, dtype=tf.float64))
print(tf.eye(3))
print(tf.eye(2, 3, dtype=tf.int32))
print(tf.eye(2, batch_shape=[2]))
print(tf.linalg.eye(2))
for f in (lambda: tf.reverse(x, [2]), lambda: tf.reverse(x, [0, 0]), lambda: tf.one_hot([0, 1], -1),
          lambda: tf.one_hot([0.5, 1.0], 3), lambda: tf.one_hot([0], 2, on_value=1.0, dtype=tf.int32),
          lambda: tf.eye(-1)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
