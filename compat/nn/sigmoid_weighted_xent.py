import tensorflow as tf

logits = tf.constant([[-2.0, 0.0, 3.0], [1.0, -0.5, 10.0]])
labels = tf.constant([[0.0, 1.0, 1.0], [0.5, 0.0, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([logits, labels])
    s = tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    w = tf.nn.weighted_cross_entropy_with_logits(labels=labels, logits=logits, pos_weight=3.0)
print(s)
print(w)
print(tape.gradient(s, [logits, labels]))
print(tape.gradient(w, [logits, labels]))
for f in (lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([3]), logits=logits),
          lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([2, 3], tf.int32), logits=logits),
          lambda: tf.nn.weighted_cross_entropy_with_logits(labels=tf.ones([3]), logits=logits, pos_weight=2.0)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
