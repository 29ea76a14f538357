import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


# Op checks in TF's order: T allowed, a CPU kernel for T, then every input of dtype T
show(lambda: tf.math.igamma(tf.constant([1.0], tf.float16), tf.constant([1.0])))
show(lambda: tf.math.igamma(tf.constant([1], tf.int32), tf.constant([1.0])))
show(lambda: tf.realdiv(tf.constant([1], tf.uint8), tf.constant([True])))
show(lambda: tf.truncatemod(tf.constant([1.0], tf.float16), tf.constant([1])))
show(lambda: tf.add(tf.constant([True]), tf.constant([1.0])))

# Solve ops: bool attrs first, then both inputs to one dtype, then the op's checks
show(lambda: tf.linalg.banded_triangular_solve(tf.ones([1, 2], tf.float16), tf.ones([1, 2], tf.float16), lower=(1, 2)))
show(lambda: tf.linalg.banded_triangular_solve(tf.ones([1]), tf.ones([1]), tf.ones([1])))
show(lambda: tf.linalg.banded_triangular_solve(np.nan, tf.constant([[1, 2]])))
show(lambda: tf.linalg.banded_triangular_solve(np.float32(1.5), b"b"))
show(lambda: tf.linalg.banded_triangular_solve(tf.ones([1, 2], tf.float16), tf.ones([2, 1], tf.float16)))
show(lambda: tf.linalg.cholesky_solve(tf.ones([1], tf.float64), "a"))
show(lambda: tf.linalg.cholesky_solve(np.zeros([], np.int32), 1e40))
show(lambda: tf.linalg.solve(True, [1.5, 2.0]))
show(lambda: tf.linalg.solve(tf.ones([4, 1], tf.float16), tf.Variable(tf.ones([1, 0]))))
show(lambda: tf.linalg.solve([1, "a"], tf.ones([0, 3]), tf.ones([3, 1, 0], tf.float16)))
show(lambda: tf.linalg.triangular_solve(tf.ones([2, 2], tf.float16), tf.ones([2, 1], tf.float16)))

# lstsq reads the matrix's shape as TF's composite implementation does
show(lambda: tf.linalg.lstsq(1.0, 1.0))
show(lambda: tf.linalg.lstsq([], b"b"))
show(lambda: tf.linalg.lstsq(tf.ones([2], tf.complex64), [1, 2, 3]))
show(lambda: tf.linalg.lstsq(tf.ones([2, 2], tf.complex128), tf.ones([2, 1], tf.complex128), 0.5))
show(lambda: tf.linalg.lstsq(tf.ones([3, 2]), tf.ones([3, 1]), l2_regularizer="a"))
