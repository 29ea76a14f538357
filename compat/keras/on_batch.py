# train_on_batch / test_on_batch / predict_on_batch, return_dict, class_weight and sample_weight.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1)
x = np.random.rand(20, 3).astype("float32")
y = (x[:, 0] > 0.5).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="binary_crossentropy",
              metrics=["accuracy", tf.keras.metrics.BinaryAccuracy(name="bin_acc")])
for _ in range(3):
    print([round(v, 5) for v in model.train_on_batch(x, y)])
logs = model.train_on_batch(x, y, return_dict=True)
print(sorted(logs), round(logs["loss"], 5))
print([round(v, 5) for v in model.test_on_batch(x, y)])
print({k: round(v, 5) for k, v in model.test_on_batch(x, y, return_dict=True).items()})
print(np.round(model.predict_on_batch(x[:3]), 4))
print(round(model.train_on_batch(x, y, class_weight={0: 1.0, 1: 3.0})[0], 5))
print(round(model.train_on_batch(x, y, sample_weight=np.linspace(0, 1, 20))[0], 5))
h = model.fit(x, y, sample_weight=np.arange(20) % 3, epochs=2, batch_size=8, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
h = model.fit(x, y, class_weight={0: 0.5, 1: 2.0}, epochs=2, batch_size=8, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
print(model.metrics_names)
try:
    model.train_on_batch(x, y, sample_weight=np.ones(20), class_weight={0: 1.0})
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.keras.Sequential([tf.keras.layers.Dense(1)]).fit(x, y)
except ValueError as e:
    print(type(e).__name__, e)
