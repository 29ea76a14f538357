"""TF's exception texts for jacobians, custom gradients, tf.function and friends."""

from __future__ import annotations

import pytest

import tfshim as tf


def _tape(persistent=False):
    x = tf.constant([1.0, 2.0, 3.0])
    t = tf.GradientTape(persistent=persistent)
    with t:
        t.watch(x)
        y = x * x
    return t, x, y


def test_jacobian_reuse_and_for_loop_errors():
    t, x, y = _tape()
    t.jacobian(y, x)
    with pytest.raises(RuntimeError, match=r"^A non-persistent GradientTape can only be used to compute one set"):
        t.jacobian(y, x)
    t, x, y = _tape()
    with pytest.raises(RuntimeError) as e:
        t.jacobian(y, x, experimental_use_pfor=False)
    assert str(e.value).endswith("enabled and with  experimental_use_pfor set to False.")


def test_batch_jacobian_errors_keep_tfs_texts():
    xb = tf.ones([3, 2])
    with tf.GradientTape() as t:
        t.watch(xb)
        yb = xb * xb
    with pytest.raises(ValueError, match=r"^Shape \(3,\) must have rank at least 2$"):
        t.batch_jacobian(tf.ones([3]), xb)
    with pytest.raises(ValueError) as e:
        t.batch_jacobian(yb, tf.ones([2, 2]))
    assert str(e.value) == "Need first dimension of target shape ((3, 2)) and source shape ((2, 2)) to match."
    t.batch_jacobian(yb, xb)
    with pytest.raises(RuntimeError) as e:
        t.batch_jacobian(yb, xb)
    assert "used tocompute" in str(e.value)  # TF's missing space


def test_pfor_wraps_bad_arguments_in_its_value_error():
    t, x, y = _tape(persistent=True)
    for kwargs in ({"unconnected_gradients": "bogus"}, {"parallel_iterations": 1}, {"parallel_iterations": 0}):
        with pytest.raises(ValueError, match=r"^Encountered an exception while vectorizing the jacobian"):
            t.jacobian(y, x, **kwargs)
    with pytest.raises(ValueError, match=r"^Unknown value for unconnected_gradients: 'bogus'$"):
        t.jacobian(y, x, unconnected_gradients="bogus", experimental_use_pfor=False)


def test_custom_gradient_errors():
    w = tf.Variable([1.0, 2.0])

    @tf.custom_gradient
    def f(x):
        return x * w, lambda dy: dy

    with pytest.raises(TypeError, match=r"^@tf.custom_gradient grad_fn must accept keyword argument 'variables'"):
        f(tf.constant([1.0, 1.0]))

    @tf.custom_gradient
    def g(a, b):
        return a * b, lambda dy: dy

    a = tf.constant(1.0)
    with tf.GradientTape() as t:
        t.watch(a)
        r = g(a, tf.constant(2.0))
    with pytest.raises(ValueError, match=r"^custom_gradient function expected to return 2 gradients, but returned 1"):
        t.gradient(r, a)


def test_gradients_and_function_errors():
    with pytest.raises(RuntimeError) as e:
        tf.gradients(tf.constant(1.0), tf.constant(2.0))
    assert str(e.value) == ("tf.gradients is not supported when eager execution is enabled. "
                            "Use tf.GradientTape instead.")
    sig = tf.function(lambda x: x, input_signature=[tf.TensorSpec([None], tf.float32)])
    with pytest.raises(TypeError, match=r"^Binding inputs to tf.function failed due to `Can not cast"):
        sig(tf.constant([1, 2]))
    graph = tf.function(lambda x: x).get_concrete_function(tf.constant(1.0)).graph.as_graph_def()
    assert [(n.name, n.op, n.input) for n in graph.node] == [("x", "Placeholder", []), ("Identity", "Identity", ["x"])]
    with pytest.raises(ValueError, match=r"^Unrecognized keyword arguments for tf.print: \{'foo': 2\}$"):
        tf.print(1, foo=2)


def test_forward_accumulator_errors():
    x = tf.constant([1.0, 2.0])
    with pytest.raises(ValueError, match=r"^Tensor conversion requested dtype float32 for Tensor with dtype int32"):
        tf.autodiff.ForwardAccumulator(x, tf.constant([1, 2]))
    acc = tf.autodiff.ForwardAccumulator(x, x)
    with pytest.raises(ValueError, match=r"^'bogus' is not a valid UnconnectedGradients$"):
        acc.jvp(x, unconnected_gradients="bogus")
