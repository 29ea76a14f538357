import tensorflow as tf

labels = tf.constant([[1, 1, 2, 2, 1], [1, 2, 3, 4, 5], [6, 6, 6, 6, 6]])
collapsed, lengths = tf.nn.collapse_repeated(labels, [5, 5, 5])
print(collapsed)
print(lengths)
print(tf.nn.collapse_repeated(labels, [3, 4, 1]))
print(tf.nn.collapse_repeated(tf.constant([[7, 7, 7]], tf.int64), tf.constant([2], tf.int64)))
unique, idx = tf.nn.ctc_unique_labels([[3, 4, 4, 3]])
print(unique, idx)
print(tf.nn.ctc_unique_labels([[3, 4, 4, 3, 0], [1, 1, 2, 0, 0]]))
print(tf.nn.ctc_unique_labels(tf.constant([[5, 5, 1]], tf.int64)))
