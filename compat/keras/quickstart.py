# compat: mask-keras-timing
# The "TensorFlow 2 quickstart for beginners" flow on synthetic digits, written with `import keras`:
# Flatten, Dense, Dropout, logits + from_logits loss, fit, evaluate, a softmax model around it.
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(2024)
x_train = np.random.randint(0, 256, size=(120, 8, 8)).astype("float32") / 255.0
y_train = (x_train.mean(axis=(1, 2)) * 10).astype("int64") % 10
x_test, y_test = x_train[:30], y_train[:30]

model = keras.models.Sequential([
    layers.Input((8, 8)),
    layers.Flatten(),
    layers.Dense(32, activation="relu"),
    layers.Dropout(0.2),
    layers.Dense(10),
])
predictions = model(x_train[:1]).numpy()
print(predictions.shape)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
print(round(float(loss_fn(y_train[:1], predictions).numpy()), 4))
model.compile(optimizer="adam", loss=loss_fn, metrics=["accuracy"])
model.fit(x_train, y_train, epochs=5)
model.evaluate(x_test, y_test, verbose=2)
probability_model = keras.Sequential([model, layers.Softmax()])
print(np.round(probability_model(x_test[:2]).numpy(), 3))
print(keras.__version__, keras.layers.Dense is layers.Dense)
