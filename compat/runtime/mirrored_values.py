# MirroredStrategy over 2 logical CPUs: values from a function, PerReplica arguments, reduce
import tensorflow as tf
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
s = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1"])
v = s.experimental_distribute_values_from_function(lambda ctx: tf.constant(ctx.replica_id_in_sync_group * 10.0 + ctx.num_replicas_in_sync))
print(v)
print(s.run(lambda x: x * 2, args=(v,)))
print(s.reduce("SUM", v, axis=None))
try:
    print(s.reduce("SUM", tf.constant(3.0), axis=None))
except ValueError as e:
    print(type(e).__name__, e)
print(s.reduce("MEAN", tf.constant(3.0), axis=None))

print(s.experimental_local_results(tf.constant(1)))
