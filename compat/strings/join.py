# tf.strings.join and tf.strings.reduce_join.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


s = tf.constant(["héllo", "", "world"])
print(tf.strings.join([s, "x", s], separator="-"))
print(tf.strings.join(["a", "b"]))
print(tf.strings.join([]))
show(lambda: tf.strings.join([s, ["a", "b"]]))
show(lambda: tf.strings.join([s, [1, 2, 3]]))
m = tf.constant([["a", "b", "c"], ["d", "e", "f"]])
print(tf.strings.reduce_join(m))
print(tf.strings.reduce_join(m, axis=0))
print(tf.strings.reduce_join(m, axis=1, keepdims=True, separator=","))
print(tf.strings.reduce_join(m, axis=-1))
print(tf.strings.reduce_join(m, axis=[0, 1], separator="."))
print(tf.strings.reduce_join(m, axis=[1, 0], separator="."))
print(tf.strings.reduce_join(tf.constant("abc")))
print(tf.strings.reduce_join(tf.constant([], tf.string)))
show(lambda: tf.strings.reduce_join(m, axis=2))
