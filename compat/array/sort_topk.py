import tensorflow as tf

x = tf.constant([[3.0, 1.0, 2.0, 1.0], [0.5, 4.0, -1.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    s = tf.sort(x)
    sd = tf.sort(x, direction="DESCENDING")
    s0 = tf.sort(x, axis=0)
    top = tf.math.top_k(x, k=2)
print(s)
print(sd)
print(s0)
print(tf.argsort(x))
print(tf.argsort(x, direction="DESCENDING"))
print(tf.argsort(x, axis=0))
print(top)
print(top.values, top.indices)
print(tf.nn.top_k([1, 5, 3], 2))
print(tf.sort([3, 1, 2]), tf.sort(tf.constant([3, 1, 2], tf.uint8), direction="DESCENDING"))
print(tape.gradient(s * tf.constant([1.0, 2.0, 3.0, 4.0]), x))
print(tape.gradient(s0 * tf.constant([[1.0], [2.0]]), x))
print(tape.gradient(top.values * tf.constant([10.0, 1.0]), x))
for f in (lambda: tf.sort(x, axis=3), lambda: tf.sort(x, direction="UP"), lambda: tf.math.top_k(x, 5),
          lambda: tf.math.top_k(tf.constant(1.0), 1)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
