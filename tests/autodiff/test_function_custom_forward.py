"""tf.function's trace cache, tf.print, custom_gradient and ForwardAccumulator values."""

from __future__ import annotations

import sys

import numpy as np

import tfshim as tf


def test_print_runs_once_per_trace_and_values_every_call(capsys):
    seen = []

    @tf.function
    def f(x, n=1):
        print("tracing", x, n)
        seen.append(1)
        return x * 2 + n

    assert float(f(tf.constant(1.0))) == 3.0
    assert float(f(tf.constant(2.0))) == 5.0
    f(tf.constant([1.0]))
    f(tf.constant(1.0), 2)
    f(tf.constant(1.0), 2)
    out = capsys.readouterr().out.splitlines()
    assert out == ['tracing Tensor("x:0", shape=(), dtype=float32) 1',
                   'tracing Tensor("x:0", shape=(1,), dtype=float32) 1',
                   'tracing Tensor("x:0", shape=(), dtype=float32) 2']
    assert len(seen) == 3  # as in TF: Python side effects run while tracing only
    assert f.experimental_get_tracing_count() == 3


def test_reduce_retracing_relaxes_shapes(capsys):
    @tf.function(reduce_retracing=True)
    def h(x):
        print("tracing", x)
        return x

    for shape in ([2], [3], [4], [4, 2], [5, 2]):
        h(tf.ones(shape))
    assert capsys.readouterr().out.splitlines() == [
        'tracing Tensor("x:0", shape=(2,), dtype=float32)',
        'tracing Tensor("x:0", shape=(None,), dtype=float32)',
        'tracing Tensor("x:0", dtype=float32)']


def test_gradient_through_function_and_run_eagerly(capsys):
    @tf.function
    def f(x):
        print("trace")
        return x * x

    x = tf.constant(3.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    assert float(t.gradient(y, x)) == 6.0
    tf.config.run_functions_eagerly(True)
    try:
        f(x)
        f(x)
        assert tf.config.functions_run_eagerly()
    finally:
        tf.config.run_functions_eagerly(False)
    assert capsys.readouterr().out == "trace\ntrace\ntrace\n"


def test_tf_print_formats_and_defaults_to_stderr(capsys):
    tf.print(tf.constant([1, 2]))
    tf.print(tf.constant([[1.5, 2.0], [3.0, 4.0]]), tf.range(10), output_stream=sys.stdout)
    captured = capsys.readouterr()
    assert captured.err == "[1 2]\n"
    assert captured.out == "[[1.5 2]\n [3 4]] [0 1 2 ... 7 8 9]\n"


def test_tf_print_inside_function_runs_every_call(capsys):
    @tf.function
    def f(x):
        tf.print("value", x, output_stream=sys.stdout)
        return x

    f(tf.constant(1.0))
    f(tf.constant(2.0))
    assert capsys.readouterr().out == "value 1\nvalue 2\n"


def test_custom_gradient_log1pexp_is_stable():
    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)
        return tf.math.log(1 + e), lambda dy: dy * (1 - 1 / (1 + e))

    x = tf.constant([0.0, 100.0])
    with tf.GradientTape() as t:
        t.watch(x)
        y = log1pexp(x)
    np.testing.assert_allclose(t.gradient(y, x).numpy(), [0.5, 1.0])


def test_custom_gradient_with_variables():
    w = tf.Variable(2.0)

    @tf.custom_gradient
    def f(x):
        def grad(dy, variables=None):
            assert variables == [w]
            return dy * 10.0, [dy * 100.0]
        return x * w, grad

    x = tf.constant(1.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    gx, gw = t.gradient(y, [x, w])
    assert (float(gx), float(gw)) == (10.0, 100.0)


def test_jvp_equals_jacobian_times_tangent_and_hvp():
    w = tf.constant([[0.5, -1.0, 0.25], [1.5, 0.5, -0.5]], dtype=tf.float64)
    x = tf.constant([1.0, 2.0, 3.0], dtype=tf.float64)
    v = tf.constant([1.0, -0.5, 2.0], dtype=tf.float64)
    with tf.autodiff.ForwardAccumulator(x, v) as acc:
        with tf.GradientTape(persistent=True) as outer:
            outer.watch(x)
            with tf.GradientTape(persistent=True) as tape:
                tape.watch(x)
                y = tf.tanh(tf.linalg.matvec(w, x * x))
                s = tf.reduce_sum(y * y)
            g = tape.gradient(s, x)
    np.testing.assert_allclose(acc.jvp(y).numpy(), tape.jacobian(y, x).numpy() @ v.numpy(), rtol=1e-12)
    hessian = outer.jacobian(g, x).numpy()
    np.testing.assert_allclose(acc.jvp(g).numpy(), hessian @ v.numpy(), rtol=1e-10)
    assert acc.jvp(tf.constant(1.0)) is None


def test_recompute_grad_matches_plain_gradient():
    w = tf.Variable(3.0)

    def f(z):
        return tf.sin(z) * w

    g = tf.recompute_grad(f)
    x = tf.constant(0.5)
    with tf.GradientTape() as t:
        t.watch(x)
        y = g(x)
    gx, gw = t.gradient(y, [x, w])
    np.testing.assert_allclose([float(gx), float(gw)], [3.0 * np.cos(0.5), np.sin(0.5)], rtol=1e-6)
