"""Keras 3 optimizer update rules against hand-written float32 NumPy formulas."""

import warnings

import numpy as np
import pytest

import tfshim as tf

G = np.array([[0.5, -1.0, 2.0], [0.1, 0.3, -0.2], [1.5, -0.5, 0.0]], dtype=np.float32)
W0 = np.array([1.0, -2.0, 0.5], dtype=np.float32)
f32 = np.float32


def run(opt, steps=3):
    v = tf.Variable(W0)
    for i in range(steps):
        opt.apply_gradients([(tf.constant(G[i]), v)])
    return v.numpy()


def test_sgd_plain_and_momentum():
    w = W0.copy()
    for g in G:
        w = w - g * f32(0.1)
    np.testing.assert_array_equal(run(tf.keras.optimizers.SGD(0.1)), w)
    w, m = W0.copy(), np.zeros(3, np.float32)
    for g in G:
        m = m * f32(0.9) - g * f32(0.1)
        w = w + m
    np.testing.assert_array_equal(run(tf.keras.optimizers.SGD(0.1, momentum=0.9)), w)
    w, m = W0.copy(), np.zeros(3, np.float32)
    for g in G:
        m = m * f32(0.9) - g * f32(0.1)
        w = w + (m * f32(0.9) - g * f32(0.1))
    np.testing.assert_array_equal(run(tf.keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True)), w)


def test_adam_formula():
    w, m, v = W0.copy(), np.zeros(3, np.float32), np.zeros(3, np.float32)
    for t, g in enumerate(G, 1):
        alpha = f32(0.01) * np.sqrt(f32(1) - f32(0.999) ** f32(t)) / (f32(1) - f32(0.9) ** f32(t))
        m = m + (g - m) * f32(0.1)
        v = v + (g * g - v) * f32(1 - 0.999)
        w = w - (m * alpha) / (np.sqrt(v) + f32(1e-7))
    np.testing.assert_allclose(run(tf.keras.optimizers.Adam(0.01)), w, rtol=1e-6)


def test_rmsprop_and_adagrad_formulas():
    w, v = W0.copy(), np.zeros(3, np.float32)
    for g in G:
        v = f32(0.9) * v + f32(1 - 0.9) * g * g
        w = w - (f32(0.01) * g) / np.sqrt(v + f32(1e-7))
    np.testing.assert_allclose(run(tf.keras.optimizers.RMSprop(0.01)), w, rtol=1e-6)
    w, acc = W0.copy(), np.full(3, 0.1, np.float32)
    for g in G:
        acc = acc + g * g
        w = w - (f32(0.1) * g) / np.sqrt(acc + f32(1e-7))
    np.testing.assert_allclose(run(tf.keras.optimizers.Adagrad(0.1)), w, rtol=1e-6)


def test_adamw_decays_before_the_adam_step():
    opt = tf.keras.optimizers.AdamW(0.01, weight_decay=0.5)
    v = tf.Variable(W0)
    opt.apply([tf.constant(np.zeros(3, np.float32))], [v])
    np.testing.assert_allclose(v.numpy(), W0 - W0 * f32(0.5) * f32(0.01), rtol=1e-6)


def test_defaults_names_and_variables():
    opt = tf.keras.optimizers.Adam()
    assert opt.beta_1 == 0.9 and opt.beta_2 == 0.999 and opt.epsilon == 1e-7 and not opt.amsgrad
    assert float(opt.learning_rate) == np.float32(0.001)
    assert repr(opt.iterations).startswith(f"<Variable path={opt.name}/iteration, shape=(), dtype=int64, value=0>")
    v = tf.Variable([1.0, 2.0], name="w")
    opt.apply([tf.constant([1.0, 1.0])], [v])
    assert [x.path for x in opt.variables] == [f"{opt.name}/iteration", f"{opt.name}/learning_rate",
                                               f"{opt.name}/w_0_momentum", f"{opt.name}/w_0_velocity"]
    assert int(opt.iterations.numpy()) == 1


def test_keras3_errors():
    opt = tf.keras.optimizers.SGD(0.1)
    with pytest.raises(AttributeError, match="'SGD' object has no attribute 'minimize'"):
        opt.minimize  # noqa: B018
    v = tf.Variable(1.0)
    with pytest.raises(ValueError, match="No gradients provided for any variable."):
        opt.apply_gradients([(None, v)])
    with pytest.raises(ValueError, match="`momentum` must be a float"):
        tf.keras.optimizers.SGD(momentum=1)
    u = tf.Variable(2.0, name="u")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        tf.keras.optimizers.SGD(0.1).apply_gradients([(tf.constant(1.0), v), (None, u)])
    assert "Gradients do not exist for variables ['u:0']" in str(w[0].message)


def test_schedules():
    s = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)
    assert float(s(10)) == np.float32(0.05)
    assert float(tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5, staircase=True)(15)) == np.float32(0.05)
    pw = tf.keras.optimizers.schedules.PiecewiseConstantDecay([5, 10], [1.0, 0.5, 0.1])
    assert [float(pw(i)) for i in (0, 5, 6, 11)] == [1.0, 1.0, 0.5, np.float32(0.1)]
    opt = tf.keras.optimizers.SGD(learning_rate=pw)
    v = tf.Variable(0.0)
    opt.apply([tf.constant(1.0)], [v])
    assert v.numpy() == -1.0
    with pytest.raises(TypeError, match="not settable"):
        opt.learning_rate = 0.1
