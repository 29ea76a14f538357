import tensorflow as tf


@tf.function
def f(xs, d, flag=True):
    print("tracing", len(xs), sorted(d), flag)
    return xs[0] + d["a"]


print(f([tf.constant(1.0), tf.constant(2.0)], {"a": tf.constant(1.0)}))
print(f([tf.constant(3.0), tf.constant(2.0)], {"a": tf.constant(5.0)}))
print(f((tf.constant(3.0), tf.constant(2.0)), {"a": tf.constant(5.0)}))
print(f([tf.constant(3.0)], {"a": tf.constant(5.0)}, flag=False))
print(f([tf.constant(3.0)], {"a": tf.constant(5.0)}, flag=0))
print(f.experimental_get_tracing_count())
