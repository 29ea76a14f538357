import tempfile

import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.reshape(tf.range(in_features * out_features, dtype=tf.float32) / 10.0,
                                        [in_features, out_features]), name="w")
        self.b = tf.Variable(tf.ones([out_features]), name="b")

    def __call__(self, x):
        y = tf.matmul(x, self.w) + self.b
        return tf.nn.relu(y)


class Sequential(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)

    @tf.function
    def __call__(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)


model = Sequential(name="the_model")
print(model([[2.0, 2.0, 2.0]]))
print(model([[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]))
d = tempfile.mkdtemp()
tf.saved_model.save(model, d)
new_model = tf.saved_model.load(d)
print(isinstance(new_model, Sequential))
print(new_model([[2.0, 2.0, 2.0]]))
print(new_model([[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]))
print(new_model.dense_1.w.numpy())
print(new_model.dense_2.b)
print(sorted(k for k in tf.train.load_checkpoint(d + "/variables/variables").get_variable_to_shape_map()
             if "ATTRIBUTES" in k))
