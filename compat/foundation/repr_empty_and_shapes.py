import tensorflow as tf

print(tf.constant([]))
print(repr(tf.constant([], dtype=tf.int32)))
print(tf.constant([[]]))
t = tf.constant([[1, 2, 3], [4, 5, 6]])
print(t.shape, repr(t.shape), t.shape.as_list(), t.shape.rank, t.ndim, len(t))
print(t.dtype, repr(t.dtype), t.dtype.name)
print(tf.constant(5).shape, repr(tf.constant(5).shape))
print(tf.constant([5]).shape)
