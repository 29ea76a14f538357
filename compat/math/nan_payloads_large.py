import hashlib

import numpy as np
import tensorflow as tf

# The NaN a large elementwise op returns, payload and sign: x's NaNs are positive with one payload, y's negative
# with another; some elements have one NaN, some two, some inf * 0 or inf - inf (the hardware's own NaN).
# Lengths above 1024 and above 131072 (split across threads), with tails of n % 8 elements.


def operands(n, dtype, seed):
    rng = np.random.default_rng(seed)
    bits = {np.float16: np.uint16, np.float32: np.uint32, np.float64: np.uint64}[dtype]
    x = rng.standard_normal(n).astype(dtype)
    y = rng.standard_normal(n).astype(dtype)
    nan_x = np.array(np.array(np.nan, dtype).view(bits) | bits(5), bits).view(dtype)
    nan_y = -np.array(np.array(np.nan, dtype).view(bits) | bits(3), bits).view(dtype)
    i = np.arange(n)
    x[i % 3 == 0] = nan_x
    y[i % 2 == 0] = nan_y
    x[i % 7 == 1] = np.inf
    y[i % 7 == 1] = np.where(i[i % 7 == 1] % 2, 0, np.inf).astype(dtype)
    return x, y, bits


def digest(t, bits):
    v = t.numpy().view(bits)
    return f"{hashlib.md5(v.tobytes()).hexdigest()[:12]} nan={int(np.isnan(t.numpy()).sum())}"


for n in (2051, 131077):
    x, y, bits = operands(n, np.float32, n)
    for name, op in (("add", tf.add), ("multiply", tf.multiply), ("subtract", tf.subtract)):
        print(n, name, "same shapes", digest(op(x, y), bits))
        print(n, name, "scalar y", digest(op(x, y[0]), bits))
        print(n, name, "scalar x", digest(op(x[0], y), bits))
    for dtype in (np.float16, np.float32, np.float64):
        # the gradient of tanh is TanhGrad(tanh(x), upstream)
        x, dy, bits = operands(n, dtype, n + 1)
        x = tf.constant(x)
        with tf.GradientTape() as g:
            g.watch(x)
            y = tf.tanh(x)
        print(n, "tanh gradient", np.dtype(dtype).name, digest(g.gradient(y, x, output_gradients=dy), bits))
