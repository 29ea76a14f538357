import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([1.0, float("nan"), float("inf"), -float("inf"), 0.0])
print(tf.math.is_nan(x))
print(tf.math.is_inf(x))
print(tf.math.is_finite(x))
e = tf.constant([-3.0, -1.0, -0.1, 0.0, 0.5, 1.0, 2.0, 4.0])
print(tf.math.erf(e))
print(tf.math.xlogy(tf.constant([0.0, 0.0, 1.0, 2.0]), tf.constant([0.0, -1.0, 2.0, 0.5])))
print(tf.math.xdivy(tf.constant([0.0, 0.0, 1.0, 2.0]), tf.constant([0.0, -1.0, 2.0, 0.5])))

v = tf.Variable([-1.0, 0.0, 0.5, 2.0])
with tf.GradientTape() as tape:
    y = tf.math.erf(v)
print(tape.gradient(y, v))
with tf.GradientTape() as tape:
    y = tf.where(tf.math.is_nan(v), 0.0, v * 3.0)
print(tape.gradient(y, v))

xv = tf.Variable([0.0, 1.0, 2.0])
yv = tf.Variable([2.0, 3.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    xl = tf.math.xlogy(xv, yv)
    xd = tf.math.xdivy(xv, yv)
print(tape.gradient(xl, [xv, yv]))
print(tape.gradient(xd, [xv, yv]))

show(lambda: tf.math.is_nan(tf.constant([1, 2])))
show(lambda: tf.math.erf(tf.constant([1])))
show(lambda: tf.math.xlogy(tf.constant([1]), tf.constant([1])))
show(lambda: tf.math.is_finite([1, 2]))
