import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[1.0, 7.0, 7.0], [4.0, 2.0, 4.0]])
print(tf.reduce_max(x), tf.reduce_min(x))
print(tf.reduce_max(x, axis=0), tf.math.reduce_min(x, axis=1))
print(tf.reduce_max(x, axis=1, keepdims=True))
print(tf.reduce_max(tf.constant([1.0, float("nan"), 3.0])), tf.reduce_min(tf.constant([1.0, float("nan")])))
print(tf.reduce_max(tf.zeros([0])), tf.reduce_min(tf.zeros([0], tf.int32)))
print(tf.reduce_max(tf.constant([3, -9, 5])))

v = tf.Variable([[1.0, 7.0, 7.0], [4.0, 2.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    mx = tf.reduce_max(v)
    mx1 = tf.reduce_max(v, axis=1)
    mn0 = tf.reduce_min(v, axis=0)
    mnk = tf.reduce_min(v, axis=1, keepdims=True)
for y in (mx, mx1, mn0, mnk):
    print(tape.gradient(y, v))

c = tf.Variable([2.0, 2.0, 2.0, 1.0])
with tf.GradientTape() as tape:
    y = tf.reduce_max(c) * 3.0
print(tape.gradient(y, c))

show(lambda: tf.reduce_max(x, axis=5))
show(lambda: tf.reduce_min(x, axis=-3))
show(lambda: tf.reduce_max(tf.constant([True])))
show(lambda: tf.reduce_min(x, axis=(1, 1)))
