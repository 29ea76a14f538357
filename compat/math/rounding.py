import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.4, -2.6, 3.7])
print(tf.round(x))
print(tf.math.round(x))
print(tf.floor(x))
print(tf.math.ceil(x))
print(tf.round(tf.constant([1, -2, 3])))
print(tf.round(tf.constant([0.5, 1.5], tf.float64)))

v = tf.Variable([0.4, 1.5, -2.7])
with tf.GradientTape(persistent=True) as tape:
    r = tf.round(v)
    f = tf.floor(v)
    c = tf.math.ceil(v)
    mixed = tf.round(v) + v * 2.0
print(tape.gradient(r, v))
print(tape.gradient(f, v))
print(tape.gradient(c, v))
print(tape.gradient(mixed, v))

show(lambda: tf.floor(tf.constant([1, 2])))
show(lambda: tf.math.ceil([1, 2]))
