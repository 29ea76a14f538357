import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


x = tf.constant([[1, 2, 3], [4, 5, 6]])
print(x[0])
print(x[1, 2])
print(x[:, 1])
print(x[-1])
print(x[..., 0])
print(x[tf.newaxis].shape, x[:, tf.newaxis, :].shape, x[..., None].shape)
print(x[0:1, 1:])
print(x[::-1])
print(x[:, ::2])
print(x[1:0])
show(lambda: tf.constant([1, 2, 3])[5])
show(lambda: tf.constant([1, 2, 3])[-4])
show(lambda: x[0, 0, 0])
print(x[tf.constant(1)])
