import tensorflow as tf

for expr in ["tf.no_such_op", "tf.math.no_such_op", "tf.nn.no_such_op", "tf.linalg.no_such_op",
             "tf.random.no_such_op", "tf.keras.layers.NoSuchLayer", "tf.keras.NoSuchThing"]:
    try:
        eval(expr)
    except AttributeError as e:
        print(expr, type(e).__name__, e)
print(hasattr(tf, "no_such_op"), getattr(tf, "no_such_op", "default"))
print(hasattr(tf.math, "abs"), hasattr(tf, "math"), hasattr(tf, "keras"))
try:
    from tensorflow.math import no_such_op  # noqa: F401
except ImportError as e:
    print(type(e).__name__)
