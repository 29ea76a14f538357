# tf.strings.to_number, as in the tensor guide, and what it rejects.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


text = tf.constant("1 10 100")
print(tf.strings.to_number(tf.constant(["1", "10", "100"])))
print(tf.strings.to_number(["1.5", " -3", "1e3", "0x10", "inf", "-0"], tf.float64))
print(tf.strings.to_number(["3.4e39", "1e-50", "99999999999"]))
print(tf.strings.to_number(["+2", " 7 ", "-12"], out_type=tf.int32))
print(tf.strings.to_number(["2147483648", "99999999999"], out_type=tf.int64))
for bad, dtype in [("abc", tf.float32), ("", tf.float32), ("1,5", tf.float64), ("1.5", tf.int32),
                   ("2147483648", tf.int32), ("1e3", tf.int64), ("1.5f", tf.float32)]:
    show(lambda: tf.strings.to_number(bad, out_type=dtype))
show(lambda: tf.strings.to_number(tf.constant(["abc"])))
show(lambda: tf.strings.to_number(["1", "2"], tf.int8))
show(lambda: tf.strings.to_number(tf.constant([1])))
