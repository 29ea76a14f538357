import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


# a permutation of [0, 9] for the seed [1, 2, 3]
print(tf.random_index_shuffle(tf.range(10), [1, 2, 3], 9))
print(tf.random_index_shuffle(tf.range(10, dtype=tf.int64), [1, 2, 3], tf.constant(9, tf.int64), rounds=8))
print(tf.random_index_shuffle(5, [[1, 2, 3]], 100000), tf.random_index_shuffle(5, [7, 8, 9], 2**31 - 1))
print(tf.random_index_shuffle(tf.constant([5, 6], tf.uint64), tf.constant([[7, 8, 9], [1, 1, 1]], tf.uint64),
                              tf.constant(2**64 - 1, tf.uint64)))
print(tf.random_index_shuffle(tf.constant(5, tf.uint32), [-1, 2**31 - 1, 9], tf.constant(70000, tf.uint32)))
print(tf.random_index_shuffle(tf.constant(3, tf.int64), [1, 2, 3], tf.constant(2**62, tf.int64)))
print(tf.random_index_shuffle(0, [1, 2, 3], 0))
print(tf.random.experimental.index_shuffle(tf.range(8), [4, 5], 7))
show(lambda: tf.random_index_shuffle(3, [1, 2, 3], 1))
show(lambda: tf.random_index_shuffle(3, [1, 2], 9))
show(lambda: tf.random_index_shuffle([1, 2], [1, 2, 3], [3, 4, 5]))
show(lambda: tf.random_index_shuffle(3, [1, 2, 3], [3, 4]))
show(lambda: tf.random_index_shuffle(3.0, [1, 2, 3], 9))
show(lambda: tf.random_index_shuffle(3, [1.0, 2, 3], 9))
show(lambda: tf.random_index_shuffle(tf.constant(3), [1, 2, 3], tf.constant(9, tf.int64)))
show(lambda: tf.random.experimental.index_shuffle(3, [[4, 5]], 7))
