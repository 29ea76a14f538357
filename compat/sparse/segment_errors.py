# Errors of tf.sparse.segment_*: indices, segment ids, num_segments and dtypes.
import tensorflow as tf


def t(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


d = tf.constant([[1., 2.], [3., 4.]])
t(lambda: tf.sparse.segment_sum(d, [0, 5], [0, 0]))
t(lambda: tf.sparse.segment_sum(d, [0, 1], [1, 0]))
t(lambda: tf.sparse.segment_sum(d, [0, 1], [0, 0], num_segments=1))
t(lambda: tf.sparse.segment_sum(d, [0, 5], [0, 0], num_segments=3))
t(lambda: tf.sparse.segment_sum(d, [0, 1], [0, 3], num_segments=2))
t(lambda: tf.sparse.segment_mean(tf.constant([1, 2]), [0, 1], [0, 0]))
t(lambda: tf.sparse.segment_sum(d, [0, 1], [0]))
