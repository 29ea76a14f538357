import tensorflow as tf
import tensorflow.experimental.numpy as tnp

tnp.experimental_enable_numpy_behavior()

a = tnp.asarray([[1, 2, 3], [4, 5, 6]], dtype=tnp.int32)
b = tnp.asarray([True, False, True])
f = tnp.asarray([[1.5, -2.0], [0.25, 4.0]], dtype=tnp.float32)
for r in [tnp.sum(a), tnp.sum(a, axis=0), tnp.sum(a, keepdims=True), tnp.sum(b), tnp.sum(a, dtype=tnp.float32),
          tnp.prod(a), tnp.prod(b), tnp.mean(a), tnp.mean(f, axis=1), tnp.amax(a), tnp.max(b), tnp.amin(f, axis=0),
          tnp.min(a, axis=1), tnp.var(a), tnp.std(a), tnp.all(a), tnp.any(b), tnp.cumsum(a),
          tnp.cumsum(a, axis=1), tnp.cumprod(f), tnp.argmax(a), tnp.argmin(f, axis=1), tnp.count_nonzero(a),
          tnp.ptp(f), tnp.average(a), tnp.average(f, axis=0, weights=[1.0, 3.0]), tnp.trace(a)]:
    print(repr(r))
print(tnp.size(a), tnp.shape(a), tnp.ndim(a), tnp.isscalar(3))
