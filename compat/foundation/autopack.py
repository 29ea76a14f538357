import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


# Lists that hold tensors are packed (tf.stack) by tf.convert_to_tensor and every op that takes a tensor.
a, b = tf.constant([1.0, 2.0]), tf.constant([3.0])
show(lambda: tf.convert_to_tensor([a, a]))
show(lambda: tf.convert_to_tensor([a, b]))
show(lambda: tf.convert_to_tensor([[a, b], [a, a]]))
show(lambda: tf.convert_to_tensor([[1.0, tf.constant(2.0)], [b]]))
show(lambda: tf.convert_to_tensor([a, [3.0]]))
show(lambda: tf.convert_to_tensor([np.array([1.0, 2.0]), b]))
show(lambda: tf.convert_to_tensor([tf.constant(1), tf.constant(2.0)]))
show(lambda: tf.convert_to_tensor([[tf.constant(1.0), 2], [3, 4]]))
show(lambda: tf.convert_to_tensor([tf.constant(1), tf.constant(2)], dtype=tf.float32))
show(lambda: tf.convert_to_tensor([[tf.constant(1.0), 2.0], tf.constant(1)]))
show(lambda: tf.convert_to_tensor([tf.Variable(1.0), tf.constant(2.0)]))
show(lambda: tf.convert_to_tensor((a, a), name="pair"))
show(lambda: tf.reduce_sum([a, a]))
show(lambda: tf.add([tf.constant(1.0), 2.0], 1.0))
show(lambda: tf.stack([a, b], name="foo"))
show(lambda: tf.stack([a, b]))
show(lambda: tf.stack([tf.constant(1), tf.constant(2.0)], name="bar"))
