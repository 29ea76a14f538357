import tensorflow as tf

spec = tf.DeviceSpec.from_string("/job:a/replica:1/task:2/device:GPU:3")
print(spec)
print(spec.to_string(), spec.job, spec.replica, spec.task, spec.device_type, spec.device_index)
print(tf.DeviceSpec(job="w", device_type="cpu", device_index=0).to_string())
print(tf.DeviceSpec.from_string("gpu:1").device_type, tf.DeviceSpec.from_string("gpu:1").to_string())
print(tf.DeviceSpec.from_string("/device:CPU:*").to_string())
print(tf.DeviceSpec.from_string("/GPU").to_string())
merged = tf.DeviceSpec(job="ps").make_merged_spec(tf.DeviceSpec(device_type="GPU", device_index=1))
print(merged.to_string())
print(spec.replace(job="b", device_index=0).to_string())
print(spec == tf.DeviceSpec.from_string("/job:a/replica:1/task:2/device:GPU:3"), spec == "x")
print(tf.DeviceSpec())
for s in ["bad", "/foo:1", "/cpu:0/gpu:1"]:
    try:
        tf.DeviceSpec.from_string(s)
    except ValueError as e:
        print(type(e).__name__, e)
with tf.device(tf.DeviceSpec(device_type="CPU", device_index=0)):
    print(tf.constant(2).device)
