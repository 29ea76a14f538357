# compat: mask-keras-timing
# validation_split takes the last samples (unshuffled) for validation; val_ metrics in logs and History.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
x = np.random.rand(100, 5)
y = (x.sum(axis=1) > 2.5).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(6, activation="relu"),
                             tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="rmsprop", loss="binary_crossentropy", metrics=["accuracy"])
h = model.fit(x, y, validation_split=0.2, epochs=3, batch_size=10)
print(sorted(h.history))
print([round(v, 4) for v in h.history["val_loss"]])
h = model.fit(x[:80], y[:80], validation_data=(x[80:], y[80:]), epochs=2, batch_size=20, verbose=2)
print([round(v, 4) for v in h.history["val_accuracy"]])
try:
    model.fit(x[:3], y[:3], validation_split=0.1, verbose=0)
except ValueError as e:
    print(type(e).__name__, e)
