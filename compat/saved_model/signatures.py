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


module = CustomModule()
module(tf.constant(0.0))
call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
d1 = tempfile.mkdtemp()
tf.saved_model.save(module, d1, signatures=call)
loaded = tf.saved_model.load(d1)
print(list(loaded.signatures.keys()))
f = loaded.signatures["serving_default"]
print(f.structured_outputs)
print(f(x=tf.constant([1.0, 2.0])))
print(loaded(tf.constant([[1.0]])))

d2 = tempfile.mkdtemp()
signatures = {"serving_default": call,
              "array_input": module.__call__.get_concrete_function(tf.TensorSpec([None], tf.float32))}
tf.saved_model.save(module, d2, signatures=signatures)
loaded2 = tf.saved_model.load(d2)
print(list(loaded2.signatures.keys()))
print(loaded2.signatures["array_input"](x=tf.constant([4.0])))
print(loaded2.signatures["array_input"].structured_outputs)


class Named(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def __call__(self, x):
        return {"custom_output_name": x * self.v}


d3 = tempfile.mkdtemp()
named = Named()
tf.saved_model.save(named, d3, signatures={"serving_default": named.__call__.get_concrete_function()})
loaded3 = tf.saved_model.load(d3)
print(loaded3.signatures["serving_default"].structured_outputs)
print(loaded3.signatures["serving_default"](x=tf.constant(3.0)))
