import tensorflow as tf

print(tf.test.is_gpu_available())
print(tf.test.is_gpu_available(cuda_only=True))
print(repr(tf.test.gpu_device_name()))
if tf.config.list_physical_devices("GPU"):
    print("On GPU")
else:
    print("No GPU")
