# tf.linalg.eigh/eigvalsh of a complex matrix: TF's SelfAdjointEigV2 returns the eigenvalues in the input's
# (complex) type. Dtypes only: the last bits and the eigenvector signs are LAPACK's (compat/DIFFERENCES.md).
import numpy as np
import tensorflow as tf
def show(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__ + ":", e)
c = tf.constant([[2, 1], [1, 3]], tf.complex64)
show(lambda: tf.linalg.eigvalsh(c).dtype)
show(lambda: [t.dtype for t in tf.linalg.eigh(c)])
show(lambda: tf.linalg.eigvalsh(tf.constant([[2.0, 1.0], [1.0, 3.0]], tf.float64)).dtype)
