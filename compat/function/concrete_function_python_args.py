import tensorflow as tf


@tf.function
def pow(a, b):
    return a**b


square = pow.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
print(square)
print(square(tf.constant(10.0)))
print(square(tf.constant([1.0, 3.0])))
try:
    square(tf.constant(10.0), b=3)
except TypeError as e:
    print(type(e).__name__, str(e).splitlines()[-1])
print(square.pretty_printed_signature(verbose=False))


@tf.function
def k(x, y, s="hi"):
    return {"a": x, "b": (y, x + 1)}


c2 = k.get_concrete_function(tf.constant([1, 2]), tf.constant(1.0))
print(c2)
print(c2.structured_outputs)
print(c2.structured_input_signature)
print(c2(tf.constant([5, 6]), tf.constant(2.0)))
