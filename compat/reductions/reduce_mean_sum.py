import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[1.0, 2.0, 4.0], [3.0, 5.0, 8.0]])
print(tf.reduce_mean(x))
print(tf.reduce_mean(x, axis=0))
print(tf.math.reduce_mean(x, axis=1, keepdims=True))
print(tf.reduce_mean(x, axis=[0, 1]))
print(tf.reduce_mean(x, axis=-1))
print(tf.reduce_mean(tf.constant([1, 2, 4])))
print(tf.reduce_mean(tf.constant([-3, -4])))
print(tf.reduce_mean(tf.constant([255, 255], tf.uint8)))
print(tf.reduce_mean(tf.constant([2**30, 2**30, 2**30])))
print(tf.reduce_mean(tf.zeros([0])), tf.reduce_mean(tf.zeros([0], tf.int32)))
print(tf.reduce_sum(x, axis=1), tf.reduce_sum(tf.constant([100, 100], tf.int8)))

v = tf.Variable([[1.0, 2.0, 4.0], [3.0, 5.0, 8.0]])
with tf.GradientTape(persistent=True) as tape:
    m_all = tf.reduce_mean(v)
    m0 = tf.reduce_mean(v, axis=0)
    m1 = tf.reduce_mean(v, axis=1, keepdims=True)
    loss = tf.reduce_mean(tf.square(v - 2.0))
for y in (m_all, m0, m1, loss):
    print(tape.gradient(y, v))

s = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = tf.reduce_mean(s * s)
print(tape.gradient(y, s))

show(lambda: tf.reduce_mean(x, axis=5))
show(lambda: tf.reduce_mean(x, axis=[0, 0]))
show(lambda: tf.reduce_mean(x, axis=tf.constant([1, 1])))
show(lambda: tf.reduce_mean(tf.constant([True])))
show(lambda: tf.reduce_mean([1.0, 2.0], axis=3))
show(lambda: tf.reduce_sum(x, axis=-3))
