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
