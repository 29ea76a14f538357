import tensorflow as tf

params = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(params)
    g0 = tf.gather(params, [2, 0, 2])
    g1 = tf.gather(params, [[0, 1], [2, 2]], axis=1)
    gb = tf.gather(params, [[1], [0], [2]], axis=1, batch_dims=1)
print(g0)
print(g1)
print(gb)
print(tape.gradient(g0, params))
print(tape.gradient(g1, params))
print(tape.gradient(gb, params))
print(tape.gradient(tf.reduce_sum(g0) + tf.reduce_sum(params), params))
v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.gather(v, [1]) ** 2)
grad = tape.gradient(loss, v)
print(type(grad).__name__)
print(grad.values, grad.indices, grad.dense_shape)
print(tf.convert_to_tensor(grad))
print(tf.gather([10, 20, 30], 1))
for f in (lambda: tf.gather(params, [5]), lambda: tf.gather(params, [0], axis=2),
          lambda: tf.gather(params, [0.5])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
