import tensorflow as tf

with tf.device("CPU:0"):
    a = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    c = tf.matmul(a, b)
print(c)
print(c.device)
print(a.device)
with tf.device("GPU:0"):
    k = a * tf.Variable([[1.0, 2.0, 3.0]])
print(k)
print(k.device, k.backing_device)
for name in ["/CPU:0", "/device:CPU:0", "/job:localhost/replica:0/task:0/device:CPU:0", "cpu:0", "gpu", "/gpu:1",
             "", None, "TPU:0", "/device:XLA_CPU:0"]:
    with tf.device(name):
        x = tf.constant(1.0) + 1
    print(repr(name), x.device)
with tf.device("GPU:0"):
    with tf.device("CPU:0"):
        print(tf.ones([2]).device)
