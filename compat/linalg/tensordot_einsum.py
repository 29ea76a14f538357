import tensorflow as tf

a = tf.reshape(tf.range(6.0), [2, 3])
b = tf.reshape(tf.range(12.0), [3, 4]) - 5.0
c = tf.reshape(tf.range(24.0), [2, 3, 4]) / 4.0
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b, c])
    t1 = tf.tensordot(a, b, axes=1)
    t2 = tf.tensordot(c, b, axes=[[1, 2], [0, 1]])
    t0 = tf.tensordot(a, a, axes=0)
    e1 = tf.einsum("ij,jk->ik", a, b)
    e2 = tf.einsum("bij,jk->bik", c, tf.ones([4, 2]))
    e3 = tf.einsum("ij->ji", a)
    e4 = tf.einsum("ij,ij->", a, a)
    e5 = tf.einsum("ijk->j", c)
print(t1)
print(t2)
print(t0.shape)
print(e1)
print(e2.shape, e3)
print(e4, e5)
print(tape.gradient(t1, [a, b]))
print(tape.gradient(t2, [c, b]))
print(tape.gradient(e1, [a, b]))
print(tape.gradient(e4, a))
print(tape.gradient(e5, c))
print(tf.einsum("ij,jk", a, tf.ones([3, 2])))
for f in (lambda: tf.tensordot(a, a, 1), lambda: tf.tensordot(a, a, [[0], [1]]), lambda: tf.einsum("ij,jk->ik", a, a),
          lambda: tf.einsum("ij->k", a)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
