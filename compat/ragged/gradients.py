import tensorflow as tf

values = tf.Variable([1.0, 2.0, 3.0, 4.0, 5.0])
with tf.GradientTape(persistent=True) as tape:
    rt = tf.RaggedTensor.from_row_lengths(values, [2, 0, 3])
    y = tf.reduce_sum(rt * rt, axis=1)
    m = tf.reduce_max(rt, axis=1)
    mean = tf.reduce_mean(rt, axis=1)
    dense = rt.to_tensor(default_value=-1.0)
    sliced = rt[:, :1]
    total = tf.reduce_sum(tf.concat([rt, rt], axis=1).flat_values * tf.range(10, dtype=tf.float32))
print(y, m, mean)
print(tf.convert_to_tensor(tape.gradient(y, values)))
print(tf.convert_to_tensor(tape.gradient(m, values)))
print(tf.convert_to_tensor(tape.gradient(mean, values)))
print(tf.convert_to_tensor(tape.gradient(dense, values)))
print(tf.convert_to_tensor(tape.gradient(sliced.flat_values, values)))
print(tf.convert_to_tensor(tape.gradient(total, values)))
x = tf.constant([[1.0, 2.0, 0.0], [3.0, 0.0, 0.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    r = tf.RaggedTensor.from_tensor(x, padding=0.0)
    s = tf.reduce_sum(tf.exp(r).flat_values)
print(r, tape.gradient(s, x))
