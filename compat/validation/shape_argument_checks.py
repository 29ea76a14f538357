# Shape and length arguments TF's kernels and wrappers check, where tfshim computed or leaked Python errors: reshape
# and broadcast_to shapes of another rank or dtype, unravel_index and broadcast_dynamic_shape ranks, window lengths,
# the rank of an rfft/irfft input.
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", str(e)[:400])
show(lambda: tf.reshape(tf.ones([4]), tf.constant([[2, 2]])))
show(lambda: tf.reshape(tf.ones([4]), tf.constant([2.0, 2.0])))
show(lambda: tf.reshape(tf.ones([4]), [[2, 2]]))
show(lambda: tf.broadcast_to(tf.ones([2]), tf.constant([[2, 2]])))
show(lambda: tf.broadcast_to(tf.ones([2]), tf.constant([2.0, 2.0])))
show(lambda: tf.unravel_index(tf.constant([[1, 2]]), [3, 2]))
show(lambda: tf.unravel_index(tf.constant([1, 2]), [[3, 2]]))
show(lambda: tf.unravel_index(tf.constant(1), 6))
show(lambda: tf.broadcast_dynamic_shape(tf.constant([[2, 1]]), tf.constant([2])))
show(lambda: tf.broadcast_dynamic_shape(tf.constant([2]), tf.constant([[2, 1]])))
show(lambda: tf.broadcast_dynamic_shape(tf.constant(2), tf.constant([2])))
show(lambda: tf.reshape(tf.ones([4]), tf.constant(4)))
show(lambda: tf.reshape(tf.ones([4]), 4))
show(lambda: tf.reshape(tf.ones([1]), []))
show(lambda: tf.reshape(tf.ones([1]), np.array([[1]])))
show(lambda: tf.broadcast_to(tf.ones([1]), 2))
show(lambda: tf.broadcast_to(tf.ones([1]), tf.constant(2)))
show(lambda: tf.broadcast_to(tf.ones([1]), [[2]]))
show(lambda: tf.signal.hamming_window(tf.constant([[2, 1], [1, 3]])))
show(lambda: tf.signal.hann_window([3, 4]))
show(lambda: tf.signal.hann_window(4, periodic=[True, False]))
show(lambda: tf.signal.hann_window(tf.constant(4.0)))
show(lambda: tf.signal.irfft3d(tf.constant([[2, 1], [1, 3]], tf.complex64)))
show(lambda: tf.signal.rfft2d(tf.constant([2.0, 1.0])))
show(lambda: tf.signal.irfft(tf.constant(2.0, tf.complex64)))
show(lambda: tf.signal.fft2d(tf.constant([2.0, 1.0], tf.complex64)))
