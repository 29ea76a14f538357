import tensorflow as tf

cases = [
    lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 2, 3]),
    lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 1, 3]),
    lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 5]),
    lambda: tf.RaggedTensor.from_row_lengths([1, 2, 3], [2, -1, 2]),
    lambda: tf.RaggedTensor.from_row_lengths([1, 2, 3], [2, 2]),
    lambda: tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 2, 1]),
    lambda: tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 1, 2], nrows=2),
    lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 1, 3], validate=1),
    lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], []),
    lambda: tf.RaggedTensor.from_uniform_row_length([1, 2, 3], 2, nrows=2),
    lambda: tf.RaggedTensor([1, 2], None),
    lambda: tf.RaggedTensor.from_tensor([1, 2, 3]),
    lambda: tf.RaggedTensor.from_tensor([[1, 2]], lengths=[1], padding=0),
    lambda: tf.ragged.constant([[1, 2], [3]]).merge_dims(1, 0),
    lambda: tf.ragged.constant([[1, 2], [3]]).with_row_splits_dtype(tf.int16),
    lambda: bool(tf.ragged.constant([[1]])),
    lambda: hash(tf.ragged.constant([[1]])),
]
for case in cases:
    try:
        print(case())
    except Exception as e:
        print(type(e).__name__, e)
print(tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 5], validate=False).row_splits)
