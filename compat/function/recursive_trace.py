import tensorflow as tf


@tf.function
def recursive_fn(n):
    if n > 0:
        return recursive_fn(n - 1)
    else:
        return 1


try:
    recursive_fn(tf.constant(5))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0], str(e).splitlines()[-1])


@tf.function
def countdown(n):
    # Python ints give each call its own trace: this recursion ends.
    if n > 0:
        return countdown(n - 1) + 1
    return tf.constant(0)


print(countdown(3))
print(countdown.experimental_get_tracing_count())


@tf.function
def halve(x):
    return halve(x[:1]) if x.shape[0] > 1 else x * 2


print(halve(tf.constant([1.0, 2.0, 3.0, 4.0])))
