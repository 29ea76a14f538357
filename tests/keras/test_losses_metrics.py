"""Keras 3 loss and metric values (reductions, clipping, logits) against NumPy."""

import numpy as np
import pytest

import tfshim as tf

YT = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], dtype=np.float32)
YP = np.array([[0.05, 0.95, 0.0], [0.1, 0.8, 0.1]], dtype=np.float32)


def test_mse_mae_huber_reductions():
    mse = ((YT - YP) ** 2).mean(-1)
    np.testing.assert_allclose(tf.keras.losses.MeanSquaredError()(YT, YP).numpy(), mse.mean(), rtol=1e-6)
    np.testing.assert_allclose(tf.keras.losses.MeanSquaredError(reduction="sum")(YT, YP).numpy(), mse.sum(),
                               rtol=1e-6)
    np.testing.assert_allclose(tf.keras.losses.MeanSquaredError(reduction=None)(YT, YP).numpy(), mse, rtol=1e-6)
    np.testing.assert_allclose(tf.keras.losses.MeanAbsoluteError()(YT, YP).numpy(), np.abs(YT - YP).mean(),
                               rtol=1e-6)
    e = np.abs(YP - YT)
    h = np.where(e <= 0.1, 0.5 * e * e, 0.1 * e - 0.5 * 0.01).mean(-1).mean()
    np.testing.assert_allclose(tf.keras.losses.Huber(delta=0.1)(YT, YP).numpy(), h, rtol=1e-5)
    sw = tf.keras.losses.MeanSquaredError()(YT, YP, sample_weight=tf.constant([1.0, 0.0]))
    np.testing.assert_allclose(sw.numpy(), mse[0] / 2, rtol=1e-6)
    with pytest.raises(ValueError, match="Invalid value for argument `reduction`"):
        tf.keras.losses.MeanSquaredError(reduction="bad")


def test_crossentropies_clip_and_logits():
    p = np.clip(YP / YP.sum(-1, keepdims=True), 1e-7, 1 - 1e-7)
    cce = -(YT * np.log(p)).sum(-1)
    np.testing.assert_allclose(tf.keras.losses.CategoricalCrossentropy()(YT, YP).numpy(), cce.mean(), rtol=1e-5)
    np.testing.assert_allclose(tf.keras.losses.SparseCategoricalCrossentropy()(tf.constant([1, 2]), YP).numpy(),
                               cce.mean(), rtol=1e-5)
    logits = np.array([[1.0, 3.0, -1.0], [0.5, 2.0, 0.3]], dtype=np.float32)
    ls = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
    ref = -(YT * ls).sum(-1).mean()
    np.testing.assert_allclose(tf.keras.losses.CategoricalCrossentropy(from_logits=True)(YT, logits).numpy(), ref,
                               rtol=1e-5)
    np.testing.assert_allclose(
        tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(tf.constant([1, 2]), logits).numpy(), ref,
        rtol=1e-5)
    q = np.clip(YP, 1e-7, 1 - 1e-7)
    bce = -(YT * np.log(q) + (1 - YT) * np.log(1 - q)).mean(-1).mean()
    np.testing.assert_allclose(tf.keras.losses.BinaryCrossentropy()(YT, YP).numpy(), bce, rtol=1e-5)
    s = 1 / (1 + np.exp(-logits))
    bcel = -(YT * np.log(s) + (1 - YT) * np.log(1 - s)).mean()
    np.testing.assert_allclose(tf.keras.losses.BinaryCrossentropy(from_logits=True)(YT, logits).numpy(), bcel,
                               rtol=1e-5)


def test_sigmoid_output_uses_its_logits():
    x = tf.constant([[30.0], [-30.0]])
    probs = tf.keras.activations.sigmoid(x)
    loss = tf.keras.losses.BinaryCrossentropy()(tf.constant([[0.0], [1.0]]), probs)
    assert loss.numpy() == pytest.approx(30.0, rel=1e-5)  # not the 1e-7 clip value (~16.1)


def test_metrics():
    m = tf.keras.metrics.Mean()
    m.update_state([1.0, 2.0, 3.0])
    m.update_state(5.0, sample_weight=2.0)
    assert m.result().numpy() == np.float32(3.2)
    assert [v.path for v in m.variables] == [f"{m.name}/total", f"{m.name}/count"]
    m.reset_state()
    assert m.result().numpy() == 0.0
    s = tf.keras.metrics.Sum()
    s.update_state([1.0, 2.5])
    assert s.result().numpy() == 3.5
    a = tf.keras.metrics.Accuracy()
    a.update_state([1, 2, 3, 4], [0, 2, 3, 4])
    assert a.result().numpy() == 0.75
    b = tf.keras.metrics.BinaryAccuracy()
    b.update_state([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]])
    assert b.result().numpy() == 0.75
    c = tf.keras.metrics.CategoricalAccuracy()
    c.update_state(YT, YP)
    assert c.result().numpy() == 0.5
    sc = tf.keras.metrics.SparseCategoricalAccuracy()
    sc.update_state([1, 2], YP)
    sc.update_state([1, 1], YP, sample_weight=[0.5, 1.0])
    assert sc.result().numpy() == np.float32(2.5 / 3.5)
    assert repr(sc) == f"<SparseCategoricalAccuracy name={sc.name}>"
