# compat: mask-keras-timing
# A small CNN as the image tutorials write it: Rescaling, Conv2D, MaxPooling2D, BatchNormalization,
# Flatten, Dropout, Dense, trained on synthetic 12x12 images.
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, models

tf.keras.utils.set_random_seed(4)
images = np.random.randint(0, 256, size=(64, 12, 12, 1)).astype("uint8")
labels = (images[:, :6].mean(axis=(1, 2, 3)) > images[:, 6:].mean(axis=(1, 2, 3))).astype("int64")

model = models.Sequential([
    layers.Input(shape=(12, 12, 1)),
    layers.Rescaling(1.0 / 255),
    layers.Conv2D(4, (3, 3), activation="relu"),
    layers.MaxPooling2D((2, 2)),
    layers.Conv2D(8, 3, padding="same", activation="relu"),
    layers.BatchNormalization(),
    layers.AveragePooling2D(2),
    layers.Flatten(),
    layers.Dropout(0.0),
    layers.Dense(2),
])
model.summary()
model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
history = model.fit(images, labels, epochs=3, batch_size=16, validation_split=0.25, verbose=2)
print({k: [round(v, 4) for v in vals] for k, vals in history.history.items()})
loss, acc = model.evaluate(images, labels, verbose=0)
print(round(loss, 4), round(acc, 4))
print(np.round(model.predict(images[:2], verbose=0), 3))
bn = model.layers[4]
print([w.name for w in bn.weights], [round(float(v), 4) for v in bn.moving_mean.numpy()])

gap = models.Sequential([layers.Input((10, 10, 3)), layers.Conv2D(5, 3, strides=2), layers.GlobalAveragePooling2D(),
                         layers.Dense(1)])
gap.summary()
print(gap(np.ones((2, 10, 10, 3), "float32")).shape)
