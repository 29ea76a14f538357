import tensorflow as tf

u = tf.unique([4, 1, 4, 2, 1, 7])
print(u)
print(u.y, u.idx)
y, idx = tf.unique(tf.constant([2.5, 0.5, 2.5]))
print(y, idx)
print(tf.unique([1, 2], out_idx=tf.int64).idx)
X, Y = tf.meshgrid([1, 2, 3], [10, 20])
print(X)
print(Y)
a = tf.constant([1.0, 2.0])
b = tf.constant([3.0, 4.0, 5.0])
with tf.GradientTape() as tape:
    tape.watch([a, b])
    P, Q = tf.meshgrid(a, b, indexing="ij")
    z = tf.reduce_sum(P * Q)
print(P.shape, Q.shape)
print(tape.gradient(z, [a, b]))
for f in (lambda: tf.unique([[1, 2]]), lambda: tf.meshgrid([1], [2], indexing="xx")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
