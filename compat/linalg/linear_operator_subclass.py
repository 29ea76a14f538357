import tensorflow as tf


class Shift(tf.linalg.LinearOperator):
    """A user-defined operator: (A x)_i = 2 x_i + x_{i+1}."""

    def __init__(self, n):
        self._n = n
        super().__init__(dtype=tf.float32, is_square=True, name="Shift",
                         parameters=dict(n=n))

    def _shape(self):
        return tf.TensorShape([self._n, self._n])

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        if adjoint_arg:
            x = tf.linalg.adjoint(x)
        m = 2 * tf.eye(self._n) + tf.linalg.diag(tf.ones([self._n - 1]), k=1) if False else \
            2 * tf.eye(self._n) + tf.pad(tf.eye(self._n - 1), [[0, 1], [1, 0]])
        return tf.matmul(m, x, adjoint_a=adjoint)


s = Shift(3)
print(s.name, s.shape, s.batch_shape, s.dtype, s.is_square, s.is_non_singular, s.parameters)
print(s.to_dense())
print(s.matvec([1., 2., 3.]))
print(s.determinant(), s.trace(), s.diag_part())
print(s.solvevec([2., 3., 4.]))
print(s.add_to_tensor(tf.ones([3, 3])))
print(type(s.adjoint()).__name__, s.adjoint().to_dense())
print(type(s @ s).__name__, (s @ s).to_dense())
print(s.shape_tensor(), s.batch_shape_tensor(), s.tensor_rank_tensor(), s.domain_dimension_tensor())
try:
    tf.linalg.LinearOperator(tf.float32)
except TypeError as e:
    print(type(e).__name__, str(e).split(" with")[0].split(" without")[0])
try:
    s.eigvals()
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    s.cholesky()
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.linalg.LinearOperatorFullMatrix([[1., 2.], [3., 4.]], is_self_adjoint=True, is_square=False)
except ValueError as e:
    print(type(e).__name__, e)
try:
    s.matvec(tf.ones([3], tf.float64))
except TypeError as e:
    print(type(e).__name__, str(e).split(" in tensor")[0])
