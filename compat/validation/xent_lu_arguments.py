# tf.nn.sigmoid_cross_entropy_with_logits without labels or logits, and tf.linalg.lu's input checks (no kernel for
# integers: TF refuses where tfshim computed).
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", e)
show(lambda: tf.nn.sigmoid_cross_entropy_with_logits())
show(lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([1.0])))
show(lambda: tf.nn.sigmoid_cross_entropy_with_logits(None, [0.5, 2.0]))
show(lambda: tf.linalg.lu(np.array(3.0)))
show(lambda: tf.linalg.lu(tf.ones([3])))
show(lambda: tf.linalg.lu(tf.ones([2, 3])))
show(lambda: tf.linalg.lu(tf.ones([2, 2], tf.int32)))
