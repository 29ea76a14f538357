import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
ckpt = tf.train.Checkpoint(net=tf.Module(), step=tf.Variable(5, dtype=tf.int64))
ckpt.net.w = tf.Variable([[1.0, 2.0]], name="w")
ckpt.net.name_tensor = tf.Variable(b"hello")
path = ckpt.save(os.path.join(d, "ckpt"))
reader = tf.train.load_checkpoint(d)
shape_from_key = reader.get_variable_to_shape_map()
dtype_from_key = reader.get_variable_to_dtype_map()
print(sorted(shape_from_key.keys()))
key = "net/w/.ATTRIBUTES/VARIABLE_VALUE"
print("Shape:", shape_from_key[key])
print("Dtype:", dtype_from_key[key].name)
print(reader.get_tensor(key))
print(repr(reader.get_tensor("net/name_tensor/.ATTRIBUTES/VARIABLE_VALUE")))
print(repr(reader.get_tensor("step/.ATTRIBUTES/VARIABLE_VALUE")))
print(reader.has_tensor(key), reader.has_tensor("nope"))
try:
    shape_from_key["net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE"]
except KeyError as e:
    print(type(e).__name__, e)
try:
    reader.get_tensor("net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE")
except Exception as e:
    print(type(e).__name__, e)
print(tf.train.load_variable(d, "step/.ATTRIBUTES/VARIABLE_VALUE"))
print(tf.train.load_variable(path, key))
try:
    tf.train.list_variables(os.path.join(d, "missing"))
except Exception as e:
    print(type(e).__name__)
