import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
print(tf.config.set_visible_devices([], "GPU"))
print(tf.config.get_visible_devices())
print(tf.config.set_visible_devices(cpu))
print(tf.config.get_visible_devices("CPU"))
try:
    tf.config.set_visible_devices([cpu], "GPU")
except ValueError as e:
    print(type(e).__name__, e)
print(tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()]))
print(tf.config.get_logical_device_configuration(cpu))
