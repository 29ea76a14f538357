# compat: mask-keras-timing
# The functional API: a model with two inputs and two outputs, losses and metrics by output name.
import numpy as np
import tensorflow as tf
import keras
from keras import layers

keras.utils.set_random_seed(21)
num_samples = 120
title = np.random.rand(num_samples, 6).astype("float32")
body = np.random.rand(num_samples, 4).astype("float32")
priority = title[:, :1] * 0.5 + body[:, 1:2]
department = (title[:, 2] > body[:, 0]).astype("int32")

title_input = keras.Input(shape=(6,), name="title")
body_input = keras.Input(shape=(4,), name="body")
x = layers.concatenate([title_input, body_input])
x = layers.Dense(16, activation="relu", name="hidden")(x)
priority_pred = layers.Dense(1, name="priority")(x)
department_pred = layers.Dense(2, activation="softmax", name="department")(x)
model = keras.Model(inputs=[title_input, body_input], outputs=[priority_pred, department_pred])
model.summary()
print([layer.name for layer in model.layers])
print(model.output_names, [t.shape for t in model.inputs], [t.shape for t in model.outputs])

model.compile(optimizer=keras.optimizers.Adam(0.01),
              loss={"priority": "mse", "department": "sparse_categorical_crossentropy"},
              loss_weights={"priority": 1.0, "department": 0.2},
              metrics={"department": ["accuracy"]})
history = model.fit({"title": title, "body": body}, {"priority": priority, "department": department},
                    epochs=3, batch_size=32, verbose=2)
print(sorted(history.history))
print(model.metrics_names)
result = model.evaluate([title, body], [priority, department], verbose=0, return_dict=True)
print({k: round(v, 4) for k, v in result.items()})
p, d = model.predict([title[:3], body[:3]], verbose=0)
print(p.shape, d.shape, np.round(p, 3).tolist())

inputs = keras.Input(shape=(5,))
h = layers.Dense(8, activation="relu")(inputs)
h = layers.Dropout(0.0)(h)
outputs = layers.Dense(1, activation="sigmoid")(h)
small = keras.Model(inputs, outputs, name="small_net")
small.summary()
small.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
xs = np.random.rand(64, 5)
ys = (xs.sum(axis=1) > 2.5).astype("float32")
small.fit(xs, ys, epochs=2, verbose=2)
print(small(np.zeros((2, 5))).shape, small.get_layer(index=1).name)
try:
    keras.Model(inputs, layers.Dense(1)(keras.Input((3,))))
except ValueError as e:
    print(type(e).__name__, str(e)[:60])
