import numpy as np
import tensorflow as tf

x = tf.constant([[1.0, -2.0], [3.0, 0.5]])
print(tf.keras.regularizers.l2(0.02)(x))
print(tf.keras.regularizers.L1(0.1)(x))
print(tf.keras.regularizers.L1L2(l1=0.01, l2=0.02)(x))
print(tf.keras.regularizers.L1L2()(x))
print(tf.keras.regularizers.OrthogonalRegularizer(0.1)(x))
print(tf.keras.regularizers.OrthogonalRegularizer(0.1, mode="columns")(x))
print(type(tf.keras.regularizers.get("l2")).__name__, tf.keras.regularizers.get("l2").get_config())
print(tf.keras.regularizers.get("L1L2").get_config())
print(tf.keras.regularizers.get(None))
print(tf.keras.regularizers.L1(0.5).get_config(), tf.keras.regularizers.l1_l2(0.1, 0.2).get_config())
print(tf.keras.regularizers.serialize(tf.keras.regularizers.L2(0.3)))
r = tf.keras.regularizers.deserialize({"class_name": "L2", "config": {"l2": 0.25}})
print(type(r).__name__, r.get_config())
for bad in (lambda: tf.keras.regularizers.L2(-1.0), lambda: tf.keras.regularizers.get("nope"),
            lambda: tf.keras.regularizers.OrthogonalRegularizer(mode="diag")):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, e)

tf.keras.utils.set_random_seed(1)
layer = tf.keras.layers.Dense(3, kernel_initializer="ones", kernel_regularizer=tf.keras.regularizers.l2(0.01),
                              bias_regularizer="l1", activity_regularizer=tf.keras.regularizers.L2(0.5))
print(layer.losses)
out = layer(tf.ones([4, 2]))
print(len(layer.losses), [round(float(v), 5) for v in layer.losses])
out = layer(tf.ones([2, 2]))
print(len(layer.losses), [round(float(v), 5) for v in layer.losses])
print(type(layer.kernel_regularizer).__name__, type(layer.bias_regularizer).__name__)

model = tf.keras.Sequential([
    tf.keras.Input((6, 6, 1)),
    tf.keras.layers.Conv2D(2, 3, activation="relu", kernel_regularizer=tf.keras.regularizers.l2(0.02)),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(3, kernel_regularizer="l1"),
])
print(len(model.losses), [l.shape for l in model.losses])
print(round(float(tf.math.add_n(model.losses)), 4))


class WithLoss(tf.keras.layers.Layer):
    def call(self, x):
        self.add_loss(tf.reduce_sum(x) * 0.1)
        return x * 2


class Outer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = WithLoss()
        self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones",
                                           kernel_regularizer=tf.keras.regularizers.L2(1.0))

    def call(self, x):
        return self.dense(self.inner(x))


m = Outer()
m(tf.ones([2, 3]))
print([round(float(v), 4) for v in m.losses])
m(tf.ones([1, 3]))
print([round(float(v), 4) for v in m.losses])
try:
    WithLoss().add_loss(1.0)
except ValueError as e:
    print(type(e).__name__, e)

with tf.GradientTape() as tape:
    m(tf.ones([1, 3]))
    total = tf.math.add_n(m.losses)
grads = tape.gradient(total, m.trainable_variables)
print([None if g is None else np.round(g.numpy(), 4).tolist() for g in grads])
m.compile(optimizer="sgd", loss="mse")
h = m.fit(np.ones([4, 3], "float32"), np.zeros([4, 1], "float32"), epochs=2, verbose=0)
print([round(v, 4) for v in h.history["loss"]])
