import tensorflow as tf

ds = tf.data.Dataset.range(10)
g = ds.group_by_window(key_func=lambda x: x % 3, reduce_func=lambda k, w: w.batch(2), window_size=2)
print(g)
for b in g:
    print(b.numpy())
seqs = tf.data.Dataset.range(1, 9).map(lambda n: tf.fill([n], n))
buckets = seqs.bucket_by_sequence_length(
    element_length_func=lambda e: tf.shape(e)[0], bucket_boundaries=[3, 6], bucket_batch_sizes=[2, 2, 2])
print(buckets)
for b in buckets:
    print(b.numpy())
