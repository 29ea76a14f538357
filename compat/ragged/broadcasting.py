import tensorflow as tf

x = tf.ragged.constant([[1, 2], [3]])
print(x + 3)
x = tf.ragged.constant([[10, 87, 12], [19, 53], [12, 32]])
y = [[1000], [2000], [3000]]
print(x + y)
x = tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1)
print(x + tf.constant([[10]]))
print(x * tf.constant([1, -1]))
x = tf.ragged.constant([[[[1], [2]], [], [[3]], [[4]]], [[[5], [6]], [[7]]]], ragged_rank=2)
print(x + tf.constant([10, 20, 30]))
for x, y in [
    (tf.ragged.constant([[1, 2], [3, 4, 5, 6], [7]]),
     tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])),
    (tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), tf.ragged.constant([[10, 20], [30, 40], [50]])),
    (tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10]]]),
     tf.ragged.constant([[[1, 2, 0], [3, 4, 0], [5, 6, 0]], [[7, 8, 0], [9, 10, 0]]])),
]:
    try:
        x + y
    except tf.errors.InvalidArgumentError as exception:
        print(type(exception).__name__, exception)
