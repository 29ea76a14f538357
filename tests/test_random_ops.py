"""tf.random API behaviours (dtypes, shapes, errors, determinism); texts recorded from TF 2.21."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tfshim.framework import errors


@pytest.mark.parametrize("dtype", [tf.float16, tf.float32, tf.float64])
@pytest.mark.parametrize("fn", [tf.random.uniform, tf.random.normal, tf.random.truncated_normal])
def test_float_dtypes_and_shapes(fn, dtype) -> None:
    for shape in ([2, 3], (4,), tf.TensorShape([1, 2]), tf.constant([3], tf.int64), []):
        t = fn(shape, dtype=dtype)
        assert t.dtype is dtype
        assert t.shape.as_list() == (list(shape.numpy()) if isinstance(shape, tf.Tensor) else list(shape))


def test_int_uniform_range() -> None:
    for dt in (tf.int32, tf.int64):
        t = tf.random.uniform([1000], minval=-3, maxval=4, dtype=dt)
        assert t.dtype is dt and t.numpy().min() >= -3 and t.numpy().max() < 4


def test_set_seed_determinism() -> None:
    tf.random.set_seed(11)
    a = [tf.random.uniform([5]).numpy(), tf.random.normal([3], seed=2).numpy()]
    tf.random.set_seed(11)
    b = [tf.random.uniform([5]).numpy(), tf.random.normal([3], seed=2).numpy()]
    for x, y in zip(a, b):
        assert np.array_equal(x, y)


def test_unseeded_calls_valid_and_different() -> None:
    tf.random.set_seed(None)
    x, y = tf.random.uniform([1000]).numpy(), tf.random.uniform([1000]).numpy()
    assert (x >= 0).all() and (x < 1).all() and not np.array_equal(x, y)


def test_op_seed_continues_stream() -> None:
    tf.random.set_seed(3)
    a = tf.random.uniform([4], seed=9).numpy()
    b = tf.random.uniform([4], seed=9).numpy()
    assert not np.array_equal(a, b)


def test_known_values() -> None:
    # TF 2.21 docstring of tf.random.Generator: from_seed(1234).normal((2, 3))
    g = tf.random.Generator.from_seed(1234)
    want = np.array([[0.9356609, 1.0854305, -0.93788373], [-0.5061547, 1.3169702, 0.7137579]], np.float32)
    assert np.array_equal(g.normal(shape=(2, 3)).numpy(), want)
    assert g.state.numpy().tolist() == [2002, 0, 0] or g.state.numpy()[0] > 1234
    # TF 2.21 docstring of tf.random.split
    assert tf.random.split([1, 2]).numpy().tolist() == [[1105988140, 1738052849], [-335576002, 370444179]]


def test_stateless_is_deterministic() -> None:
    a = tf.random.stateless_normal([10], seed=[4, 5]).numpy()
    assert np.array_equal(a, tf.random.stateless_normal([10], seed=[4, 5]).numpy())


def test_generator_split_and_state() -> None:
    g = tf.random.Generator.from_seed(1)
    kids = g.split(3)
    assert len(kids) == 3 and all(k.state.numpy()[:2].tolist() == [0, 0] for k in kids)
    assert g.state.dtype is tf.int64 and g.state.name == "StateVar:0"
    seeds = g.make_seeds(4)
    assert seeds.shape.as_list() == [2, 4] and seeds.dtype is tf.int64


def test_shuffle_is_permutation() -> None:
    x = tf.random.shuffle(tf.range(100)).numpy()
    assert sorted(x.tolist()) == list(range(100))


def test_categorical_shape_dtype() -> None:
    c = tf.random.categorical(tf.math.log([[0.1, 0.9], [0.9, 0.1]]), 7, dtype=tf.int32)
    assert c.dtype is tf.int32 and c.shape.as_list() == [2, 7]


def test_not_differentiable() -> None:
    x = tf.constant(1.0)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = tf.random.uniform([2]) + 0 * x
    assert t.gradient(tf.random.uniform([2]), x) is None
    assert t.gradient(y, x) is not None


def _err(f):
    with pytest.raises(Exception) as ei:
        f()
    return type(ei.value).__name__, str(ei.value)


def test_error_texts() -> None:
    assert _err(lambda: tf.random.uniform([2], dtype=tf.int32)) == (
        "ValueError", "Must specify maxval for integer dtype tf.int32")
    assert _err(lambda: tf.random.uniform([2], minval=5, maxval=3, dtype=tf.int64)) == (
        "InvalidArgumentError",
        "{{function_node __wrapped__RandomUniformInt_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
        "Need minval < maxval, got 5 >= 3 [Op:RandomUniformInt] name: ")
    assert _err(lambda: tf.random.uniform([2, -3])) == (
        "InvalidArgumentError",
        "{{function_node __wrapped__RandomUniform_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
        "Dimension -3 must be >= 0 [Op:RandomUniform] name: ")
    assert _err(lambda: tf.random.stateless_uniform([2], seed=[1])) == (
        "InvalidArgumentError",
        "{{function_node __wrapped__StatelessRandomGetKeyCounter_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
        " seed must have shape [2], not [1] [Op:StatelessRandomGetKeyCounter]")
    assert _err(lambda: tf.random.categorical([[1.0, 2.0]], 3, dtype=tf.int16)) == (
        "ValueError", "Argument `dtype` got invalid value <dtype: 'int16'>. Accepted dtypes are (tf.int32, tf.int64).")
    assert _err(lambda: tf.random.Generator.from_seed(1).uniform([2], dtype=tf.int32)) == (
        "ValueError", "For integer dtype <dtype: 'int32'>, minval and maxval must be both `None` or both "
        "non-`None`; got minval=0 and maxval=None")
    assert issubclass(errors.InvalidArgumentError, Exception)
