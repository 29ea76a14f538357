import tensorflow as tf


@tf.function
def add(a, b):
    print("tracing add")
    return a + b


@tf.function
def dense_layer(x, w, b):
    print("tracing dense")
    return add(tf.matmul(x, w), b)


print(dense_layer(tf.ones([3, 2]), tf.ones([2, 2]), tf.ones([2])))
print(dense_layer(tf.ones([3, 2]), tf.ones([2, 2]), tf.zeros([2])))
v = tf.Variable(1.0)
with tf.GradientTape() as tape:
    result = add(v, 1.0)
print(tape.gradient(result, v))
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = add(x * x, x)
print(tape.gradient(y, x))


@tf.function
def inner_grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x * x
    return t.gradient(y, x)


print(inner_grad(tf.constant(2.0)))
print(inner_grad(tf.constant(3.0)))
