# MirroredStrategy over logical CPUs: per-replica runs, PerReplica values, mirrored variables, Generators
import tensorflow as tf
physical_devices = tf.config.list_physical_devices("CPU")
tf.config.experimental.set_virtual_device_configuration(
    physical_devices[0], [tf.config.experimental.VirtualDeviceConfiguration()] * 3)
print(tf.config.list_logical_devices())
g = tf.random.Generator.from_seed(1)
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  def f():
    print(g.normal([]))
  results = strat.run(f)
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  g = tf.random.Generator.from_seed(1)
  print(strat.run(lambda: g.normal([])))
  print(strat.run(lambda: g.normal([])))
  print(g.state)
  print(g.normal([2]))
  print(g.state)
  print(strat.run(lambda: g.normal([])))
  print(strat.num_replicas_in_sync, strat.extended.worker_devices)
  v = tf.Variable(1.)
  print(v)
  print(strat.run(lambda: v + 1.))
  print(strat.experimental_local_results(strat.run(lambda: tf.constant([1., 2.]) * 3)))
  print(strat.reduce("SUM", strat.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group), axis=None))
  print(strat.reduce("MEAN", strat.run(lambda: tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32)), axis=None))
  print(strat.run(lambda: (tf.constant(1), {"a": tf.distribute.get_replica_context().replica_id_in_sync_group})))
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  def f():
    g = tf.random.Generator.from_seed(1)
    a = g.normal([])
    b = g.normal([])
    return tf.stack([a, b])
  print(strat.run(f))
  print(strat.run(f))
# a mirrored generator's state in a checkpoint, restored on 2 and on 3 replicas
import os
import tempfile

filename = os.path.join(tempfile.mkdtemp(), "checkpoint")
strat1 = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat1.scope():
  g1 = tf.random.Generator.from_seed(1)
  cp1 = tf.train.Checkpoint(my_generator=g1)
  print(strat1.run(lambda: g1.normal([])))
  cp1.write(filename)
  print(strat1.run(lambda: g1.normal([])))
  cp1.restore(filename)
  print(strat1.run(lambda: g1.normal([])))
strat2 = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1", "cpu:2"])
with strat2.scope():
  g2 = tf.random.Generator.from_seed(1)
  cp2 = tf.train.Checkpoint(my_generator=g2)
  cp2.restore(filename)
  print(strat2.run(lambda: g2.normal([])))
  print(strat2.run(lambda: g2.uniform([2], maxval=10, dtype=tf.int32)))
print(tf.train.load_checkpoint(filename).get_tensor("my_generator/_state_var/.ATTRIBUTES/VARIABLE_VALUE"))
