"""Under the oracle extra: a `.keras` and a `.weights.h5` written by tfshim load in real Keras, and the reverse,
with predictions equal bit for bit (Dense/BatchNormalization models, whose kernels tfshim reproduces exactly) where
TF runs the reference CPU's oneDNN kernels, and to float32 rounding elsewhere (tests/differential/cpu_tables.py).

Real Keras runs in a subprocess: this test package is itself named `keras` on pytest's sys.path."""

import importlib
import importlib.util
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

if importlib.util.find_spec("tensorflow") is None or importlib.util.find_spec("h5py") is None:
    pytest.skip("needs TensorFlow and h5py (the oracle extra)", allow_module_level=True)

import tfshim as tf  # noqa: E402

BUILD = """
import numpy as np
def build(k):
    return k.Sequential([k.Input((6,)), k.layers.Dense(8, activation="relu"), k.layers.BatchNormalization(),
                         k.layers.Dense(3, activation="softmax")], name="roundtrip")
X = np.random.default_rng(0).random((16, 6)).astype("float32")
Y = np.arange(16) % 3
def trained(k):
    k.utils.set_random_seed(4)
    model = build(k)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    model.fit(X, Y, epochs=2, batch_size=8, verbose=0)
    return model
"""


def _helpers() -> dict:
    scope: dict = {}
    exec(BUILD, scope)  # noqa: S102 - the same model code runs in real Keras' subprocess
    return scope


def _real_keras(tmp_path, body: str) -> None:
    code = "import os, keras\n" + BUILD + textwrap.dedent(body)
    env = {"TF_CPP_MIN_LOG_LEVEL": "3", "PATH": "/usr/bin:/bin"}
    # the same oneDNN settings as this process's TF (tests/conftest.py), so that one probe decides for both
    env.update({k: os.environ[k] for k in ("TF_ENABLE_ONEDNN_OPTS", "ONEDNN_MAX_CPU_ISA") if k in os.environ})
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]


def _assert_same_predictions(got, want) -> None:
    from tests.differential import cpu_tables

    if cpu_tables.tf_uses_reference_isa(importlib.import_module("tensorflow")):
        assert np.array_equal(got, want)
    else:  # TF's float32 GEMM and Softmax sum in this CPU's oneDNN order
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


def test_files_load_across_tfshim_and_keras(tmp_path):
    """One real-Keras process (TF's import is slow): it loads tfshim's files and writes its own."""
    h = _helpers()
    model = h["trained"](tf.keras)
    model.save(tmp_path / "shim.keras")
    model.save_weights(tmp_path / "shim.weights.h5")
    want_shim = model(h["X"]).numpy()
    _real_keras(tmp_path, """
        loaded = keras.models.load_model("shim.keras")
        np.save("keras_from_shim_archive.npy", np.asarray(loaded(X)))
        fresh = build(keras)
        fresh.load_weights("shim.weights.h5")
        np.save("keras_from_shim_weights.npy", np.asarray(fresh(X)))
        model = trained(keras)
        model.save("keras.keras")
        model.save_weights("keras.weights.h5")
        np.save("keras_pred.npy", np.asarray(model(X)))
        """)
    _assert_same_predictions(np.load(tmp_path / "keras_from_shim_archive.npy"), want_shim)
    _assert_same_predictions(np.load(tmp_path / "keras_from_shim_weights.npy"), want_shim)
    want_keras = np.load(tmp_path / "keras_pred.npy")
    loaded = tf.keras.models.load_model(tmp_path / "keras.keras")
    _assert_same_predictions(loaded(h["X"]).numpy(), want_keras)
    assert int(loaded.optimizer.iterations.numpy()) == 4
    fresh = h["build"](tf.keras)
    fresh.load_weights(tmp_path / "keras.weights.h5")
    _assert_same_predictions(fresh(h["X"]).numpy(), want_keras)
