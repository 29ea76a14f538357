import tensorflow as tf


@tf.function(reduce_retracing=True)
def g(x):
    print("Tracing with", x)
    return x


print(g(tf.constant([1, 2, 3])))
print(g(tf.constant([1, 2, 3, 4, 5])))
print(g(tf.constant([1, 2, 3, 4, 5, 6])))
print(g(tf.constant([[1, 2]])))
print(g.experimental_get_tracing_count())
