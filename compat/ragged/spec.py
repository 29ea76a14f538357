import tensorflow as tf

print(tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32))
print(tf.RaggedTensorSpec(shape=[2, None, 3], dtype=tf.float32, ragged_rank=1))
print(tf.RaggedTensorSpec([None, None, None], tf.string, row_splits_dtype=tf.int32))
s = tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)
print(s.shape, s.dtype, s.ragged_rank, s.row_splits_dtype)
print(s == tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32))
print(s == tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int64))
rt = tf.ragged.constant([[1, 2], [3]])
print(s.is_compatible_with(rt))
print(tf.RaggedTensorSpec.from_value(rt))
try:
    tf.RaggedTensorSpec(shape=[None, None], ragged_rank=2)
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.RaggedTensorSpec(dtype=tf.int32)
except ValueError as e:
    print(type(e).__name__, e)
