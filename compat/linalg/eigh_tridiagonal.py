import tensorflow as tf, numpy as np
a = tf.constant([2., 3., 4., 1.]); b = tf.constant([1., 0.5, -1.])
print(tf.linalg.eigh_tridiagonal(a, b))
print(tf.linalg.eigh_tridiagonal(tf.cast(a, tf.float64), tf.cast(b, tf.float64)))
print(tf.linalg.eigh_tridiagonal(a, b, select='i', select_range=[1, 2]))
print(tf.linalg.eigh_tridiagonal(a, b, select='v', select_range=[0., 3.5]))
e, v = tf.linalg.eigh_tridiagonal(a, b, eigvals_only=False)
e, v = tf.linalg.eigh_tridiagonal(tf.constant([1.+0j, 2., 3.]), tf.constant([1j, 1.-1j]), eigvals_only=False)
print(tf.linalg.eigh_tridiagonal(tf.constant([3.]), tf.constant([], tf.float32)))
for f in [lambda: tf.linalg.eigh_tridiagonal(a, tf.cast(b, tf.float64)), lambda: tf.linalg.eigh_tridiagonal(a, b, select='x'),
          lambda: tf.linalg.eigh_tridiagonal(a, b, select='i', select_range=[2, 1])]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
e, v = tf.linalg.eigh_tridiagonal(a, b, eigvals_only=False)
print(e)
print(v)
e, v = tf.linalg.eigh_tridiagonal(tf.constant([1.+0j, 2., 3.]), tf.constant([1j, 1.-1j]), eigvals_only=False)
print(e)
print(v)
