import tensorflow as tf
m = tf.linalg.LinearOperatorFullMatrix([[4., 1.], [1., 3.]], is_self_adjoint=True, is_positive_definite=True)
d = tf.linalg.LinearOperatorDiag([2., 4.])
x = tf.constant([[1., 2.], [3., 4.]])
print(tf.matmul(d, x)); print(tf.linalg.matmul(x, d)); print(tf.matmul(d, x, adjoint_a=True, adjoint_b=True))
print(type(tf.linalg.adjoint(m)).__name__, type(tf.linalg.inv(d)).__name__, type(tf.linalg.inv(m, adjoint=True)).__name__)
print(tf.linalg.det(d), tf.linalg.trace(d), tf.linalg.diag_part(d), tf.linalg.logdet(m))
print(type(tf.linalg.cholesky(m)).__name__, tf.linalg.solve(d, x))
def tr(f):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
tr(lambda: tf.matmul(d, x, transpose_a=True))
tr(lambda: tf.linalg.logdet(tf.linalg.LinearOperatorFullMatrix([[4., 1.], [1., 3.]])))
tr(lambda: tf.linalg.solve(x, d))
