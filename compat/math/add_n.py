import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
b = tf.constant([[5.0, 0.0], [0.0, 6.0]])
print(tf.add_n([a, b, a]))
print(tf.math.add_n([a]))
print(tf.add_n([1, 2, 3]))
print(tf.add_n(tf.constant([1.0, 2.0, 4.0])))

x = tf.Variable([1.0, 2.0])
y = tf.Variable([3.0, 4.0])
with tf.GradientTape() as tape:
    s = tf.add_n([x, y, x * 2.0])
print(s)
print(tape.gradient(s, [x, y]))

show(lambda: tf.add_n([]))
show(lambda: tf.add_n([tf.ones([2]), tf.ones([3])]))
show(lambda: tf.add_n([tf.ones([2]), tf.ones([2], tf.int32)]))
show(lambda: tf.add_n([tf.constant(True), tf.constant(False)]))
