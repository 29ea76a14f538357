import tensorflow as tf
import tensorflow.experimental.numpy as tnp

a = tnp.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=tnp.float32)
v = tnp.asarray([1, 2])
for r in [tnp.matmul(a, a), tnp.matmul(a, v), tnp.matmul(v, a), tnp.matmul(v, v), tnp.dot(a, v), tnp.dot(2, a),
          tnp.dot(v, v), tnp.tensordot(a, a), tnp.tensordot(a, a, axes=1), tnp.inner(v, v), tnp.outer(v, [1, 2, 3]),
          tnp.cross([1, 0, 0], [0, 1, 0]), tnp.cross([1, 2], [3, 4]), tnp.einsum("ij,j->i", a, v), tnp.vdot(a, a),
          tnp.kron(tnp.eye(2), a)]:
    print(repr(r))
try:
    tnp.matmul(tnp.ones([2, 3]), tnp.ones([2, 3]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:60])
