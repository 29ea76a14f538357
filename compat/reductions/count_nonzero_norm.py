import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[0.0, 3.0, 0.0], [-4.0, 0.0, 1.0]])
print(tf.math.count_nonzero(x))
print(tf.math.count_nonzero(x, axis=0))
print(tf.math.count_nonzero(x, axis=1, keepdims=True, dtype=tf.int32))
print(tf.math.count_nonzero(tf.constant([True, False, True])))
print(tf.math.count_nonzero(tf.constant(["a", "", "b"])))
print(tf.norm(x))
print(tf.linalg.norm(x, axis=1))
print(tf.norm(x, ord=1))
print(tf.norm(x, ord=np.inf, axis=0))
print(tf.norm(x, ord=3))
print(tf.norm(x, ord="fro", axis=[0, 1]))
print(tf.norm(x, ord=1, axis=[0, 1]))
print(tf.norm(x, ord=np.inf, axis=(0, 1), keepdims=True))

v = tf.Variable([[0.0, 3.0], [-4.0, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    n2 = tf.norm(v)
    n1 = tf.norm(v, ord=1, axis=1)
    ninf = tf.norm(v, ord=np.inf)
    cnz = tf.cast(tf.math.count_nonzero(v), tf.float32)
for y in (n2, n1, ninf, cnz):
    print(tape.gradient(y, v))

show(lambda: tf.norm(x, ord="fro"))
show(lambda: tf.norm(x, ord=-1))
show(lambda: tf.norm(x, axis=[0, 1, 0]))
show(lambda: tf.norm(tf.constant([1, 2])))
show(lambda: tf.norm(x, ord=3, axis=[0, 1]))
show(lambda: tf.math.count_nonzero(x, axis=5))
