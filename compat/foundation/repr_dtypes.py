import tensorflow as tf

for dtype in [tf.float16, tf.float32, tf.float64, tf.int8, tf.int16, tf.int32, tf.int64,
              tf.uint8, tf.uint16, tf.uint32, tf.uint64]:
    t = tf.constant([1, 2, 3], dtype=dtype)
    print(t)
    print(repr(t))
    s = tf.constant(7, dtype=dtype)
    print(s, repr(s))
