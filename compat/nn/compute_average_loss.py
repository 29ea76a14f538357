import tensorflow as tf

print(tf.nn.compute_average_loss([1.0, 2.0, 3.0, 4.0]))
print(tf.nn.compute_average_loss([1.0, 2.0, 3.0, 4.0], global_batch_size=8))
print(tf.nn.compute_average_loss([1.0, 2.0, 3.0, 4.0], sample_weight=[1.0, 0.0, 2.0, 0.5]))
print(tf.nn.compute_average_loss([[1.0, 2.0], [3.0, 4.0]], sample_weight=[1.0, 2.0]))
print(tf.nn.compute_average_loss(tf.constant([1.0, 2.0], tf.float64), sample_weight=2))
print(tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=0))
print(tf.nn.scale_regularization_loss([1.0, 2.0, 3.5]))
print(tf.nn.scale_regularization_loss(tf.nn.l2_loss(tf.constant([1.0, 2.0]))))
strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
print(strategy.run(lambda: tf.nn.compute_average_loss([1.0, 2.0, 3.0])))
with strategy.scope():
    for fn in (lambda: tf.nn.compute_average_loss([1.0, 2.0]), lambda: tf.nn.scale_regularization_loss([1.0])):
        try:
            fn()
        except RuntimeError as e:
            print(type(e).__name__, e)
w = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    loss = tf.nn.compute_average_loss(w * w, sample_weight=[1.0, 2.0, 3.0], global_batch_size=4)
    loss += tf.nn.scale_regularization_loss(tf.nn.l2_loss(w))
print(loss, tape.gradient(loss, w))
for bad in (lambda: tf.nn.compute_average_loss(3.0),
            lambda: tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=2.0),
            lambda: tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=[2]),
            lambda: tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=-2),
            lambda: tf.nn.compute_average_loss([1, 2])):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
