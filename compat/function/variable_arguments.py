import tensorflow as tf


@tf.function
def step(v, delta):
    print("tracing step")
    v.assign_add(delta)
    return v.read_value()


a = tf.Variable(1.0)
b = tf.Variable(10.0)
print(step(a, tf.constant(1.0)))
print(step(b, tf.constant(2.0)))
print(step(a, tf.constant(3.0)))
print(a.numpy(), b.numpy())
print(step.experimental_get_tracing_count())
