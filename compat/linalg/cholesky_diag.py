import tensorflow as tf

a = tf.constant([[4.0, 2.0, 0.4], [2.0, 5.0, 1.0], [0.4, 1.0, 3.0]], tf.float64)
v = tf.constant([1.0, 2.0, 3.0])
m = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, v, m])
    ch = tf.linalg.cholesky(a)
    dg = tf.linalg.diag(v)
    dp = tf.linalg.diag_part(m)
    tr = tf.linalg.trace(m)
    sd = tf.linalg.set_diag(m, [10.0, 20.0])
print(ch)
print(dg)
print(dp, tr)
print(sd)
print(tape.gradient(ch, a))
print(tape.gradient(dg * dg, v))
print(tape.gradient(dp, m))
print(tape.gradient(tr, m))
print(tape.gradient(sd, m))
# not positive definite: TF fills the lower triangle with NaN and leaves the upper one uninitialised
print(tf.linalg.band_part(tf.linalg.cholesky(-tf.eye(2)), -1, 0))
print(tf.linalg.diag([[1, 2], [3, 4]]))
for f in (lambda: tf.linalg.cholesky(m), lambda: tf.linalg.diag(tf.constant(1.0)),
          lambda: tf.linalg.diag_part(v), lambda: tf.linalg.trace(v)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
