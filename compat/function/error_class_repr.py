import tensorflow as tf

print(tf.errors.InvalidArgumentError)
print(tf.errors.OpError, tf.errors.NotFoundError)
print("{}".format(tf.errors.OperatorNotAllowedInGraphError))
print([tf.errors.ResourceExhaustedError])


class MyError(tf.errors.InvalidArgumentError):
    pass


print(MyError.__name__, issubclass(MyError, tf.errors.OpError))
try:
    tf.constant([1, 2]) + tf.constant([1, 2, 3])
except tf.errors.OpError as e:
    print(type(e).__name__, repr(type(e)))
