import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([-300.0, -1.7, 0.5, 1.7, 300.0])
print(tf.cast(x, tf.int32))
print(tf.cast(x, tf.uint8))
print(tf.dtypes.saturate_cast(x, tf.uint8))
print(tf.saturate_cast(x, tf.int8))
print(tf.dtypes.saturate_cast(tf.constant([-300, 300, 5]), tf.int8))
print(tf.saturate_cast(tf.constant([1e300, -1e300, 1.0], tf.float64), tf.float32))
print(tf.saturate_cast(tf.constant([70000, -5], tf.int32), tf.uint16))
print(tf.cast(tf.constant([1, 0, 2]), tf.bool))
print(tf.dtypes.cast(tf.constant([True, False]), tf.float32))

v = tf.Variable([1.5, -2.5, 400.0])
with tf.GradientTape(persistent=True) as tape:
    c64 = tf.cast(v, tf.float64)
    ci = tf.cast(v, tf.int32)
    sc = tf.saturate_cast(v, tf.float16)
print(tape.gradient(c64, v))
print(tape.gradient(ci, v))
print(sc, tape.gradient(sc, v))

show(lambda: tf.dtypes.saturate_cast(tf.constant(["a"]), tf.int8))
show(lambda: tf.cast(tf.constant(["1"]), tf.int32))
