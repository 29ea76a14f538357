import tensorflow as tf
import numpy as np

for d in [tf.float16, tf.float32, tf.float64, tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16,
          tf.uint32, tf.uint64, tf.bool, tf.string, tf.complex64, tf.complex128]:
    print(repr(d), d, d.name, d.is_floating, d.is_integer, d.is_complex, d.is_bool, d.size if d != tf.string else "-")
print(tf.as_dtype("float32"), tf.as_dtype(np.float64), tf.as_dtype(np.int32), tf.as_dtype(float), tf.as_dtype(bool))
print(tf.float32 == "float32", tf.float32 == tf.float64, tf.float32 == np.float32)
print(tf.float32.as_numpy_dtype, tf.int64.as_numpy_dtype, tf.bool.as_numpy_dtype)
print(tf.float32.min, tf.float32.max, tf.int8.min, tf.uint8.max)
print(tf.dtypes.float32 is tf.float32, tf.float64.real_dtype, tf.complex64.real_dtype)
for bad in ["floaty", int, str]:
    try:
        tf.as_dtype(bad)
    except TypeError as e:
        print(type(e).__name__, e)
