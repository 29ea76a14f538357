import tensorflow as tf

ds = tf.data.Dataset.range(8)
print(tf.data.experimental.get_structure(ds))
print(ds.apply(tf.data.experimental.assert_cardinality(8)))
try:
    list(ds.apply(tf.data.experimental.assert_cardinality(5)))
except tf.errors.FailedPreconditionError as e:
    print(type(e).__name__, e)
try:
    list(ds.take(3).apply(tf.data.experimental.assert_cardinality(5)))
except tf.errors.FailedPreconditionError as e:
    print(type(e).__name__, e)
mb = ds.apply(tf.data.experimental.map_and_batch(lambda x: x * 3, 3))
print(mb, [b.tolist() for b in mb.as_numpy_iterator()])
pi = ds.apply(tf.data.experimental.parallel_interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(2), 3))
print(pi, list(pi.as_numpy_iterator()))
print(tf.data.experimental.at(ds, 5))
print(list(ds.apply(tf.data.experimental.enumerate_dataset(10)).take(2).as_numpy_iterator()))
print(list(ds.apply(tf.data.experimental.unique()).take(2).as_numpy_iterator()))
print(list(ds.batch(3).apply(tf.data.experimental.unbatch()).take(4).as_numpy_iterator()))
print(list(ds.apply(tf.data.experimental.scan(tf.constant(1, tf.int64), lambda s, x: (s * 2, s + x))).as_numpy_iterator()))
print(list(ds.apply(tf.data.experimental.take_while(lambda x: x < 3)).as_numpy_iterator()))
print(ds.apply(tf.data.experimental.dense_to_ragged_batch(4)))
print(tf.data.experimental.from_list([(1, "a"), (2, "b")]))
print(list(tf.data.experimental.from_list([(1, "a"), (2, "b")]).as_numpy_iterator()))
print(ds.apply(tf.data.experimental.shuffle_and_repeat(4, 2, seed=3)).cardinality().numpy())
print(list(ds.apply(tf.data.experimental.shuffle_and_repeat(4, 2, seed=3)).as_numpy_iterator()))
