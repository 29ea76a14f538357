"""Keras compile/fit/evaluate/predict, callbacks, the Functional API and saving in tfshim (no TF needed).

Byte-level agreement with TF is checked by the compat/keras scripts; these tests pin the behaviours."""

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tfshim as tf

keras = tf.keras
ROOT = Path(__file__).resolve().parents[2]


def _data(n=40, seed=0):
    r = np.random.default_rng(seed)
    x = r.random((n, 3)).astype("float32")
    return x, (x.sum(axis=1) > 1.5).astype("float32")


def _mlp(units=1, activation="sigmoid"):
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                             keras.layers.Dense(units, activation=activation)])


def test_compile_resolves_accuracy_from_shapes():
    x, y = _data()
    for units, act, loss, target, cls in [
            (1, "sigmoid", "binary_crossentropy", y, "BinaryAccuracy"),
            (2, "softmax", "sparse_categorical_crossentropy", y.astype("int32"), "SparseCategoricalAccuracy"),
            (2, "softmax", "categorical_crossentropy", keras.utils.to_categorical(y, 2), "CategoricalAccuracy")]:
        model = _mlp(units, act)
        model.compile(optimizer="sgd", loss=loss, metrics=["accuracy"])
        model.fit(x, target, epochs=1, verbose=0)
        assert [type(m).__name__ for m in model.metrics[1].metrics] == [cls]
        assert model.metrics_names == ["loss", "compile_metrics"]


def test_fit_returns_history_and_evaluate_predict():
    keras.utils.set_random_seed(0)
    x, y = _data()
    model = _mlp()
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy", metrics=["accuracy"])
    history = model.fit(x, y, epochs=3, batch_size=8, validation_split=0.25, verbose=0)
    assert history is model.history
    assert sorted(history.history) == ["accuracy", "loss", "val_accuracy", "val_loss"]
    assert history.epoch == [0, 1, 2] and history.params == {"verbose": 0, "epochs": 3, "steps": 4}
    loss, acc = model.evaluate(x, y, verbose=0)
    assert isinstance(loss, float) and 0 <= acc <= 1
    assert model.predict(x, verbose=0).shape == (40, 1)
    assert isinstance(model.train_on_batch(x, y), list)
    assert sorted(model.test_on_batch(x, y, return_dict=True)) == ["accuracy", "loss"]
    assert model.predict_on_batch(x[:2]).shape == (2, 1)


def test_seeded_fit_is_reproducible():
    x, y = _data()
    losses = []
    for _ in range(2):
        keras.utils.set_random_seed(3)
        model = _mlp()
        model.compile(optimizer="adam", loss="binary_crossentropy")
        losses.append(model.fit(x, y, epochs=2, batch_size=8, verbose=0).history["loss"])
    assert losses[0] == losses[1]


def test_fit_requires_compile_and_rejects_lists_of_numbers():
    model = _mlp()
    with pytest.raises(ValueError, match="You must call `compile\\(\\)` before using the model."):
        model.fit(*_data())
    model.compile(loss="mse")
    with pytest.raises(ValueError, match="Unrecognized data type"):
        model.fit([[1.0, 2.0, 3.0]], [1.0], verbose=0)


def test_progress_output_verbose_2(capsys):
    x, y = _data()
    model = _mlp()
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    model.fit(x, y, epochs=2, batch_size=16, verbose=2)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Epoch 1/2"
    assert re.fullmatch(r"3/3 - \d+s - \d+(us|ms|s)/step - loss: \d\.\d{4} - mae: \d\.\d{4}", out[1])


def test_progress_bar_verbose_1(capsys):
    x, y = _data()
    model = _mlp()
    model.compile(optimizer="sgd", loss="mse")
    model.evaluate(x, y, batch_size=40)
    out = capsys.readouterr().out
    assert out.startswith("\r\x1b[1m1/1\x1b[0m \x1b[32m" + "━" * 20 + "\x1b[0m\x1b[37m\x1b[0m \x1b[1m")
    assert out.endswith("\n") and " - loss: " in out


def test_timing_mask():
    spec = importlib.util.spec_from_file_location("timing", ROOT / "compat" / "timing.py")
    timing = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(timing)
    line = ("\r\x1b[1m1/3\x1b[0m bar \x1b[1m1s\x1b[0m 9ms/step - loss: 1.0000\b\b\r\x1b[1m3/3\x1b[0m bar "
            "\x1b[1m0s\x1b[0m 12ms/step - loss: 0.5000   \n3/3 - 0s - 4ms/step - loss: 0.5\n")
    assert timing.mask_timing(line) == ("\x1b[1m3/3\x1b[0m bar \x1b[1m#s\x1b[0m #/step - loss: 0.5000\n"
                                        "3/3 - #s - #/step - loss: 0.5\n")


