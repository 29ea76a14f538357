# Python operators with tf.Variable operands (read as TF's fast path reads them), their dtypes' errors and the tape.
import tensorflow as tf


def show(f):
    try:
        r = f()
        print(type(r).__name__, r)
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])


v = tf.Variable([1.5, -2.0])
iv = tf.Variable([1, 2])
hv = tf.Variable([1.0, 2.0], dtype=tf.float16)
t = tf.constant([2.0, 3.0])
it = tf.constant([2, 3])
show(lambda: v * t)
show(lambda: t * v)
show(lambda: v * v)
show(lambda: v + 1.0)
show(lambda: 1.0 - v)
show(lambda: v - it)
show(lambda: it - v)
show(lambda: iv * 2.5)
show(lambda: iv * t)
show(lambda: hv * t)
show(lambda: t + hv)
show(lambda: v * "a")
show(lambda: v * [1.0, 2.0])
show(lambda: v * tf.constant([1.0, 2.0, 3.0]))
show(lambda: tf.constant(1.0) * v)
x = tf.Variable(3.0)
with tf.GradientTape() as g:
    y = x * x + x * 2.0 - 1.0
    z = y * x
print(g.gradient(z, x))
with tf.GradientTape() as g:
    y = tf.constant(2.0) * x
    try:
        bad = x * tf.constant(1)
    except Exception as e:
        print(type(e).__name__)
print(g.gradient(y, x), [w.name for w in g.watched_variables()])


class Scale:
    """A user type with reflected operators: it gets the variable itself, not its value."""

    def __rmul__(self, other):
        return "Scale.__rmul__ got " + type(other).__name__

    def __radd__(self, other):
        return "Scale.__radd__ got " + type(other).__name__


print(v * Scale())
print(v + Scale())
print(t * Scale())
