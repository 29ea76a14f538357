import tensorflow as tf

for v in [3.0, 0.1, -0.0, [1.5, 2.0, -3.25], [[1, 2, 3], [4, 5, 6]], [[[1.0, 2.0]], [[3.0, 4.0]]]]:
    t = tf.constant(v)
    print(t)
    print(repr(t))
