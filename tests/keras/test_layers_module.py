"""tf.Module tracking, Keras layers/models: shapes, weights, names, summary."""

import numpy as np
import pytest

import tfshim as tf


def test_module_tracking_and_names():
    class Inner(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(1.0, name="w")

    class Outer(tf.Module):
        def __init__(self):
            super().__init__(name="outer")
            self.b = tf.Variable(2.0, name="b", trainable=False)
            self.layers = [Inner(), {"x": Inner()}]

    m = Outer()
    assert [v.name for v in m.variables] == ["b:0", "w:0", "w:0"]
    assert len(m.trainable_variables) == 2 and len(m.submodules) == 2
    assert Inner().name == "inner" and m.name_scope.name == "outer/"
    with pytest.raises(ValueError, match="is not a valid module name"):
        tf.Module(name="a b")


def test_dense_builds_on_first_call():
    d = tf.keras.layers.Dense(3, activation="relu", kernel_initializer="ones")
    assert not d.built
    with pytest.raises(AttributeError, match="You must build the layer"):
        d.kernel  # noqa: B018
    y = d(np.ones((2, 4)))
    assert d.built and y.shape == (2, 3) and y.dtype == tf.float32
    assert d.kernel.shape == (4, 3) and d.bias.shape == (3,)
    np.testing.assert_array_equal(y.numpy(), np.full((2, 3), 4.0, np.float32))
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 4"):
        d(np.ones((2, 5)))


def test_subclassed_model_paths_weights_and_gradients():
    class MLP(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.a = tf.keras.layers.Dense(4)
            self.b = tf.keras.layers.Dense(2)

        def call(self, x):
            return self.b(self.a(x))

    m = MLP()
    m(np.zeros((1, 3), np.float32))
    assert [w.shape for w in m.get_weights()] == [(3, 4), (4,), (4, 2), (2,)]
    assert all(p.startswith(m.name + "/") for p in (v.path for v in m.trainable_variables))
    m.set_weights([np.ones(w.shape, np.float32) for w in m.get_weights()])
    x = tf.constant([[1.0, 2.0, 3.0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(m(x))
    grads = tape.gradient(loss, m.trainable_variables)
    assert all(g is not None for g in grads)
    assert m.count_params() == 3 * 4 + 4 + 4 * 2 + 2


def test_flatten_dropout_activation_layers():
    x = tf.ones([2, 3, 4])
    assert tf.keras.layers.Flatten()(x).shape == (2, 12)
    d = tf.keras.layers.Dropout(0.5)
    np.testing.assert_array_equal(d(x).numpy(), x.numpy())
    assert tf.keras.layers.ReLU()(tf.constant([-1.0, 2.0])).numpy().tolist() == [0.0, 2.0]
    s = tf.keras.layers.Softmax()(tf.constant([[1.0, 1.0]]))
    np.testing.assert_allclose(s.numpy(), [[0.5, 0.5]])
    assert tf.keras.layers.Activation("tanh")(tf.constant([0.0])).numpy().tolist() == [0.0]


def test_sequential_summary(capsys):
    model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(8), tf.keras.layers.Dense(3)])
    model.summary()
    out = capsys.readouterr().out
    assert "(None, 8)" in out and " Total params: 67 (268.00 B)" in out
    assert out.splitlines()[1].startswith("┏") and "Param #" in out


def test_initializers_seeded():
    a = tf.keras.initializers.GlorotUniform(seed=3)((4, 5))
    b = tf.keras.initializers.GlorotUniform(seed=3)((4, 5))
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    limit = np.sqrt(6 / 9)
    assert np.all(np.abs(a.numpy()) <= limit)
    assert tf.keras.initializers.Constant(2.0)((2,)).numpy().tolist() == [2.0, 2.0]
