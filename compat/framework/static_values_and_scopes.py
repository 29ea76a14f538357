# tf.get_static_value, tf.inside_function, tf.is_symbolic_tensor, tf.get_current_name_scope, tf.timestamp,
# tf.variable_creator_scope.
import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.get_static_value(tf.constant([1, 2])))
show(lambda: tf.get_static_value(tf.constant(3.)))
show(lambda: tf.get_static_value(tf.Variable(1.)))
show(lambda: tf.get_static_value([1, 2]))
show(lambda: tf.get_static_value(5))
show(lambda: tf.get_static_value(np.array([1, 2])))
show(lambda: tf.get_static_value(tf.constant([1, 2]), partial=True))
show(lambda: tf.get_static_value(None))
show(lambda: tf.get_static_value("ab"))
show(lambda: tf.get_static_value(tf.sparse.from_dense([1, 0])))
show(lambda: tf.get_static_value(tf.ragged.constant([[1], []])))
show(lambda: tf.get_static_value(tf.constant([1, 2], tf.qint8)))


@tf.function
def f(x):
    print("static", tf.get_static_value(x), tf.get_static_value(tf.shape(x)), tf.get_static_value(tf.constant(2)))
    print("inside", tf.inside_function(), tf.is_symbolic_tensor(x))
    with tf.init_scope():
        print("init_scope", tf.inside_function())
    return x


f(tf.constant([1., 2.]))
x = tf.constant([1, 2])
print(tf.inside_function(), tf.is_symbolic_tensor(x), tf.is_symbolic_tensor(1), tf.is_symbolic_tensor(tf.Variable(1.)),
      tf.is_symbolic_tensor(np.ones(2)))
print(repr(tf.get_current_name_scope()))
with tf.name_scope("outer"):
    print(repr(tf.get_current_name_scope()))
    with tf.name_scope("inner"):
        print(repr(tf.get_current_name_scope()))
    with tf.name_scope("outer/x/"):
        print(repr(tf.get_current_name_scope()))
    with tf.name_scope("/"):
        print(repr(tf.get_current_name_scope()))
t = tf.timestamp()
t2 = tf.timestamp()
print(t.dtype, t.shape, float(t) > 1.7e9, type(t).__name__, float(t2) >= float(t))
with tf.GradientTape() as tape:
    tape.watch(t)
    u = tf.timestamp() + t
print(tape.gradient(u, t))


def creator(next_creator, **kwargs):
    print({k: v for k, v in kwargs.items() if k != "initial_value"})
    kwargs["trainable"] = False
    return next_creator(**kwargs)


with tf.variable_creator_scope(creator):
    v = tf.Variable(1., name="w")
print(v.trainable, v)


def c2(next_creator, **kwargs):
    print("c2 first")
    kwargs["initial_value"] = [5., 6.]
    return next_creator(**kwargs)


with tf.variable_creator_scope(creator):
    with tf.variable_creator_scope(c2):
        v = tf.Variable([1.], shape=[None], dtype=tf.float32)
print(v, v.trainable)
with tf.variable_creator_scope(lambda next_creator, **kwargs: "not a variable"):
    print(tf.Variable(1.))
print(tf.Variable(2.).trainable)
