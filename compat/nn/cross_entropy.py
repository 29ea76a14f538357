import tensorflow as tf

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.2, 0.7, 0.1]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([logits, labels])
    ce = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    sce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=logits)
    ce0 = tf.nn.softmax_cross_entropy_with_logits(labels=tf.transpose(labels), logits=tf.transpose(logits), axis=0)
print(ce)
print(sce)
print(ce0)
print(tape.gradient(ce, [logits, labels]))
print(tape.gradient(sce, [logits, labels]))
print(tape.gradient(ce0, logits))
print(tf.nn.softmax_cross_entropy_with_logits(labels=[[0, 1]], logits=[[1.0, 2.0]]))
print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([[2]], tf.int64), logits=tf.ones([1, 1, 3])))
with tf.GradientTape() as outer:
    outer.watch(logits)
    with tf.GradientTape() as inner:
        inner.watch(logits)
        y = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    g = inner.gradient(y, logits)
print(outer.gradient(g, logits))
for f in (lambda: tf.nn.softmax_cross_entropy_with_logits(labels=tf.ones([2, 4]), logits=logits),
          lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 5], logits=logits),
          lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1, 2], logits=logits),
          lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0.0, 1.0], logits=logits),
          lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=0, logits=logits)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
with tf.GradientTape() as outer:
    outer.watch(logits)
    with tf.GradientTape() as inner:
        inner.watch(logits)
        y = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=logits)
    g = inner.gradient(y, logits)
try:
    outer.gradient(g, logits)
except LookupError as e:
    print(type(e).__name__, e)
