# tf.strings.format: tensors summarized as tf.print shows them.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


print(tf.strings.format("x={} y={}", (tf.constant([1, 2, 3]), tf.constant(2.5))))
print(tf.strings.format("x={}", tf.range(10)))
print(tf.strings.format("x={}", tf.reshape(tf.range(30), [5, 6])))
print(tf.strings.format("x={}", tf.reshape(tf.range(30), [5, 6]), summarize=1))
print(tf.strings.format("x={}", tf.reshape(tf.range(30), [5, 6]), summarize=-1))
print(tf.strings.format("x={}", tf.constant(["a", "b\n"])))
print(tf.strings.format("x=%s", [tf.constant(1)], placeholder="%s"))
print(tf.strings.format("x={}", [[1.5, 2]]))
print(tf.strings.format("v={}", tf.constant([1.5, 2.25, 1e10, 0.1])))
print(tf.strings.format("v={}", tf.constant([0.1, 1 / 3], tf.float64)))
print(tf.strings.format("v={}", tf.constant([True, False])))
print(tf.strings.format("v={}", tf.zeros([2, 0])))
print(tf.strings.format("v={}", tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])))
print(tf.strings.format("v={}", tf.reshape(tf.range(64.0), [4, 4, 4]), summarize=1))
show(lambda: tf.strings.format("x={} {}", tf.constant("a")))
show(lambda: tf.strings.format("x={}", [1, 2]))
