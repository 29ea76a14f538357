# compat: requires h5py
# Saving and loading as the tutorials do: model.save(".keras") / keras.models.load_model, save_weights /
# load_weights (.weights.h5), get_weights / set_weights, get_config / from_config.
import os
import tempfile

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
x = np.random.rand(50, 4).astype("float32")
y = (x @ np.array([[1.0], [2.0], [-1.0], [0.5]], dtype="float32")).astype("float32")


def create_model():
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(4,)),
        tf.keras.layers.Dense(8, activation="relu"),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Dense(1),
    ])
    model.compile(optimizer="adam", loss="mse", metrics=["mae"])
    return model


model = create_model()
model.fit(x, y, epochs=3, verbose=0)
before = model.predict(x[:5], verbose=0)

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "my_model.keras")
    model.save(path)
    print(sorted(os.listdir(d)))
    restored = tf.keras.models.load_model(path)
    restored.summary()
    print(np.array_equal(restored.predict(x[:5], verbose=0), before))
    print(type(restored.optimizer).__name__, int(restored.optimizer.iterations.numpy()))
    print([round(v, 4) for v in restored.evaluate(x, y, verbose=0)])
    print(restored.get_config()["layers"][1]["config"]["units"], restored.layers[0].activation.__name__)

    wpath = os.path.join(d, "ckpt.weights.h5")
    model.save_weights(wpath)
    fresh = create_model()
    print([round(v, 4) for v in fresh.evaluate(x, y, verbose=0)] != [round(v, 4) for v in model.evaluate(x, y, verbose=0)])
    fresh.load_weights(wpath)
    print(np.array_equal(fresh.predict(x[:5], verbose=0), before))
    try:
        model.save_weights(os.path.join(d, "ckpt.h5"))
    except ValueError as e:
        print(type(e).__name__, str(e).split(" Received")[0])

weights = model.get_weights()
print([w.shape for w in weights])
clone = create_model()
clone.set_weights(weights)
print(np.array_equal(clone.predict(x[:5], verbose=0), before))
config = model.layers[0].get_config()
print(sorted(config), config["units"], config["activation"])
dense = tf.keras.layers.Dense.from_config(config)
print(dense.units, dense.name, dense.activation.__name__)

inputs = tf.keras.Input(shape=(4,), name="features")
hidden = tf.keras.layers.Dense(3, activation="tanh", name="hidden")(inputs)
merged = tf.keras.layers.Concatenate()([inputs, hidden])
outputs = tf.keras.layers.Dense(1, name="score")(merged)
functional = tf.keras.Model(inputs, outputs, name="scorer")
functional.compile(optimizer="sgd", loss="mse")
functional.fit(x, y, epochs=1, verbose=0)
with tempfile.TemporaryDirectory() as d:
    functional.save(os.path.join(d, "scorer.keras"))
    again = tf.keras.models.load_model(os.path.join(d, "scorer.keras"))
print(type(again).__name__, again.name, [layer.name for layer in again.layers])
print(np.array_equal(again.predict(x[:3], verbose=0), functional.predict(x[:3], verbose=0)))
