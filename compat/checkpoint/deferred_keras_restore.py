# tf.train.Checkpoint restored before a subclassed Keras model and its optimizer are built (the checkpoint
# guide's "train_and_checkpoint" run a second time). Keras builds the model by running `call` symbolically
# first; the Dense kernel created there cannot be restored inside that run (Keras' StatelessScope), so the
# layer ends up tracking that kernel plus the one the real call builds, and the optimizer is built over three
# variables, its slots restored by position. TF 2.21 with Keras 3 does this; the key listing shows it.
import os
import tempfile

import tensorflow as tf


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.l1 = tf.keras.layers.Dense(5)

    def call(self, x):
        return self.l1(x)


def toy_dataset():
    inputs = tf.range(10.)[:, None]
    labels = inputs * 5. + tf.range(5.)[None, :]
    return tf.data.Dataset.from_tensor_slices(dict(x=inputs, y=labels)).repeat().batch(2)


def train_step(net, example, optimizer):
    with tf.GradientTape() as tape:
        output = net(example["x"])
        loss = tf.reduce_mean(tf.abs(output - example["y"]))
    variables = net.trainable_variables
    gradients = tape.gradient(loss, variables)
    optimizer.apply_gradients(zip(gradients, variables))
    return loss


def train_and_checkpoint(directory):
    opt = tf.keras.optimizers.Adam(0.1)
    net = Net()
    iterator = iter(toy_dataset())
    ckpt = tf.train.Checkpoint(step=tf.Variable(1), optimizer=opt, net=net, iterator=iterator)
    manager = tf.train.CheckpointManager(ckpt, directory, max_to_keep=3)
    ckpt.restore(manager.latest_checkpoint)
    print("restored from", manager.latest_checkpoint and os.path.basename(manager.latest_checkpoint))
    for _ in range(20):
        loss = train_step(net, next(iterator), opt)
        ckpt.step.assign_add(1)
        if int(ckpt.step) % 10 == 0:
            manager.save()
            print("step", int(ckpt.step), "loss {:1.2f}".format(loss.numpy()))
    print("layer variables:", [v.path for v in net.l1.trainable_variables])
    print("optimizer variables:", [v.path for v in opt.variables])
    return net, opt



tf.keras.utils.set_random_seed(1)
with tempfile.TemporaryDirectory() as d:
    train_and_checkpoint(d)
    net, opt = train_and_checkpoint(d)
    reader = tf.train.load_checkpoint(d)
    print(sorted(reader.get_variable_to_shape_map()))
    print(net.l1.trainable_variables[0].numpy())
    print(opt.variables[2].numpy())

# A checkpoint value that does not fit: an attribute raises, a list element is kept unrestored.
with tempfile.TemporaryDirectory() as d:
    save = tf.train.Checkpoint(v=tf.Variable([1., 2., 3.]))
    save.listed = [tf.Variable([1., 2., 3.]), tf.Variable([[5., 6.]])]
    path = save.save(d + "/c")
    restore = tf.train.Checkpoint(v=tf.Variable([[0., 0., 0.]]))
    try:
        restore.restore(path)
    except ValueError as e:
        print("ValueError:", e)
    restore = tf.train.Checkpoint()
    restore.restore(path)
    restore.listed = []
    restore.listed.append(tf.Variable([[0., 0., 0.]]))
    restore.listed.append(tf.Variable([[0., 0.]]))
    print(restore.listed)
