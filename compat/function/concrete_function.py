import tensorflow as tf


@tf.function
def double(a):
    print("Tracing with", a)
    return a + a


print(double(tf.constant(1)))
print(double(tf.constant(1.1)))
print(double(tf.constant("a")))
print(double.pretty_printed_concrete_signatures())
double_strings = double.get_concrete_function(tf.constant("a"))
print(double_strings(tf.constant("a")))
print(double_strings(a=tf.constant("b")))
print(double_strings)
print(double_strings.function_type)
print(double_strings.structured_input_signature)
print(double_strings.structured_outputs)
try:
    double_strings(tf.constant(1))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
print(double.get_concrete_function(tf.TensorSpec(shape=[], dtype=tf.string))(tf.constant("c")))
print(double.experimental_get_tracing_count())
