import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([[1.0, 2.0, 3.0], [4.0, 0.0, 6.0]])
print(tf.reduce_prod(x))
print(tf.reduce_prod(x, axis=0))
print(tf.math.reduce_prod(x, axis=1, keepdims=True))
print(tf.reduce_prod(tf.constant([2**20, 2**20])))
print(tf.reduce_prod(tf.zeros([0])))

v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 0.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    p = tf.reduce_prod(v)
    p0 = tf.reduce_prod(v, axis=0)
    p1 = tf.reduce_prod(v, axis=1)
    pk = tf.reduce_prod(v, axis=-1, keepdims=True)
for y in (p, p0, p1, pk):
    print(tape.gradient(y, v))

z = tf.Variable([0.0, 0.0, 5.0])
with tf.GradientTape() as tape:
    y = tf.reduce_prod(z)
print(tape.gradient(y, z))

w = tf.Variable([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]])
with tf.GradientTape() as tape:
    y = tf.reduce_prod(w, axis=[0, 2])
print(y, tape.gradient(y, w))

show(lambda: tf.reduce_prod(x, axis=5))
show(lambda: tf.reduce_prod(tf.constant([True])))
