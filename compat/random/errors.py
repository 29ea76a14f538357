import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, str(e))


show(lambda: tf.random.uniform([2], dtype=tf.int32))
show(lambda: tf.random.uniform([2], dtype=tf.bool))
show(lambda: tf.random.uniform([2], minval=5, maxval=5, dtype=tf.int32))
show(lambda: tf.random.uniform([2], minval=5, maxval=3, dtype=tf.int64))
show(lambda: tf.random.uniform([2, -3]))
show(lambda: tf.random.uniform([2.5]))
show(lambda: tf.random.uniform([[2]]))
show(lambda: tf.random.uniform(2))
show(lambda: tf.random.uniform([2], minval=tf.constant(1.0, tf.float64), maxval=2.0))
show(lambda: tf.random.normal([2], dtype=tf.int32))
show(lambda: tf.random.stateless_uniform([2], seed=[1]))
show(lambda: tf.random.stateless_uniform([2], seed=[1.0, 2.0]))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int32, minval=5, maxval=5))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int32, maxval=None, minval=0))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.uint32, minval=0, maxval=4))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int16, maxval=4))
show(lambda: tf.random.stateless_uniform(2, seed=[1, 2]))
show(lambda: tf.random.Generator.from_seed(1).uniform([2], dtype=tf.int32))
show(lambda: tf.random.categorical([1.0, 2.0], 3))
show(lambda: tf.random.categorical([[1.0, 2.0]], 3, dtype=tf.int16))
show(lambda: tf.random.categorical([[1.0, 2.0]], -1))
show(lambda: tf.random.categorical(tf.zeros([2, 0]), 2))
show(lambda: tf.random.categorical([[1, 2]], 3))
show(lambda: tf.random.categorical([[1.0, 2.0]], [2]))
