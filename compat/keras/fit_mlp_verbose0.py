# A Sequential MLP on synthetic data, silent training: fit/evaluate/predict with verbose=0.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(42)
x = np.random.rand(200, 4).astype("float32")
y = (x[:, 0] + x[:, 1] > x[:, 2] + x[:, 3]).astype("int32")

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(2, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(x, y, epochs=5, batch_size=32, verbose=0)
print(sorted(history.history))
print([round(v, 4) for v in history.history["loss"]])
print([round(v, 4) for v in history.history["accuracy"]])
print(history.epoch, history.params)
loss, acc = model.evaluate(x, y, verbose=0)
print(round(loss, 4), round(acc, 4))
print(model.metrics_names)
pred = model.predict(x[:3], verbose=0)
print(pred.shape, pred.dtype, np.round(pred, 3))
print(np.argmax(model.predict(x[:10], verbose=0), axis=1))
