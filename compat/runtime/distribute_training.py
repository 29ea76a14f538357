import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
with strategy.scope():
    w = tf.Variable([[1.0], [2.0]])
    b = tf.Variable(0.5)


def step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean((pred - y) ** 2)
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
    return loss


x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.constant([[1.0], [2.0]])
for i in range(3):
    per_replica = strategy.run(step, args=(x, y))
    print(i, strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None).numpy())
print(w.numpy(), b.numpy())
