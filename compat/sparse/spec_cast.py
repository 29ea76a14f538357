# tf.SparseTensorSpec and tf.cast of a SparseTensor.
import tensorflow as tf

s = tf.SparseTensorSpec([None, 3], tf.int32)
print(s)
print(s.shape, s.dtype, s.value_type)
st = tf.SparseTensor([[0, 1]], [1], [2, 3])
print(tf.SparseTensorSpec.from_value(st))
print(s.is_compatible_with(st), s.is_compatible_with(tf.SparseTensorSpec([2, 4], tf.int32)))
print(s == tf.SparseTensorSpec([None, 3], tf.int32), s == tf.SparseTensorSpec([None, 3]))
print(tf.SparseTensorSpec())
print(s.most_specific_common_supertype([tf.SparseTensorSpec([2, 3], tf.int32)]))
print(tf.cast(st, tf.float32))
print(tf.cast(st, tf.int32) is st)
print(type(st))
