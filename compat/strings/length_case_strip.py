# tf.strings.length (bytes or UTF-8 characters), upper, lower and strip.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


s = tf.constant(["héllo", "", "Wörld 😀"])
print(tf.strings.length(s))
print(tf.strings.length(s, unit="UTF8_CHAR"))
print(tf.strings.length("abc"))
print(tf.strings.upper(s))
print(tf.strings.upper(s, encoding="utf-8"))
print(tf.strings.lower(tf.constant("ÀBC"), encoding="utf-8"))
print(tf.strings.lower(tf.constant("ÀBC")))
print(tf.strings.strip(tf.constant([" a b \t\n", "\x0b x \r"])))
show(lambda: tf.strings.length(s, unit="CHAR"))
show(lambda: tf.strings.length(tf.constant([1])))
show(lambda: tf.strings.length(1))
show(lambda: tf.strings.upper(s, encoding="latin1"))
