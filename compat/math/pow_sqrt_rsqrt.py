import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([0.0, 0.25, 1.0, 4.0, 9.0])
print(tf.sqrt(x))
print(tf.math.sqrt(x))
print(tf.math.rsqrt(x))
print(tf.pow(x, 0.5))
print(tf.pow(tf.constant([2, 3, 0]), tf.constant([3, 2, 0])))
print(tf.math.pow(tf.constant([-8.0, 8.0]), 1.0 / 3.0))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    s = tf.sqrt(x)
    r = tf.math.rsqrt(x)
print(tape.gradient(s, x))
print(tape.gradient(r, x))
print(tape.gradient(s, x, output_gradients=tf.constant([0.0, 1.0, 1.0, 1.0, 1.0])))

base = tf.Variable([0.0, 2.0, -3.0])
expo = tf.Variable([2.0, 3.0, 2.0])
with tf.GradientTape() as tape:
    y = tf.pow(base, expo)
gb, ge = tape.gradient(y, [base, expo])
print(y)
print(gb)
print(ge)

v = tf.Variable(4.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = tf.sqrt(v) + tf.math.rsqrt(v)
    g = inner.gradient(y, v)
print(g)
print(outer.gradient(g, v))

show(lambda: tf.sqrt(tf.constant([4, 9])))
show(lambda: tf.math.rsqrt([4, 9]))
show(lambda: tf.pow(tf.constant([2]), -1))
