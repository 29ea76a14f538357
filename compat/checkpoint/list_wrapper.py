import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
save = tf.train.Checkpoint()
save.listed = [tf.Variable(1.)]
save.listed.append(tf.Variable(2.))
save.mapped = {'one': save.listed[0]}
save.mapped['two'] = save.listed[1]
save_path = save.save(os.path.join(d, 'tf_list_example'))
print(tf.train.list_variables(save_path))
restore = tf.train.Checkpoint()
v2 = tf.Variable(0.)
restore.mapped = {'two': v2}
restore.restore(save_path)
print(v2.numpy())
restore.listed = []
print(restore.listed)
v1 = tf.Variable(0.)
restore.listed.append(v1)
print(v1.numpy())
print(restore.listed)


class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.items = [tf.Variable(1.0)]


m = M()
print(m.items, type(m.items).__name__, m.items == [m.items[0]], isinstance(m.items, list))
g = tf.random.Generator.from_seed(1)
p = tf.train.Checkpoint(generator=g).write(os.path.join(d, "g"))
print(tf.train.list_variables(p))
first = g.normal([2])
tf.train.Checkpoint(generator=g).read(p)
print(bool(tf.reduce_all(g.normal([2]) == first)))
