import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


data = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [-1.0, 0.5, 7.0], [2.0, 2.0, 2.0]])
ids = tf.constant([0, 0, 2, 2])
for name in ["segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"]:
    print(name, getattr(tf.math, name)(data, ids))
    show(lambda: getattr(tf.math, name)(data, [0, 2, 1, 1]))
    show(lambda: getattr(tf.math, name)(data, [0, 0, 1]))
    show(lambda: getattr(tf.math, name)(data, [-1, 0, 1, 1]))
    show(lambda: getattr(tf.math, name)(tf.constant([1, 5, 3], tf.int32), [0, 1, 1]))
uids = tf.constant([2, 0, 2, -1])
for name in ["unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max", "unsorted_segment_min",
             "unsorted_segment_prod", "unsorted_segment_sqrt_n"]:
    print(name, getattr(tf.math, name)(data, uids, num_segments=4))
    show(lambda: getattr(tf.math, name)(data, [0, 5, 1, 1], num_segments=3))
    show(lambda: getattr(tf.math, name)(data, [0, 0, 1], num_segments=3))
    show(lambda: getattr(tf.math, name)(tf.constant([1, 5, 3]), [1, 1, 0], 2))
print(tf.math.unsorted_segment_sum(tf.constant([[1.0, 2.0], [3.0, 4.0]]), [[0, 1], [1, 0]], 2))
print(tf.math.segment_sum(tf.zeros([0, 2]), tf.zeros([0], tf.int32)))
print(tf.math.segment_sum(tf.constant([1.0, 2.0]), tf.constant([0, 1], tf.int64)))
show(lambda: tf.math.segment_sum(data, tf.constant([0.0, 1.0, 1.0, 1.0])))
show(lambda: tf.math.unsorted_segment_sum(data, ids, num_segments=-1))
x = tf.constant(np.linspace(-2.0, 3.0, 12).reshape(6, 2))
sid = tf.constant([0, 0, 1, 1, 1, 3])
usid = tf.constant([3, 0, 3, 1, -1, 0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    outs = [tf.math.segment_sum(x, sid), tf.math.segment_mean(x, sid), tf.math.segment_max(x, sid),
            tf.math.segment_min(x, sid), tf.math.segment_prod(x, sid),
            tf.math.unsorted_segment_sum(x, usid, 4), tf.math.unsorted_segment_mean(x, usid, 4),
            tf.math.unsorted_segment_max(x, usid, 4), tf.math.unsorted_segment_min(x, usid, 4),
            tf.math.unsorted_segment_prod(x, usid, 4), tf.math.unsorted_segment_sqrt_n(x, usid, 4)]
    weighted = [tf.reduce_sum(o * tf.cast(tf.range(tf.size(o)), o.dtype)[None] if False else o * o) for o in outs]
for o, w in zip(outs, weighted):
    print(o)
    print(tape.gradient(w, x))
ties = tf.constant([1.0, 3.0, 3.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(ties)
    m = tf.math.segment_max(ties, [0, 0, 0, 1])
print(m, tape.gradient(m, ties))
