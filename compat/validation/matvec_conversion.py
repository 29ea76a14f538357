# tf.linalg.matvec converts b on its own (expand_dims) before matmul converts a: an int list against a float
# matrix fails as in TF; matmul's input checks name oneDNN's kernel only for float32.
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", e)
show(lambda: tf.linalg.matvec(tf.ones([2, 2]), [1, 2]))
show(lambda: tf.linalg.matvec(tf.ones([2, 2]), [1.0, 2.0]))
show(lambda: tf.linalg.matvec(tf.ones([2, 2], tf.float64), [1.0, 2.0]))
show(lambda: tf.linalg.matvec(-0.0, [[1, 2], [3, 4]]))
show(lambda: tf.linalg.matvec(tf.ones([2, 0, 2], tf.float64), np.uint8(200)))
show(lambda: tf.linalg.matvec([[1.0, 2.0]], tf.constant([1.0, 2.0])))
show(lambda: tf.linalg.matvec([[1, 2]], [3, 4]))
show(lambda: tf.matmul(tf.ones([2, 2], tf.int32), tf.ones([2, 2])))
show(lambda: tf.matmul(tf.ones([2, 2], tf.float16), tf.ones([2, 2])))
show(lambda: tf.matmul(tf.ones([2, 2, 2], tf.float16), tf.ones([2, 2])))
show(lambda: tf.matmul(tf.ones([2, 2]), tf.ones([2, 2], tf.float16)))
show(lambda: tf.matmul(tf.ones([2, 2], tf.complex64), tf.ones([2, 2])))
