"""Every public GradientTape method, run the same way in TF and in tfshim: the printed results must match."""

from __future__ import annotations

import numpy as np
import pytest

tf_real = pytest.importorskip(
    "tensorflow",
    reason="real TensorFlow is not importable: install the oracle extra (pip install -e '.[test,oracle]')")
import tfshim  # noqa: E402

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402


def outcome(fn, tf, *args):
    """repr of what fn returns, or the exception class and first line."""
    try:
        return repr(fn(tf, *args))
    except Exception as e:  # noqa: BLE001
        return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"


def gradient_structures(tf, x):
    a = tf.constant(x)
    b = tf.Variable(x * 2)
    with tf.GradientTape(persistent=True) as g:
        g.watch(a)
        y = tf.reduce_sum(a * b + a * a)
    return [g.gradient(y, a), g.gradient(y, [a, b]), g.gradient(y, {"k": b, "j": (a,)}),
            g.gradient(y, b, output_gradients=tf.constant(2.0, dtype=y.dtype)),
            g.gradient([y, y], a), g.gradient(y, tf.Variable(1.0, dtype=y.dtype), unconnected_gradients="zero")]


def watch_and_watched_variables(tf, x):
    v1, v2 = tf.Variable(x), tf.Variable(x + 1)
    with tf.GradientTape(watch_accessed_variables=False) as g:
        g.watch(v2)
        y = tf.reduce_sum(v1 * v2)
    return [g.watched_variables(), g.gradient(y, [v1, v2])]


def reset_and_stop_recording(tf, x):
    v = tf.Variable(x)
    with tf.GradientTape(persistent=True) as g:
        y1 = tf.reduce_sum(v * v)
        g.reset()
        y2 = tf.reduce_sum(v * v * v)
        with g.stop_recording():
            y3 = tf.reduce_sum(v * 4.0)
    return [g.gradient(y1, v), g.gradient(y2, v), g.gradient(y3, v)]


def non_persistent_reuse(tf, x):
    v = tf.Variable(x)
    with tf.GradientTape() as g:
        y = tf.reduce_sum(v * v)
    first = g.gradient(y, v)
    try:
        g.gradient(y, v)
        second = "no error"
    except RuntimeError as e:
        second = str(e)
    return [first, second]


def jacobian(tf, x):
    v = tf.Variable(x)
    with tf.GradientTape(persistent=True) as g:
        y = v * v * 3.0
    return [g.jacobian(y, v), g.jacobian(y, [v, tf.Variable(1.0, dtype=y.dtype)])]


def batch_jacobian(tf, x):
    v = tf.constant(np.reshape(x, (1, -1)) if np.ndim(x) < 2 else x)
    with tf.GradientTape() as g:
        g.watch(v)
        y = v * v
    return g.batch_jacobian(y, v)


def second_order(tf, x):
    v = tf.Variable(x)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(v * v * v)
        dy = inner.gradient(y, v)
    return [dy, outer.gradient(dy, v)]


SCENARIOS = [gradient_structures, watch_and_watched_variables, reset_and_stop_recording, non_persistent_reuse,
             jacobian, batch_jacobian, second_order]


@pytest.mark.differential
@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.__name__ for s in SCENARIOS])
def test_tape_method_matches_tf(scenario):
    @given(hnp.arrays(st.sampled_from([np.float32, np.float64]), hnp.array_shapes(min_dims=1, max_dims=2, max_side=3),
                      elements=st.integers(-4, 4).map(float)))
    def check(x):
        assert outcome(scenario, tfshim, x) == outcome(scenario, tf_real, x)

    check()
