import tensorflow as tf

rt = tf.ragged.constant([[1, 2], [3, 4, 5], [6]])
print(rt.with_values(rt.values * 10))
print(rt.with_row_splits_dtype(tf.int32).row_splits)
print(rt.with_row_splits_dtype(tf.int64).row_splits)
times_two_plus_one = lambda x: x * 2 + 1
print(tf.ragged.map_flat_values(times_two_plus_one, rt))
print(tf.ragged.map_flat_values(tf.add, rt, rt))
print(tf.ragged.map_flat_values(tf.ones_like, rt))
rt3 = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]])
print(rt3.merge_dims(0, 1))
print(rt3.merge_dims(1, 2))
print(rt3.merge_dims(0, 2))
print(rt3.merge_dims(0, -1))
try:
    tf.ragged.map_flat_values(tf.add, rt, tf.ragged.constant([[1], [2, 3, 4, 5], [6]]))
except Exception as e:
    print(type(e).__name__)
