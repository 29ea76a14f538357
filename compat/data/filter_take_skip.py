import tensorflow as tf

ds = tf.data.Dataset.range(20)
ev = ds.filter(lambda x: x % 2 == 0)
print(ev, ev.cardinality().numpy())
print(list(ev.as_numpy_iterator()))
print(list(ds.take(3).as_numpy_iterator()), ds.take(3).cardinality().numpy())
print(list(ds.skip(17).as_numpy_iterator()), ds.skip(17).cardinality().numpy())
print(ds.take(-1).cardinality().numpy(), ds.skip(-1).cardinality().numpy(), ds.skip(30).cardinality().numpy())
print(list(ds.take_while(lambda x: x < 4).as_numpy_iterator()))
print(list(ds.shard(num_shards=3, index=1).as_numpy_iterator()), ds.shard(3, 1).cardinality().numpy())
print(list(tf.data.Dataset.from_tensor_slices([1, 1, 2, 3, 2, 5]).unique().as_numpy_iterator()))
print(list(ds.enumerate(start=5).take(2).as_numpy_iterator()))
try:
    ds.filter(lambda x: x)
except ValueError as e:
    print(type(e).__name__, e)
