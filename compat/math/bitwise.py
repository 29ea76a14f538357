import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


a = tf.constant([0, 5, 3, 14, -1], tf.int32)
b = tf.constant([0, 3, 6, 9, 7], tf.int32)
print(tf.bitwise.bitwise_and(a, b))
print(tf.bitwise.bitwise_or(a, b))
print(tf.bitwise.bitwise_xor(a, b))
print(tf.bitwise.invert(a))
print(tf.bitwise.invert(tf.constant([0, 255], tf.uint8)))
print(tf.bitwise.left_shift(tf.constant([1, 1, -8, 3], tf.int8), tf.constant([3, 9, -1, 7], tf.int8)))
print(tf.bitwise.right_shift(tf.constant([-8, 8, 8, -128], tf.int8), tf.constant([1, 9, -1, 7], tf.int8)))
print(tf.bitwise.left_shift(tf.constant([1, 255], tf.uint8), tf.constant([3, 8], tf.uint8)))
print(a & b, a | b, a ^ b, ~a)

show(lambda: tf.bitwise.bitwise_and(tf.constant([1.0]), tf.constant([1.0])))
show(lambda: tf.bitwise.bitwise_or(a, tf.constant([1, 2, 3, 4, 5], tf.int64)))
show(lambda: tf.bitwise.invert(tf.constant([True])))
show(lambda: tf.bitwise.right_shift(tf.ones([2], tf.int32), tf.ones([3], tf.int32)))
