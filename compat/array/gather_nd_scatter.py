import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    a = tf.gather_nd(x, [[0, 1], [1, 2], [0, 1]])
    rows = tf.gather_nd(x, [[1], [0]])
    u = tf.tensor_scatter_nd_update(x, [[0, 0], [1, 1]], [10.0, 20.0])
print(a)
print(rows)
print(u)
print(tape.gradient(a, x))
print(tape.gradient(rows, x))
print(tape.gradient(tf.reduce_sum(u * u), x))
upd = tf.constant([10.0, 20.0])
with tf.GradientTape() as tape:
    tape.watch(upd)
    u2 = tf.tensor_scatter_nd_update(x, [[0, 0], [1, 1]], upd * upd)
print(tape.gradient(u2, upd))
print(tf.scatter_nd([[1], [3]], [5, 6], [5]))
for f in (lambda: tf.gather_nd(x, [[5, 0]]), lambda: tf.gather_nd(x, [[0, 0, 0]]),
          lambda: tf.tensor_scatter_nd_update(x, [[5, 0]], [1.0]),
          lambda: tf.tensor_scatter_nd_update(x, [[0, 0]], [1.0, 2.0])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
