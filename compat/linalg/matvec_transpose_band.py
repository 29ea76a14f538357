import tensorflow as tf

m = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
v = tf.constant([1.0, -1.0, 2.0])
sq = tf.reshape(tf.range(16.0), [4, 4])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([m, v, sq])
    mv = tf.linalg.matvec(m, v)
    mvt = tf.linalg.matvec(m, [1.0, 2.0], transpose_a=True)
    mt = tf.linalg.matrix_transpose(m)
    bp = tf.linalg.band_part(sq, 1, 0)
    bp2 = tf.linalg.band_part(sq, 0, -1)
print(mv, mvt)
print(mt)
print(bp)
print(bp2)
print(tape.gradient(mv, [m, v]))
print(tape.gradient(mt * mt, m))
print(tape.gradient(bp, sq))
print(tf.linalg.matrix_transpose(tf.ones([2, 3, 1])).shape)
print(tf.linalg.adjoint(tf.constant([[1 + 1j, 2j]])))
for f in (lambda: tf.linalg.matvec(m, tf.ones([2])), lambda: tf.linalg.matrix_transpose(v),
          lambda: tf.linalg.band_part(v, 0, 0)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
