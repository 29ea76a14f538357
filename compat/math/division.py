import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


a = tf.constant([-7, 7, -7, 7, 0])
b = tf.constant([2, 2, -2, -2, 3])
print(tf.math.floordiv(a, b))
print(tf.math.floormod(a, b))
print(tf.math.mod(a, b))
print(tf.truncatediv(a, b))
print(tf.truncatemod(a, b))
print(tf.divide(a, b))
print(tf.math.truediv(tf.constant([1, 2], tf.int8), tf.constant([4, 8], tf.int8)))
print(a // b, a % b)

fa = tf.constant([-7.0, 7.0, -4.0, 7.5, 1.0])
fb = tf.constant([2.0, -2.0, 2.0, 0.0, 0.0])
print(tf.math.floordiv(fa, fb))
print(tf.math.floormod(fa, fb))
print(tf.truncatediv(fa, fb))
print(tf.truncatemod(fa, fb))
print(tf.realdiv(fa, fb))
print(tf.math.divide_no_nan(fa, fb))
print(tf.math.divide_no_nan(tf.constant([1, 2]), tf.constant([0, 4])))

x = tf.Variable([3.0, -5.0, 6.0])
y = tf.Variable([2.0, 3.0, 0.0])
with tf.GradientTape(persistent=True) as tape:
    q = tf.divide(x, y)
    m = tf.math.floormod(x, y)
    fd = tf.math.floordiv(x, y)
    dnn = tf.math.divide_no_nan(x, y)
print(tape.gradient(q, [x, y]))
print(tape.gradient(m, [x, y]))
print(tape.gradient(fd, [x, y]))
print(tape.gradient(dnn, [x, y]))

show(lambda: tf.math.floordiv(a, 0))
show(lambda: tf.math.floormod(a, tf.zeros_like(a)))
show(lambda: tf.truncatediv(a, tf.zeros_like(a)))
show(lambda: tf.truncatemod(a, tf.zeros_like(a)))
show(lambda: tf.math.divide_no_nan(tf.constant([True]), tf.constant([True])))
show(lambda: tf.math.divide_no_nan(tf.constant([1.0]), tf.constant([1])))
show(lambda: tf.math.truediv(tf.constant(["a"]), tf.constant(["b"])))
show(lambda: tf.math.floordiv(tf.constant([True]), tf.constant([True])))
