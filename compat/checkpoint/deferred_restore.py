import os
import tempfile

import tensorflow as tf


class Lazy(tf.Module):
    def __init__(self):
        super().__init__()
        self.built = False

    def __call__(self, x):
        if not self.built:
            self.w = tf.Variable(tf.ones([x.shape[-1], 2]))
            self.built = True
        return x @ self.w


d = tempfile.mkdtemp()
m = Lazy()
m(tf.constant([[1.0, 2.0]]))
m.w.assign([[1.0, 2.0], [3.0, 4.0]])
path = tf.train.Checkpoint(model=m).write(os.path.join(d, "lazy"))
fresh = Lazy()
status = tf.train.Checkpoint(model=fresh).read(path)
print(hasattr(fresh, "w"))
print(fresh(tf.constant([[1.0, 1.0]])))
print(fresh.w.numpy())
status.assert_consumed()
print("consumed")
