import tensorflow as tf
import numpy as np

x = tf.constant(np.arange(32, dtype=np.float32).reshape(1, 4, 4, 2) % 7)
x3 = tf.constant(np.arange(8, dtype=np.float32).reshape(1, 4, 2) % 5)


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


for name, fn, inp in [("max_pool2d", tf.nn.max_pool2d, x), ("avg_pool2d", tf.nn.avg_pool2d, x),
                      ("max_pool1d", tf.nn.max_pool1d, x3), ("avg_pool1d", tf.nn.avg_pool1d, x3),
                      ("max_pool", tf.nn.max_pool, x), ("avg_pool", tf.nn.avg_pool, x)]:
    show(name + " same", lambda: fn(inp, 2, 2, "same"))
    show(name + " NWC", lambda: fn(inp, 2, 2, "SAME", data_format="NWC"))
    show(name + " NCHW", lambda: fn(inp, 2, 1, "SAME", data_format="NCHW"))
    show(name + " NCW", lambda: fn(inp, 2, 1, "VALID", data_format="NCW"))
    show(name + " stride 0", lambda: fn(inp, 2, 0, "SAME"))
    show(name + " ksize 0", lambda: fn(inp, 0, 1, "SAME"))
    show(name + " ksize -1", lambda: fn(inp, -1, 1, "VALID"))
    show(name + " EXPLICIT", lambda: fn(inp, 2, 1, "EXPLICIT"))
    show(name + " padding 3", lambda: fn(inp, 2, 1, 3))
