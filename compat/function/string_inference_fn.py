import tensorflow as tf


@tf.function
def double_strings(a):
    return a + a


print(repr(double_strings(tf.constant("a"))))
atomic_fn = double_strings.get_concrete_function(tf.constant("a")).inference_fn
print(repr(atomic_fn(tf.constant("b"))))
print(repr(double_strings(tf.constant(["b", "c"]))))
print(repr(tf.constant("x") + tf.constant("y")))
print(repr(tf.add(tf.constant(["p"]), tf.constant("q"))))
