import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
w = tf.constant([[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    t = tf.tile(x, [2, 1])
    p = tf.pad(x, [[1, 0], [0, 2]])
    p2 = tf.pad(x, [[1, 1], [1, 1]], constant_values=-1.0)
    r = tf.pad(x, [[1, 1], [2, 2]], mode="REFLECT")
    s = tf.pad(x, [[1, 1], [2, 2]], mode="symmetric")
print(t)
print(p)
print(p2)
print(r)
print(s)
for y in (t, p, p2, r, s):
    print(tape.gradient(tf.reduce_sum(y * y), x))
print(tf.tile(tf.constant([1, 2]), [3]))
for f in (lambda: tf.tile(x, [2]), lambda: tf.tile(x, [2, -1]), lambda: tf.pad(x, [[1, 1]]),
          lambda: tf.pad(x, [[1, 1], [-1, 0]]), lambda: tf.pad(x, [[1, 1], [3, 3]], "REFLECT"),
          lambda: tf.pad(x, [[1, 1], [1, 1]], "WRAP")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
