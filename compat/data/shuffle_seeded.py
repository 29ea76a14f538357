import tensorflow as tf

ds = tf.data.Dataset.range(12)
print(list(ds.shuffle(4, seed=1).as_numpy_iterator()))
print(list(ds.shuffle(12, seed=123).as_numpy_iterator()))
s = ds.shuffle(5, seed=7)
print(list(s.as_numpy_iterator()))
print(list(s.as_numpy_iterator()))
f = ds.shuffle(5, seed=7, reshuffle_each_iteration=False)
print(list(f.as_numpy_iterator()))
print(list(f.as_numpy_iterator()))
print(list(ds.shuffle(3, seed=2).repeat(2).as_numpy_iterator()))
print(list(ds.repeat(2).shuffle(6, seed=2).batch(5).as_numpy_iterator()))
print(ds.shuffle(3))
