import tensorflow as tf

digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
print(digits)
print(words)
print(repr(digits))
print(str(words))
print(digits.dtype, words.dtype, digits.shape, words.shape, digits.ragged_rank)
print(tf.ragged.constant([[1.5, 2.0], [3.0]]))
print(tf.ragged.constant([[True], [False, True]]))
print(tf.ragged.constant([[1, 2], [3]], dtype=tf.float64))
print(tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32).row_splits)
print(tf.ragged.constant([]))
print(tf.ragged.constant([[], []]))
print(tf.ragged.constant([[[1, 2], [3]], [[4, 5]]]))
print(tf.ragged.constant(5))
print(tf.ragged.constant([1, 2, 3]))
print(tf.ragged.constant([[1, 2], [3, 4]], ragged_rank=1))
print(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1))
print(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], inner_shape=(2,)))
print(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).shape)
for bad in ([["one", "two"], [3, 4]], ["A", ["B", "C"]], [[1], [[2]]]):
    try:
        tf.ragged.constant(bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    tf.ragged.constant([[1, 2], [3]], ragged_rank=3)
except ValueError as e:
    print(type(e).__name__, e)
