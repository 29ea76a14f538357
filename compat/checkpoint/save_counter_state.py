import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
v = tf.Variable(1.0)
ckpt = tf.train.Checkpoint(v=v)
print(os.path.basename(ckpt.save(os.path.join(d, "ck"))))
v.assign(2.0)
print(os.path.basename(ckpt.save(os.path.join(d, "ck"))))
print(open(os.path.join(d, "checkpoint")).read())
print(ckpt.save_counter)
print(sorted(os.listdir(d)))
print(os.path.basename(tf.train.latest_checkpoint(d)))
print(tf.train.latest_checkpoint(os.path.join(d, "nothing_here")))
v.assign(9.0)
ckpt.restore(tf.train.latest_checkpoint(d))
print(v.numpy(), ckpt.save_counter.numpy())
ckpt.restore(os.path.join(d, "ck-1"))
print(v.numpy(), ckpt.save_counter.numpy())
for name, shape in tf.train.list_variables(d):
    print(name, shape)
