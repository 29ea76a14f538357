import tensorflow as tf

ds = tf.data.Dataset.range(10)
windows = ds.window(4, shift=2)
print(windows)
for w in windows.take(2):
    print(w, list(w.as_numpy_iterator()))
print(windows.cardinality().numpy())
for b in windows.flat_map(lambda w: w.batch(4, drop_remainder=True)):
    print(b.numpy())
print(list(ds.window(3, shift=3, stride=2, drop_remainder=True).flat_map(lambda w: w.batch(3)).as_numpy_iterator()))
pairs = tf.data.Dataset.zip((ds, ds.map(lambda x: x * 10))).window(3)
print(pairs.element_spec)
for a, b in pairs.take(1):
    print(list(a.as_numpy_iterator()), list(b.as_numpy_iterator()))
print(ds.flat_map(lambda x: tf.data.Dataset.from_tensors(x).repeat(2)).take(5))
