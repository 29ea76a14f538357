import numpy as np
import tensorflow as tf
rt = tf.ragged.constant([[1, 2], [3], []])
rt3 = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]])
for f in [lambda: tf.reduce_sum(rt, axis=1, keepdims=True), lambda: tf.reduce_sum(rt, axis=0, keepdims=True),
          lambda: tf.reduce_sum(rt3, axis=[0, 1]), lambda: tf.reduce_sum(rt3, axis=-1),
          lambda: tf.reduce_sum(rt, axis=2),
          lambda: tf.experimental.RowPartition.from_row_lengths([2, 1]),
          lambda: tf.experimental.RowPartition.from_uniform_row_length(2, nvals=6),
          lambda: tf.shape(rt3)[1:], lambda: tf.shape(rt3)[2], lambda: tf.shape(rt3)[-1],
          lambda: tf.ragged.constant(np.array([[1, 2], [3, 4]])),
          lambda: tf.ragged.constant([np.array([1, 2]), np.array([3])]),
          lambda: rt.to_tensor(shape=[2, 3, 4]),
          lambda: tf.concat([rt, rt3], axis=0),
          lambda: tf.concat([rt, tf.ragged.constant([[1.0]])], axis=0),
          lambda: tf.stack([rt, rt], axis=2),
          lambda: tf.stack([rt, rt], axis=-1),
          lambda: tf.concat([rt, rt], axis=-1),
          lambda: tf.gather(rt, [[0, 1], [2, 2]]),
          lambda: tf.gather(rt, 1),
          lambda: tf.gather(rt, [3]),
          lambda: tf.ragged.range([1, 2], [3]),
          lambda: tf.ragged.range([1.5, 2], 4),
          lambda: rt.with_values([9, 9, 9]),
          lambda: rt.with_flat_values(tf.constant([1.0, 2.0])),
          lambda: rt + tf.ragged.constant([[1, 2], [3]]),
          lambda: rt + tf.constant([1, 2]),
          lambda: rt + tf.constant([[1], [2], [3], [4]]),
          lambda: rt + tf.constant([1.0]),
          lambda: rt * 1.5,
          lambda: tf.ragged.constant([[1.0, 2.0], [3.0]]) * 2,
          lambda: tf.cast(rt, tf.bool),
          lambda: tf.where(tf.ragged.constant([[True, False], [True]])),
          lambda: tf.RaggedTensor.from_row_splits([1, 2], [0, 1, 2]).numpy(),
          lambda: rt.bounding_shape(out_type=tf.int32),
          lambda: tf.ragged.constant([[1, 2], [3]]).merge_dims(0, 1),
          lambda: tf.ragged.constant([[[1, 2], [3, 4]]], ragged_rank=1).merge_dims(1, 2),
          lambda: tf.RaggedTensor.from_tensor(tf.zeros([2, 0])),
          lambda: tf.RaggedTensor.from_tensor([[1, 2], [3, 4]], lengths=[5, -1]),
         ]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, str(e)[:300])
