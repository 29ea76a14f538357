import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.reshape(tf.range(1.0, 17.0), [1, 4, 4, 1])
s = tf.space_to_batch(x, [2, 2], [[0, 0], [0, 0]])
print(s.shape, s[:, :, :, 0])
print(tf.batch_to_space(s, [2, 2], [[0, 0], [0, 0]])[0, :, :, 0])
print(tf.space_to_batch_nd(tf.reshape(tf.range(12), [1, 3, 4]), [2], [[1, 0]]))
print(tf.nn.space_to_batch(tf.reshape(tf.range(24.0), [2, 3, 2, 2]), [2, 1], [[0, 1], [0, 0]]).shape)
print(tf.batch_to_space(tf.ones([4, 1, 1, 1], tf.int64), 2, [[0, 0], [0, 1]]))
print(tf.batch_to_space(tf.reshape(tf.cast(tf.range(8), tf.uint8), [4, 2]), tf.constant([4], tf.int64), [[1, 2]]))
print(tf.space_to_batch(tf.constant([1.0, 2.0]), [], tf.zeros([0, 2], tf.int32)))
print(tf.space_to_batch(tf.zeros([0, 4, 1]), [2], [[0, 0]]))
paddings, crops = tf.required_space_to_batch_paddings([5, 7], [2, 3])
print(paddings, crops)
print(tf.required_space_to_batch_paddings(tf.constant([5, 7]), [2, 3], base_paddings=[[1, 1], [0, 2]]))
print(tf.required_space_to_batch_paddings([5, 7], []))
# the gradient of each is the other op
v = tf.Variable(np.arange(18.0).reshape(1, 3, 3, 2))
with tf.GradientTape() as tape:
    y = tf.space_to_batch(v, [2, 3], [[1, 0], [0, 0]])
    loss = tf.reduce_sum(y * tf.reshape(tf.cast(tf.range(tf.size(y)), tf.float64), y.shape))
print(tape.gradient(loss, v)[0, :, :, 0])
w = tf.Variable(tf.reshape(tf.range(8.0), [4, 1, 2]))
with tf.GradientTape() as tape:
    y = tf.batch_to_space(w, [4], [[1, 2]])
    loss = tf.reduce_sum(y * y)
print(tape.gradient(loss, w))
# bad input
show(lambda: tf.space_to_batch(x, [3, 2], [[0, 0], [0, 0]]))
show(lambda: tf.space_to_batch(x, [2, 2], [[0, 0]]))
show(lambda: tf.space_to_batch(x, [0, 2], [[0, 0], [0, 0]]))
show(lambda: tf.space_to_batch(x, tf.constant([2, 2]), tf.constant([[-1, 0], [0, 0]])))
show(lambda: tf.space_to_batch(x, [[2, 2]], [[0, 0], [0, 0]]))
show(lambda: tf.space_to_batch(x, [2, 2, 2, 2, 2], [[0, 0]] * 5))
show(lambda: tf.space_to_batch(tf.ones([1, 2, 2, 2, 2, 2, 1]), [2, 2, 2, 2, 2], [[0, 0]] * 5))
show(lambda: tf.space_to_batch(x, [2.0, 2.0], [[0, 0], [0, 0]]))
show(lambda: tf.space_to_batch(tf.constant([[True, False]]), [2], [[0, 0]]))
show(lambda: tf.batch_to_space(x, [2, 2], [[0, 0], [0, 0]]))
show(lambda: tf.batch_to_space(tf.ones([4, 1, 1, 1]), [2, 2], [[0, 0], [0, 3]]))
show(lambda: tf.batch_to_space(tf.ones([4, 1, 1, 1]), tf.constant([2, 2]), tf.constant([[0, 0], [0, -1]])))
show(lambda: tf.batch_to_space(tf.ones([4, 1, 1, 1]), [0, 2], [[0, 0], [0, 1]]))
show(lambda: tf.batch_to_space(tf.ones([4, 1, 1, 1]), [2, 2], [[0, 0]]))
show(lambda: tf.required_space_to_batch_paddings([5, 7], [2]))
show(lambda: tf.required_space_to_batch_paddings([5, 7], [[2, 3]]))
show(lambda: tf.required_space_to_batch_paddings([5, 7], [2, 3], [1, 1]))
show(lambda: tf.required_space_to_batch_paddings([5.0, 7], [2, 3]))
show(lambda: tf.required_space_to_batch_paddings(tf.constant([5, 7], tf.int64), [2, 3]))
