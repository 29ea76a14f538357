import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


a = tf.constant([[4.0, 1.0, -2.0], [1.0, 3.0, 0.5], [-2.0, 0.5, 5.0]], tf.float64)
w = tf.constant([[2.0, -1.0, 0.5], [1.0, 3.0, -2.0], [0.5, 0.25, 4.0], [-1.0, 2.0, 1.0]], tf.float64)
q, r = tf.linalg.qr(w)
print(q.shape, r.shape, np.round(r.numpy(), 10) + 0.0)
print(np.abs(tf.matmul(q, r).numpy() - w.numpy()).max() < 1e-12)
print(tf.linalg.qr(w, full_matrices=True).q.shape)
s = tf.linalg.svd(w, compute_uv=False)
print(np.round(s.numpy(), 10))
s, u, v = tf.linalg.svd(w)
print(s.shape, u.shape, v.shape, np.round(np.abs(tf.matmul(u * s[None], v, adjoint_b=True).numpy() - w.numpy()).max(), 12))
print(np.round(tf.linalg.eigvalsh(a).numpy(), 10))
e, vec = tf.linalg.eigh(a)
print(np.round(e.numpy(), 10), np.round(np.abs(vec.numpy()), 8))
print(np.round(tf.linalg.eigvals(a).numpy(), 8))
lu, p = tf.linalg.lu(a)
print(lu, p)
print(tf.linalg.lu_reconstruct(lu, p))
print(tf.linalg.lu_solve(lu, p, tf.constant([[1.0], [2.0], [3.0]], tf.float64)))
print(tf.linalg.lu_matrix_inverse(lu, p))
chol = tf.linalg.cholesky(a)
print(tf.linalg.cholesky_solve(chol, tf.constant([[1.0], [2.0], [3.0]], tf.float64)))
print(tf.linalg.logdet(a))
print(np.round(tf.linalg.pinv(w).numpy(), 10) + 0.0)
print(tf.linalg.matrix_rank(w), tf.linalg.matrix_rank(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
print(tf.linalg.expm(tf.constant([[0.0, 1.0], [-1.0, 0.0]], tf.float64)))
print(tf.linalg.expm(tf.constant([[0.1, 0.2], [0.0, -0.3]])))
print(tf.linalg.expm(a / 10.0))
print(tf.linalg.lstsq(w, tf.constant([[1.0], [0.0], [2.0], [1.0]], tf.float64)))
print(tf.linalg.cross(tf.constant([1.0, 0.0, 0.0]), tf.constant([0.0, 1.0, 0.0])))
show(lambda: tf.linalg.cross(tf.constant([1.0, 0.0]), tf.constant([0.0, 1.0])))
print(tf.linalg.tensor_diag([1, 2, 3]), tf.linalg.tensor_diag_part(tf.reshape(tf.range(16), [4, 4])))
print(tf.linalg.normalize(tf.constant([3.0, 4.0])))
print(tf.linalg.global_norm([tf.constant([3.0, 4.0]), tf.constant([[12.0]])]))
show(lambda: tf.linalg.svd(tf.constant([1.0, 2.0])))
show(lambda: tf.linalg.eigh(tf.constant([[1, 2], [3, 4]])))
show(lambda: tf.linalg.lu(tf.ones([2, 3])))
v = tf.Variable(a)
with tf.GradientTape(persistent=True) as t:
    sv = tf.linalg.svd(v, compute_uv=False)
    ev = tf.linalg.eigvalsh(v)
    q2, r2 = tf.linalg.qr(v)
    qr_loss = tf.reduce_sum(r2 * r2) + tf.reduce_sum(q2[:, 0] * q2[:, 0])
    ex = tf.linalg.expm(v / 10.0)
    ld = tf.linalg.logdet(v)
    cs = tf.linalg.cholesky_solve(tf.linalg.cholesky(v), tf.ones([3, 1], tf.float64))
for y in [sv, ev, qr_loss, ex, ld, cs]:
    print(np.round(t.gradient(y, v).numpy(), 6) + 0.0)
