import tensorflow as tf

x = tf.reshape(tf.range(12.0), [1, 6, 2]) / 5.0
k = tf.constant([[[1.0, -1.0], [0.5, 0.0]], [[0.25, 2.0], [-1.0, 1.0]]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, k])
    y = tf.nn.conv1d(x, k, stride=1, padding="SAME")
    y2 = tf.nn.conv1d(x, k, stride=2, padding="VALID")
print(y)
print(y2)
print(tape.gradient(y, [x, k]))
print(tape.gradient(y2, [x, k]))
try:
    tf.nn.conv1d(tf.ones([1, 5, 2]), tf.ones([3, 3, 4]), 1, "SAME")
except Exception as e:
    print(type(e).__name__, e)
