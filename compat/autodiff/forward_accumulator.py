"""tf.autodiff.ForwardAccumulator: jvp equals jacobian @ tangent; forward-over-reverse HVPs."""
import tensorflow as tf


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e))


x = tf.constant([1.0, 2.0, 3.0])
v = tf.constant([1.0, 0.0, 2.0])
W = tf.constant([[0.5, -1.0, 0.25], [1.5, 0.5, -0.5]])
with tf.autodiff.ForwardAccumulator(x, v) as acc:
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.tanh(tf.linalg.matvec(W, x * x))
print(acc.jvp(y))
print(tf.linalg.matvec(tape.jacobian(y, x), v))

c = tf.constant(1.0)
print(acc.jvp(c), acc.jvp(c, unconnected_gradients="zero"))
print(acc.jvp([y, x]))
show("bogus", lambda: acc.jvp(y, unconnected_gradients="bogus"))

# Forward-over-reverse Hessian-vector product.
with tf.autodiff.ForwardAccumulator(x, v) as acc:
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(x * x * x) + x[0] * x[2]
    g = tape.gradient(y, x)
print("hvp", acc.jvp(g))

w = tf.Variable([1.0, 2.0])
with tf.autodiff.ForwardAccumulator(primals=w, tangents=tf.constant([1.0, 1.0])) as acc:
    y = w * w
print("variable", acc.jvp(y))

with tf.autodiff.ForwardAccumulator([x, c], [v, tf.constant(2.0)]) as acc:
    y = x * c
print("two primals", acc.jvp(y))

acc = tf.autodiff.ForwardAccumulator(x, v)
y = x * 3.0
print("outside", acc.jvp(y))
with acc:
    y = x * 3.0
print("inside", acc.jvp(y))
with tf.autodiff.ForwardAccumulator(x, v) as acc:
    y = tf.stop_gradient(x) * 2.0
print("stop_gradient", acc.jvp(y))
with tf.autodiff.ForwardAccumulator(x, v) as outer:
    with tf.autodiff.ForwardAccumulator(x, v) as inner:
        y = x * x * x
    print("nested", inner.jvp(y), outer.jvp(inner.jvp(y)))
show("dtype", lambda: tf.autodiff.ForwardAccumulator(x, tf.constant([1, 2, 3])))
