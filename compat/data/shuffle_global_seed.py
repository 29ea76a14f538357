import tensorflow as tf

tf.random.set_seed(1234)
ds = tf.data.Dataset.range(10)
print(list(ds.shuffle(10).as_numpy_iterator()))
print(list(ds.shuffle(10).as_numpy_iterator()))
w = tf.random.uniform([2])
print(w)
print(list(ds.shuffle(4).as_numpy_iterator()))
tf.random.set_seed(1234)
a = ds.shuffle(10)
print(list(a.as_numpy_iterator()))
for epoch in range(2):
    print(epoch, [int(x) for x in a])
