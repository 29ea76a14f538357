import tensorflow as tf


@tf.function
def f(x):
    print("Tracing with", x)
    return x * 2


print(f(1))
print(f(1))
print(f(2))
print(f(tf.constant(1)))
print(f(tf.constant(2)))
print(f(tf.constant(1.5)))
print(f(tf.constant([1, 2])))
print(f.experimental_get_tracing_count())
