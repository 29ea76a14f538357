import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
txt = os.path.join(d, "lines.txt")
with open(txt, "w") as f:
    f.write("first line\nsecond line\r\nthird")
lines = tf.data.TextLineDataset(txt)
print(lines)
print(list(lines.as_numpy_iterator()))
print(list(lines.map(lambda s: tf.stack([s, s])).as_numpy_iterator()))
csv = os.path.join(d, "missing.csv")
with open(csv, "w") as f:
    f.write("1,2,3,4\n,2,3,4\n1,,3,4\n1,2,,4\n1,2,3,\n,,,")
ds = tf.data.experimental.CsvDataset(csv, [999, 999, 999, 999])
print(ds)
for line in ds.map(lambda *items: tf.stack(items)):
    print(line.numpy())
sel = tf.data.experimental.CsvDataset(csv, [0.5, 0.5], select_cols=[1, 3])
print(list(sel.as_numpy_iterator()))
req = tf.data.experimental.CsvDataset(csv, [tf.int32] * 4)
try:
    print(list(req.as_numpy_iterator()))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
