# tf.IndexedSlices: the sparse gradient of tf.gather, and its conversions to a dense tensor.
import tensorflow as tf


def t(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


s = tf.IndexedSlices(tf.constant([[1., 2.], [3., 4.]]), tf.constant([0, 2]), tf.constant([3, 2]))
print(s)
t(lambda: tf.convert_to_tensor(s))
t(lambda: s + tf.ones([3, 2]))
t(lambda: tf.add(s, tf.ones([3, 2])))
t(lambda: tf.reduce_sum(s))
t(lambda: s.shape)
t(lambda: s.dtype)
t(lambda: tf.convert_to_tensor(tf.IndexedSlices(tf.constant([[1., 2.]]), tf.constant([0]))))
dup = tf.IndexedSlices(tf.constant([[1., 2.], [5., 5.]]), tf.constant([1, 1]), tf.constant([2, 2]))
t(lambda: tf.convert_to_tensor(dup))
t(lambda: -s)
t(lambda: tf.convert_to_tensor(s, dtype=tf.int32))
x = tf.Variable(tf.ones([4, 2]))
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(x, [0, 2, 2]))
gr = g.gradient(y, x)
print(type(gr).__name__)
print(gr)
print(tf.convert_to_tensor(gr))
print(tf.sparse.mask(gr, [2]))
