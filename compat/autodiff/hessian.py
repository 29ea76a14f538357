"""A Hessian two ways: nested tapes with jacobian-of-gradient, and row-by-row gradients."""
import tensorflow as tf

x = tf.constant([1.0, 2.0, 0.5])
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = x[0] ** 2 * x[1] + x[1] * x[2] ** 3 + tf.reduce_sum(x * x)
    g = t1.gradient(y, x)
h = t2.jacobian(g, x)
print(g)
print(h)

with tf.GradientTape(persistent=True) as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = x[0] ** 2 * x[1] + x[1] * x[2] ** 3 + tf.reduce_sum(x * x)
    g = t1.gradient(y, x)
    rows = [g[i] for i in range(3)]
print(tf.stack([t2.gradient(r, x) for r in rows]))

# Hessian of a matrix-shaped source: shape (2, 2, 2, 2).
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        loss = tf.reduce_sum(w * w * w) + w[0, 1] * w[1, 0]
    gw = t1.gradient(loss, w)
hw = t2.jacobian(gw, w)
print(hw.shape)
print(hw)
