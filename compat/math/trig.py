import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([-1.0, -0.5, 0.0, 0.5, 1.0])
print(tf.sin(x))
print(tf.cos(x))
print(tf.tan(x))
print(tf.asin(x))
print(tf.acos(x))
print(tf.atan(x))
print(tf.math.atan2(x, tf.constant([1.0, -1.0, 0.0, -2.0, 0.0])))
print(tf.sin(x).numpy().round(4))

v = tf.Variable([-0.5, 0.0, 0.5, 1.0])
with tf.GradientTape(persistent=True) as tape:
    ys = [tf.sin(v), tf.cos(v), tf.tan(v), tf.asin(v), tf.acos(v), tf.atan(v)]
for y in ys:
    print(tape.gradient(y, v))

yv = tf.Variable([1.0, -2.0])
xv = tf.Variable([[3.0, 0.5], [-1.0, 2.0]])
with tf.GradientTape() as tape:
    z = tf.atan2(yv, xv)
print(z)
print(tape.gradient(z, [yv, xv]))

show(lambda: tf.atan2(tf.constant([1]), tf.constant([2])))
show(lambda: tf.sin(tf.constant([1, 2])))
show(lambda: tf.math.atan2(tf.constant([1.0]), tf.constant([1])))
