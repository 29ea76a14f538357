import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


a = tf.reshape(tf.range(6.0), [2, 3])
show(lambda: tf.einsum("ij,jk->ik", tf.ones([2, 3]), tf.ones([3])))
show(lambda: tf.einsum("ij,jk->ik", tf.ones([2, 3]), tf.ones([4, 2])))
show(lambda: tf.einsum("ij,jk->ik", tf.ones([2, 3])))
show(lambda: tf.einsum("i1,jk->ik", tf.ones([2, 3]), tf.ones([3, 2])))
show(lambda: tf.einsum("ij,jk->iz", tf.ones([2, 3]), tf.ones([3, 2])))
show(lambda: tf.einsum("ij,jk->ii", tf.ones([2, 3]), tf.ones([3, 2])))
show(lambda: tf.einsum("...i,...i", a, a))
show(lambda: tf.einsum("...i", a))
show(lambda: tf.einsum("ij,jk", a, tf.transpose(a)))
show(lambda: tf.einsum("ii", tf.ones([3, 3])))
show(lambda: tf.einsum("...ij,...jk->...ik", tf.ones([2]), tf.ones([3, 2])))
