import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
    z = y * y
print(g.gradient(z, x))
print(g.gradient(y, x))
del g

with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
try:
    g.gradient(y, x)
except RuntimeError as e:
    print(type(e).__name__ + ":", e)
