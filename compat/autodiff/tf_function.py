"""tf.function: a training step traced once, trace cache keys, input_signature, tf.print."""
import sys

import tensorflow as tf


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e))


w = tf.Variable([[1.0], [2.0]])
b = tf.Variable([0.5])


@tf.function
def train_step(xb, yb, lr=0.05):
    print("tracing train_step", xb, yb, lr)
    with tf.GradientTape() as tape:
        pred = tf.matmul(xb, w) + b
        loss = tf.reduce_mean(tf.square(pred - yb))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(lr * gw)
    b.assign_sub(lr * gb)
    tf.print("step loss", loss, output_stream=sys.stdout)
    return loss


xb = tf.constant([[1.0, 2.0], [3.0, 4.0]])
yb = tf.constant([[1.0], [2.0]])
for _ in range(3):
    print(train_step(xb, yb).numpy())
print(train_step(xb[:1], yb[:1]).numpy())
print(train_step(xb, yb, 0.01).numpy())
print(w.numpy(), b.numpy())
print(type(train_step).__name__, train_step.__name__)


@tf.function
def f(x, n=1):
    print("tracing f", x, n)
    return x * 2 + n


print(f(tf.constant(1.0)), f(tf.constant(2.0)), f(tf.constant([2.0])))
print(f(tf.constant(2.0), 3), f(tf.constant(2.0), 3), f(1.0), f(2.0), f(tf.constant(2)))


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def g(x):
    print("tracing g", x)
    return tf.reduce_sum(x)


print(g(tf.constant([1.0, 2.0])), g(tf.constant([1.0, 2.0, 3.0])), g([4.0]))
show("g int", lambda: g(tf.constant([1, 2])))
show("g scalar", lambda: g(tf.constant(1.0)))
show("g two args", lambda: g(1.0, 2.0))


@tf.function(reduce_retracing=True)
def h(x):
    print("tracing h", x)
    return x + 1


print(h(tf.constant(1.0)), h(tf.constant([1.0, 2.0])), h(tf.constant([1.0, 2.0, 3.0])))


@tf.function(jit_compile=True)
def k(xs, d, flag):
    print("tracing k", xs, d, flag)
    return xs[0] + d["a"]


print(k([tf.constant(1.0), 2], {"a": tf.constant(1.0), "b": (tf.constant(2.0),)}, True))
print(k([tf.constant(3.0), 2], {"a": tf.constant(1.0), "b": (tf.constant(2.0),)}, 1))


@tf.function
def returns(x):
    return 1, 2.5, None, [x, True], {"z": "s"}


print(returns(tf.constant(1.0)))


@tf.function
def inside():
    return tf.executing_eagerly()


print(tf.executing_eagerly(), inside(), tf.config.functions_run_eagerly())
tf.config.run_functions_eagerly(True)
print(tf.config.functions_run_eagerly(), f(tf.constant(5.0)), f(tf.constant(5.0)))
tf.config.run_functions_eagerly(False)
print(f(tf.constant(5.0)))


@tf.function
def with_grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
    return t.gradient(y, x)


print(with_grad(tf.constant(3.0)))
x = tf.constant(2.0)
with tf.GradientTape() as t:
    t.watch(x)
    y = f(x)
print(t.gradient(y, x))
show("tf.gradients", lambda: tf.gradients(tf.constant(1.0), tf.constant(2.0)))
print(tf.TensorSpec([None, 2], tf.float32, name="x"), repr(tf.TensorSpec([], tf.int32)))
