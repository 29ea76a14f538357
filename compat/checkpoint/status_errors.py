import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
path = tf.train.Checkpoint(a=tf.Variable(1.0), b=tf.Variable(2.0)).write(os.path.join(d, "ab"))
status = tf.train.Checkpoint(a=tf.Variable(0.0)).read(path)
try:
    status.assert_consumed()
except AssertionError as e:
    print(type(e).__name__)
print(status.expect_partial() is status)
status.assert_existing_objects_matched()
print("existing matched")
extra = tf.train.Checkpoint(a=tf.Variable(0.0), c=tf.Variable(0.0)).read(path)
try:
    extra.assert_existing_objects_matched()
except AssertionError as e:
    print(type(e).__name__)
none = tf.train.Checkpoint(z=tf.Variable(0.0)).read(path)
try:
    none.assert_nontrivial_match()
except AssertionError as e:
    print(type(e).__name__)
init = tf.train.Checkpoint(a=tf.Variable(0.0)).restore(None)
print(type(init).__name__)
try:
    tf.train.Checkpoint(a=tf.Variable(0.0)).restore(os.path.join(d, "missing"))
except Exception as e:
    print(type(e).__name__)
try:
    tf.train.Checkpoint(a=3)
except ValueError as e:
    print(type(e).__name__, str(e).split(",")[0])
restored = tf.train.Checkpoint(a=tf.Variable(0.0), b=tf.Variable(0.0)).restore(path)
try:
    restored.assert_consumed()  # restore() made a save counter, which `write` did not save
except AssertionError as e:
    print(type(e).__name__)
restored.assert_existing_objects_matched() if False else print("skip")
