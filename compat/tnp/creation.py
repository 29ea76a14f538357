import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

for t in [tnp.asarray(1), tnp.asarray(1.5), tnp.asarray([1, 2.5]), tnp.asarray(True), tnp.asarray(np.float32(2)),
          tnp.array([[1, 2], [3, 4]], dtype=tnp.int32), tnp.array(3, ndmin=2), tnp.zeros([2, 2]), tnp.ones([2]),
          tnp.ones([2], dtype=tnp.int32), tnp.full([2, 2], 7), tnp.full(3, 1.5), tnp.zeros_like([1, 2]),
          tnp.ones_like(tf.constant([1.0, 2.0])), tnp.empty([1, 2]), tnp.eye(3), tnp.eye(2, 3, k=1, dtype=int),
          tnp.identity(2), tnp.arange(5), tnp.arange(1, 2, 0.25), tnp.arange(5, dtype=tnp.float32), tnp.arange(3, 0, -1),
          tnp.linspace(0, 1, 5), tnp.tri(3), tnp.copy(tf.constant([1, 2])), tnp.asarray(np.ones([2], np.float32))]:
    print(repr(t))
print(tnp.asarray(tf.constant([1, 2])) is not None)
