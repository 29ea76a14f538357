# compat: mask-keras-timing
# "Customizing what happens in fit()": train_step/test_step overrides with compute_loss, self.metrics and
# custom metric trackers.
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5)
x = np.random.random((96, 4)).astype("float32")
y = np.random.random((96, 1)).astype("float32")


class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        gradients = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(gradients, self.trainable_variables))
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


inputs = keras.Input(shape=(4,))
model = keras.Sequential([inputs, keras.layers.Dense(1)])


class Wrapper(CustomModel):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def call(self, x):
        return self.inner(x)


model = Wrapper(model)
model.compile(optimizer="adam", loss="mse", metrics=["mae"])
model.fit(x, y, epochs=3)
print(model.metrics_names)


class ManualModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae_metric = keras.metrics.MeanAbsoluteError(name="mae")
        self.loss_fn = keras.losses.MeanSquaredError()

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.loss_fn(y, y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        self.mae_metric.update_state(y, y_pred)
        return {"loss": self.loss_tracker.result(), "mae": self.mae_metric.result()}

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        self.loss_tracker.update_state(self.loss_fn(y, y_pred))
        self.mae_metric.update_state(y, y_pred)
        return {"loss": self.loss_tracker.result(), "mae": self.mae_metric.result()}

    @property
    def metrics(self):
        return [self.loss_tracker, self.mae_metric]


model = ManualModel()
model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01))
h = model.fit(x, y, epochs=4, batch_size=16, verbose=2)
print([round(v, 4) for v in h.history["mae"]])
print([round(v, 4) for v in model.evaluate(x, y, verbose=0)])
print(model.metrics_names)
