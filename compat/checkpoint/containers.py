import os
import tempfile

import tensorflow as tf


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [tf.Variable(1.0), tf.Variable([2.0, 3.0])]
        self.table = {"x": tf.Variable(4), "y/z": tf.Variable(5.0)}
        self.pair = (tf.Variable(6.0), tf.Variable(7.0))
        self.dotted = tf.Variable(8.0)


d = tempfile.mkdtemp()
h = Holder()
path = tf.train.Checkpoint(holder=h, **{"odd.name": tf.Variable(9.0)}).write(os.path.join(d, "c"))
for name, shape in tf.train.list_variables(path):
    print(name, shape)
g = Holder()
for v in g.variables:
    v.assign(tf.zeros_like(v))
tf.train.Checkpoint(holder=g, **{"odd.name": tf.Variable(0.0)}).read(path).assert_consumed()
print([v.numpy().tolist() for v in g.variables])
