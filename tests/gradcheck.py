"""Numeric gradient checks: tfshim's tape gradient against central differences in float64."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import tfshim as tf


def numeric_gradient(f: Callable, args: list, i: int, eps: float = 1e-6) -> np.ndarray:
    """d sum(f(*args)) / d args[i] by central differences, computed in float64."""
    base = [np.array(a, dtype=np.float64) for a in args]
    x = base[i]
    g = np.zeros_like(x)
    for idx in np.ndindex(x.shape):
        hi = [b.copy() for b in base]
        lo = [b.copy() for b in base]
        hi[i][idx] += eps
        lo[i][idx] -= eps
        fh = np.sum(f(*[tf.constant(a) for a in hi]).numpy())
        fl = np.sum(f(*[tf.constant(a) for a in lo]).numpy())
        g[idx] = (fh - fl) / (2 * eps)
    return g


def tape_gradients(f: Callable, args: list) -> list:
    ts = [tf.constant(np.array(a, dtype=np.float64)) for a in args]
    with tf.GradientTape() as tape:
        for t in ts:
            tape.watch(t)
        y = f(*ts)
    return tape.gradient(y, ts)


def check_gradients(f: Callable, *args: Any, rtol: float = 1e-5, atol: float = 1e-6) -> None:
    """Asserts the tape gradient of sum(f(*args)) w.r.t. every argument matches central differences."""
    grads = tape_gradients(f, list(args))
    for i, g in enumerate(grads):
        num = numeric_gradient(f, list(args), i)
        assert g is not None, f"gradient for argument {i} is None"
        np.testing.assert_allclose(g.numpy(), num, rtol=rtol, atol=atol, err_msg=f"argument {i}")
