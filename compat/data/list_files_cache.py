import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
for name in ["b.txt", "a.txt", "c.txt", "skip.csv"]:
    with open(os.path.join(d, name), "w") as f:
        f.write(name + "\n")
files = tf.data.Dataset.list_files(os.path.join(d, "*.txt"), shuffle=False)
print(files)
print([os.path.basename(f.decode()) for f in files.as_numpy_iterator()])
shuffled = tf.data.Dataset.list_files(os.path.join(d, "*.txt"), seed=4)
print(shuffled, shuffled.cardinality().numpy())
print([os.path.basename(f.decode()) for f in shuffled.as_numpy_iterator()])
try:
    tf.data.Dataset.list_files(os.path.join(d, "*.nope"))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).replace(d, "DIR"))
calls = []


def note(x):
    return x + 1


c = tf.data.Dataset.range(4).map(note).cache()
print(c)
print(list(c.as_numpy_iterator()), list(c.as_numpy_iterator()))
print(tf.data.Dataset.range(4).prefetch(tf.data.AUTOTUNE))
opts = tf.data.Options()
opts.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
o = tf.data.Dataset.range(3).with_options(opts)
print(o, repr(o.options().experimental_distribute.auto_shard_policy))  # repr: str() of an IntEnum changed in Python 3.11
