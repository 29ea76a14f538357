# compat: mask-keras-timing
# verbose=2: one line per epoch, as scripts and logs capture it.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
x = np.random.uniform(-1, 1, size=(128, 2)).astype("float32")
y = 3 * x[:, :1] - 2 * x[:, 1:] + 0.5

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(8, activation="tanh"),
                             tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse", metrics=["mae"])
history = model.fit(x, y, epochs=6, batch_size=16, verbose=2)
print([round(v, 5) for v in model.evaluate(x, y, verbose=2)])
model.fit(x, y, epochs=2, batch_size=1000, verbose=2, shuffle=False)
print(model.predict(x[:4], verbose=2).shape)
print({k: [round(v, 5) for v in vals] for k, vals in history.history.items()})
