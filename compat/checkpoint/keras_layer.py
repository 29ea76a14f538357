import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
tf.keras.utils.set_random_seed(1)
layer = tf.keras.layers.Dense(2)
layer.build((None, 3))
path = tf.train.Checkpoint(layer=layer).write(os.path.join(d, "dense"))
for name, shape in tf.train.list_variables(path):
    print(name, shape)
other = tf.keras.layers.Dense(2)
other.build((None, 3))
tf.train.Checkpoint(layer=other).read(path).assert_consumed()
print(bool(tf.reduce_all(other.kernel == layer.kernel)))
lazy = tf.keras.layers.Dense(2)
tf.train.Checkpoint(layer=lazy).read(path)
lazy(tf.ones((1, 3)))
print(bool(tf.reduce_all(lazy.kernel == layer.kernel)))
