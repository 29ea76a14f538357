# A tf.data iterator in a checkpoint: restored to the same position, shuffle seeds included
import os
import tempfile

import tensorflow as tf

tmp = tempfile.mkdtemp()
ds = tf.data.Dataset.range(10).shuffle(4, seed=1).repeat(3).batch(2)
it = iter(ds)
print(next(it), next(it))
ck = tf.train.Checkpoint(iterator=it, v=tf.Variable(1.))
p = ck.write(os.path.join(tmp, "x"))
print([next(it).numpy().tolist() for _ in range(4)])
ck.read(p).assert_consumed()
print([next(it).numpy().tolist() for _ in range(4)])
it2 = iter(ds)
tf.train.Checkpoint(iterator=it2).read(p).expect_partial()
print([next(it2).numpy().tolist() for _ in range(4)])
it3 = iter(tf.data.Dataset.range(10).shuffle(4, seed=1).repeat(3).batch(2))
tf.train.Checkpoint(iterator=it3).read(p).expect_partial()
print([next(it3).numpy().tolist() for _ in range(4)])
print([k for k, _ in tf.train.list_variables(p)])

# a manager over a training loop's iterator, restored by a fresh pipeline
text = tf.data.Dataset.from_tensor_slices([f"line {i}" for i in range(7)]).map(tf.strings.upper).repeat()
it = iter(text.batch(3))
ckpt = tf.train.Checkpoint(iterator=it)
manager = tf.train.CheckpointManager(ckpt, os.path.join(tmp, "m"), max_to_keep=2)
for _ in range(4):
    next(it)
    manager.save()
print(next(it))
it = iter(text.batch(3))
tf.train.Checkpoint(iterator=it).restore(manager.latest_checkpoint)
print(next(it))
# an exhausted iterator stays exhausted
it = iter(tf.data.Dataset.range(2))
print(list(it))
p = tf.train.Checkpoint(iterator=it).write(os.path.join(tmp, "end"))
it = iter(tf.data.Dataset.range(2))
tf.train.Checkpoint(iterator=it).read(p)
print(list(it))
