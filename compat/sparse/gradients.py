# Gradients through a SparseTensor's values.
import tensorflow as tf

x = tf.Variable([1.0, 2.0])
dense = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as g:
    s = tf.SparseTensor([[0, 0], [1, 1]], x * 1.0, [2, 2])
    d = tf.sparse.to_dense(s)
    y = tf.reduce_sum(d * dense)
    m = tf.sparse.sparse_dense_matmul(s, dense)
    r = tf.sparse.reduce_sum(s, axis=0)
    total = tf.sparse.add(s, tf.SparseTensor([[0, 0], [0, 1]], [5.0, 6.0], [2, 2]))
    m2 = tf.sparse.sparse_dense_matmul(s, dense, adjoint_a=True, adjoint_b=True)
    mixed = tf.sparse.add(s, dense)
print(g.gradient(y, x))
print(g.gradient(m, x))
print(g.gradient(m, dense))
print(g.gradient(r * tf.constant([3.0, 5.0]), x))
print(g.gradient(total.values, x))
print(g.gradient(m2 * m2, x))
print(g.gradient(mixed * mixed, [x, dense]))
