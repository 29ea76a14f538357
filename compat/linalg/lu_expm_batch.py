import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
a = tf.constant(rng.uniform(-1, 1, (2, 4, 4)).astype(np.float32))
lu, p = tf.linalg.lu(a)
print(lu, p)
print(tf.linalg.lu_reconstruct(lu, p))
rhs = tf.constant(rng.uniform(-1, 1, (2, 4, 2)).astype(np.float32))
print(np.round(tf.linalg.lu_solve(lu, p, rhs).numpy(), 5))  # float32 triangular solves: last-bit order
print(np.round(tf.linalg.lu_matrix_inverse(lu, p).numpy(), 5))
print(tf.linalg.expm(a))
print(tf.linalg.expm(tf.cast(a, tf.float64) * 3.0))
spd = tf.matmul(a, a, transpose_b=True) + 4.0 * tf.eye(4)
print(tf.linalg.logdet(spd), np.round(tf.linalg.cholesky_solve(tf.linalg.cholesky(spd), rhs).numpy(), 5))
print(tf.linalg.cross(a[..., :3], a[..., 1:]))
print(tf.linalg.global_norm([a, rhs]), tf.linalg.normalize(a[0, 0], ord=1))
print(tf.linalg.matrix_rank(a), tf.linalg.matrix_rank(tf.concat([a[:, :2], a[:, :2]], axis=1)))
