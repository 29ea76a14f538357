"""Second and third derivatives through nested GradientTapes."""
import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape() as t3:
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = x ** 3
        dy = t1.gradient(y, x)
    d2y = t2.gradient(dy, x)
d3y = t3.gradient(d2y, x)
print("x**3:", dy.numpy(), d2y.numpy(), d3y.numpy())

for name, fn in [("sin", tf.sin), ("exp", tf.exp)]:
    x = tf.constant([0.5, 1.0, 2.0])
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = fn(x)
            g1 = t1.gradient(y, x)
        g2 = t2.gradient(g1, x)
    g3 = t3.gradient(g2, x)
    print(name, g1, g2, g3, sep="\n")

# The inner gradient computed outside the outer context is not recorded: None.
x = tf.constant(3.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = x * x * x
dy = inner.gradient(y, x)
print("outside:", dy, outer.gradient(dy, x))

# Persistent outer tape: several higher-order results from one recording.
x = tf.constant(1.5)
with tf.GradientTape(persistent=True) as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = x ** 4 + tf.sin(x)
    dy = inner.gradient(y, x)
    dy2 = dy * dy
print(outer.gradient(dy, x), outer.gradient(dy2, x), outer.gradient(y, x))

# watch_accessed_variables=False: only what is watched explicitly.
a = tf.Variable(2.0)
b = tf.Variable(3.0)
with tf.GradientTape(persistent=True, watch_accessed_variables=False) as outer:
    outer.watch(a)
    with tf.GradientTape(watch_accessed_variables=False) as inner:
        inner.watch(a)
        inner.watch(b)
        y = a * a * b
    ga, gb = inner.gradient(y, [a, b])
print(ga, gb, outer.gradient(ga, [a, b]), outer.gradient(gb, [a, b]))
print([v.numpy() for v in outer.watched_variables()], [v.numpy() for v in inner.watched_variables()])

# Gradient penalty: d/dw of ||dL/dx||^2 (WGAN-GP style).
w = tf.Variable([[0.5, -1.0], [2.0, 0.25]])
xs = tf.constant([[1.0, 2.0], [-1.0, 0.5]])
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        inner.watch(xs)
        out = tf.reduce_sum(tf.square(tf.matmul(xs, w)))
    gx = inner.gradient(out, xs)
    penalty = tf.reduce_sum(tf.square(gx))
print(gx, penalty, outer.gradient(penalty, w), sep="\n")

# Hessian-vector product by reverse over reverse.
x = tf.constant([1.0, 2.0, 3.0])
v = tf.constant([1.0, 0.0, -1.0])
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(x * x * x) + x[0] * x[1]
    g = inner.gradient(y, x)
print("hvp", outer.gradient(g, x, output_gradients=v))
