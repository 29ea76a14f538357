import tensorflow as tf

ds = tf.data.Dataset.range(3)
print(ds.repeat(2).cardinality().numpy(), list(ds.repeat(2).as_numpy_iterator()))
inf = ds.repeat()
print(inf.cardinality().numpy() == tf.data.INFINITE_CARDINALITY)
print(list(inf.take(7).as_numpy_iterator()))
print(ds.filter(lambda x: x > 0).cardinality().numpy() == tf.data.UNKNOWN_CARDINALITY)
print(tf.data.experimental.cardinality(ds.batch(2)).numpy())
for d in (inf, ds.filter(lambda x: x > 0)):
    try:
        len(d)
    except TypeError as e:
        print(type(e).__name__, e)
print(len(ds.concatenate(ds)))
print(ds.concatenate(inf).cardinality().numpy(), ds.take(0).repeat().cardinality().numpy())
print(tf.data.AUTOTUNE, tf.data.experimental.AUTOTUNE)
