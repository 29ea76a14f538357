import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


b = tf.constant([[True, False, True], [True, True, True]])
print(tf.reduce_all(b), tf.reduce_any(b))
print(tf.reduce_all(b, axis=0), tf.math.reduce_any(b, axis=1))
print(tf.reduce_all(b, axis=1, keepdims=True))
print(tf.reduce_any(tf.zeros([0], tf.bool)), tf.reduce_all(tf.zeros([0], tf.bool)))
print(tf.reduce_all([True, True]), tf.reduce_any([[False], [False]]))

show(lambda: tf.reduce_all(tf.constant([1.0])))
show(lambda: tf.reduce_any(tf.constant([True]), axis=5))
show(lambda: tf.reduce_all([1.0]))
show(lambda: tf.reduce_any(b, axis=[0, 0]))
