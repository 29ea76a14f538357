import tensorflow as tf
x = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
y = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]])
z = tf.ragged.constant([[[1], [3]], [[5]]], ragged_rank=1)
for f in [lambda: x + y, lambda: y + x, lambda: y * z, lambda: z + y, lambda: x - z,
          lambda: tf.ragged.constant([[[1, 2], [3]], [[5]]]) + z,
          lambda: tf.where(tf.ragged.constant([[True, False], [True]]), tf.ragged.constant([[1, 2], [3]]), 0),
          lambda: tf.where(tf.ragged.constant([[True, False], [True]]), 5, tf.ragged.constant([[1, 2], [3]])),
          lambda: tf.math.maximum(y, 3), lambda: tf.equal(y, x),
          ]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e)[:200])
