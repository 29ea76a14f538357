import numpy as np
import tensorflow as tf

# Which operand's NaN comes out when both are NaN: x is +nan, y is -nan, so the sign bit tells.
shapes = [((16,), (16,)), ((16,), ()), ((), (16,)), ((17,), ()), ((), (17,)), ((7,), ()), ((4, 4), (1, 1)),
          ((3, 5), (5,)), ((3,), (3,)), ((), ())]
ops = {"add": tf.add, "multiply": tf.multiply, "subtract": tf.subtract, "divide": tf.divide,
       "maximum": tf.maximum, "xlogy": tf.math.xlogy, "pow": tf.pow}
for dtype in (tf.float16, tf.float32, tf.float64):
    for name, op in ops.items():
        row = []
        for sx, sy in shapes:
            x = tf.fill(sx, tf.constant(np.nan, dtype))
            y = tf.fill(sy, tf.constant(-np.nan, dtype))
            signs = np.signbit(op(x, y).numpy()).ravel()
            row.append("".join("-" if s else "+" for s in signs))
        print(dtype.name, name, " ".join(row))
