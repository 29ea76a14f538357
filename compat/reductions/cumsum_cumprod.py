import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(tf.cumsum(x))
print(tf.cumsum(x, axis=1))
print(tf.math.cumsum(x, axis=1, exclusive=True))
print(tf.cumsum(x, axis=1, reverse=True))
print(tf.cumsum(x, axis=-1, exclusive=True, reverse=True))
print(tf.math.cumprod(x, axis=1))
print(tf.math.cumprod(x, axis=0, exclusive=True))
print(tf.math.cumprod(x, axis=1, exclusive=True, reverse=True))
print(tf.cumsum([1, 2, 3]))

v = tf.Variable([2.0, 0.0, 3.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    cs = tf.cumsum(v)
    cse = tf.cumsum(v, exclusive=True)
    csr = tf.cumsum(v, reverse=True)
    cp = tf.math.cumprod(v)
    cpe = tf.math.cumprod(v, exclusive=True, reverse=True)
for y in (cs, cse, csr, cp, cpe):
    print(tape.gradient(y, v))

w = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    y = tf.math.cumprod(w)
print(tape.gradient(y, w))

show(lambda: tf.cumsum(x, axis=5))
show(lambda: tf.math.cumprod(x, axis=-3))
show(lambda: tf.cumsum(x, axis=[0]))
show(lambda: tf.cumsum(tf.constant(1.0)))
show(lambda: tf.cumsum(tf.constant([True])))
