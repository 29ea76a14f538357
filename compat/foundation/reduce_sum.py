import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


x = tf.constant([[1, 2, 3], [4, 5, 6]], dtype=tf.float32)
print(tf.reduce_sum(x))
print(tf.reduce_sum(x, axis=0))
print(tf.reduce_sum(x, axis=1))
print(tf.reduce_sum(x, axis=-1, keepdims=True))
print(tf.reduce_sum(x, axis=[0, 1]))
print(tf.reduce_sum(x, axis=tf.constant([1])))
print(tf.reduce_sum([1, 2, 3]))
print(tf.reduce_sum(tf.constant([100, 100], dtype=tf.int8)))
show(lambda: tf.reduce_sum(tf.ones((2, 3)), axis=2))
show(lambda: tf.reduce_sum(tf.ones((2, 3)), axis=-3))
show(lambda: tf.reduce_sum(tf.ones((2, 3)), axis=[0, -2]))
show(lambda: tf.reduce_sum(tf.ones(()), axis=0))
show(lambda: tf.reduce_sum(tf.constant([True])))
show(lambda: tf.reduce_sum(tf.ones((2, 3)), axis=1.0))
