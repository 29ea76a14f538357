# TF's unary math ops take SparseTensors: they map the values and keep indices and shape.
import tensorflow as tf

st = tf.sparse.from_dense([[1.5, 0.0, -2.0], [0.0, 0.25, 0.0]])
for name in ("abs", "negative", "sign", "square", "sqrt", "sin", "tan", "asin", "atan", "asinh", "atanh", "tanh",
             "erf"):
    out = getattr(tf.math, name)(st)
    print(name, type(out).__name__, out.values.numpy(), out.dense_shape.numpy())
print(tf.abs(tf.sparse.from_dense([[-1, 0], [0, 3]])))
for fn in (lambda: abs(tf.sparse.from_dense([-4, 0, 5])), lambda: -tf.sparse.from_dense([[0, 7]])):
    try:
        print(fn())
    except TypeError as e:
        print("TypeError", e)
try:
    tf.math.exp(st)
except Exception as e:
    print(type(e).__name__)
