import tensorflow as tf


@tf.function
def f(x):
    print("running", tf.executing_eagerly())
    return x + 1


f(tf.constant(1))
f(tf.constant(1))
tf.config.run_functions_eagerly(True)
print(tf.config.functions_run_eagerly())
f(tf.constant(1))
f(tf.constant(1))
tf.config.run_functions_eagerly(False)
f(tf.constant(1))
with tf.init_scope():
    print(tf.executing_eagerly())
