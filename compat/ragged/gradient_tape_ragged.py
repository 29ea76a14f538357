import tensorflow as tf
v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    rt = tf.RaggedTensor.from_row_lengths(v, [2, 1])
    y = rt * rt
print(tape.gradient(y, v))
x = tf.ragged.constant([[1.0, 2.0], [3.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    z = tf.reduce_sum(x * x)
g = tape.gradient(z, x)
print(type(g).__name__, g)
x = tf.ragged.constant([[1.0, 2.0], [3.0]])
with tf.GradientTape() as tape:
    tape.watch(x.flat_values)
    z = tf.reduce_sum(tf.reduce_mean(x, axis=1))
print(tape.gradient(z, x.flat_values))
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as tape:
    rt = tf.RaggedTensor.from_tensor(w, lengths=[1, 2])
    loss = tf.reduce_sum(tf.reduce_max(rt, axis=1) * tf.constant([2.0, 3.0]))
print(tape.gradient(loss, w))
x = tf.ragged.constant([[1.0], [2.0, 3.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.concat([x, x * 2.0], axis=1)
print(tape.gradient(y, x))
