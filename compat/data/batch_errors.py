import numpy as np
import tensorflow as tf

ragged = tf.data.Dataset.from_generator(lambda: iter([np.zeros([2, 3]), np.zeros([3, 2])]), output_types=tf.float32)
try:
    for x in ragged.batch(2):
        print(x)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.range(3).batch(0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.range(3).shuffle(0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.range(0, 5, 0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.range(5).shard(2, 3)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.range(3).map(lambda x: object())
except TypeError as e:
    print(type(e).__name__, str(e).split(":")[0])
it = iter(tf.data.Dataset.range(2))
print(next(it), next(it))
try:
    next(it)
except StopIteration:
    print("StopIteration")
