import collections

import tensorflow as tf


def show(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)
x = tf.constant(2.0)
show(lambda: tf.cond(x > 1, lambda: x * 2, lambda: x))
show(lambda: tf.cond(True, lambda: 1, lambda: 2))
show(lambda: tf.cond(tf.constant([True, False]), lambda: 1, lambda: 2))
show(lambda: tf.cond(tf.constant([True]), lambda: 1, lambda: 2))
show(lambda: tf.cond(tf.constant(1), lambda: 1, lambda: 2))
show(lambda: tf.cond(tf.constant(0.0), lambda: 1, lambda: 2))
show(lambda: tf.cond(x > 1, 3, lambda: 2))
show(lambda: tf.cond(x > 1, lambda: [x], lambda: 2))
show(lambda: tf.cond(x > 1, lambda: (x, x), lambda: 2))
show(lambda: tf.cond(x > 1, lambda: None, lambda: 2))
show(lambda: tf.cond(x > 1))
show(lambda: tf.cond(x > 1, lambda: 1))
show(lambda: tf.cond("a", lambda: 1, lambda: 2))
show(lambda: tf.cond(None, lambda: 1, lambda: 2))
show(lambda: tf.case([(x > 1, lambda: 1), (x > 0, lambda: 2)], default=lambda: 3))
show(lambda: tf.case([(x > 5, lambda: 1), (x > 0, lambda: 2)], default=lambda: 3))
show(lambda: tf.case([(x > 5, lambda: 1), (x > 6, lambda: 2)], default=lambda: 3))
show(lambda: tf.case([(x > 5, lambda: 1), (x > 6, lambda: 2)]))
show(lambda: tf.case([(x > 1, lambda: 1), (x > 0, lambda: 2)], exclusive=True))
show(lambda: tf.case({x > 1: lambda: 1, x > 0: lambda: 2}))
show(lambda: tf.case([], default=lambda: 3))
show(lambda: tf.case([]))
show(lambda: tf.case([(True, lambda: 1)]))
show(lambda: tf.case([(x > 1, 1)]))
show(lambda: tf.case((x > 1, lambda: 1)))
show(lambda: tf.case([(tf.constant(1), lambda: 1)]))
show(lambda: tf.switch_case(1, [lambda: 10, lambda: 20]))
show(lambda: tf.switch_case(tf.constant(1), [lambda: 10, lambda: 20]))
show(lambda: tf.switch_case(tf.constant(5), [lambda: 10, lambda: 20]))
show(lambda: tf.switch_case(tf.constant(-1), [lambda: 10, lambda: 20]))
show(lambda: tf.switch_case(tf.constant(5), [lambda: 10, lambda: 20], default=lambda: 30))
show(lambda: tf.switch_case(tf.constant(1), {0: lambda: 10, 1: lambda: 20}))
show(lambda: tf.switch_case(tf.constant(1), {0: lambda: 10, 2: lambda: 20}))
show(lambda: tf.switch_case(tf.constant(1.0), [lambda: 10, lambda: 20]))
show(lambda: tf.switch_case(tf.constant([1]), [lambda: 10, lambda: 20]))
show(lambda: tf.switch_case(tf.constant(1, tf.int64), [lambda: 10, lambda: 20]))
show(lambda: tf.switch_case(1, []))
show(lambda: tf.switch_case(1, [1, 2]))
show(lambda: tf.switch_case(1, [lambda: 10, lambda: 20], name="sc"))
v = tf.Variable(3.0)
show(lambda: tf.case([(x > 1, lambda: 1), (x > 0, lambda: 2)], exclusive=True))
show(lambda: tf.case([(x > 5, lambda: 1)], default=lambda: [x]))
show(lambda: tf.case([(x > 1, lambda: [x])]))
show(lambda: tf.case([(x > 1, lambda: [x])], strict=True))
show(lambda: tf.case(collections.OrderedDict([(x > 5, lambda: 1), (x > 0, lambda: 2)])))
show(lambda: tf.case(3))
show(lambda: tf.switch_case(tf.constant(0), [(0, lambda: 1)]))
show(lambda: tf.switch_case(tf.constant(0), [(0.5, lambda: 1)]))
show(lambda: tf.switch_case(tf.constant(0), [(0, 1)]))
with tf.GradientTape() as t:
    y = tf.cond(v > 1, lambda: v * v, lambda: v)
print(t.gradient(y, v))
with tf.GradientTape() as t:
    y = tf.switch_case(tf.constant(1), [lambda: v, lambda: v * v * v])
print(t.gradient(y, v))
with tf.GradientTape() as t:
    y = tf.case([(v < 0, lambda: -v), (v < 10, lambda: tf.sin(v))], default=lambda: v)
print(t.gradient(y, v))


@tf.function
def f(a):
    return tf.cond(a > 0, lambda: a * 2.0, lambda: -a)


print(f(tf.constant(3.0)), f(tf.constant(-4.0)))
