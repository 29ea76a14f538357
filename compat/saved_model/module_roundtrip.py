import os
import tempfile

import tensorflow as tf


class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function
    def __call__(self, x):
        print("Tracing with", x)
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


d = tempfile.mkdtemp()
module = CustomModule()
module(tf.constant(0.0))
print("Saving model...")
tf.saved_model.save(module, d)
for root, dirs, files in sorted(os.walk(d)):
    print(os.path.relpath(root, d), sorted(dirs), sorted(f for f in files if f != "fingerprint.pb"))
print(tf.saved_model.contains_saved_model(d))
imported = tf.saved_model.load(d)
print(imported(tf.constant(3.0)))
imported.mutate(tf.constant(2.0))
print(imported(tf.constant(3.0)))
print(imported.v)
print(len(imported.signatures))
try:
    imported(tf.constant([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__)
