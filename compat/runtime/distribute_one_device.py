import tensorflow as tf

o = tf.distribute.OneDeviceStrategy("/cpu:0")
print(type(o).__name__, o.num_replicas_in_sync)
with o.scope():
    w = tf.Variable(3.0)
print(w)
print(type(w).__name__)
print(o.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group))
print(o.run(lambda x: x * x, args=(tf.constant([1.0, 2.0]),)))
print(o.reduce(tf.distribute.ReduceOp.MEAN, tf.constant([1.0, 2.0, 6.0]), axis=0))
m = tf.distribute.MirroredStrategy()
with o.scope():
    try:
        with m.scope():
            pass
    except RuntimeError as e:
        print(type(e).__name__, str(e).split(":")[0])
