import tempfile

import tensorflow as tf


class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(3.0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def f(self, x):
        return x * self.v


d = tempfile.mkdtemp()
tf.saved_model.save(M(), d, options=tf.saved_model.SaveOptions(extra_tags=["extra"]))
loaded = tf.saved_model.load(d, tags=["serve", "extra"])
print(loaded.f(tf.constant(2.0)))
print(list(loaded.signatures.keys()))
print(loaded.signatures["serving_default"].structured_outputs)
try:
    tf.saved_model.load(d, tags=["train"])
except Exception as e:
    print(type(e).__name__, str(e).replace(d, "DIR"))
skipped = tf.saved_model.load(d, options=tf.saved_model.LoadOptions(experimental_skip_checkpoint=True))
print(skipped.v.shape, skipped.v.dtype)
print(tf.saved_model.LoadOptions().allow_partial_checkpoint)
print(tf.saved_model.SaveOptions().experimental_variable_policy)
print(tf.saved_model.SaveOptions(experimental_variable_policy="save_variable_devices").experimental_variable_policy)
print(tf.saved_model.experimental.VariablePolicy.EXPAND_DISTRIBUTED_VARIABLES)
