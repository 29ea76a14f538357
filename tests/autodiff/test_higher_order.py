"""Higher-order gradients through nested tapes, checked against numeric differences (float64)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf


def _grad_fn(f):
    """x -> df/dx (elementwise sum), computed on a tape; itself built from tfshim ops."""
    def g(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
        return t.gradient(y, x)
    return g


def _numeric(f, x: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    out = np.zeros_like(x)
    for idx in np.ndindex(x.shape):
        hi, lo = x.copy(), x.copy()
        hi[idx] += eps
        lo[idx] -= eps
        out[idx] = (np.sum(f(tf.constant(hi)).numpy()) - np.sum(f(tf.constant(lo)).numpy())) / (2 * eps)
    return out


FUNCS = {
    "cube": lambda x: x ** 3,
    "sin": tf.sin,
    "exp": tf.exp,
    "tanh": tf.tanh,
    "mix": lambda x: tf.sin(x) * tf.exp(x * 0.5) / (1.0 + x * x),
}


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_second_and_third_derivatives_match_numeric(name):
    f = FUNCS[name]
    x = np.array([0.3, -0.7, 1.1])
    d1 = _grad_fn(f)
    d2 = _grad_fn(d1)
    d3 = _grad_fn(d2)
    np.testing.assert_allclose(d2(tf.constant(x)).numpy(), _numeric(d1, x), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(d3(tf.constant(x)).numpy(), _numeric(d2, x), rtol=1e-5, atol=1e-7)


def test_cube_derivatives_exact():
    x = tf.Variable(2.0)
    with tf.GradientTape() as t3:
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                y = x ** 3
            dy = t1.gradient(y, x)
        d2 = t2.gradient(dy, x)
    d3 = t3.gradient(d2, x)
    assert (float(dy), float(d2), float(d3)) == (12.0, 12.0, 6.0)


def test_inner_gradient_outside_outer_context_is_none():
    x = tf.constant(3.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x * x
    dy = inner.gradient(y, x)
    assert float(dy) == 27.0
    assert outer.gradient(dy, x) is None


def test_hessian_vector_product_matches_numeric_hessian():
    def f(x):
        return tf.reduce_sum(x * x * x) + x[0] * x[1] * x[2]

    x0 = np.array([1.0, 2.0, 0.5])
    v = np.array([0.3, -1.0, 2.0])
    x = tf.constant(x0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    hvp = outer.gradient(g, x, output_gradients=tf.constant(v)).numpy()
    h = np.stack([_numeric(lambda z, i=i: _grad_fn(f)(z)[i], x0) for i in range(3)])
    np.testing.assert_allclose(hvp, h @ v, rtol=1e-6)


def test_hessian_two_ways_agree():
    def f(x):
        return tf.reduce_sum(tf.exp(x[:2]) * x[1:]) + tf.reduce_sum(x * x * x)

    x = tf.constant([0.5, -0.25, 1.5])
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = f(x)
        g = t1.gradient(y, x)
    h_vec = t2.jacobian(g, x).numpy()
    with tf.GradientTape(persistent=True) as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = f(x)
        g = t1.gradient(y, x)
        rows = [g[i] for i in range(3)]
    h_rows = np.stack([t2.gradient(r, x).numpy() for r in rows])
    np.testing.assert_allclose(h_vec, h_rows, rtol=1e-6)
    np.testing.assert_allclose(h_vec, h_vec.T, rtol=1e-6)


def test_third_order_through_jacobian():
    """jacobian inside an outer tape is itself differentiable."""
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = x * x * x
        j = t1.jacobian(y, x)
        s = tf.reduce_sum(j)
    np.testing.assert_array_equal(t2.gradient(s, x).numpy(), [6.0, 12.0])


def test_gradient_penalty_matches_numeric():
    w0 = np.array([[0.5, -1.0], [2.0, 0.25]])
    xs = tf.constant([[1.0, 2.0], [-1.0, 0.5]], dtype=tf.float64)

    def penalty(w):
        with tf.GradientTape() as inner:
            inner.watch(xs)
            out = tf.reduce_sum(tf.tanh(tf.matmul(xs, w)))
        gx = inner.gradient(out, xs)
        return tf.reduce_sum(gx * gx)

    w = tf.constant(w0)
    with tf.GradientTape() as outer:
        outer.watch(w)
        p = penalty(w)
    np.testing.assert_allclose(outer.gradient(p, w).numpy(), _numeric(penalty, w0), rtol=1e-5)


def test_persistent_outer_and_watch_accessed_variables_false():
    a = tf.Variable(2.0)
    b = tf.Variable(3.0)
    with tf.GradientTape(persistent=True, watch_accessed_variables=False) as outer:
        outer.watch(a)
        with tf.GradientTape(watch_accessed_variables=False) as inner:
            inner.watch([a, b])
            y = a * a * b
        ga, gb = inner.gradient(y, [a, b])
    assert (float(ga), float(gb)) == (12.0, 4.0)
    d_ga = outer.gradient(ga, [a, b])
    d_gb = outer.gradient(gb, [a, b])
    assert float(d_ga[0]) == 6.0 and d_ga[1] is None
    assert float(d_gb[0]) == 4.0 and d_gb[1] is None
    assert outer.watched_variables() == (a,)
