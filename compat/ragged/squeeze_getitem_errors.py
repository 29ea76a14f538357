import tensorflow as tf
rt = tf.ragged.constant([[1, 2], [3]])
r1 = tf.ragged.constant([[[1]], [[2, 3]]])
for f in [lambda: rt[5], lambda: rt[-3], lambda: [r for r in rt], lambda: rt[1.5],
          lambda: tf.math.reduce_std(tf.cast(rt, tf.float32), axis=1),
          lambda: tf.math.reduce_variance(tf.cast(rt, tf.float32)),
          lambda: tf.squeeze(r1, 1), lambda: tf.squeeze(r1, [1]), lambda: tf.squeeze(rt, 1),
          lambda: tf.squeeze(tf.ragged.constant([[[1]]]), [0, 1]),
          lambda: tf.squeeze(tf.ragged.constant([[[1, 2]], [[3]]]), 1),
          lambda: tf.squeeze(tf.ragged.constant([[[1], [2]], [[3]]], ragged_rank=1), 2),
          lambda: tf.squeeze(rt, 1.0),
         ]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e)[:300])
