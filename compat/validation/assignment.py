import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
r = v[1:, :2].assign([[7.0, 8.0]])
print(type(r).__name__, r)
print(v)
print(v[0].assign([0.0, 0.0, 0.0]))
print(type(v[0]).__name__, hasattr(v[0], "assign"))
show(lambda: v[0].assign([1.0, 2.0]))
print(v[0, 0].assign(3))
print(v[:, 1].assign(9.0))
t = tf.constant([1, 2])
try:
    t[0] = 5
except TypeError as e:
    print("TypeError", "does not support item assignment" in str(e))
try:
    v[0] = 5
except TypeError as e:
    print("TypeError:", e)
show(lambda: t.foo)
show(lambda: t.assign)
