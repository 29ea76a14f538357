import tensorflow as tf

ds = tf.data.Dataset.range(1, 5)
out = ds.interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(3), cycle_length=2, block_length=2)
print(out)
print(list(out.as_numpy_iterator()))
print(list(ds.interleave(lambda x: tf.data.Dataset.range(x), cycle_length=3).as_numpy_iterator()))
p = ds.interleave(lambda x: tf.data.Dataset.range(x * 10, x * 10 + 2), cycle_length=4,
                  num_parallel_calls=tf.data.AUTOTUNE, deterministic=True)
print(p)
print(list(p.as_numpy_iterator()))
