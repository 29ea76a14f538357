# The quantized dtypes: DType objects whose tensors hold integers (their .numpy() is the integer array); most
# math ops refuse them, as TF's OpDefs do.
import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


for d in [tf.qint8, tf.qint16, tf.qint32, tf.quint8, tf.quint16]:
    print(repr(d), str(d), d.name, d.is_quantized, d.as_datatype_enum, d.size, d.is_integer, d.is_floating,
          d.is_unsigned, d.is_numpy_compatible, d.base_dtype, d.real_dtype, d.as_numpy_dtype)
    show(lambda: d.min)
    show(lambda: d.max)
    show(lambda: d.limits)
    print(tf.as_dtype(d.name), tf.as_dtype(d.as_datatype_enum), tf.as_dtype(d.as_numpy_dtype), d == tf.int8,
          d.is_compatible_with(d))
    print(tf.dtypes.as_dtype(d.name) is d, d.__reduce__()[1])
show(lambda: tf.constant([1.5], tf.qint8))
show(lambda: tf.constant(300, tf.qint8))
show(lambda: tf.constant(-1, tf.quint8))
show(lambda: tf.constant(2**40, tf.qint32))
show(lambda: tf.constant(True, tf.qint8))
show(lambda: tf.constant("a", tf.qint8))
show(lambda: tf.constant(np.array([1.5, 2.7]), tf.qint8))
show(lambda: tf.constant(np.array([300], np.int32), tf.qint8))
show(lambda: tf.constant(np.array([True]), tf.qint8))
show(lambda: tf.constant(1j, tf.qint16))
show(lambda: tf.constant([], tf.quint16))
show(lambda: tf.constant(5, tf.quint16))
show(lambda: tf.constant([[1, 2]], tf.qint32))
show(lambda: tf.cast(tf.constant([1.5, -2.7, 300.]), tf.qint8))
show(lambda: tf.cast(tf.constant([1, 2]), tf.quint16))
show(lambda: tf.cast(tf.constant([True]), tf.qint8))
q = tf.constant([1, 2, 3], tf.qint8)
print(q)
show(lambda: q.numpy())
show(lambda: q.dtype)
show(lambda: tf.cast(q, tf.float32))
show(lambda: tf.cast(q, tf.qint32))
show(lambda: tf.cast(q, tf.qint8))
show(lambda: q + q)
show(lambda: q + 1)
show(lambda: tf.reshape(q, [3, 1]))
show(lambda: tf.identity(q))
show(lambda: q[0])
show(lambda: q[1:])
show(lambda: tf.zeros_like(q))
show(lambda: tf.zeros([2], tf.qint8))
show(lambda: tf.ones([2], tf.quint16))
show(lambda: tf.fill([2], tf.constant(3, tf.qint32)))
show(lambda: tf.concat([q, q], 0))
show(lambda: tf.stack([q, q]))
show(lambda: tf.convert_to_tensor(q, tf.int8))
show(lambda: tf.Variable(q))
show(lambda: tf.constant(q, tf.int8))
show(lambda: tf.constant(np.array([(1,)], np.dtype([("qint8", np.int8)]))))
show(lambda: len(q))
show(lambda: int(q[0]))
show(lambda: float(q[0]))
show(lambda: q == q)
show(lambda: tf.constant([1, 2], tf.quint8) == tf.constant([1, 2], tf.quint8))
show(lambda: tf.shape(q))
show(lambda: tf.size(q))
show(lambda: tf.ones_initializer()([2], tf.qint8))
