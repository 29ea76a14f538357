import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([-20.0, -2.0, -0.5, 0.0, 0.5, 2.0, 20.0, 100.0])
print(tf.sinh(x))
print(tf.cosh(x))
print(tf.tanh(x))
print(tf.math.tanh(x))
print(tf.nn.tanh(x))
print(tf.sigmoid(x))
print(tf.math.sigmoid(x))
print(tf.nn.sigmoid(x))
print(tf.sigmoid(tf.constant([-128.0, 0.0, 128.0], tf.float64)))

v = tf.Variable([-2.0, 0.0, 0.5, 3.0])
with tf.GradientTape(persistent=True) as tape:
    ys = [tf.sinh(v), tf.cosh(v), tf.tanh(v), tf.sigmoid(v)]
for y in ys:
    print(tape.gradient(y, v))

w = tf.Variable([0.3, -1.2, 2.0])
with tf.GradientTape(persistent=True) as outer:
    with tf.GradientTape(persistent=True) as inner:
        t = tf.tanh(w)
        s = tf.sigmoid(w)
    gt = inner.gradient(t, w)
    gs = inner.gradient(s, w)
print(gt, gs)
print(outer.gradient(gt, w))
print(outer.gradient(gs, w))

show(lambda: tf.tanh(tf.constant([1, 2])))
show(lambda: tf.sigmoid([1, 2]))
show(lambda: tf.math.sinh(tf.constant([1])))