def test_callbacks_early_stopping_and_csv(tmp_path):
    x, y = _data()
    model = _mlp()
    model.compile(optimizer="sgd", loss="mse")
    stop = keras.callbacks.EarlyStopping(monitor="loss", patience=1, min_delta=10.0)
    path = tmp_path / "log.csv"
    seen = []
    history = model.fit(x, y, epochs=10, verbose=0, callbacks=[
        stop, keras.callbacks.CSVLogger(str(path)),
        keras.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: seen.append(epoch))])
    assert len(history.history["loss"]) == 2 and stop.stopped_epoch == 1 and seen == [0, 1]
    assert path.read_text().splitlines()[0] == "epoch,loss,val_loss"


def test_learning_rate_scheduler_sets_optimizer_rate():
    x, y = _data()
    model = _mlp()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    sched = keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr / 2)
    history = model.fit(x, y, epochs=2, verbose=0, callbacks=[sched])
    assert history.history["learning_rate"] == pytest.approx([0.05, 0.025])


def test_train_step_override():
    class Custom(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1)
            self.tracker = keras.metrics.Mean(name="custom")

        def call(self, x):
            return self.dense(x)

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = self.compute_loss(y=y, y_pred=self(x, training=True))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.tracker.update_state(loss)
            return {"custom": self.tracker.result()}

    x, y = _data()
    model = Custom()
    model.compile(optimizer="sgd", loss="mse")
    history = model.fit(x, y, epochs=2, verbose=0)
    assert list(history.history) == ["custom"]
    assert "custom" in model.metrics_names


def test_functional_model_two_inputs():
    a, b = keras.Input((3,), name="a"), keras.Input((2,), name="b")
    out = keras.layers.Dense(1, name="out")(keras.layers.Concatenate()([a, b]))
    model = keras.Model([a, b], out)
    assert [layer.name for layer in model.layers][:2] == ["a", "b"]
    assert model.output_names == ["out"]
    assert model([np.ones((2, 3)), np.ones((2, 2))]).shape == (2, 1)
    with pytest.raises(ValueError, match="is not connected to `inputs`"):
        keras.Model(a, keras.layers.Dense(1)(keras.Input((3,))))


def test_custom_layer_on_keras_input_infers_shape():
    class Twice(keras.layers.Layer):
        def call(self, x):
            return tf.concat([x, x], axis=-1)

    t = Twice()(keras.Input((3,)))
    assert t.shape == (None, 6)


def test_layers_shapes():
    x = np.ones((2, 8, 8, 3), "float32")
    assert keras.layers.Conv2D(4, 3, padding="same")(x).shape == (2, 8, 8, 4)
    assert keras.layers.MaxPooling2D()(x).shape == (2, 4, 4, 3)
    assert keras.layers.GlobalAveragePooling2D()(x).shape == (2, 3)
    assert keras.layers.BatchNormalization()(x, training=True).shape == (2, 8, 8, 3)
    assert keras.layers.LSTM(5, return_sequences=True)(np.ones((2, 4, 3), "float32")).shape == (2, 4, 5)
    assert keras.layers.Embedding(10, 4)(np.array([[1, 2]])).shape == (1, 2, 4)


def test_save_and_load_roundtrip(tmp_path):
    pytest.importorskip("h5py")
    keras.utils.set_random_seed(1)
    x, y = _data()
    model = _mlp()
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    model.fit(x, y, epochs=1, verbose=0)
    model.save(tmp_path / "m.keras")
    model.save_weights(tmp_path / "m.weights.h5")
    loaded = keras.models.load_model(tmp_path / "m.keras")
    assert np.array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    assert int(loaded.optimizer.iterations.numpy()) == 2
    fresh = _mlp()
    fresh.load_weights(tmp_path / "m.weights.h5")
    assert np.array_equal(fresh(x).numpy(), model(x).numpy())
    with pytest.raises(ValueError, match="must end in `.weights.h5`"):
        model.save_weights(tmp_path / "m.h5")


def test_import_keras_is_aliased_under_python_m_tfshim(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("import keras\nfrom keras import layers\nimport tensorflow as tf\n"
                      "print(keras is tf.keras, layers is tf.keras.layers, keras.__name__)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "tfshim", str(script)], capture_output=True, text=True, env=env)
    assert out.stdout == "True True tfshim.keras\n", out.stderr


def test_datasets_missing_file_says_where(tmp_path, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    def offline(url, path):
        raise OSError("no network")

    monkeypatch.setattr("tfshim.keras.datasets._files._download", offline)
    with pytest.raises(Exception, match=re.escape(str(tmp_path / "datasets" / "mnist.npz"))):
        keras.datasets.mnist.load_data()


def test_functional_save_and_load(tmp_path):
    pytest.importorskip("h5py")
    a, b = keras.Input((3,), name="a"), keras.Input((2,), name="b")
    out = keras.layers.Dense(1, name="out")(keras.layers.Concatenate()([a, keras.layers.Dense(2, name="h")(b)]))
    model = keras.Model([a, b], out, name="f")
    model.save(tmp_path / "f.keras")
    loaded = keras.models.load_model(tmp_path / "f.keras")
    xs = [np.ones((2, 3), "float32"), np.ones((2, 2), "float32")]
    assert [layer.name for layer in loaded.layers] == [layer.name for layer in model.layers]
    assert np.array_equal(loaded(xs).numpy(), model(xs).numpy())
