import tensorflow as tf


@tf.function
def poly_loop(x, n):
    i = tf.constant(0)
    acc = tf.zeros_like(x)
    acc, _ = tf.while_loop(lambda a, i: i < n, lambda a, i: (a * x + 1.0, i + 1), (acc, i))
    return acc


@tf.function
def piecewise(x):
    return tf.case([(x < -1.0, lambda: -x), (x > 1.0, lambda: x * x)], default=lambda: tf.sin(x))


@tf.function
def rowwise(m):
    return tf.map_fn(lambda r: tf.reduce_max(r) - tf.reduce_min(r), m)


x = tf.constant(1.5)
print(poly_loop(x, tf.constant(3)), poly_loop(tf.constant(0.5), tf.constant(5)))
for v in [-2.0, 0.5, 3.0]:
    print(piecewise(tf.constant(v)))
print(rowwise(tf.constant([[1.0, 5.0, -2.0], [0.5, 0.25, 4.0]])))
w = tf.Variable(0.75)
with tf.GradientTape() as tape:
    y = poly_loop(w, tf.constant(4)) + piecewise(w) + tf.reduce_sum(rowwise(tf.stack([[w, 2.0 * w], [w * w, 1.0]])))
print(y, tape.gradient(y, w))
ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
for i in tf.range(4):
    ta = ta.write(i, i * i)
print(ta.stack(), ta.size())
print(tf.nest.map_structure(lambda t: t * 2, {"a": tf.constant(1), "b": [tf.constant(2.0), (tf.constant(3),)]}))
