import numpy as np
import tensorflow as tf

# The gradients of tf.math.reciprocal (-y * y * dy) and tf.math.rsqrt (-0.5 * dy * y^3), 0 where dy is 0. Which NaN
# comes out, with which sign, where y or the upstream gradient dy is NaN: packets (the first 16 elements) and the
# scalar tail (the last 4).
CASES = [(np.float32, np.uint32, 0x7F800011, 0xFF900022),
         (np.float64, np.uint64, 0x7FF0000000000011, 0xFFF2000000000022),
         (np.float16, np.uint16, 0x7C11, 0xFD22)]

for fn in (tf.math.reciprocal, tf.math.rsqrt):
    for dtype, bits, nan_x, nan_dy in CASES:
        x = np.full(20, nan_x, bits).view(dtype).copy()
        dy = np.full(20, nan_dy, bits).view(dtype).copy()
        x[1::4] = 2.0  # y finite, dy NaN
        dy[2::4] = 3.0  # y NaN, dy finite
        dy[3::4] = 0.0  # y NaN, dy 0
        xt = tf.constant(x)
        with tf.GradientTape() as g:
            g.watch(xt)
            y = fn(xt)
        r = g.gradient(y, xt, output_gradients=tf.constant(dy)).numpy().view(bits)
        print(fn.__name__, np.dtype(dtype).name, [hex(v) for v in r[:4]], [hex(v) for v in r[16:]])
