import tensorflow as tf

params = tf.ragged.constant([['a', 'b', 'c'], ['d'], [], ['e']])
print(tf.gather(params, [2, 0]))
print(tf.gather(params, [3, 1, 3]))
print(tf.gather(tf.constant(['x', 'y', 'z']), tf.ragged.constant([[1, 2], [0]])))
rt = tf.ragged.constant([[1, 2, 3], [4], [5, 6]])
try:
    tf.boolean_mask(rt, tf.constant([True, False, True]))
except ValueError as e:
    print(type(e).__name__)
print(tf.ragged.boolean_mask(rt, rt > 2))
print(tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), tf.constant([[True, False], [True, True]])))
print(tf.ragged.boolean_mask(rt, [False, True, True]))
