# tf.make_tensor_proto / tf.make_ndarray: TensorProto messages (protobuf), as TF Serving clients use them.
# compat: requires google.protobuf
import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


for v, kw in [([1., 2.], {}), (1.5, {}), ([[1, 2], [3, 4]], {}), (7, {}), (2**40, {}), ("ab", {}),
              ([b"a", "bc"], {}),
              (np.array([1, 2], np.int64), {}), (np.float64(2.5), {}), (True, {}), ([True, False], {}),
              ([1 + 2j], {}), (np.array([1 + 2j, 3j], np.complex64), {}), (np.array([1.5], np.float16), {}),
              (np.array([1.5, 2.5], np.float16), {}), (tf.constant([[1., 2.]]), {}), (tf.constant(3), {}),
              (1, {"dtype": tf.float32}), ([1, 2], {"dtype": tf.int64}), (1, {"shape": [2, 3]}),
              ([1, 2], {"shape": [2, 2]}), ([1, 2, 3], {"shape": [2]}),
              ([1, 2], {"shape": [2, 1], "verify_shape": True}),
              ([1.5], {"dtype": tf.int32}), ("a", {"dtype": tf.int32}), ([[1], [2, 3]], {}), (None, {}),
              (1, {"verify_shape": True, "allow_broadcast": True}), ([1, 2], {"dtype": tf.qint8}),
              (np.array([3, 4], np.int8), {"dtype": tf.quint8}), ([], {}), ([1], {"shape": [0]}),
              (np.array([[1, 2]], np.uint32), {}), (np.uint64(5), {}), ({"a": 1}, {})]:
    show(lambda v=v, kw=kw: tf.make_tensor_proto(v, **kw))
for v in [[1., 2.], 1.5, [[1, 2], [3, 4]], "ab", [b"a", "bc"], True, [1 + 2j], np.array([1.5], np.float16),
          np.array([1.5, 2.5], np.float16), np.array([[1, 2]], np.uint32), 2**40]:
    show(lambda v=v: tf.make_ndarray(tf.make_tensor_proto(v)))
show(lambda: tf.make_ndarray(tf.make_tensor_proto(1, shape=[2, 3])))
show(lambda: tf.make_ndarray(tf.make_tensor_proto([1, 2], shape=[2, 2])))
show(lambda: tf.make_ndarray(tf.make_tensor_proto("x", shape=[3])))
show(lambda: tf.make_ndarray(tf.make_tensor_proto([1, 2], dtype=tf.qint8)))
show(lambda: tf.make_ndarray(tf.make_tensor_proto(5, dtype=tf.qint8)))
p = tf.make_tensor_proto([[1., 2.]])
print(type(p).__name__, p.dtype, p.tensor_shape, len(p.SerializeToString()), p == tf.make_tensor_proto([[1., 2.]]))
print(tf.make_tensor_proto(p) is p, tf.constant(tf.make_ndarray(p)))
