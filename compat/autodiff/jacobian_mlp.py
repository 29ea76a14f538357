"""jacobian and batch_jacobian of tanh(W @ x) and of a small MLP with fixed weights."""
import tensorflow as tf

W = tf.constant([[0.5, -0.25, 0.125], [1.0, 0.5, -0.5]])
x = tf.constant([[0.25], [-0.5], [1.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.tanh(tf.matmul(W, x))
j = tape.jacobian(y, x)
print(j.shape)
print(j)
jw = tape.jacobian(y, W, unconnected_gradients="zero")
print(jw.shape)
print(jw)
print(tape.jacobian(y, x, experimental_use_pfor=False))

W1 = tf.Variable([[0.5, -0.5, 0.25], [0.25, 0.75, -1.0]])
b1 = tf.Variable([0.1, -0.1, 0.0])
W2 = tf.Variable([[1.0, -1.0], [0.5, 0.25], [-0.5, 2.0]])
b2 = tf.Variable([0.0, 0.5])
xb = tf.constant([[1.0, 2.0], [-1.0, 0.5], [0.0, -2.0], [0.25, 0.25]])


def mlp(inp):
    h = tf.tanh(tf.matmul(inp, W1) + b1)
    return tf.matmul(h, W2) + b2


with tf.GradientTape(persistent=True) as tape:
    tape.watch(xb)
    out = mlp(xb)
bj = tape.batch_jacobian(out, xb)
print(bj.shape)
print(bj)
full = tape.jacobian(out, xb)
print(full.shape)
print(full[1, :, 1, :])
jac_w = tape.jacobian(out, {"W1": W1, "b2": b2})
print(jac_w["W1"].shape, jac_w["b2"].shape)
print(jac_w["b2"])
print(tape.batch_jacobian(out, xb, experimental_use_pfor=False)[2])
