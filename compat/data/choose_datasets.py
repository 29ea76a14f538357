import tensorflow as tf

datasets = [tf.data.Dataset.from_tensors("foo").repeat(), tf.data.Dataset.from_tensors("bar").repeat(),
            tf.data.Dataset.from_tensors("baz").repeat()]
choice = tf.data.Dataset.range(3).repeat(3)
out = tf.data.Dataset.choose_from_datasets(datasets, choice)
print(out)
print(list(out.as_numpy_iterator()))
a = tf.data.Dataset.range(3)
b = tf.data.Dataset.range(10, 12)
print(list(tf.data.Dataset.choose_from_datasets([a, b], tf.data.Dataset.from_tensor_slices(
    tf.constant([0, 1, 1, 1, 0], tf.int64))).as_numpy_iterator()))
print(list(tf.data.experimental.Counter(start=2, step=3).take(4).as_numpy_iterator()))
print(list(tf.data.Dataset.counter(5).take(2).as_numpy_iterator()))
