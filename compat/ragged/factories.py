import tensorflow as tf

print(tf.RaggedTensor.from_value_rowids(values=[3, 1, 4, 1, 5, 9, 2], value_rowids=[0, 0, 0, 0, 2, 2, 3]))
print(tf.RaggedTensor.from_value_rowids(values=[3, 1, 4], value_rowids=[0, 0, 2], nrows=5))
print(tf.RaggedTensor.from_row_lengths(values=[3, 1, 4, 1, 5, 9, 2], row_lengths=[4, 0, 2, 1]))
print(tf.RaggedTensor.from_row_splits(values=[3, 1, 4, 1, 5, 9, 2], row_splits=[0, 4, 4, 6, 7]))
print(tf.RaggedTensor.from_row_starts(values=[3, 1, 4, 1, 5, 9, 2], row_starts=[0, 4, 4, 6]))
print(tf.RaggedTensor.from_row_limits(values=[3, 1, 4, 1, 5, 9, 2], row_limits=[4, 4, 6, 7]))
rt = tf.RaggedTensor.from_uniform_row_length(values=[3, 1, 4, 1, 5, 9], uniform_row_length=2)
print(rt, rt.shape, rt.uniform_row_length)
print(tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2, nrows=2))
print(tf.RaggedTensor.from_row_splits(tf.constant([1, 2, 3], tf.float32), tf.constant([0, 1, 3], tf.int32)).row_splits)
print(tf.RaggedTensor.from_row_lengths(values=tf.constant([[1, 2], [3, 4], [5, 6]]), row_lengths=[2, 1]))
