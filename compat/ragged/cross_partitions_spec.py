import tensorflow as tf
print(tf.ragged.cross([tf.ragged.constant([['a'], ['b', 'c']]), tf.ragged.constant([['d'], ['e']]), tf.ragged.constant([['f'], ['g']])]))
print(tf.ragged.cross([tf.ragged.constant([['a', 'b'], []]), tf.constant([['x'], ['y']])]))
print(tf.ragged.cross([tf.ragged.constant([[1, 2], [3]], dtype=tf.int64), tf.ragged.constant([['p'], ['q', 'r']])]))
print(tf.ragged.stack_dynamic_partitions(['a', 'b', 'c', 'd', 'e'], partitions=[3, 0, 2, 2, 3], num_partitions=5))
print(tf.ragged.stack_dynamic_partitions(tf.ragged.constant([[1], [2, 3], [4]]), [1, 0, 1], 2))
print(tf.ragged.stack_dynamic_partitions([[1, 2], [3, 4]], [1, 1], 3))
try:
    print(tf.ragged.stack_dynamic_partitions([1, 2], [0, 5], 3))
except Exception as e:
    print(type(e).__name__, e)
s = tf.RaggedTensorSpec([2, None], tf.int32)
print(s.is_subtype_of(tf.RaggedTensorSpec([None, None], tf.int32)), tf.RaggedTensorSpec([None, None], tf.int32).is_subtype_of(s))
print(s.most_specific_common_supertype([tf.RaggedTensorSpec([3, None], tf.int32)]))
print(s.most_specific_common_supertype([tf.RaggedTensorSpec([3, None], tf.int64)]))
