import tensorflow as tf

logits = tf.constant([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
w = tf.constant([[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(logits)
    s = tf.nn.softmax(logits)
    s0 = tf.nn.softmax(logits, axis=0)
    ls = tf.nn.log_softmax(logits)
    ls0 = tf.math.log_softmax(logits, axis=0)
for y in (s, s0, ls, ls0):
    print(y)
    print(tape.gradient(y * w, logits))
print(tf.math.softmax([0.0, 10.0]))
print(tf.nn.softmax(tf.constant([1.0, 2.0], tf.float64)))
for f in (lambda: tf.nn.softmax(logits, axis=2), lambda: tf.nn.log_softmax(logits, axis=-3),
          lambda: tf.nn.softmax(tf.constant([1, 2])), lambda: tf.nn.softmax(tf.constant(1.0))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
