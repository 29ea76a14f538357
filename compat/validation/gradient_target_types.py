import tensorflow as tf
import numpy as np

x = tf.constant(1.0)
# Targets and sources that are not tensors: TF reads them as dtypes first (its trainability check)
for target in (False, 3, 1, np.array([1.0]), "a", 2.5, [1.0, 2.0], [None]):
    with tf.GradientTape() as g:
        g.watch(x)
    try:
        print(repr(target), g.gradient(target, x))
    except Exception as e:
        print(repr(target), type(e).__name__ + ":", e)
for source in (1 + 2j, np.uint8(200), [1.5, 2.0], None, [None]):
    with tf.GradientTape() as g:
        y = x * 2
    try:
        print(repr(source), g.gradient(y, source))
    except Exception as e:
        print(repr(source), type(e).__name__ + ":", e)
