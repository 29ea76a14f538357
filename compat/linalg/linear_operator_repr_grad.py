import tensorflow as tf

op = tf.linalg.LinearOperatorFullMatrix([[1., 2.], [3., 4.]])
for o in [op, tf.linalg.LinearOperatorDiag([1., 2.]), tf.linalg.LinearOperatorIdentity(2),
          tf.linalg.LinearOperatorScaledIdentity(2, 3.), op.adjoint(), op.inverse(), op @ op]:
    print(repr(o).split(" object at ")[0], str(o).split(" object at ")[0])
    print(o.name, o.shape, o.dtype, o.is_square, o.parameters if not isinstance(o.parameters.get("operator", o.parameters.get("operators")), (list, tf.linalg.LinearOperator)) else sorted(o.parameters))
print(tf.linalg.LinearOperatorIdentity(3).parameters)
v = tf.Variable([1., 2., 3.])
with tf.GradientTape() as g:
    d = tf.linalg.LinearOperatorDiag(v)
    y = tf.reduce_sum(d.matvec([1., 1., 1.])) + d.log_abs_determinant() + d.trace()
print(g.gradient(y, v))
w = tf.Variable([[2., 1.], [1., 3.]])
with tf.GradientTape() as g:
    f = tf.linalg.LinearOperatorFullMatrix(w)
    y = f.determinant() + tf.reduce_sum(f.matmul(tf.ones([2, 2])))
print(g.gradient(y, w))
print(len(f.trainable_variables), f.graph_parents)
