# tf.sparse.segment_sum / segment_mean / segment_sqrt_n: segments of selected rows.
import tensorflow as tf

data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tf.sparse.segment_sum(data, [0, 1, 2], [0, 0, 1]))
print(tf.sparse.segment_mean(data, [0, 1, 2], [0, 0, 1]))
print(tf.sparse.segment_sqrt_n(data, [0, 2], [0, 2]))
print(tf.sparse.segment_sum(data, [2, 2], [0, 1], num_segments=4))
print(tf.sparse.segment_sum(tf.constant([1, 2, 3, 4]), [0, 1, 3], [0, 0, 0]))
with tf.GradientTape() as tape:
    tape.watch(data)
    out = tf.sparse.segment_mean(data, [0, 2, 2], [0, 0, 1]) * tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tape.gradient(out, data))
