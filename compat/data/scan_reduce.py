import tensorflow as tf

ds = tf.data.Dataset.range(1, 6)
print(ds.reduce(tf.constant(0, tf.int64), lambda s, x: s + x).numpy())
print(ds.reduce(0.0, lambda s, x: s + tf.cast(x, tf.float32)))
running = ds.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s + x))
print(running)
print(list(running.as_numpy_iterator()))
pairs = tf.data.Dataset.from_tensor_slices(([1.0, 2.0, 3.0], [1, 0, 1]))


def count(counts, batch):
    features, label = batch
    counts["pos"] += tf.cast(label == 1, tf.int32)
    counts["sum"] += features
    return counts


print(pairs.reduce({"pos": 0, "sum": 0.0}, count))
print(tf.data.Dataset.range(1).get_single_element())
try:
    ds.get_single_element()
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
