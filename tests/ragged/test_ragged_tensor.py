"""Unit tests of tfshim's RaggedTensor: structure, ops, dispatch and gradients (outputs recorded from TF
live in compat/ragged/; these check invariants and the dense path's dispatch wrapper)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tfshim.util import dispatch


def test_partitions_agree() -> None:
    rt = tf.ragged.constant([[1, 2], [], [3, 4, 5]])
    assert rt.row_splits.numpy().tolist() == [0, 2, 2, 5]
    assert rt.row_lengths().numpy().tolist() == [2, 0, 3]
    assert rt.value_rowids().numpy().tolist() == [0, 0, 2, 2, 2]
    assert rt.row_starts().numpy().tolist() == [0, 2, 2]
    assert rt.row_limits().numpy().tolist() == [2, 2, 5]
    assert int(rt.nrows()) == 3
    assert rt.row_splits.dtype == tf.int64
    same = tf.RaggedTensor.from_value_rowids(rt.values, rt.value_rowids(), nrows=3)
    assert same.to_list() == rt.to_list()


def test_repr_and_str_are_the_same() -> None:
    rt = tf.ragged.constant([[1, 2], [3]])
    assert repr(rt) == str(rt) == "<tf.RaggedTensor [[1, 2], [3]]>"


def test_roundtrip_dense() -> None:
    x = np.arange(12).reshape(3, 4)
    rt = tf.RaggedTensor.from_tensor(x, lengths=[1, 4, 0])
    assert rt.to_list() == [[0], [4, 5, 6, 7], []]
    assert rt.to_tensor().numpy().tolist() == [[0, 0, 0, 0], [4, 5, 6, 7], [0, 0, 0, 0]]


def test_elementwise_ops_dispatch() -> None:
    rt = tf.ragged.constant([[1.0, 4.0], [9.0]])
    assert tf.sqrt(rt).to_list() == [[1.0, 2.0], [3.0]]
    assert tf.math.add(rt, 1.0).to_list() == [[2.0, 5.0], [10.0]]
    assert (tf.constant(1.0) + rt).to_list() == [[2.0, 5.0], [10.0]]
    assert (np.float32(2.0) * rt).to_list() == [[2.0, 8.0], [18.0]]


def test_dense_ops_keep_their_errors() -> None:
    with pytest.raises(ValueError):
        tf.reduce_sum(object())  # no dispatchable argument: the dense op's own error
    assert tf.add._tf_dispatchers  # the ragged handlers are registered
    assert tf.add in dispatch.binary_elementwise_apis()


def test_dispatch_handler_declines_for_other_types() -> None:
    calls = []

    def api(x: object) -> object:
        raise TypeError("dense only")

    wrapped = dispatch.add_dispatch_support(api)

    @dispatch.dispatch_for_api(wrapped)
    def handler(x: object) -> object:
        calls.append(x)
        return NotImplemented

    rt = tf.ragged.constant([[1]])
    with pytest.raises(TypeError, match="dense only"):
        wrapped(rt)
    assert calls == [rt]


def test_gradient_through_flat_values() -> None:
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        rt = tf.RaggedTensor.from_row_lengths(v, [2, 1])
        y = tf.reduce_sum(tf.reduce_sum(rt * rt, axis=1))
    assert tape.gradient(y, v).numpy().tolist() == [2.0, 4.0, 6.0]


def test_reduce_max_empty_row_is_lowest() -> None:
    rt = tf.ragged.constant([[1.0], []])
    assert tf.reduce_max(rt, axis=1).numpy()[1] == np.finfo(np.float32).min


def test_string_ops_shapes() -> None:
    assert tf.strings.split("a b").shape == [2]
    assert tf.strings.split(["a b", "c"]).shape.as_list() == [2, None]
    assert tf.strings.unicode_decode(["é"], "UTF-8").to_list() == [[233]]
    assert tf.strings.ngrams(tf.ragged.constant([["a", "b", "c"]]), 2).to_list() == [[b"a b", b"b c"]]


def test_spec_repr() -> None:
    spec = tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)
    assert repr(spec) == "RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)"
    assert spec.is_compatible_with(tf.ragged.constant([[1]]))


def test_dispatch_wrapper_keeps_the_signature() -> None:
    import inspect

    def api(x: object, *rest: object, scale: int = 2, **extra: object) -> object:
        raise ValueError("dense only")

    wrapped = dispatch.add_dispatch_support(api)
    assert inspect.signature(wrapped) == inspect.signature(api)
    seen = []

    @dispatch.dispatch_for_api(wrapped)
    def handler(x: object, *rest: object, scale: int = 2, **extra: object) -> object:
        seen.append((x, rest, scale, extra))
        return "ragged"

    rt = tf.ragged.constant([[1]])
    assert wrapped(rt, 1, 2, scale=3, flag=True) == "ragged"
    assert seen == [(rt, (1, 2), 3, {"flag": True})]
    with pytest.raises(ValueError, match="dense only"):
        wrapped(1)


def test_spec_batchable_protocol_round_trips_rows() -> None:
    """The protocol tf.map_fn and tf.data use: rows out as variant elements, results stacked back."""
    from tfshim.framework import dtypes

    rt = tf.ragged.constant([[[1, 2], [3]], [], [[4]]])
    spec = tf.RaggedTensorSpec.from_value(rt)
    (batched,) = spec._to_batched_tensor_list(rt)
    assert batched.dtype == dtypes.variant and batched._value.shape == (3,)
    row_spec = spec._unbatch()
    rows = [row_spec._from_compatible_tensor_list([_element(batched, i)]) for i in range(3)]
    assert [r.to_list() for r in rows] == rt.to_list()
    encoded = np.stack([row_spec._to_tensor_list(r * 10)[0]._value for r in rows])
    from tfshim.framework.tensor import _wrap_as

    stacked = row_spec._batch(3)._from_compatible_tensor_list([_wrap_as(encoded, dtypes.variant)])
    assert stacked.to_list() == [[[10, 20], [30]], [], [[40]]]


def _element(batched: object, i: int) -> object:
    from tfshim.framework import dtypes
    from tfshim.framework.tensor import _wrap_as

    return _wrap_as(batched._value[i], dtypes.variant)  # type: ignore[attr-defined]
