import tensorflow as tf

x = tf.constant([['a', 'b'], ['c', 'd'], ['e', 'f']])
print(repr(tf.shape(x)))
rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
rt_shape = tf.shape(rt)
print(rt_shape)
print(f"tf.reshape(x, rt_shape) = {tf.reshape(x, rt_shape)}")
print(f"tf.zeros(rt_shape) = {tf.zeros(rt_shape)}")
print(f"tf.ones(rt_shape) = {tf.ones(rt_shape)}")
print(f"tf.fill(rt_shape, 9) = {tf.fill(rt_shape, 'x')}")
print(repr(rt_shape[0]))
try:
    rt_shape[1]
except ValueError as e:
    print("Got expected ValueError:", e)
print(rt_shape[:1])
print(tf.experimental.DynamicRaggedShape(
    row_partitions=[tf.experimental.RowPartition.from_row_lengths([5, 3, 2])],
    inner_shape=[10, 8]))
print(tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12]))
print(tf.shape(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)))
print(rt_shape.rank, rt_shape.num_row_partitions, rt_shape.dtype)
print(tf.shape(rt, out_type=tf.int64)[0])
