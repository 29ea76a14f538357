import numpy as np
import tensorflow as tf

print(tf.nn.isotonic_regression([[3.0, 1.0, 2.0], [1.0, 3.0, 4.0]]))
print(tf.nn.isotonic_regression([[2.0, 2.0, 2.0], [1.0, 1.0, 3.0]]))
print(tf.nn.isotonic_regression([[2.0, 2.0, 2.0], [1.0, 1.0, 3.0]], decreasing=False))
print(tf.nn.isotonic_regression([[5, 1, 2, 8]]))
print(tf.nn.isotonic_regression(tf.constant([[5, 1, 2, 8]], tf.int8)))
print(tf.nn.isotonic_regression(tf.constant([[5, 1, 2, 8]], tf.float16)))
print(tf.nn.isotonic_regression(tf.constant([[1, 4], [2, 3], [5, 0]], tf.float64), axis=0))
print(tf.nn.isotonic_regression(tf.constant([3.0, 1.0, 2.0])))
print(tf.nn.isotonic_regression(tf.reshape(tf.range(24.0) % 5, [2, 3, 4]), axis=1))
print(tf.nn.isotonic_regression(tf.constant([[1e-40, 2e-40, 3e-40], [0.0, float("nan"), 1.0]])))
values = np.random.RandomState(0).standard_normal((2, 12)).astype(np.float32)
output, segments = tf.nn.isotonic_regression(values, decreasing=False)
print(output.numpy().tolist())
print(segments)
x = tf.constant([[3.0, 1.0, 2.0, 7.0, 0.5]])
with tf.GradientTape() as tape:
    tape.watch(x)
    output, segments = tf.nn.isotonic_regression(x, decreasing=False)
print(tape.gradient(output, x, output_gradients=tf.constant([[1.0, 2.0, 3.0, 4.0, 5.0]])))
for bad in (lambda: tf.nn.isotonic_regression([[1.0, 2.0]], axis=2),
            lambda: tf.nn.isotonic_regression(tf.constant([[1 + 2j]])),
            lambda: tf.nn.isotonic_regression([True])):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
