import tensorflow as tf
import numpy as np


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


x = tf.Variable(1.0)
g = tf.GradientTape()
with g:
    y = x * x
    show(lambda: g.__enter__())
show(lambda: tf.GradientTape(persistent=True).gradient(None, x))
t2 = tf.GradientTape(persistent=True)
with t2:
    show(lambda: t2.watch(3.0))
    show(lambda: t2.watch(np.ones(2)))
    z = x * 2.0
show(lambda: t2.gradient(None, x))
with tf.GradientTape() as g3:
    pass
try:
    with g3.stop_recording():
        pass
except ValueError as e:
    print(type(e).__name__ + ":", e)
g4 = tf.GradientTape()
try:
    with g4.stop_recording():
        pass
except RuntimeError as e:
    print(type(e).__name__ + ":", e)
