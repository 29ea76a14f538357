# Layers called directly and on keras.Input: Normalization.adapt, Rescaling, Reshape, LayerNormalization,
# Lambda, merging layers, Embedding, custom Layer subclasses in a functional model.
import numpy as np
import tensorflow as tf
import keras
from keras import layers

keras.utils.set_random_seed(6)
data = np.array([[0.1, 10.0], [0.2, 20.0], [0.3, 40.0], [0.6, 50.0]], dtype="float32")
norm = layers.Normalization()
norm.adapt(data)
print(np.round(norm.mean.numpy(), 4), np.round(norm.variance.numpy(), 4))
print(np.round(norm(data).numpy(), 4))
norm2 = layers.Normalization(axis=None)
norm2.adapt(tf.constant([1.0, 2.0, 3.0, 4.0]))
print(norm2(tf.constant([[1.0, 5.0]])).numpy())
fixed = layers.Normalization(mean=2.0, variance=4.0)
print(fixed(np.array([[2.0, 4.0]])).numpy())
print(layers.Rescaling(1 / 127.5, offset=-1)(np.array([[0, 127.5, 255]])).numpy())
print(layers.Reshape((2, -1))(np.arange(12, dtype="float32").reshape(2, 6)).shape)
ln = layers.LayerNormalization()
print(np.round(ln(data).numpy(), 4))
print([w.path for w in ln.weights])
print(layers.Lambda(lambda x: x * 2 + 1)(tf.constant([[1.0, 2.0]])).numpy())
a, b = tf.constant([[1.0, 2.0]]), tf.constant([[3.0, 5.0]])
print(layers.Add()([a, b]).numpy(), layers.Subtract()([a, b]).numpy(), layers.Multiply()([a, b]).numpy())
print(layers.Average()([a, b]).numpy(), layers.Concatenate()([a, b]).numpy(), layers.concatenate([a, b], axis=0).shape)
emb = layers.Embedding(5, 3)
print(emb(np.array([[0, 4], [1, 1]])).shape, emb.embeddings.shape)
print(np.round(emb(np.array([2])).numpy(), 5))


class Scale(keras.layers.Layer):
    def __init__(self, factor, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="w")

    def call(self, inputs):
        return inputs * self.w * self.factor


inputs = keras.Input(shape=(3,))
x = Scale(2.0)(inputs)
x = layers.Lambda(lambda t: tf.concat([t, t ** 2], axis=-1))(x)
x = layers.Reshape((2, 3))(x)
x = layers.Flatten()(x)
outputs = layers.Dense(1)(x)
model = keras.Model(inputs, outputs)
model.summary()
print(model(np.ones((2, 3))).shape)
print(x.shape, outputs.shape)
seq = keras.Sequential([layers.Lambda(lambda t: tf.stack([t, t ** 2], axis=1)), layers.Dense(1)])
seq.compile(loss="mse", optimizer=keras.optimizers.SGD(0.01))
xs = np.linspace(-1, 1, 20).astype("float32")
print([round(v, 4) for v in seq.fit(xs, 2 * xs ** 2, epochs=3, verbose=0).history["loss"]])
try:
    Scale(1.0).add_weight("kernel", (2,))
except ValueError as e:
    print(type(e).__name__, e)
