import tensorflow as tf

a = tf.constant([[4., 0.], [0., 9.]])
print(tf.linalg.sqrtm(a))
print(tf.linalg.sqrtm(tf.constant([[[1., 0.], [0., 16.]], [[-1., 0.], [0., 1.]]], tf.float64)))
print(tf.linalg.sqrtm(tf.zeros([0, 0])), tf.linalg.sqrtm(tf.ones([2, 0, 0])))
print(tf.linalg.logm(tf.constant([[1., 0.], [0., 1.]], tf.complex128)))
for f in [lambda: tf.linalg.sqrtm(tf.constant([[1, 2], [3, 4]])), lambda: tf.linalg.sqrtm(tf.constant([1., 2.])),
          lambda: tf.linalg.sqrtm(tf.ones([2, 3])), lambda: tf.linalg.logm(a),
          lambda: tf.linalg.sqrtm(tf.ones([2, 2], tf.float16)), lambda: tf.linalg.logm(tf.ones([2, 3], tf.complex64))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
x = tf.Variable(a)
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.linalg.sqrtm(x) * [[1., 2.], [3., 4.]])
print(g.gradient(y, x))
x = tf.Variable(tf.constant([[2., 1.], [0., 3.]], tf.complex64))
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.linalg.logm(x))
try:
    print(g.gradient(y, x))
except Exception as e:
    print(type(e).__name__, e)
