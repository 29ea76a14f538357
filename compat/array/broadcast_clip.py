import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    b = tf.broadcast_to(x, [2, 3])
    c = tf.clip_by_norm(x, 2.0)
    c2 = tf.clip_by_norm(tf.stack([x, 0.1 * x]), 1.0, axes=[1])
print(b)
print(c)
print(c2)
print(tape.gradient(b, x))
print(tape.gradient(c, x))
print(tape.gradient(c2, x))
print(tf.clip_by_norm(tf.zeros([2]), 1.0))
for f in (lambda: tf.broadcast_to(x, [2, 4]), lambda: tf.clip_by_norm(tf.constant([1, 2]), 1)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
