# Kernel and input-check texts as TF prints them: bool-typed inputs with the op's name, DiagPart's rank and
# dimension checks, UnravelIndex's inputs of one type attr.
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", e)
show(lambda: tf.logical_not(tf.constant([1, 2]), 'my_op'))
show(lambda: tf.logical_not(tf.constant([1, 2]), name='my_op'))
show(lambda: tf.logical_and(tf.constant([1, 2]), tf.constant([True, False]), 'my_op'))
show(lambda: tf.logical_or(tf.constant([True]), tf.constant([1, 2]), name='my_op'))
show(lambda: tf.linalg.tensor_diag_part([]))
show(lambda: tf.linalg.tensor_diag_part((1, 2)))
show(lambda: tf.linalg.tensor_diag_part(tf.ones([2, 3])))
show(lambda: tf.unravel_index(tf.constant(7, tf.int64), [3, 2]))
show(lambda: tf.unravel_index(tf.constant([1.0, 2.0, 3.0]), [1, 4]))
show(lambda: tf.unravel_index(tf.constant(5), [3, 2]))
