"""GradientTape behaviours around higher-order use: reset, stop_recording, persistence, errors."""
import tensorflow as tf


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e))


x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    y = x * x
    with t.stop_recording():
        z = y * x
    w = y * 2.0
print(t.gradient(y, x), t.gradient(z, x), t.gradient(w, x), t.gradient([y, w], x))
del t

a = tf.Variable(1.0, name="a")
b = tf.Variable(2.0, name="b")
with tf.GradientTape() as t:
    loss = b * 3.0 + a
    t.reset()
    loss = a * a
print(t.gradient(loss, [a, b]), [v.name for v in t.watched_variables()])

c = tf.Variable(3.0, name="c")
with tf.GradientTape() as t:
    y = c * b * a
print([v.name for v in t.watched_variables()])
print(t.gradient(y, {"c": c, "ab": [a, b]}))
show("reuse", lambda: t.gradient(y, a))

i = tf.constant(2)
f = tf.constant(2.0)
with tf.GradientTape(persistent=True) as t:
    t.watch([i, f])
    y = tf.cast(i, tf.float32) * f
    u = f * 2.0
print(t.gradient(y, [i, f]), t.gradient(y, i, unconnected_gradients="zero"))
print(t.gradient(u, tf.constant(1.0)),
      t.gradient(u, tf.constant(1.0), unconnected_gradients=tf.UnconnectedGradients.ZERO))
print(t.gradient(u, f, output_gradients=tf.constant(5.0)))

with tf.GradientTape() as t:
    t.watch(x)
    y = x * x
    print("inside", t.gradient(y, x))
    z = y * y
show("after inside", lambda: t.gradient(z, x))
show("stop unused", lambda: tf.GradientTape().stop_recording().__enter__())
g = tf.GradientTape()
with g:
    show("reenter", lambda: g.__enter__())
