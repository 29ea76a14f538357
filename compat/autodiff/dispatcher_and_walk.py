"""Ops, tapes and gradients through every branch of the dispatcher, the tape's recording and the reverse walk
(multi-output ops, attrs, stand-ins, persistent and nested tapes, unconnected and unregistered gradients, kernel
errors). tests/autodiff/test_compiled_dispatcher.py runs it on the compiled path (tfshim/_eager.c) and on the Python
twins (TFSHIM_PURE=1): both must print what TF printed."""

import numpy as np

import tensorflow as tf


def show(label, value):
    if isinstance(value, (list, tuple)):
        value = [None if v is None else np.asarray(v).tolist() for v in value]
    elif value is not None:
        value = (np.asarray(value).tolist(), value.dtype.name, tuple(value.shape))
    print(label, value)


def error(label, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class and text are what is compared
        print(label, type(e).__name__, str(e))
    else:
        print(label, "no error")


x = tf.Variable(1.0001)
with tf.GradientTape() as g:
    y = x * 1.0
    for _ in range(50):
        y = y * x + 1.0
show("chain", g.gradient(y, x))

v = tf.Variable([[1.0, -2.0, 3.0], [0.5, 0.25, -4.0]])
c = tf.constant([2.0, 3.0, 4.0])
with tf.GradientTape(persistent=True) as g:
    a = tf.exp(v) * c  # a large-ish value: the tape keeps stand-ins for what Exp's gradient does not read
    s = tf.reduce_sum(a, axis=0, keepdims=True)  # attrs
    parts = tf.split(a, 3, axis=1)  # a multi-output op
    top = tf.math.top_k(tf.reshape(a, [-1]), k=2)
    m = tf.reduce_max(a)
    i = tf.argmax(tf.reshape(a, [-1]))  # integer output: not trainable
    u = tf.unstack(v)
show("s", g.gradient(s, v))
show("parts[1]", g.gradient(parts[1], v))
show("parts 0+2", g.gradient([parts[0], parts[2]], v))
show("top", g.gradient(top.values, v))
show("m", g.gradient(m, [v, c]))
show("i", g.gradient(i, v))
show("u", g.gradient(u[1], v, unconnected_gradients=tf.UnconnectedGradients.ZERO))
show("output_gradients", g.gradient(s, v, output_gradients=tf.constant([[1.0, 10.0, 100.0]])))
show("unconnected zero", g.gradient(s, c, unconnected_gradients="zero"))
show("dict sources", list(g.gradient(m, {"v": v, "c": c}).values()))
del g

w = tf.Variable(2.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        z = w * w * w
    dz = inner.gradient(z, w)
show("second derivative", outer.gradient(dz, w))

with tf.GradientTape(watch_accessed_variables=False) as g:
    y = w * 3.0
show("unwatched", g.gradient(y, w))

t = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as g:
    g.watch(t)
    y = tf.reduce_sum(tf.square(t) * tf.constant(2.0))
show("watched constant", g.gradient(y, t))

with tf.GradientTape() as g:
    g.watch(t)
    vals, idx, counts = tf.unique_with_counts(t)
error("unregistered", lambda: g.gradient(vals, t))

k = tf.constant([3, 4])
with tf.GradientTape() as g:
    g.watch(k)
    y = k * 2
show("int source", g.gradient(y, k))


@tf.custom_gradient
def clip_grad(x):
    def grad(dy):
        return tf.clip_by_value(dy, -0.5, 0.5)

    return tf.identity(x), grad


with tf.GradientTape() as g:
    y = clip_grad(w) * 10.0
show("custom_gradient", g.gradient(y, w))


@tf.function
def f(x):
    return tf.sin(x) * x


with tf.GradientTape() as g:
    y = f(w)
show("tf.function", g.gradient(y, w))

p = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
    q = tf.stack([p[0] * p[1], p[0] + p[1], tf.sin(p[0])])
show("jacobian", g.jacobian(q, p))
show("jacobian unvectorised", g.jacobian(q, p, experimental_use_pfor=False))
del g

error("kernel error", lambda: tf.constant([1.0, 2.0]) + tf.constant([1.0, 2.0, 3.0]))
error("inv", lambda: tf.linalg.inv(tf.zeros([2, 2])))
error("dtype", lambda: tf.math.multiply(tf.constant(1), tf.constant(1.0)))
with tf.GradientTape() as g:
    g.watch(t)
    y = t * 2.0
error("not a tensor target", lambda: g.gradient(None, t))
show("denormal flushed", tf.constant(np.float32(1e-39)) * tf.constant(1.0))
show("half", tf.constant(np.float16(1.5)) * tf.constant(np.float16(2.0)))
show("complex", tf.constant(1 + 2j) * tf.constant(3 - 1j))
print("nan", np.float32(tf.constant(np.nan) * 1.0).tobytes().hex())
