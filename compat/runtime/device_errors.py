import tensorflow as tf

for name in ["foo", "/foo:1", "CPU:x", "/job:foo", "/cpu:0/gpu:0", 3]:
    try:
        with tf.device(name):
            x = tf.constant(1.0) + 1
        print(repr(name), x.device)
    except Exception as e:
        print(repr(name), type(e).__name__, e)
try:
    tf.device(lambda op: "CPU:0")
except RuntimeError as e:
    print(type(e).__name__, e)
