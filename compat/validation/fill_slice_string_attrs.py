# Fill's index_type and dims checks, Slice of an empty dimension, softmax cross entropy of scalars (TF's Slice
# error from flattening), and the attrs of string ops checked by TF's generated wrappers (make_int, make_str).
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", str(e)[:300])
show(lambda: tf.fill(tf.constant(2.0), tf.constant(3.0)))
show(lambda: tf.fill(tf.constant([2.0]), 3.0))
show(lambda: tf.fill(tf.constant([[2]]), 3.0))
show(lambda: tf.fill(2, 3.0))
show(lambda: tf.strings.to_hash_bucket(tf.constant(["a"]), tf.constant(3)))
show(lambda: tf.strings.to_hash_bucket(tf.constant(["a"]), 2.5))
show(lambda: tf.strings.to_hash_bucket_fast(tf.constant(["a"]), [3]))
show(lambda: tf.strings.to_hash_bucket_fast(tf.constant(["a"]), tf.constant(3.0)))
show(lambda: tf.strings.unicode_encode(tf.constant([65]), tf.constant("UTF-8")))
show(lambda: tf.strings.unicode_encode(tf.constant([65]), 5))
show(lambda: tf.nn.softmax_cross_entropy_with_logits(tf.constant(2.0), tf.constant(3.0)))
show(lambda: tf.slice(tf.zeros([0]), [0], [-1]))
show(lambda: tf.slice(tf.zeros([0, 2]), [0, 0], [-1, 1]))
show(lambda: tf.slice(tf.zeros([0]), [1], [0]))
show(lambda: tf.slice(tf.zeros([0]), [-1], [1]))
show(lambda: tf.slice(tf.zeros([2, 0]), [0, 0], [1, 1]))
show(lambda: tf.nn.softmax_cross_entropy_with_logits(tf.constant(2.0), tf.constant(3.0)))
