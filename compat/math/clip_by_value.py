import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


t = tf.constant([[-2.0, 0.0, 1.0], [3.0, 5.0, 6.0]])
print(tf.clip_by_value(t, 0.0, 5.0))
print(tf.clip_by_value(t, [0.0, 1.0, 2.0], 4.0))
print(tf.clip_by_value(tf.constant([-3, 2, 9]), 0, 5))
print(tf.clip_by_value(t, 3.0, 1.0))

v = tf.Variable([-2.0, 0.0, 1.0, 5.0, 6.0])
lo = tf.Variable(0.0)
hi = tf.Variable(5.0)
with tf.GradientTape() as tape:
    y = tf.clip_by_value(v, lo, hi)
print(y)
print(tape.gradient(y, [v, lo, hi]))

with tf.GradientTape() as tape:
    z = tf.reduce_sum(tf.clip_by_value(v, -1.0, 1.0) * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]))
print(tape.gradient(z, v))

show(lambda: tf.clip_by_value(tf.constant([1, 2]), 0.5, 2.5))
show(lambda: tf.clip_by_value(tf.ones([2]), 0.0, tf.ones([2, 2])))
show(lambda: tf.clip_by_value(tf.ones([2]), [0.0, 0.0, 0.0], 3.0))
show(lambda: tf.clip_by_value(tf.constant([True]), False, True))
