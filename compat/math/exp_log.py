import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([-2.0, -0.5, 0.0, 0.5, 1.0, 2.0, 10.0, 100.0, -100.0])
print(tf.exp(x))
print(tf.math.expm1(x))
p = tf.constant([0.0, 1e-7, 0.5, 1.0, 2.0, 10.0, -1.0])
print(tf.math.log(p))
print(tf.math.log1p(p))
print(tf.exp(x).numpy().round(4))

v = tf.Variable([0.5, 1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    e = tf.exp(v)
    em = tf.math.expm1(v)
    lg = tf.math.log(v)
    l1 = tf.math.log1p(v)
for y in (e, em, lg, l1):
    print(tape.gradient(y, v))

s = tf.Variable(1.5, dtype=tf.float64)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = tf.math.log(tf.exp(s) + 1.0)
    g = inner.gradient(y, s)
print(g)
print(outer.gradient(g, s))

show(lambda: tf.exp(tf.constant([1, 2])))
show(lambda: tf.math.log([1, 2]))
show(lambda: tf.math.log1p(tf.constant(True)))
