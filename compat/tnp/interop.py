import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

t = tf.constant([[1.0, 2.0], [3.0, 4.0]])
i = tf.constant([1, 2])
print(repr(np.sum(t)), type(np.sum(t)).__name__)
print(repr(np.sum(i)), repr(np.add(i, 1)), type(np.add(i, 1)).__name__)
print(repr(np.mean(t, axis=0)), repr(np.asarray(t).dtype), repr(np.exp(i)))
print(repr(tnp.sum(np.ones([2, 3]))), type(tnp.sum(np.ones([2, 3]))))
print(repr(np.ones([2]) + i), repr(i + np.ones([2], np.int32)))
print(repr(tnp.ones([2]) + np.ones([2])))
print(type(t), tnp.ndarray, isinstance(t, tnp.ndarray))
print(repr(tf.convert_to_tensor(tnp.asarray([1, 2]))), repr(tf.reduce_sum(tnp.ones([2, 3], tnp.float32))))
print(t.__array_priority__, np.array(t).shape, repr(np.matmul(t, t)))
