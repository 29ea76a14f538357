import tensorflow as tf

# TF's Angle kernel is std::arg (glibc atan2f/atan2) under FTZ|DAZ: subnormal parts are not flushed there.
re = [0.0, 1e-40, 1e-40, -0.0, 1.0, -1.0, -1e-40, 0.0, 3.0, 0.0, -0.0]
im = [1e-40, 0.0, 1e-40, 1e-40, 1e-40, 1e-40, -1e-40, -1e-40, -1e-40, 0.0, -0.0]
print(tf.math.angle(tf.complex(tf.constant(re), tf.constant(im))).numpy().tolist())
re64 = [0.0, 1e-310, 1e-310, -0.0, 1.0, -1.0, -1e-310, 0.0, 3.0, 0.0, -0.0]
im64 = [1e-310, 0.0, 1e-310, 1e-310, 1e-310, 1e-310, -1e-310, -1e-310, -1e-310, 0.0, -0.0]
print(tf.math.angle(tf.complex(tf.constant(re64, tf.float64), tf.constant(im64, tf.float64))).numpy().tolist())
print(tf.math.angle(tf.complex(0.0, 1e-40)))
