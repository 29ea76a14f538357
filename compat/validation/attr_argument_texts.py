# Attr arguments checked as TF's generated wrappers do (make_type, make_int, shape_n's list), Tensor.__index__
# (NumPy's answer, as TF's), and the error texts of sufficient_statistics and linspace's num.
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", e)
show(lambda: tf.unique_with_counts(tf.constant([1, 2]), tf.constant(3)))
show(lambda: tf.unique_with_counts(tf.constant([1, 2]), out_idx=1.5))
show(lambda: tf.unique_with_counts(tf.constant([1, 2]), out_idx="int64"))
show(lambda: tf.linalg.lu(tf.eye(2), output_idx_type=[1]))
show(lambda: tf.dynamic_partition(tf.constant([1, 2]), tf.constant([0, 1]), tf.constant([2, 3])))
show(lambda: tf.dynamic_partition(tf.constant([1, 2]), tf.constant([0, 1]), "2"))
show(lambda: tf.dynamic_partition(tf.constant([1, 2]), tf.constant([0, 1]), 2.7))
show(lambda: tf.shape_n(tf.constant(3)))
show(lambda: tf.shape_n(tf.constant([3, 4])))
show(lambda: tf.shape_n(5))
show(lambda: [1, 2, 3][tf.constant([1])])
show(lambda: [1, 2, 3][tf.constant([[1, 0]])])
show(lambda: [1, 2, 3][tf.constant(1.0)])
show(lambda: [1, 2, 3][tf.constant(2)])
show(lambda: tf.nn.sufficient_statistics(tf.ones([4]), (1,)))
show(lambda: tf.linspace(1.0, 2.0, 1.5))
show(lambda: tf.linspace(1.0, 2.0, tf.constant(3, tf.int64)))
show(lambda: tf.linspace(1.0, 2.0, np.int16(3)))
show(lambda: tf.nn.atrous_conv2d_transpose(tf.ones([3, 2]), tf.ones([3, 3, 1, 1]), [1, 4, 4, 1], 2, "SAME"))
show(lambda: tf.nn.atrous_conv2d_transpose(tf.ones([1, 4, 4, 1]), tf.ones([3, 3]), [1, 4, 4, 1], 2, "SAME"))
show(lambda: tf.nn.atrous_conv2d_transpose(tf.ones([1, 4, 4, 2]), tf.ones([3, 3, 1, 1]), [1, 4, 4, 1], 2, "SAME"))
show(lambda: tf.nn.atrous_conv2d_transpose(3.0, 1.0, [1, 4, 4, 1], 2, "SAME"))
