import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
for f in [lambda: tf.config.experimental.set_memory_growth(cpu, True),
          lambda: tf.config.experimental.get_memory_growth(cpu),
          lambda: tf.config.experimental.get_memory_info("CPU:0"),
          lambda: tf.config.experimental.get_memory_info("GPU:0"),
          lambda: tf.config.experimental.get_memory_info("foo"),
          lambda: tf.config.experimental.get_memory_info("CPU"),
          lambda: tf.config.experimental.reset_memory_stats("CPU:0")]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
