# compat: mask-keras-timing
# The beginner-tutorial MLP with Keras' progress bar (verbose=1 and the default "auto").
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
x_train = np.random.normal(size=(300, 8)).astype("float32")
w = np.random.normal(size=(8, 3)).astype("float32")
y_train = np.argmax(x_train @ w, axis=1)

model = tf.keras.models.Sequential([
    tf.keras.layers.Input(shape=(8,)),
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(3),
])
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
model.compile(optimizer="adam", loss=loss_fn, metrics=["accuracy"])
model.fit(x_train, y_train, epochs=3)
model.fit(x_train, y_train, epochs=2, batch_size=64, verbose=1)
model.evaluate(x_train, y_train, verbose=1)
print(model.evaluate(x_train[:50], y_train[:50], batch_size=16))
probs = model.predict(x_train[:40])
print(probs.shape)
model.fit(x_train, y_train, epochs=1, batch_size=300)
