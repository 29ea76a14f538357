import numpy as np
import tensorflow as tf


def count(stop):
    i = 0
    while i < stop:
        yield i
        i += 1


ds = tf.data.Dataset.from_generator(count, args=[5], output_types=tf.int32, output_shapes=())
print(ds)
print(list(ds.as_numpy_iterator()))
for b in ds.repeat().batch(3).take(4):
    print(b.numpy())


def pairs():
    for i in range(4):
        yield np.full([i + 1], i, np.float32), i


sig = (tf.TensorSpec(shape=(None,), dtype=tf.float32), tf.TensorSpec(shape=(), dtype=tf.int64))
g = tf.data.Dataset.from_generator(pairs, output_signature=sig)
print(g.element_spec)
for v, i in g.padded_batch(2):
    print(v.numpy(), i.numpy())
u = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3, 4]]), output_types=tf.int64)
print(u.element_spec)
print(list(u.as_numpy_iterator()))
bad = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3]]), output_types=tf.int32, output_shapes=(2,))
try:
    for x in bad:
        print(x)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0])
