import tensorflow as tf
import numpy as np


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


t = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(repr(t.numpy()), type(t.numpy()).__name__)
print(repr(tf.constant(2.5).numpy()), repr(tf.constant(3).numpy()), repr(tf.constant(True).numpy()))
print(repr(tf.constant("x").numpy()))
print(repr(np.asarray(t)), np.array(t).dtype)
print(float(tf.constant(2.5)), int(tf.constant(3.9)), bool(tf.constant(0.0)), bool(tf.constant([1.0])))
show(lambda: float(tf.constant([1.0, 2.0])))
show(lambda: int(tf.constant([[3]])))
show(lambda: bool(tf.constant([1.0, 2.0])))
show(lambda: len(tf.constant(1.0)))
print(len(t), [repr(r) for r in t])
show(lambda: list(tf.constant(1.0)))
show(lambda: hash(tf.constant(1.0)))
show(lambda: t.__setitem__(0, 2.0))
print(np.sum(t), np.mean(tf.constant([1, 2, 3, 4])))
print(tf.is_tensor(t), tf.is_tensor(np.ones(2)), tf.is_tensor(tf.Variable(1.0)))
print(type(t).__name__, isinstance(t, tf.Tensor))
