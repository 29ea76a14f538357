import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 0, 1, 3, 1]).map(lambda x: tf.reshape(x, [x]))
it = iter(ds)
for _ in range(5):
    try:
        print(next(it))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
print(list(ds.ignore_errors().as_numpy_iterator()))
gen = tf.data.Dataset.from_generator(lambda: iter([1, 2, "x", 4]), output_types=tf.int32)
print(list(gen.ignore_errors().as_numpy_iterator()))
try:
    list(gen)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0])
shapes = tf.data.Dataset.from_generator(lambda: iter([np.ones(2), np.ones(3), np.ones(2)]),
                                        output_signature=tf.TensorSpec([2], tf.float64))
print(list(shapes.ignore_errors().as_numpy_iterator()))
