import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.exp(tf.constant([1, 2])))
show(lambda: tf.square(True))
show(lambda: tf.add(True, False))
show(lambda: tf.reshape(tf.ones((2, 3)), (4, 2)))
show(lambda: tf.reshape(tf.ones((2, 3)), (-1, 4)))
show(lambda: tf.reshape(tf.ones((2, 3)), (-1, -1)))
print(tf.reshape(tf.constant([0, 1, 2, 3, 4, 5]), (-1, 2)))
e = tf.errors.InvalidArgumentError(None, None, "custom message")
print(e, e.message, isinstance(e, tf.errors.OpError), e.error_code)
print([c.__name__ for c in tf.errors.InvalidArgumentError.__mro__[:3]])
print(tf.errors.ResourceExhaustedError.__mro__[1].__name__, tf.errors.INVALID_ARGUMENT, tf.errors.NOT_FOUND)
