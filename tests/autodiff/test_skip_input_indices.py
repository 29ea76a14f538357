"""Gradients skip what nobody asked for: MatMul computes only the products for inputs the tape needs (TF's
_MatMulGradAgainstFirstOnly/SecondOnly), with the same values as the full gradient."""

import numpy as np
import pytest

import tfshim as tf
from tfshim.ops import linalg_ops


@pytest.fixture
def matmul_calls(monkeypatch):
    calls = []
    kernel = linalg_ops.MatMul.kernel

    def counting(*args, **kw):
        calls.append(kw)
        return kernel(*args, **kw)

    monkeypatch.setattr(linalg_ops.MatMul, "kernel", counting)
    return calls


@pytest.mark.parametrize("ta, tb", [(False, False), (False, True), (True, False), (True, True)])
def test_matmul_gradient_skips_unwatched_input(matmul_calls, ta, tb):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((5, 3) if ta else (3, 5)).astype(np.float32)
    b = rng.standard_normal((4, 5) if tb else (5, 4)).astype(np.float32)
    x, w = tf.constant(a), tf.Variable(b)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = tf.matmul(x, w, transpose_a=ta, transpose_b=tb)
    full = g.gradient(y, [x, w])
    w_read = w.value()  # read outside the tape: not watched
    for i, src in enumerate((x, w)):
        del matmul_calls[:]
        with tf.GradientTape() as g1:
            if i == 0:
                g1.watch(x)
            y1 = tf.matmul(x, w_read if i == 0 else w, transpose_a=ta, transpose_b=tb)
        only = g1.gradient(y1, src)
        assert len(matmul_calls) == 2  # the forward product and one gradient product
        np.testing.assert_array_equal(only.numpy(), full[i].numpy())


def test_conv2d_gradient_skips_unwatched_input(monkeypatch):
    from tfshim.ops import nn_ops

    calls = []
    kernel = nn_ops.Conv2DBackpropInput.kernel
    monkeypatch.setattr(nn_ops.Conv2DBackpropInput, "kernel", lambda *a, **k: calls.append(1) or kernel(*a, **k))
    rng = np.random.default_rng(1)
    x = tf.constant(rng.standard_normal((2, 6, 6, 1)).astype(np.float32))
    k = tf.Variable(rng.standard_normal((3, 3, 1, 4)).astype(np.float32))
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = tf.reduce_sum(tf.nn.conv2d(x, k, strides=1, padding="SAME") ** 2)
    full = g.gradient(y, [x, k])
    calls.clear()
    with tf.GradientTape() as g1:
        y1 = tf.reduce_sum(tf.nn.conv2d(x, k, strides=1, padding="SAME") ** 2)
    only = g1.gradient(y1, k)
    assert calls == []
    np.testing.assert_array_equal(only.numpy(), full[1].numpy())
