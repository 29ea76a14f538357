"""tf.function's trace-and-replay (framework/func_graph.py): what is replayed, what falls back to
eager runs, and that tracing leaves no patches behind. Outputs against TF are in compat/function/."""

from __future__ import annotations

import pytest

import tfshim as tf
from tfshim.framework import func_graph
from tfshim.framework.tensor import Tensor
from tfshim.framework.variables import Variable
from tfshim.ops import op as op_lib


def test_replay_runs_no_python():
    calls = []

    @tf.function
    def f(x, y):
        calls.append(1)
        return tf.reduce_sum(x * y) + 1.0

    a = tf.constant([[1.0, 2.0]])
    b = tf.constant([[3.0, 4.0]])
    assert f(a, b).numpy() == 12.0
    assert f(a * 2, b).numpy() == 23.0
    assert len(calls) == 1
    assert f.get_concrete_function(a, b)._graph.value_dependent is None


def test_value_dependent_trace_runs_eagerly_each_call(capsys):
    calls = []

    @tf.function
    def f(x):
        calls.append(1)
        print("traced")
        if x > 0:  # a Python `if` on a tensor value: TF converts it; tfshim runs Python each call
            return x * 2
        return -x

    assert f(tf.constant(3)).numpy() == 6
    assert f(tf.constant(-4)).numpy() == 4
    assert f.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out == "traced\n"
    assert len(calls) == 3  # the trace, then one eager run per call
    assert f.get_concrete_function(tf.constant(1))._graph.value_dependent is not None


def test_stateful_random_ops_are_not_replayed():
    @tf.function
    def f():
        return tf.random.uniform([3])

    tf.random.set_seed(1)
    assert not (f().numpy() == f().numpy()).all()


def test_trace_restores_classes_even_on_error():
    before = (Tensor.__dict__["_value"], Variable.__dict__["_value"], op_lib.Op.__call__, Variable.assign)

    @tf.function
    def f(x):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        f(tf.constant(1))
    after = (Tensor.__dict__["_value"], Variable.__dict__["_value"], op_lib.Op.__call__, Variable.assign)
    assert before == after
    assert func_graph.current() is None


def test_trace_writes_no_variable_until_replay():
    v = tf.Variable(1.0)

    @tf.function
    def f():
        v.assign_add(1.0)
        v.assign(v * 10.0)
        return v.read_value()

    assert f().numpy() == 20.0
    assert v.numpy() == 20.0
    assert f().numpy() == 210.0


def test_tape_outside_sees_the_replay():
    w = tf.Variable(2.0)

    @tf.function
    def loss(x):
        return w * x * x

    for x in (3.0, 4.0):
        with tf.GradientTape() as tape:
            y = loss(tf.constant(x))
        assert tape.gradient(y, w).numpy() == x * x


def test_py_function_runs_every_call_and_once_while_tracing():
    seen = []

    def body(x):
        seen.append(int(x))
        return x + 1

    @tf.function
    def f(x):
        return tf.py_function(body, [x], tf.int32)

    assert f(tf.constant(1)).numpy() == 2
    assert f(tf.constant(5)).numpy() == 6
    assert seen == [1, 1, 5]  # documented: the tracing call runs it once more


def test_tf_print_records_and_runs_each_call(capsys):
    import sys

    @tf.function
    def f(x):
        tf.print("x =", x, output_stream=sys.stdout)
        return x

    f(tf.constant(1))
    f(tf.constant(2))
    assert capsys.readouterr().out == "x = 1\nx = 2\n"


def test_creating_variables_on_a_later_trace_is_an_error():
    @tf.function
    def f(x, make):
        if make:
            tf.Variable(1.0)
        return x

    f(tf.constant(1.0), False)
    with pytest.raises(ValueError, match="^Creating variables on a non-first call"):
        f(tf.constant(1.0), True)


def test_concrete_function_wrong_dtype_is_invalid_argument():
    c = tf.function(lambda a: a + a).get_concrete_function(tf.TensorSpec([None], tf.float32))
    assert c(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    with pytest.raises(tf.errors.InvalidArgumentError, match="was expected to be a float tensor but is a int32"):
        c(tf.constant([1]))
    assert c.inference_fn(tf.constant([3.0])).numpy().tolist() == [6.0]


def test_autograph_names():
    f = tf.autograph.experimental.do_not_convert(lambda x: x + 1)
    assert f(1) == 2
    tf.autograph.set_verbosity(1)
    with pytest.raises(NotImplementedError, match="tf.autograph.to_code"):
        tf.autograph.to_code(f)
