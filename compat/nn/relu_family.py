import tensorflow as tf

x = tf.constant([-3.0, -0.5, 0.0, 0.5, 3.0, 7.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    ys = [tf.nn.relu(x), tf.nn.relu6(x), tf.nn.leaky_relu(x), tf.nn.leaky_relu(x, alpha=0.01)]
for y in ys:
    print(y)
    print(tape.gradient(y, x))
print(tf.nn.relu(tf.constant([-2, 3])))
print(tf.nn.relu6([[-1.0, 8.0]]))
print(tf.nn.leaky_relu(tf.constant([-2, 3])))
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.nn.relu(x) * x
    g = inner.gradient(y, x)
print(g)
print(outer.gradient(g, x))
for f in (lambda: tf.nn.relu(tf.constant([True])), lambda: tf.nn.relu([True])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
