# compat: requires h5py
import os
import tempfile

import keras
import tensorflow as tf


class FlexibleDense(tf.keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        self.w = tf.Variable(tf.ones([input_shape[-1], self.out_features]), name="w")
        self.b = tf.Variable(tf.zeros([self.out_features]), name="b")

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


@keras.saving.register_keras_serializable()
class MySequentialModel(tf.keras.Model):
    def __init__(self, name=None, **kwargs):
        super().__init__(**kwargs)
        self.dense_1 = FlexibleDense(out_features=3)
        self.dense_2 = FlexibleDense(out_features=2)

    def call(self, x):
        return self.dense_2(self.dense_1(x))


m = MySequentialModel(name="the_model")
print(m(tf.constant([[2.0, 2.0, 2.0]])))
print(m.name, m.get_config())
print(keras.saving.get_registered_name(MySequentialModel))
print(keras.saving.get_registered_object("Custom>MySequentialModel") is MySequentialModel)
print(keras.saving.get_registered_object("MySequentialModel"))
print(tf.keras.utils.get_registered_name(FlexibleDense))
config = keras.saving.serialize_keras_object(m)
print(config["module"], config["class_name"], config["registered_name"])

path = os.path.join(tempfile.mkdtemp(), "exname_of_file.keras")
m.save(path)
r = tf.keras.models.load_model(path)
print(type(r).__name__, r.name, r.weights)


@keras.saving.register_keras_serializable(package="pkg", name="double")
def double(x):
    return x * 2


print(keras.saving.get_registered_name(double), sorted(keras.saving.get_custom_objects()))
print(keras.saving.get_registered_object("pkg>double") is double)
with keras.saving.custom_object_scope({"Flex": FlexibleDense}):
    print(keras.saving.get_registered_object("Flex") is FlexibleDense)
print(keras.saving.get_registered_object("Flex"))
print(keras.saving.get_registered_object("Flex", custom_objects={"Flex": 1}))
try:
    keras.saving.register_keras_serializable()(type("NoConfig", (), {}))
except ValueError as e:
    print(type(e).__name__, e)
