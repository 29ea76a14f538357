# Kernels TF does not have on CPU for these dtypes, where tfshim computed: one-argument tf.where and boolean_mask
# of half, searchsorted of bool/complex/string, Lu of half, bincount of uint8 (TF's DenseBincount Tidx).
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", e)
h = tf.constant([[2, 1], [1, 3]], tf.float16)
show(lambda: tf.boolean_mask(h, h))
show(lambda: tf.where(h))
show(lambda: tf.searchsorted(tf.constant([[True, False]]), tf.constant([[True, False]])))
show(lambda: tf.searchsorted(tf.constant([[1+0j, 2]], tf.complex64), tf.constant([[1+0j, 2]], tf.complex64)))
show(lambda: tf.searchsorted(tf.constant([["a", "b"]]), tf.constant([["a", "b"]])))
show(lambda: tf.linalg.lu(h))
show(lambda: tf.math.bincount(tf.constant([[2, 1], [1, 3]], tf.uint8)))
