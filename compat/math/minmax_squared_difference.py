import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


a = tf.constant([1.0, 5.0, 3.0, float("nan")])
b = tf.constant([2.0, 5.0, 1.0, 0.0])
print(tf.maximum(a, b))
print(tf.minimum(a, b))
print(tf.math.maximum(tf.constant([1, 7]), 4))
print(tf.math.squared_difference(a, b))
print(tf.math.squared_difference(tf.constant([1, 5]), 2))

x = tf.Variable([1.0, 5.0, 3.0])
y = tf.Variable([2.0, 5.0, 1.0])
with tf.GradientTape(persistent=True) as tape:
    mx = tf.maximum(x, y)
    mn = tf.minimum(x, y)
    sd = tf.math.squared_difference(x, y)
print(tape.gradient(mx, [x, y]))
print(tape.gradient(mn, [x, y]))
print(tape.gradient(sd, [x, y]))

m = tf.Variable([[1.0, -2.0], [3.0, 0.0]])
s = tf.Variable(0.0)
with tf.GradientTape(persistent=True) as tape:
    relu = tf.maximum(m, s)
    capped = tf.minimum(m, [1.0, 0.0])
    sq = tf.math.squared_difference(m, [1.0, 1.0])
print(relu, tape.gradient(relu, [m, s]))
print(capped, tape.gradient(capped, m))
print(tape.gradient(sq, m))

show(lambda: tf.maximum(tf.ones([2]), tf.ones([3])))
show(lambda: tf.maximum(tf.ones([2]), [1.0, 2.0, 3.0]))
show(lambda: tf.minimum(tf.constant([1.0]), tf.constant([1])))
show(lambda: tf.maximum(tf.constant([True]), tf.constant([False])))
show(lambda: tf.math.squared_difference(tf.constant([True]), tf.constant([True])))
