import tempfile

import tensorflow as tf


class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function
    def __call__(self, x):
        return x * self.v


m = M()
m(tf.constant(0.0))
d = tempfile.mkdtemp()
tf.saved_model.save(m, d)
imported = tf.saved_model.load(d)
optimizer = tf.keras.optimizers.SGD(0.05)


def train_step():
    with tf.GradientTape() as tape:
        loss = (10.0 - imported(tf.constant(2.0))) ** 2
    variables = tape.watched_variables()
    grads = tape.gradient(loss, variables)
    optimizer.apply_gradients(zip(grads, variables))
    return loss


for _ in range(5):
    print("loss={:.2f} v={:.2f}".format(train_step(), imported.v.numpy()))
print(imported.v.trainable)
