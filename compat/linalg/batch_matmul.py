import tensorflow as tf

x = tf.reshape(tf.range(24.0), [2, 3, 4]) / 10.0
y = tf.reshape(tf.range(40.0), [2, 4, 5]) / 10.0
w = tf.reshape(tf.range(8.0), [4, 2])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y, w])
    p = tf.matmul(x, y)
    q = tf.matmul(x, w)
    r = tf.matmul(x, x, adjoint_b=True)
    s = tf.matmul(y, x, transpose_a=True, transpose_b=True)
print(p)
print(q.shape, r.shape, s.shape)
print(tape.gradient(p, [x, y]))
print(tape.gradient(q, [x, w]))
print(tape.gradient(r, x))
print(tape.gradient(s, [x, y]))
for f in (lambda: tf.matmul(x, x), lambda: tf.matmul(x, tf.ones([3, 4, 5])), lambda: tf.matmul(x, tf.ones([4]))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
