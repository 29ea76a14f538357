# TF 2's own initializers (tf.zeros_initializer, ...): seeded ones use the stateless ops with seed [seed, 0],
# unseeded ones the stateful ops (reproducible with tf.random.set_seed).
import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


def make_variables(k, initializer):
    return (tf.Variable(initializer(shape=[k], dtype=tf.float32)),
            tf.Variable(initializer(shape=[k, k], dtype=tf.float32)))


v1, v2 = make_variables(3, tf.zeros_initializer())
print(v1)
print(v2)
print(make_variables(2, tf.random_uniform_initializer(minval=-1., maxval=1., seed=4)))
show(lambda: tf.zeros_initializer()([2], tf.int32))
show(lambda: tf.zeros_initializer()([2], tf.string))
show(lambda: tf.ones_initializer()([2], "bool"))
show(lambda: tf.ones_initializer()([2], foo=1))
show(lambda: tf.ones_initializer()(shape=[4], partition_shape=[2], partition_offset=[0]))
show(lambda: tf.constant_initializer(2.)([2, 2]))
show(lambda: tf.constant_initializer([1, 2, 3, 4])([2, 2], tf.float32))
show(lambda: tf.constant_initializer([1, 2, 3, 4])([3, 2]))
show(lambda: tf.constant_initializer(tf.constant(1.)))
show(lambda: tf.constant_initializer({"a": 1}))
show(lambda: tf.constant_initializer(1)([2], partition_shape=[1]))
show(lambda: tf.constant_initializer(1, support_partition=True)([2], partition_shape=[1], partition_offset=[1]))
show(lambda: tf.constant_initializer(1.5)([2], tf.int32))
show(lambda: tf.constant_initializer(np.array([1.5, 2]))([2]))
show(lambda: tf.random_normal_initializer(seed=1)([2, 3]))
show(lambda: tf.random_normal_initializer(mean=1., stddev=2., seed=0)([3]))
show(lambda: tf.random_normal_initializer(seed=1)([3], tf.int32))
show(lambda: tf.random_normal_initializer(seed=1)([3], tf.float64))
show(lambda: tf.random_uniform_initializer(seed=1)([2, 3]))
show(lambda: tf.random_uniform_initializer(0, 10, seed=3)([4], tf.int32))
show(lambda: tf.random_uniform_initializer(0, 10, seed=3)([4], tf.bool))
show(lambda: tf.random_uniform_initializer(0, 10)([4], tf.uint8))
tf.random.set_seed(5)
show(lambda: tf.random_uniform_initializer()([3]))
show(lambda: tf.random_normal_initializer()([3]))
init = tf.random_normal_initializer(seed=7)
print(init.get_config())
print(tf.random_uniform_initializer().get_config())
print(tf.constant_initializer([1, 2]).get_config(), tf.zeros_initializer().get_config())
init2 = tf.random_normal_initializer.from_config(init.get_config())
print(type(init2).__name__, init2.seed, np.array_equal(init([2]), init2([2])))
print(tf.ones_initializer.__name__, tf.constant_initializer.__name__, tf.random_uniform_initializer.__name__)
print(tf.ones_initializer.from_config({"dtype": "float32"}).get_config())
show(lambda: tf.ones_initializer()(None))
