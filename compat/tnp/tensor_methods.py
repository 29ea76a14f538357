import tensorflow as tf
import tensorflow.experimental.numpy as tnp

t = tf.constant([[1.25, 2.5, 3.75], [4.0, 5.5, 6.0]])
for name in ["reshape", "T", "astype", "ravel", "size", "tolist", "clip"]:
    print(name, hasattr(t, name))
try:
    t.reshape(-1)
except AttributeError as e:
    print("AttributeError:", str(e).splitlines()[0])
tnp.experimental_enable_numpy_behavior()
print(repr(t.T))
print(repr(t.reshape(3, 2)), repr(t.reshape((3, 2))), repr(t.reshape([-1], order="F")))
print(repr(t.astype(tnp.int32)), repr(t.ravel()), repr(t.flatten()))
print(t.size, type(t.size), t.ndim, t.tolist(), tf.constant(1.0).size)
print(repr(t.clip(2, 5)), repr(t.transpose()), repr(t.max()), repr(t.min(axis=0)), repr(t.mean(axis=1)))
print(repr(round(tf.constant(2.5))), repr(round(tf.constant([1.26, 2.0]), 1)), repr(+t), t.data is t)
