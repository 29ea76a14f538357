"""tf.data unit tests (no TF needed): laziness, the trace emulation, iterator protocol and errors.
Outputs compared with TF's are in compat/data/ and tests/differential/test_data_vs_tf.py."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tfshim as tf


def test_generator_and_repeat_are_lazy():
    pulled = []

    def gen():
        for i in itertools.count():
            pulled.append(i)
            yield i

    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec((), tf.int64)).repeat().batch(4)
    it = iter(ds)
    first = next(it)
    assert first.numpy().tolist() == [0, 1, 2, 3]
    assert len(pulled) == 4  # nothing is read ahead
    assert tf.data.Dataset.range(10**12).repeat().take(3).cardinality().numpy() == 3


def test_shuffle_holds_only_its_buffer():
    pulled = []

    def gen():
        for i in range(1000):
            pulled.append(i)
            yield i

    ds = tf.data.Dataset.from_generator(gen, output_types=tf.int32).shuffle(8, seed=1)
    next(iter(ds))
    assert len(pulled) == 8


def test_map_function_traced_once_with_symbolic_args(capsys):
    def f(x, y):
        print("trace", x)
        return x + y

    ds = tf.data.Dataset.from_tensor_slices(([1, 2], [3, 4])).map(f)
    assert capsys.readouterr().out == 'trace Tensor("args_0:0", shape=(), dtype=int32)\n'
    assert [int(v) for v in ds] == [4, 6]
    assert capsys.readouterr().out == ""


def test_map_output_shape_from_probes():
    ds = tf.data.Dataset.range(5).map(lambda x: tf.fill([tf.cast(x, tf.int32)], x))
    assert repr(ds.element_spec) == "TensorSpec(shape=(None,), dtype=tf.int64, name=None)"
    batched = tf.data.Dataset.from_tensor_slices(np.zeros((6, 3), np.float32)).batch(4).map(lambda b: b[1:])
    assert repr(batched.element_spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)"
    fixed = tf.data.Dataset.from_tensor_slices(np.zeros((6, 3), np.float32)).map(lambda v: v[1:])
    assert repr(fixed.element_spec) == "TensorSpec(shape=(2,), dtype=tf.float32, name=None)"


def test_map_list_return_is_a_tuple_and_dict_is_one_argument():
    ds = tf.data.Dataset.from_tensor_slices({"a": [1, 2]}).map(lambda d: [d["a"], d["a"] * 2])
    assert isinstance(ds.element_spec, tuple)
    assert [tuple(int(t) for t in e) for e in ds] == [(1, 2), (2, 4)]


def test_len_and_iterator_protocol():
    ds = tf.data.Dataset.range(3)
    assert len(ds) == 3
    with pytest.raises(TypeError, match="The dataset is infinite."):
        len(ds.repeat())
    with pytest.raises(TypeError, match="The dataset length is unknown."):
        len(ds.filter(lambda x: x > 0))
    it = iter(ds)
    assert isinstance(it, tf.data.Iterator)
    assert [int(it.get_next()) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(tf.errors.OutOfRangeError):
        it.get_next()
    with pytest.raises(StopIteration):
        next(it)


def test_iteration_errors_carry_iterator_get_next_text():
    ds = tf.data.Dataset.from_generator(lambda: iter([np.zeros(2), np.zeros(3)]), output_types=tf.float64).batch(2)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        list(ds)
    assert str(e.value).startswith("{{function_node __wrapped__IteratorGetNext_output_types_1_device_")
    assert str(e.value).endswith(" [Op:IteratorGetNext] name: ")


def test_generator_exception_classes():
    def boom():
        yield 1
        raise KeyError("k")

    with pytest.raises(tf.errors.UnknownError, match="KeyError: 'k'"):
        list(tf.data.Dataset.from_generator(boom, output_types=tf.int32))


def test_ignore_errors_drops_the_failing_element():
    ds = tf.data.Dataset.from_generator(lambda: iter([1, 2, "x"]), output_types=tf.int32)
    assert [int(v) for v in ds.ignore_errors()] == [1, 2]


def test_options_merge_and_unknown_option():
    o = tf.data.Options()
    o.deterministic = False
    ds = tf.data.Dataset.range(2).with_options(o)
    assert ds.options().deterministic is False
    with pytest.raises(AttributeError):
        o.not_an_option = 1


def test_unimplemented_apis_say_so():
    with pytest.raises(NotImplementedError, match="tf.data.Dataset.snapshot"):
        tf.data.Dataset.range(2).snapshot("/tmp/x")


def test_nested_dataset_elements_in_window():
    w = next(iter(tf.data.Dataset.range(5).window(2)))
    assert repr(w) == "<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>"
    assert [int(v) for v in w] == [0, 1]


def test_ignore_errors_skips_failed_map_elements_and_goes_on():
    ds = tf.data.Dataset.from_tensor_slices([1, 0, 1]).map(lambda x: tf.reshape(x, [x]))
    with pytest.raises(tf.errors.InvalidArgumentError):
        list(ds)
    it = iter(ds)
    assert next(it).numpy().tolist() == [1]
    with pytest.raises(tf.errors.InvalidArgumentError):
        next(it)
    assert next(it).numpy().tolist() == [1]  # TF's iterator goes on after a failed element
    assert [v.numpy().tolist() for v in ds.ignore_errors()] == [[1], [1]]
