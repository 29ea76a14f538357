import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


p = tf.constant([True, True, False, False])
q = tf.constant([True, False, True, False])
print(tf.logical_and(p, q))
print(tf.logical_or(p, q))
print(tf.logical_not(p))
print(tf.math.logical_xor(p, q))
a = tf.constant([1.0, 2.0, 3.0])
b = tf.constant([3.0, 2.0, 1.0])
for f in (tf.equal, tf.not_equal, tf.less, tf.less_equal, tf.greater, tf.greater_equal):
    print(f(a, b))
print(tf.math.equal(tf.constant(["a", "b"]), "a"))
print(tf.math.less(1, 2), tf.greater_equal(2.5, 2.5))

v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    mask = tf.cast(tf.greater(v, 1.5), tf.float32)
    y = v * mask
print(tape.gradient(y, v))
with tf.GradientTape() as tape:
    y = tf.cast(tf.equal(v, 2.0), tf.float32)
print(tape.gradient(y, v))

show(lambda: tf.logical_and(tf.constant([1]), tf.constant([0])))
show(lambda: tf.logical_not(tf.constant([1.0])))
show(lambda: tf.math.logical_xor(tf.constant([1]), tf.constant([1])))
show(lambda: tf.logical_and(tf.constant([True]), [1]))
show(lambda: tf.less(tf.constant(["a"]), tf.constant(["b"])))
show(lambda: tf.equal(tf.ones([2]), tf.ones([3])))
show(lambda: tf.greater(tf.constant([1.0]), tf.constant([1])))
