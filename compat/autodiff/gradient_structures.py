# GradientTape.gradient returns the structure of its sources: one, flat lists and tuples, nested ones, dicts, empty.
import tensorflow as tf

a = tf.Variable(1.0)
b = tf.Variable(2.0)
c = tf.constant(3.0)
for sources in (a, [a, b], (a, b), [[a], b], [a, [b]], {"x": a, "y": [b]}, [], (), [a, a], [c, a], ([a],)):
    with tf.GradientTape() as g:
        g.watch(c)
        y = a * b * c
    r = g.gradient(y, sources)
    print(type(r).__name__, r)
