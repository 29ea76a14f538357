import tensorflow as tf

m = tf.constant([[4.0, 1.0], [2.0, 3.0]], tf.float64)
rhs = tf.constant([[1.0], [2.0]], tf.float64)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([m, rhs])
    inv = tf.linalg.inv(m)
    d = tf.linalg.det(m)
    sign, logdet = tf.linalg.slogdet(m)
    x = tf.linalg.solve(m, rhs)
    xa = tf.linalg.solve(m, rhs, adjoint=True)
print(inv)
print(d, sign, logdet)
print(x)
print(xa)
print(tape.gradient(inv, m))
print(tape.gradient(d, m))
print(tape.gradient(logdet, m))
print(tape.gradient(x, [m, rhs]))
print(tape.gradient(xa, [m, rhs]))
print(tf.linalg.det(tf.constant([[[2.0, 0.0], [0.0, 3.0]], [[1.0, 2.0], [3.0, 4.0]]])))
print(tf.linalg.inv(tf.constant([[2.0, 0.0], [0.0, 4.0]])))
for f in (lambda: tf.linalg.inv(tf.ones([2, 3])), lambda: tf.linalg.inv(tf.zeros([2, 2])),
          lambda: tf.linalg.inv(tf.ones([2, 2], tf.int32)), lambda: tf.linalg.det(tf.ones([3])),
          lambda: tf.linalg.slogdet(tf.ones([2, 3])), lambda: tf.linalg.solve(tf.eye(2), tf.ones([3, 1])),
          lambda: tf.linalg.solve(tf.zeros([2, 2]), tf.ones([2, 1]))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
