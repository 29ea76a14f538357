import tensorflow as tf


@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def next_collatz(x):
    print("Tracing with", x)
    return tf.where(x % 2 == 0, x // 2, 3 * x + 1)


print(next_collatz(tf.constant([1, 2])))
print(next_collatz(tf.constant([1, 2, 3, 4])))
try:
    next_collatz(tf.constant([[1, 2], [3, 4]]))
except TypeError as e:
    print(type(e).__name__, str(e)[:60])
try:
    next_collatz(tf.constant([1.0, 2.0]))
except TypeError as e:
    print(type(e).__name__, str(e)[:60])
print(next_collatz.experimental_get_tracing_count())
print(next_collatz.pretty_printed_concrete_signatures())
