import tensorflow as tf

ds = tf.data.Dataset.range(1, 8).map(lambda x: tf.fill([tf.cast(x, tf.int32)], x))
print(ds.element_spec)
pb = ds.padded_batch(3)
print(pb)
for b in pb:
    print(b.numpy())
fixed = ds.padded_batch(2, padded_shapes=[8], padding_values=tf.constant(-1, tf.int64), drop_remainder=True)
print(fixed)
print(next(iter(fixed)).numpy())
try:
    list(ds.padded_batch(2, padded_shapes=[3]))
except tf.errors.OpError as e:
    print(type(e).__name__, e)
try:
    ds.padded_batch(2, padded_shapes=[2, 2])
except ValueError as e:
    print(type(e).__name__, e)
