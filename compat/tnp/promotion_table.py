# compat: numpy2-text (prints NumPy type names: NumPy 2 names its bool type `bool`, NumPy 1 `bool_`)
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

types = [tnp.bool_, tnp.int8, tnp.uint8, tnp.int16, tnp.int32, tnp.int64, tnp.float16, tnp.float32, tnp.float64,
         tnp.complex64, tnp.complex128]
for a in types:
    row = []
    for b in types:
        row.append(tnp.add(tnp.ones([1], a), tnp.ones([1], b)).dtype.name)
    print(tnp.dtype(a).name if hasattr(tnp, "dtype") else a.__name__, row)
for scalar in [True, 2, 2.5, 1j]:
    print(repr(scalar), [tnp.add(tnp.ones([1], t), scalar).dtype.name for t in types])
print([tnp.result_type(a, 1.5).name for a in types])
print(tnp.result_type(1), tnp.result_type(1.0), tnp.result_type(1j), tnp.result_type(), tnp.result_type([1, 2.0]))
print(tnp.result_type(tnp.int32, tnp.float32), tnp.result_type(tf.int8, 300), tnp.result_type("float16", float))
print(tnp.promote_types(tnp.int32, tnp.float32), tnp.promote_types(tf.int8, tf.uint8))
