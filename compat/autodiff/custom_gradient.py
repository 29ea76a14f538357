"""tf.custom_gradient: log1pexp stabilisation, gradient clipping, variables, errors."""
import tensorflow as tf


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e))


def log1pexp_naive(x):
    return tf.math.log(1 + tf.exp(x))


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


x = tf.constant([0.0, 10.0, 100.0])
for f in (log1pexp_naive, log1pexp):
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    print(f.__name__, y, t.gradient(y, x))

# Second order through a custom gradient: the grad_fn is recorded by the outer tape.
x = tf.constant(1.0)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = log1pexp(x)
    g = t1.gradient(y, x)
print("second order", g, t2.gradient(g, x))


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)

    return tf.identity(y), backward


v = tf.Variable([3.0, 4.0])
with tf.GradientTape() as t:
    out = tf.reduce_sum(clip_gradients(v * 2.0) * 10.0)
print("clipped", t.gradient(out, v))

w = tf.Variable([1.0, 2.0])


@tf.custom_gradient
def scale_by_w(x):
    def grad(dy, variables=None):
        return dy * 2.0, [dy * 3.0 for _ in variables]

    return x * w, grad


xx = tf.constant([1.0, 1.0])
with tf.GradientTape() as t:
    t.watch(xx)
    y = scale_by_w(xx)
print("variables", t.gradient(y, [xx, w]))


@tf.custom_gradient
def no_variables_kw(x):
    def grad(dy):
        return dy

    return x * w, grad


show("missing variables kw", lambda: no_variables_kw(tf.constant([1.0, 1.0])))


@tf.custom_gradient
def two_inputs(a, b):
    def grad(dy):
        return dy

    return a * b, grad


a = tf.constant(1.0)
with tf.GradientTape() as t:
    t.watch(a)
    r = two_inputs(a, tf.constant(2.0))
show("wrong count", lambda: t.gradient(r, a))


@tf.custom_gradient
def wrong_var_grads(x):
    def grad(dy, variables):
        return dy, []

    return x * w, grad


with tf.GradientTape() as t:
    t.watch(xx)
    r = wrong_var_grads(xx)
show("wrong variable grads", lambda: t.gradient(r, xx))


@tf.custom_gradient
def two_outputs(x):
    def grad(d1, d2):
        print("upstream", d1, d2)
        return d1 + 10 * d2

    return (x * 2.0, x * 3.0), grad


with tf.GradientTape() as t:
    t.watch(a)
    r1, r2 = two_outputs(a)
print("two outputs", t.gradient(r1, a))


@tf.custom_gradient
def python_arg(x, k):
    def grad(dy):
        return dy * k, None

    return x * k, grad


with tf.GradientTape() as t:
    t.watch(a)
    r = python_arg(a, 4.0)
print("python arg", t.gradient(r, a))


@tf.custom_gradient
def outer_fn(x):
    y = log1pexp(x)

    def grad(dy):
        return dy * 7.0

    return y, grad


with tf.GradientTape() as t:
    t.watch(a)
    r = outer_fn(a)
print("nested", r, t.gradient(r, a))
print("no tape", log1pexp(tf.constant(0.0)), log1pexp.__name__)
show("not a pair", lambda: tf.custom_gradient(lambda x: x)(tf.constant(1.0)))

# A jacobian through a custom gradient.
x = tf.constant([0.0, 1.0, 2.0])
with tf.GradientTape() as t:
    t.watch(x)
    y = log1pexp(x) * x
print("jacobian", t.jacobian(y, x))

# tf.recompute_grad reruns the function in the backward pass.
ww = tf.Variable(3.0)


def my_function(z):
    print("running")
    return z * ww


recomputed = tf.recompute_grad(my_function)
with tf.GradientTape() as tape:
    r = tf.constant(2.0)
    tape.watch(r)
    z = recomputed(r)
print("recompute", z, tape.gradient(z, [r, ww]))
