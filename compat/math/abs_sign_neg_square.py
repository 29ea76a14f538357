import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([-2.0, -0.0, 0.0, 3.0, float("nan")])
print(tf.abs(x))
print(tf.math.abs(tf.constant([-3, 0, 4])))
print(tf.abs(tf.constant([3.0 + 4.0j, -1.0j])))
print(tf.sign(x))
print(tf.sign(tf.constant([-5, 0, 7])))
print(tf.negative(x))
print(tf.math.negative(tf.constant([1, -2])))
print(tf.square(x))
print(tf.math.square(tf.constant([3, -4], tf.int64)))
print(tf.math.reciprocal(tf.constant([2.0, -0.5, 0.0])))

v = tf.Variable([-2.0, 0.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    ys = [tf.abs(v), tf.sign(v), tf.negative(v), tf.square(v), tf.math.reciprocal(v), -v, abs(v)]
for y in ys:
    print(tape.gradient(y, v))

r = tf.Variable(2.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = tf.math.reciprocal(r) + tf.square(r)
    g = inner.gradient(y, r)
print(g, outer.gradient(g, r))

show(lambda: tf.abs(tf.constant([1], tf.uint8)))
show(lambda: tf.math.reciprocal(tf.constant([1, 2])))
show(lambda: tf.negative(tf.constant([True])))
show(lambda: tf.square(["a"]))
show(lambda: tf.sign(tf.constant([True])))
