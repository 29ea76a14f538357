# RaggedTensors (and SparseTensors) as tf.function arguments and results.
import tensorflow as tf


@tf.function
def make_palindrome(x, axis):
    return tf.concat([x, tf.reverse(x, [axis])], axis)


print(repr(make_palindrome(tf.constant([[1, 2], [3, 4], [5, 6]]), axis=1)))
print(repr(make_palindrome(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), axis=1)))


@tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
def max_and_min(rt):
    return (tf.math.reduce_max(rt, axis=-1), tf.math.reduce_min(rt, axis=-1))


print(repr(max_and_min(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))))
print(repr(max_and_min(tf.ragged.constant([[1, 2], [3]]))))
print(max_and_min.experimental_get_tracing_count())
for bad in (tf.ragged.constant([[1.0]]), tf.constant([[1, 2]])):
    try:
        max_and_min(bad)
    except TypeError as e:
        print("TypeError")


@tf.function
def increment(x):
    return x + 1


rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
cf = increment.get_concrete_function(rt)
print(cf(rt))
print(cf.structured_input_signature)
cf2 = increment.get_concrete_function(tf.RaggedTensorSpec(shape=[None, None], dtype=tf.float32))
print(cf2.structured_input_signature)
print(cf2(tf.ragged.constant([[1.0, 4.0, 3.0], [2.0]])))
try:
    cf2(tf.ragged.constant([[1, 2]]))
except TypeError:
    print("TypeError")



@tf.function
def to_ragged(x):
    return tf.RaggedTensor.from_tensor(x, padding=0)


print(to_ragged(tf.constant([[1, 0], [2, 3]])))


@tf.function
def sparse_fn(x):
    return tf.sparse.to_dense(x) * 2, tf.math.abs(x)


dense, absolute = sparse_fn(tf.sparse.from_dense([[1, 0], [0, -3]]))
print(dense)
print(absolute)
