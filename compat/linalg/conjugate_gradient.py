import tensorflow as tf
a = tf.linalg.LinearOperatorFullMatrix([[4., 1., 0.], [1., 3., 1.], [0., 1., 2.]], is_self_adjoint=True, is_positive_definite=True)
res = tf.linalg.experimental.conjugate_gradient(a, tf.constant([1., 2., 3.]))
print(type(res).__name__, res._fields)
print(res.i, res.x, res.r, res.gamma)
res = tf.linalg.experimental.conjugate_gradient(a, tf.constant([[1., 2., 3.], [0., 1., 0.]]), max_iter=2)
print(res.i, res.x)
p = tf.linalg.LinearOperatorDiag([0.25, 1. / 3, 0.5], is_positive_definite=True)
res = tf.linalg.experimental.conjugate_gradient(a, tf.constant([1., 2., 3.]), preconditioner=p, x=tf.constant([1., 1., 1.]))
print(res.i, res.x)
print(tf.linalg.matvec(a, [1., 1., 1.]))
try:
    tf.linalg.experimental.conjugate_gradient(tf.linalg.LinearOperatorFullMatrix([[1., 2.], [3., 4.]]), tf.constant([1., 2.]))
except ValueError as e:
    print(type(e).__name__, e)
