"""Calls that do not bind: TF's canonicalizer texts or Python's with TF's function name (the recorded outputs are
in compat/validation/argument_binding.out); good calls, errors raised inside an op and dispatch are untouched."""

import inspect

import pytest

import tfshim as tf
from tfshim.util.arg_canonicalization import CANONICALIZED, PYTHON_NAMES


def test_canonicalizer_texts_in_tfs_order():
    x = tf.constant([1.0, 2.0])
    with pytest.raises(TypeError, match=r"^Too many arguments were given. Expected 4 but got 5.$"):
        tf.argmax(x, 0, None, None, 5, foo=1)  # too many positional arguments first
    with pytest.raises(TypeError, match=r"^Got an unexpected keyword argument 'foo'$"):
        tf.argmax(x, foo=1, input=x)  # then each keyword in turn
    with pytest.raises(TypeError, match=r"^Got multiple values for argument 'input'$"):
        tf.argmax(x, input=x, foo=1)
    with pytest.raises(TypeError, match=r"^Missing required positional argument$"):
        tf.add(y=x)


def test_python_texts_name_tfs_function():
    assert tf.negative.__qualname__ == tf.math.negative.__qualname__ == "neg"
    with pytest.raises(TypeError, match=r"^neg\(\) missing 1 required positional argument: 'x'$"):
        tf.negative()


def test_good_calls_errors_inside_and_dispatch_are_unchanged():
    x = tf.constant([[1.0, -3.0]])
    assert tf.argmax(x, axis=1).numpy().tolist() == [0]
    assert inspect.signature(tf.reduce_sum).parameters["axis"].default is None
    with pytest.raises(TypeError, match=r"^Cannot convert the argument `type_value`: None to a TensorFlow DType.$"):
        tf.cast(x, None)  # a TypeError raised by the op itself keeps its text
    r = tf.math.abs(tf.ragged.constant([[-1.0], [2.0, -3.0]]))  # RaggedTensor dispatch through the wrapper
    assert r.to_list() == [[1.0], [2.0, 3.0]]


def test_recorded_names_are_disjoint():
    assert CANONICALIZED.isdisjoint(PYTHON_NAMES)
    assert "argmax" in CANONICALIZED and PYTHON_NAMES["negative"] == "neg"
