import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(3),
])
model.summary()
print(model.name, [layer.name for layer in model.layers])
print(model.count_params())


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = tf.keras.layers.Dense(16, activation="relu")
        self.drop = tf.keras.layers.Dropout(0.5)
        self.d2 = tf.keras.layers.Dense(1)

    def call(self, x, training=False):
        return self.d2(self.drop(self.d1(x), training=training))


net = Net()
net(tf.zeros([2, 5]))
net.summary()

seq2 = tf.keras.Sequential([tf.keras.layers.Flatten(input_shape=(2, 3)), tf.keras.layers.Dense(2)], name="flat")
seq2.summary()
