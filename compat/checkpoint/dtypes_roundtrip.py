import os
import tempfile

import numpy as np
import tensorflow as tf

d = tempfile.mkdtemp()
values = {
    "f16": tf.Variable(np.array([1.5, -2.25], np.float16)),
    "f32": tf.Variable([[1.0, 2.0], [3.0, 4.0]]),
    "f64": tf.Variable(np.pi, dtype=tf.float64),
    "i8": tf.Variable(np.array([-3, 4], np.int8)),
    "i64": tf.Variable(2**40, dtype=tf.int64),
    "u8": tf.Variable(np.array([250, 3], np.uint8)),
    "b": tf.Variable([True, False]),
    "c64": tf.Variable(np.array([1 + 2j], np.complex64)),
    "s": tf.Variable([b"abc", b"", "\u00e9".encode()]),
    "empty": tf.Variable(tf.zeros([0, 3])),
}
path = tf.train.Checkpoint(**values).write(os.path.join(d, "types"))
reader = tf.train.load_checkpoint(path)
shapes = reader.get_variable_to_shape_map()
dtypes_ = reader.get_variable_to_dtype_map()
for key in sorted(shapes):
    if key != "_CHECKPOINTABLE_OBJECT_GRAPH":
        print(key, shapes[key], dtypes_[key].name, repr(reader.get_tensor(key)))
fresh = {k: tf.Variable(tf.zeros_like(v)) for k, v in values.items()}
tf.train.Checkpoint(**fresh).read(path).assert_consumed()
print(all(bool(tf.reduce_all(fresh[k] == values[k])) for k in values))
