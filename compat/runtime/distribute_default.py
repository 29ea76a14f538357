import tensorflow as tf

s = tf.distribute.get_strategy()
print(type(s).__name__, type(s.extended).__name__, s.num_replicas_in_sync)
print(tf.distribute.has_strategy(), tf.distribute.in_cross_replica_context())
print(type(tf.distribute.get_replica_context()).__name__)
with s.scope():
    print(tf.distribute.has_strategy(), tf.distribute.get_strategy() is s)
    v = tf.Variable(1.0)
print(v)
print(s.run(lambda x: x * 2, args=(tf.constant(3.0),)))
print(s.run(lambda x, y=1.0: x + y, args=(tf.constant(3.0),), kwargs={"y": 2.0}))
print(s.reduce(tf.distribute.ReduceOp.SUM, tf.constant([1.0, 2.0]), axis=None))
print(s.reduce("SUM", tf.constant([1.0, 2.0]), axis=0))
print(s.reduce("MEAN", tf.constant([[1.0, 2.0], [3.0, 5.0]]), axis=0))
print(s.experimental_local_results(tf.constant(1)))
try:
    s.reduce("FOO", tf.constant([1.0, 2.0]), axis=0)
except ValueError as e:
    print(type(e).__name__, e)
try:
    s.extended.worker_devices
except RuntimeError as e:
    print(type(e).__name__, e)
print(tf.distribute.ReduceOp.SUM, repr(tf.distribute.ReduceOp.MEAN), tf.distribute.ReduceOp("SUM"))
