import numpy as np
import tensorflow as tf

print(tf.py_function(lambda x, y: x + y, [tf.constant(1.0), 2.0], Tout=tf.float32))
print(tf.py_function(lambda x: (x, x * 2), [tf.constant(1)], Tout=[tf.int32, tf.int32]))
print(tf.py_function(lambda x: None, [tf.constant(1)], Tout=[]))
print(tf.numpy_function(lambda x: x * 2, [tf.constant([1, 2])], Tout=tf.int32))
print(tf.numpy_function(lambda x: x * 2, [np.array([1.5])], tf.float64))


@tf.py_function(Tout=tf.float32)
def py_plus(x, y):
    print("Executing eagerly.")
    return x + y


@tf.function
def tf_wrapper(x, y):
    print("Tracing.")
    return py_plus(x, y)


print(tf_wrapper(tf.constant(1.0), tf.constant(2.0)).numpy())
print(tf_wrapper(tf.constant(1.0), tf.constant(5.0)).numpy())
try:
    tf.py_function(lambda x: x, [1])
except TypeError as e:
    print(type(e).__name__, e)
