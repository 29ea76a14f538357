import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


h = tf.SparseTensor([[0, 0, 0], [1, 0, 0]], ["a", "b"], [2, 1, 1])
t = tf.SparseTensor([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]], ["a", "b", "c", "a"], [2, 2, 2])
show(lambda: tf.edit_distance(h, t))
show(lambda: tf.edit_distance(h, t, normalize=False))
show(lambda: tf.edit_distance(t, h))
show(lambda: tf.edit_distance(t, t))
h2 = tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [1, 2, 3], [3, 2])
t2 = tf.SparseTensor([[0, 0], [0, 2], [2, 0]], [1, 3, 3], [2, 3])
show(lambda: tf.edit_distance(h2, t2))
show(lambda: tf.edit_distance(h2, t2, normalize=False))
show(lambda: tf.edit_distance(h2, tf.SparseTensor([[0, 0]], [1.0], [1, 1])))
show(lambda: tf.edit_distance(h2, tf.SparseTensor([[0, 0, 0]], [1], [1, 1, 1])))
show(lambda: tf.edit_distance(tf.constant([[1]]), t2))
show(lambda: tf.edit_distance(h2, tf.constant([[1]])))
show(lambda: tf.edit_distance(tf.SparseTensor([[0]], [1], [1]), tf.SparseTensor([[0]], [2], [1])))
print(tf.edit_distance(tf.SparseTensor([[0, 0], [0, 1], [0, 2]], ["k", "i", "t"], [1, 3]),
                       tf.SparseTensor([[0, 0], [0, 1], [0, 2], [0, 3]], ["s", "i", "t", "s"], [1, 4])))
print(tf.edit_distance(tf.SparseTensor([[0, 0], [0, 1]], [1.5, 2.0], [1, 2]),
                       tf.SparseTensor([[0, 0]], [2.0], [1, 1]), normalize=False))
