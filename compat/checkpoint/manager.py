import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
step = tf.Variable(0, dtype=tf.int64)
ckpt = tf.train.Checkpoint(step=step, w=tf.Variable([1.0, 2.0]))
manager = tf.train.CheckpointManager(ckpt, d, max_to_keep=2)
print(manager.latest_checkpoint, manager.checkpoints)
for i in range(4):
    step.assign_add(1)
    print(os.path.basename(manager.save()))
print([os.path.basename(p) for p in manager.checkpoints])
print(sorted(os.listdir(d)))
print(os.path.basename(manager.latest_checkpoint), manager.directory == d)
lines = open(os.path.join(d, "checkpoint")).read().splitlines()
print([l for l in lines if "timestamp" not in l])
print(sum("all_model_checkpoint_timestamps" in l for l in lines), sum("last_preserved" in l for l in lines))
print(os.path.basename(manager.save(checkpoint_number=100)))
m2 = tf.train.CheckpointManager(ckpt, d, max_to_keep=3, checkpoint_name="model")
print(os.path.basename(m2.latest_checkpoint), [os.path.basename(p) for p in m2.checkpoints])
step.assign(0)
print(os.path.basename(m2.restore_or_initialize()), step.numpy())
state = tf.train.get_checkpoint_state(d)
print(type(state).__name__, os.path.basename(state.model_checkpoint_path))
print([os.path.basename(p) for p in state.all_model_checkpoint_paths])
try:
    tf.train.CheckpointManager(ckpt, d, max_to_keep=0)
except ValueError as e:
    print(type(e).__name__, e)
