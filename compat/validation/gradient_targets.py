import tensorflow as tf
import numpy as np

v0 = tf.Variable(1.0)
v1 = tf.Variable(2.0)
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as tape:
    pass
print(tape.gradient(v0, [v0, v1]))
print(tape.gradient(x, x))
print(tape.gradient([v0, v0], v0))
print(tape.gradient(v0, v0, output_gradients=tf.constant(5.0)))
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * 2
print(tape.gradient(x, x), tape.gradient([x, y], x))
print(tape.gradient(tf.Variable(3), tf.Variable(3)))
vi = tf.Variable(3)
print(tape.gradient(vi, vi))
for target in [3, 3.0, [3.0], np.float32(2), np.array([1.0])]:
    try:
        print(tape.gradient(target, x))
    except AttributeError as e:
        print("AttributeError:", e)
