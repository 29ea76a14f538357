import tensorflow as tf
# tf.gather_nd with batch_dims > 0 (TF: array_ops.batch_gather_nd), its gradient, and its argument checks
params = tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4])
print(tf.gather_nd(params, [[1], [2]], batch_dims=1))
print(tf.gather_nd(params, [[[0, 1], [2, 3]], [[1, 0], [0, 0]]], batch_dims=1))
print(tf.gather_nd(params, [[[0], [1], [3]], [[2], [0], [1]]], batch_dims=2))
print(tf.gather_nd(params, tf.constant([[1], [0]], tf.int64), batch_dims=tf.constant(1)))
print(tf.gather_nd(params, [[1], [2]], batch_dims=1.5))
x = tf.Variable(params)
with tf.GradientTape() as t:
    y = tf.gather_nd(x * 2.0, [[[0, 1], [2, 3]], [[1, 0], [1, 0]]], batch_dims=1)
print(t.gradient(y, x))
for bd, idx in [(-1, [[1], [2]]), (2, [[1], [2]]), (3, [[[1]], [[0]]]), ("n", [[1]]), (1, [[5], [0]])]:
    try:
        print(tf.gather_nd(params, idx, batch_dims=bd))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
