import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[1.0, 5.0, 3.0, 2.0, 5.0], [0.0, -1.0, 4.0, 4.0, 9.0]])
print(tf.math.approx_max_k(x, 2))
print(tf.nn.approx_max_k(x, 3, recall_target=0.5))
print(tf.approx_top_k(x, 1))
print(tf.math.approx_max_k(tf.cast(x, tf.float16), 2).values)
print(tf.math.approx_max_k is tf.nn.approx_max_k, tf.math.approx_min_k is tf.nn.approx_min_k)
show(lambda: tf.math.approx_min_k(x, 2))
show(lambda: tf.math.approx_max_k(x, 2, reduction_dimension=0))
show(lambda: tf.approx_top_k(x, 2, is_max_k=False, recall_target=0.9))
show(lambda: tf.math.approx_max_k(x, 6))
show(lambda: tf.math.approx_max_k(tf.constant(1.0), 1))
show(lambda: tf.math.approx_max_k(tf.constant([1.0, 2.0], tf.float64), 1))
show(lambda: tf.math.approx_max_k([1, 2], 1))
v = tf.constant([0.2, 0.7, 1.5, 3.0])
with tf.GradientTape() as t:
    t.watch(v)
    y = tf.math.approx_max_k(v, 2).values * tf.constant([1.0, 10.0])
print(t.gradient(y, v))
