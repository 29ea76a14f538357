"""Live differential test: 100 optimizer steps in tfshim vs real TF 2.21 / Keras 3 on the same gradients.

Skips when tensorflow is not importable. Variables and slots agree bit for bit (and so within float32 rounding,
the issue's bound, checked separately).
"""

import importlib
import importlib.util

import numpy as np
import pytest

import tfshim as tf

from .real_tf import import_real_tf

if importlib.util.find_spec("tensorflow") is None:
    pytest.skip("real TensorFlow is not installed; differential test skipped", allow_module_level=True)


tf_real = import_real_tf()

CASES = {
    "sgd": lambda m: m.optimizers.SGD(0.05),
    "momentum": lambda m: m.optimizers.SGD(0.05, momentum=0.9),
    "nesterov": lambda m: m.optimizers.SGD(0.05, momentum=0.9, nesterov=True),
    "adam": lambda m: m.optimizers.Adam(0.01),
    "amsgrad": lambda m: m.optimizers.Adam(0.01, amsgrad=True),
    "adamw": lambda m: m.optimizers.AdamW(0.01, weight_decay=0.01),
    "rmsprop": lambda m: m.optimizers.RMSprop(0.01),
    "rmsprop_centered_momentum": lambda m: m.optimizers.RMSprop(0.001, momentum=0.5, centered=True),
    "adagrad": lambda m: m.optimizers.Adagrad(0.1),
}


def _train(lib, make_opt, steps=100):
    """Least squares on fixed data: the gradients depend on the variables, as in a training loop."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=(16, 3)).astype(np.float32)
    y = (x @ np.array([[1.5], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)
    w = lib.Variable(np.zeros((3, 1), np.float32))
    b = lib.Variable(np.zeros((1,), np.float32))
    opt = make_opt(lib.keras)
    for _ in range(steps):
        with lib.GradientTape() as tape:
            loss = lib.reduce_mean(lib.square(lib.matmul(x, w) + b - y))
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
    return w.numpy(), b.numpy(), [np.array(v.numpy()) for v in opt.variables]


@pytest.mark.parametrize("name", sorted(CASES))
def test_optimizer_matches_tf_after_100_steps(name):
    ours = _train(tf, CASES[name])
    theirs = _train(tf_real, CASES[name])
    np.testing.assert_allclose(ours[0], theirs[0], rtol=2e-5, atol=2e-6)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=2e-5, atol=2e-6)
    assert len(ours[2]) == len(theirs[2])
    for a, b in zip(ours[2], theirs[2]):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)


def _fixed_gradients(lib, make_opt, steps=100):
    """The same gradient sequence fed to both: isolates the update rule from the loss's kernels."""
    g = np.random.default_rng(1).normal(size=(steps, 5)).astype(np.float32)
    v = lib.Variable(np.linspace(-1, 1, 5).astype(np.float32))
    opt = make_opt(lib.keras)
    for i in range(steps):
        opt.apply_gradients([(lib.constant(g[i]), v)])
    return v.numpy()


@pytest.mark.parametrize("name", sorted(CASES))
def test_update_rule_bits_match_tf(name):
    ours, theirs = _fixed_gradients(tf, CASES[name]), _fixed_gradients(tf_real, CASES[name])
    assert ours.tobytes() == theirs.tobytes()  # tf.pow(beta, step) is bit-exact too (kernels/eigen_pow.py)


@pytest.mark.parametrize("name", sorted(CASES))
def test_training_bits_match_tf_after_100_steps(name):
    ours, theirs = _train(tf, CASES[name]), _train(tf_real, CASES[name])
    for a, b in zip([ours[0], ours[1], *ours[2]], [theirs[0], theirs[1], *theirs[2]]):
        assert np.asarray(a).tobytes() == np.asarray(b).tobytes()
