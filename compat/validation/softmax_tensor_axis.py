# tf.nn.softmax/log_softmax with a tensor axis off the last dimension: TF adds the input's int32 rank to it
# (where(dim < 0, dim + rank, dim)), so a float or int64 axis tensor fails in that AddV2.
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", str(e)[:400])
x = tf.constant([[2.0, 1.0, 0.5], [1.0, 3.0, 0.25]])
show(lambda: tf.nn.softmax(x, axis=tf.constant(0.0)))
show(lambda: tf.nn.log_softmax(x, axis=tf.constant(0.0)))
show(lambda: tf.math.softmax(x, axis=tf.constant(0)))
show(lambda: tf.nn.softmax(x, axis=tf.constant(-2, tf.int64)))
show(lambda: tf.nn.softmax(x, axis=0))
