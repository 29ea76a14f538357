import tensorflow as tf


@tf.function
def leaky(a):
    global x
    x = a + 1  # leaks a graph tensor
    return x


print(leaky(tf.constant(1)))
print(x.shape, x.dtype)
try:
    x.numpy()
except AttributeError as e:
    print(e)


@tf.function
def captures_leaked_tensor(b):
    b += x
    return b


for attempt in (lambda: captures_leaked_tensor(tf.constant(2)), lambda: x * 2, lambda: tf.reduce_sum(x)):
    try:
        attempt()
    except TypeError as e:
        print(type(e).__name__, "is out of scope and cannot be used here" in str(e))
print(leaky(tf.constant(5)))
