import tensorflow as tf
import tensorflow.experimental.numpy as tnp

tnp.experimental_enable_numpy_behavior(prefer_float32=True)
i32 = tf.constant([1, 2], tf.int32)
f32 = tf.constant([1.5], tf.float32)
f16 = tf.constant([1.5], tf.float16)
for f in [lambda: tnp.asarray(1.5), lambda: tnp.asarray([1, 2.5]), lambda: tnp.add(1.0, 2.0), lambda: tnp.add(i32, 1.5),
          lambda: i32 + 1.5, lambda: f32 + 1.5, lambda: f16 + 1.5, lambda: i32 + 1j, lambda: f32 * 2,
          lambda: tnp.zeros([1]), lambda: tnp.ones([1]), lambda: tnp.sqrt(4), lambda: tnp.mean(tnp.arange(4)),
          lambda: tnp.random.randn(2).dtype, lambda: tnp.result_type(1.5), lambda: tnp.result_type(i32, 1.5)]:
    print(repr(f()))
tnp.experimental_enable_numpy_behavior(prefer_float32=False)
print(repr(tnp.asarray(1.5)), repr(f32 + 1.5), repr(tnp.zeros([1])))
