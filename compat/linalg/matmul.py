import tensorflow as tf

a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = tf.constant([[0.5, -1.0], [2.0, 0.25], [-1.5, 3.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    c = tf.matmul(a, b)
    ct = tf.matmul(a, a, transpose_b=True)
    cta = tf.matmul(b, b, transpose_a=True)
    cab = tf.linalg.matmul(b, a, transpose_a=True, transpose_b=True)
    op = a @ b
print(c)
print(ct)
print(cta)
print(cab)
print(op)
for y in (c, ct, cta, cab):
    print(tape.gradient(y, [a, b]))
print(tf.matmul([[1, 2]], [[3], [4]]))
print(tf.matmul(tf.ones([2, 2]), [[1, 2], [3, 4]]))
z = tf.constant([[1 + 2j, 3j]], tf.complex64)
print(tf.matmul(z, z, adjoint_b=True))
for f in (lambda: tf.matmul(a, a), lambda: tf.matmul(tf.ones([3]), a), lambda: tf.matmul(a, tf.ones([3])),
          lambda: tf.matmul(a, tf.ones([3, 2], tf.float64)),
          lambda: tf.matmul(tf.ones([2, 2], tf.bool), tf.ones([2, 2], tf.bool)),
          lambda: tf.matmul(a, b, transpose_a=True, adjoint_a=True)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
