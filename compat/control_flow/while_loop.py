import tensorflow as tf
import collections
def show(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)
show(lambda: tf.while_loop(lambda i: i < 10, lambda i: i + 1, [0]))
show(lambda: tf.while_loop(lambda i: i < 10, lambda i: i + 1, [tf.constant(0)]))
show(lambda: tf.while_loop(lambda i: i < 10, lambda i: (i + 1,), (0,)))
show(lambda: tf.while_loop(lambda i: i < 10, lambda i: i + 1, 0))
show(lambda: tf.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s * 2.0), (0, 1.0)))
show(lambda: tf.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s * 2.0), (0, 1.0), maximum_iterations=3))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [0], maximum_iterations=3))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [0], maximum_iterations=[3]))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: (i + 1, i), [0]))
show(lambda: tf.while_loop(lambda i, j: i < 5, lambda i, j: [i + 1], [0, 1]))
show(lambda: tf.while_loop(lambda i, j: i < 5, lambda i, j: [i + 1, [j]], [0, 1]))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1.0, [0]))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: tf.concat([i, i], 0), [tf.constant([1])]))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, []))
show(lambda: tf.while_loop(1, lambda i: i + 1, [0]))
show(lambda: tf.while_loop(lambda i: i < 5, 2, [0]))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [0], parallel_iterations=0))
show(lambda: tf.while_loop(lambda d: d["a"] < 5, lambda d: {"a": d["a"] + 1, "b": d["b"]}, [{"a": 0, "b": tf.constant(2.0)}]))
show(lambda: tf.while_loop(lambda d: d["a"] < 5, lambda d: {"a": d["a"] + 1, "b": d["b"]}, {"a": 0, "b": tf.constant(2.0)}))
P = collections.namedtuple("P", "x y")
show(lambda: tf.while_loop(lambda p: p.x < 3, lambda p: P(p.x + 1, p.y * 2), [P(0, 1.5)]))
show(lambda: tf.while_loop(lambda p: p.x < 3, lambda p: (p.x + 1, p.y * 2), [P(0, 1.5)]))
show(lambda: tf.while_loop(lambda i: i < 3, lambda i: i + 1, [tf.constant(0)], shape_invariants=[tf.TensorShape([])]))
show(lambda: tf.while_loop(lambda i: [True], lambda i: i + 1, [0], maximum_iterations=2))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: None, [0]))
show(lambda: tf.while_loop(lambda i: tf.constant([True, False]), lambda i: i + 1, [0]))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [tf.Variable(0)]))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [0], maximum_iterations=tf.constant(2, tf.int64)))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [0], maximum_iterations=-1))
show(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [0], maximum_iterations=2.5))
v = tf.Variable(1.5)
with tf.GradientTape() as t:
    r = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s * v), (0, v))
print(r, t.gradient(r[1], v))
show(lambda: tf.nest.assert_same_structure([1, [2]], [1, 2]))
show(lambda: tf.nest.assert_same_structure([1, 2], (1, 2)))
show(lambda: tf.nest.assert_same_structure([1, 2], (1, 2), check_types=False))
show(lambda: tf.nest.assert_same_structure({"a": 1}, {"b": 1}))
show(lambda: tf.nest.assert_same_structure([1, 2], [1, 2, 3]))
with tf.GradientTape() as t:
    r = tf.while_loop(lambda i, s: True, lambda i, s: (i + 1, s * v + 1.0), (0, v), maximum_iterations=4)
print(r, t.gradient(r[1], v))


def body(i, ta):
    return i + 1, ta.write(i, tf.cast(i, tf.float32) * v)


with tf.GradientTape() as t:
    _, ta = tf.while_loop(lambda i, ta: i < 3, body, (0, tf.TensorArray(tf.float32, size=3)))
    out = ta.stack()
print(out, t.gradient(out, v))


@tf.function
def collatz(n):
    return tf.while_loop(lambda n, k: n > 1, lambda n, k: (tf.where(n % 2 == 0, n // 2, 3 * n + 1), k + 1), (n, 0))


print(collatz(tf.constant(27)))
print(tf.while_loop(lambda x: tf.reduce_sum(x) < 100.0, lambda x: (x * 2.0,), (tf.ones([2, 2]),)))
