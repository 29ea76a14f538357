import tensorflow as tf

print(tf.config.threading.get_inter_op_parallelism_threads())
print(tf.config.threading.get_intra_op_parallelism_threads())
tf.config.threading.set_inter_op_parallelism_threads(2)
tf.config.threading.set_intra_op_parallelism_threads(3)
print(tf.config.threading.get_inter_op_parallelism_threads())
print(tf.config.threading.get_intra_op_parallelism_threads())
x = tf.constant(1.0) * 2
tf.config.threading.set_inter_op_parallelism_threads(2)
for f in [tf.config.threading.set_inter_op_parallelism_threads, tf.config.threading.set_intra_op_parallelism_threads]:
    try:
        f(4)
    except RuntimeError as e:
        print(type(e).__name__, e)
cpu = tf.config.list_physical_devices("CPU")[0]
try:
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()])
except RuntimeError as e:
    print(type(e).__name__, e)
