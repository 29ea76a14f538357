# tf.strings.as_string: printf-style formatting of numbers.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


f = tf.constant([3.14159, -2.5, 1e10, 1e-7, float("nan"), float("inf"), -float("inf"), 0.0])
print(tf.strings.as_string(f))
print(tf.strings.as_string(f, precision=2))
print(tf.strings.as_string(f, scientific=True))
print(tf.strings.as_string(f, shortest=True))
print(tf.strings.as_string(f, width=12, fill="0"))
print(tf.strings.as_string(f, width=12))
print(tf.strings.as_string(f, width=12, fill="-"))
print(tf.strings.as_string(f, precision=3, scientific=True))
print(tf.strings.as_string(tf.constant([1, -20, 300]), width=5, fill="0"))
print(tf.strings.as_string(tf.constant([1, 200], tf.uint8)))
print(tf.strings.as_string(tf.constant([True, False])))
print(tf.strings.as_string(tf.constant([1 + 2j, -0.5j])))
print(tf.strings.as_string(tf.constant([0.1, 1 / 3, 1e20, 123456.0, 1234567.0]), shortest=True))
print(tf.strings.as_string(tf.constant([1.5]), fill=" ", width=6))
print(tf.as_string(3.5))
print(tf.as_string(tf.constant([0.5], tf.float16)))
show(lambda: tf.strings.as_string(f, scientific=True, shortest=True))
show(lambda: tf.strings.as_string(tf.constant([1]), precision=2))
show(lambda: tf.strings.as_string(tf.constant([1]), scientific=True))
show(lambda: tf.strings.as_string(tf.constant([1.5]), fill="ab"))
show(lambda: tf.strings.as_string(tf.constant([1.5]), fill="x", width=6))
