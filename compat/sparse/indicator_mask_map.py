# to_indicator, mask (on IndexedSlices), map_values and the sparse-times-dense operators.
import tensorflow as tf

ids = tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [2, 0, 3], [2, 2])
print(tf.sparse.to_indicator(ids, 4))
slices = tf.IndexedSlices(tf.constant([[1, 2], [3, 4], [5, 6]]), tf.constant([0, 5, 7]), tf.constant([10, 2]))
masked = tf.sparse.mask(slices, [5])
print(masked.indices)
print(masked.values)
print(tf.convert_to_tensor(masked))
st2 = tf.sparse.from_dense([[1, 0, 0, 8], [0, 0, 0, 0], [0, 0, 3, 0]])
print(tf.sparse.to_dense(tf.sparse.map_values(tf.add, st2, 5)))
print(tf.sparse.to_dense(tf.sparse.SparseTensor(st2.indices, st2.values + 5, st2.dense_shape)))
print(tf.sparse.map_values(tf.math.multiply, st2, st2))
st = tf.SparseTensor([[0, 1], [1, 0], [2, 2]], [1.0, 2.0, 4.0], [3, 3])
print(st * tf.constant([1.0, 10.0, 100.0]))
print(st / tf.constant([[2.0], [4.0], [8.0]]))
print(st * 2)
