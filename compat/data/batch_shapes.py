import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(30, dtype=tf.float32), [10, 3]))
b = ds.batch(4)
print(b)
print(b.cardinality().numpy())
for x in b:
    print(x.shape)
bd = ds.batch(4, drop_remainder=True)
print(bd)
print(bd.cardinality().numpy())
print(list(bd.as_numpy_iterator())[-1])
pairs = tf.data.Dataset.zip((tf.data.Dataset.range(5), tf.data.Dataset.range(5).map(lambda x: x * x)))
for a, sq in pairs.batch(2):
    print(a.numpy(), sq.numpy())
print(ds.batch(3).unbatch())
print(ds.batch(3).rebatch(4))
for x in ds.batch(3).rebatch(4):
    print(x.numpy().tolist())
print(ds.batch(2, num_parallel_calls=tf.data.AUTOTUNE, deterministic=True))
