import tensorflow as tf
import numpy as np


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


# Tensor.__array__ gives TF's _numpy() (a NumPy scalar for a 0-d tensor); np.asarray still gives an array.
for t in [tf.constant(1.5, tf.float64), tf.constant(True), tf.constant([1.5, 2.0]), tf.constant("a")]:
    print(repr(t.__array__()), repr(t.__array__(np.float64) if t.dtype != tf.string else None), repr(np.asarray(t)))
show("identity_n rank-2 array", lambda: tf.identity_n(np.array([[1, 2]])))
show("identity_n rank-1 array", lambda: tf.identity_n(np.array([1, 2])))
show("Variable caching_device vector", lambda: tf.Variable(1.0, caching_device=tf.constant([1, 2, 3])))
show("Variable caching_device scalar", lambda: tf.Variable(1.0, caching_device=tf.constant(3)))
show("Variable caching_device int", lambda: tf.Variable(1.0, caching_device=5))
show("Variable caching_device cpu", lambda: tf.Variable(1.0, caching_device="/cpu:0"))
