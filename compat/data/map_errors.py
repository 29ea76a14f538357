import tensorflow as tf

ds = tf.data.Dataset.range(4)
for kwargs in ({}, {"num_parallel_calls": 2}):
    try:
        ds.map(lambda x: None, **kwargs)
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)
try:
    ds.map(lambda x: x.numpy())
except AttributeError as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    ds.map(lambda x: x, num_parallel_calls=0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    ds.filter(lambda x: tf.cast(x, tf.int32))
except ValueError as e:
    print(type(e).__name__, e)
print(list(ds.map(lambda x: x if x > 1 else -x).as_numpy_iterator()))
pair = ds.map(lambda x: (x, None))
print(pair.element_spec)
print(list(pair.as_numpy_iterator()))
print(pair.batch(2).element_spec)
try:
    ds.scan(tf.constant(0, tf.int32), lambda s, x: (s + x, x))
except TypeError as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    ds.reduce(tf.constant(0.0), lambda s, x: s + x)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
