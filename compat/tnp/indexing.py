import tensorflow as tf
import tensorflow.experimental.numpy as tnp

tnp.experimental_enable_numpy_behavior()
x = tnp.arange(24).reshape(2, 3, 4)
print(x[1, tnp.newaxis, 1:3, ...])
print(x[:, (True, False, True)])
print(x[1, (0, 0, 1), tnp.asarray([0, 1, 1])])
print(x[[1, 0]])
print(x[x > 20])
print(x[..., -1])
print(x[tf.constant(1)])
try:
    tnp.arange(6)[1] = -1
except TypeError as e:
    print("TypeError:", e)
v = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(v)
    y = tnp.sum(v[[0, 0, 2]] * 2.0)
print(tape.gradient(y, v))
