# tf.strings.substr by bytes or UTF-8 characters, with broadcasting positions.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


s = tf.constant(["héllo", "a", "Wörld 😀"])
print(tf.strings.substr(s, 0, 3))
print(tf.strings.substr(s, 0, 3, unit="UTF8_CHAR"))
print(tf.strings.substr(s, [0, 0, 1], [1, 2, 3]))
print(tf.strings.substr(tf.constant("hello"), -3, 2))
print(tf.strings.substr(tf.constant("hello"), 1, -2))
print(tf.strings.substr(tf.constant("hello"), 5, 2))
m = tf.constant([["ten", "eleven"], ["twelve", "thirteen"]])
print(tf.strings.substr(m, [[1, 2], [3, 4]], [[2, 2], [2, 2]]))
show(lambda: tf.strings.substr(s, 10, 3))
show(lambda: tf.strings.substr(tf.constant("hello"), -6, 2))
show(lambda: tf.strings.substr(s, [0, 1], [1, 2]))
show(lambda: tf.strings.substr(s, 8, 1, unit="UTF8_CHAR"))
show(lambda: tf.strings.substr(m, [1, 0], 1))
