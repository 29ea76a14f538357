# tf.stack in TF's order: a tensor (not a list) passes only with axis == 0, where it converts as it is; otherwise
# Pack's wrapper wants a list (silent divergences before: tfshim stacked a tensor's rows for any axis).
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", str(e)[:400])
x = tf.constant([[2.0, 1.0, 0.5], [1.0, 3.0, 0.25]])
show(lambda: tf.stack(x, axis=tf.constant(1, tf.int64)))
show(lambda: tf.stack(x, axis=np.int8(1)))
show(lambda: tf.stack(x, axis=tf.constant(0.0)))
show(lambda: tf.stack(x, axis=tf.constant([[0]])))
show(lambda: tf.stack(x, axis=1.5))
show(lambda: tf.stack(x))
show(lambda: tf.stack([x, x], axis=-1).shape)
show(lambda: tf.stack([x, x], axis=3))
show(lambda: tf.stack([1, 2], axis=1))
