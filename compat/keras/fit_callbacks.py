# compat: mask-keras-timing
# Callbacks as tutorials use them: EarlyStopping, LearningRateScheduler, ReduceLROnPlateau, LambdaCallback,
# CSVLogger, TerminateOnNaN and a custom Callback with every hook.
import os
import tempfile

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
x = np.random.rand(64, 3).astype("float32")
y = x @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")


def make_model():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu"),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    return model


class Recorder(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.calls = []

    def on_train_begin(self, logs=None):
        self.calls.append(("train_begin", sorted(self.params)))

    def on_epoch_begin(self, epoch, logs=None):
        self.calls.append(("epoch_begin", epoch))

    def on_train_batch_end(self, batch, logs=None):
        self.calls.append(("batch_end", batch, sorted(logs)))

    def on_test_begin(self, logs=None):
        self.calls.append(("test_begin",))

    def on_test_end(self, logs=None):
        self.calls.append(("test_end", sorted(logs)))

    def on_epoch_end(self, epoch, logs=None):
        self.calls.append(("epoch_end", epoch, sorted(logs)))

    def on_train_end(self, logs=None):
        self.calls.append(("train_end", sorted(logs)))


rec = Recorder()
model = make_model()
model.fit(x, y, epochs=2, batch_size=32, validation_split=0.25, callbacks=[rec], verbose=0)
for call in rec.calls:
    print(call)
print(rec.model is model, rec.params)

model = make_model()
stop = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=1, min_delta=10.0, verbose=1)
h = model.fit(x, y, epochs=10, callbacks=[stop], verbose=2)
print(len(h.history["loss"]), stop.stopped_epoch, model.stop_training)

model = make_model()
stop = tf.keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True)
h = model.fit(x, y, epochs=4, validation_data=(x, y), callbacks=[stop], verbose=0)
print(len(h.history["val_loss"]), stop.best_epoch)

model = make_model()
sched = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5, verbose=1)
h = model.fit(x, y, epochs=3, callbacks=[sched], verbose=0)
print(h.history["learning_rate"])
print(float(model.optimizer.learning_rate.numpy()))

model = make_model()
plateau = tf.keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_delta=100.0, verbose=1)
h = model.fit(x, y, epochs=3, callbacks=[plateau], verbose=0)
print(h.history["learning_rate"])

seen = []
model = make_model()
lam = tf.keras.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: seen.append((epoch, round(logs["loss"], 4))))
model.fit(x, y, epochs=3, callbacks=[lam], verbose=0)
print(seen)

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "log.csv")
    model = make_model()
    model.fit(x, y, epochs=2, validation_split=0.5, callbacks=[tf.keras.callbacks.CSVLogger(path)], verbose=0)
    with open(path) as f:
        rows = f.read().splitlines()
    print(rows[0], len(rows))

model = make_model()
bad_y = y.copy()
bad_y[5] = np.inf
h = model.fit(x, bad_y, epochs=3, batch_size=16, callbacks=[tf.keras.callbacks.TerminateOnNaN()], verbose=0)
print(len(h.history["loss"]), model.stop_training)
