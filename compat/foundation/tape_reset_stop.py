import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as g:
    y1 = x * x
    g.reset()
    y2 = x * x * x
print(g.gradient(y2, x))

with tf.GradientTape(persistent=True) as g:
    y = x * x
    with g.stop_recording():
        z = x * x * x
print(g.gradient(y, x), g.gradient(z, x))

with tf.GradientTape() as g:
    y = x * x
    print(g.gradient(y, x))
    w = x * x
try:
    g.gradient(w, x)
except RuntimeError as e:
    print(type(e).__name__ + ":", e)
