# A SparseTensor from indices, values and dense_shape, as in the sparse tensor guide.
import tensorflow as tf

st1 = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[10, 20], dense_shape=[3, 10])
print(st1)
print(repr(st1))
print(st1.indices)
print(st1.values)
print(st1.dense_shape)
print(st1.shape, st1.dtype, st1.get_shape())
print(type(st1).__name__, isinstance(st1, tf.SparseTensor), tf.is_tensor(st1))
st2 = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.5, -2.0], dense_shape=[2, 3])
print(st2)
empty = tf.SparseTensor(indices=tf.zeros([0, 2], tf.int64), values=tf.constant([], tf.float32), dense_shape=[2, 2])
print(empty)
print(st2.with_values([7, 8]))
strings = tf.SparseTensor(indices=[[1]], values=["héllo"], dense_shape=[3])
print(strings)
