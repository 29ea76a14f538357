import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[1.0, 9.0, 9.0], [7.0, 2.0, -3.0]])
print(tf.argmax(x))
print(tf.argmax(x, axis=1))
print(tf.math.argmin(x, axis=-1))
print(tf.argmin(x, output_type=tf.int32))
print(tf.argmax(tf.constant([True, False, True])))
print(tf.argmax(tf.constant([1.0, float("nan"), 3.0])))
print(tf.argmax([3, 1, 4, 1, 5]))

v = tf.Variable([1.0, 3.0, 2.0])
with tf.GradientTape() as tape:
    i = tf.argmax(v)
print(i, tape.gradient(i, v))

show(lambda: tf.argmax(x, axis=5))
show(lambda: tf.argmax(x, axis=-3))
show(lambda: tf.argmax(x, axis=[0, 1]))
show(lambda: tf.argmax(tf.constant(3.0)))
show(lambda: tf.argmax(tf.zeros([0])))
show(lambda: tf.argmin(x, output_type=tf.float32))
show(lambda: tf.argmax(tf.constant(["a"])))
show(lambda: tf.argmax([[1.0, 2.0]], axis=4))
