import tensorflow as tf

a = tf.data.Dataset.range(0, 100)
b = tf.data.Dataset.range(100, 200)
mixed = tf.data.Dataset.sample_from_datasets([a, b], weights=[0.3, 0.7], seed=5)
print(mixed)
print(list(mixed.take(12).as_numpy_iterator()))
print(list(tf.data.Dataset.sample_from_datasets([a, b], seed=9).take(8).as_numpy_iterator()))
small = tf.data.Dataset.sample_from_datasets([a.take(2), b.take(3)], seed=1, stop_on_empty_dataset=False)
print(list(small.as_numpy_iterator()))
print(list(tf.data.Dataset.random(seed=4).take(3).as_numpy_iterator()))
tf.random.set_seed(8)
print(list(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.5, 0.5]).take(6).as_numpy_iterator()))
