import tensorflow as tf

print(tf.test.gpu_device_name() == "", tf.test.is_built_with_cuda(), tf.test.is_built_with_rocm())
print(tf.test.is_built_with_gpu_support())
print(tf.version.VERSION, tf.__version__, tf.version.GRAPH_DEF_VERSION)
print(tf.version.GRAPH_DEF_VERSION_MIN_CONSUMER, tf.version.GRAPH_DEF_VERSION_MIN_PRODUCER)
print(sorted(tf.sysconfig.get_build_info().items()))
print(tf.sysconfig.CXX11_ABI_FLAG, tf.sysconfig.MONOLITHIC_BUILD, tf.sysconfig.CXX_VERSION)
logger = tf.get_logger()
print(logger, logger.name, logger.level)
print(logger is tf.get_logger())
