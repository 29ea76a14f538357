import os
import tempfile

import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.reshape(tf.range(in_features * out_features, dtype=tf.float32),
                                        [in_features, out_features]) / 10, name="w")
        self.b = tf.Variable(tf.zeros([out_features]), name="b")

    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)


class Seq(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(3, 3)
        self.dense_2 = Dense(3, 2)

    def __call__(self, x):
        return self.dense_2(self.dense_1(x))


d = tempfile.mkdtemp()
model = Seq(name="the_model")
ckpt = tf.train.Checkpoint(model=model)
path = ckpt.write(os.path.join(d, "my_checkpoint"))
print(os.path.basename(path))
print(sorted(os.listdir(d)))
for name, shape in tf.train.list_variables(path):
    print(name, shape)
new_model = Seq()
status = tf.train.Checkpoint(model=new_model).read(path)
print(type(status).__name__)
print(new_model(tf.constant([[2.0, 2.0, 2.0]])))
print(status.assert_consumed() is status)
print(tf.train.load_variable(path, "model/dense_1/w/.ATTRIBUTES/VARIABLE_VALUE"))
