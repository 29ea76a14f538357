import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = tf.constant([10.0, 20.0, 30.0])
print(tf.add(x, b))
print(tf.math.add(x, 1))
print(tf.subtract(x, b))
print(tf.math.multiply(x, b))
print(tf.multiply(tf.constant(3), tf.constant([1, 2, 3])))

with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, b])
    s = tf.add(x, b)
    d = tf.subtract(x, b)
    p = tf.multiply(x, b)
for y in (s, d, p):
    gx, gb = tape.gradient(y, [x, b])
    print(gx)
    print(gb)

s0 = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(s0)
    y = tf.multiply(s0, s0) - tf.add(s0, 1.0)
print(tape.gradient(y, s0))

show(lambda: tf.add(tf.constant([True]), tf.constant([False])))
show(lambda: tf.subtract(tf.ones([2]), tf.ones([3])))
show(lambda: tf.multiply(tf.ones([2]), [1.0, 2.0, 3.0]))
show(lambda: tf.subtract(tf.constant([1.0]), tf.constant([1])))
