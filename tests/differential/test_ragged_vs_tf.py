"""Differential specs for ragged tensors and the ragged string ops: random ragged lists and strings,
the same call in TF and tfshim, compared by repr (byte for byte), to_list, dtype and shape, or by the
exception class. Skips without TensorFlow."""

from __future__ import annotations

from typing import Any

import pytest

tf = pytest.importorskip("tensorflow", reason="real TensorFlow is not importable (oracle extra)")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tfshim  # noqa: E402

ints = st.integers(-9, 9)
rows = st.lists(st.lists(ints, max_size=4), min_size=1, max_size=4)
rows3 = st.lists(st.lists(st.lists(ints, max_size=3), max_size=3), min_size=1, max_size=3)
words = st.text(alphabet="ab ,é😊\x01", max_size=8)


def _outcome(mod: Any, fn: Any, *args: Any) -> Any:
    try:
        r = fn(mod, *args)
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return ("raises", type(e).__name__)
    rs = r if isinstance(r, tuple) else (r,)
    out = []
    for x in rs:
        if hasattr(x, "to_list"):
            out.append((repr(x), x.to_list(), x.dtype.name, str(x.shape)))
        else:
            out.append((repr(x), x.dtype.name, str(x.shape)))
    return out


def _same(fn: Any, *args: Any) -> None:
    assert _outcome(tfshim, fn, *args) == _outcome(tf, fn, *args)


RAGGED_OPS = {
    "repr": lambda m, a: m.ragged.constant(a),
    "add_scalar": lambda m, a: m.ragged.constant(a) + 3,
    "mul_self": lambda m, a: m.ragged.constant(a) * m.ragged.constant(a),
    "sub_column": lambda m, a: m.ragged.constant(a) - m.constant([[1]] * len(a)),
    "greater": lambda m, a: m.ragged.constant(a) > 0,
    "reduce_sum_1": lambda m, a: m.reduce_sum(m.ragged.constant(a), axis=1),
    "reduce_sum_0": lambda m, a: m.reduce_sum(m.ragged.constant(a), axis=0),
    "reduce_max_1": lambda m, a: m.reduce_max(m.ragged.constant(a, dtype=m.float32), axis=1),
    "reduce_min_0": lambda m, a: m.reduce_min(m.ragged.constant(a), axis=0),
    "reduce_mean_1": lambda m, a: m.reduce_mean(m.ragged.constant(a), axis=1),
    "to_tensor": lambda m, a: m.ragged.constant(a).to_tensor(default_value=-1),
    "to_tensor_shape": lambda m, a: m.ragged.constant(a).to_tensor(shape=[2, 2]),
    "row_lengths": lambda m, a: m.ragged.constant(a).row_lengths(),
    "bounding_shape": lambda m, a: m.ragged.constant(a).bounding_shape(),
    "slice_cols": lambda m, a: m.ragged.constant(a)[:, 1:3],
    "slice_neg": lambda m, a: m.ragged.constant(a)[:, -2:],
    "row0": lambda m, a: m.ragged.constant(a)[0],
    "rows_step": lambda m, a: m.ragged.constant(a)[::-1],
    "concat_0": lambda m, a: m.concat([m.ragged.constant(a), m.ragged.constant(a)], axis=0),
    "concat_1": lambda m, a: m.concat([m.ragged.constant(a), m.ragged.constant(a)], axis=1),
    "stack": lambda m, a: m.stack([m.ragged.constant(a), m.ragged.constant(a)], axis=1),
    "tile": lambda m, a: m.tile(m.ragged.constant(a), [2, 2]),
    "gather": lambda m, a: m.gather(m.ragged.constant(a), [len(a) - 1, 0]),
    "mask": lambda m, a: m.ragged.boolean_mask(m.ragged.constant(a), m.ragged.constant(a) > 0),
    "from_tensor_pad": lambda m, a: m.RaggedTensor.from_tensor(m.ragged.constant(a).to_tensor(), padding=0),
    "range": lambda m, a: m.ragged.range([len(r) for r in a]),
    "shape": lambda m, a: repr(m.shape(m.ragged.constant(a))),
    "where": lambda m, a: m.where(m.ragged.constant(a) > 0, m.ragged.constant(a), 0 * m.ragged.constant(a)),
}


@pytest.mark.parametrize("name", sorted(RAGGED_OPS))
def test_ragged_op_matches_tf(name: str) -> None:
    fn = RAGGED_OPS[name]
    if name == "shape":
        @settings(max_examples=15, deadline=None)
        @given(rows)
        def check_shape(a: list) -> None:
            assert fn(tfshim, a) == fn(tf, a)

        check_shape()
        return

    @settings(max_examples=15, deadline=None)
    @given(rows)
    def check(a: list) -> None:
        _same(fn, a)

    check()


RAGGED3_OPS = {
    "repr": lambda m, a: m.ragged.constant(a, ragged_rank=2) if a else m.constant(0),
    "reduce_sum_2": lambda m, a: m.reduce_sum(m.ragged.constant(a, ragged_rank=2), axis=2),
    "reduce_sum_0": lambda m, a: m.reduce_sum(m.ragged.constant(a, ragged_rank=2), axis=0),
    "merge_01": lambda m, a: m.ragged.constant(a, ragged_rank=2).merge_dims(0, 1),
    "merge_12": lambda m, a: m.ragged.constant(a, ragged_rank=2).merge_dims(1, 2),
    "to_tensor": lambda m, a: m.ragged.constant(a, ragged_rank=2).to_tensor(),
    "slice": lambda m, a: m.ragged.constant(a, ragged_rank=2)[:, :1],
}


@pytest.mark.parametrize("name", sorted(RAGGED3_OPS))
def test_ragged_rank2_op_matches_tf(name: str) -> None:
    fn = RAGGED3_OPS[name]

    @settings(max_examples=10, deadline=None)
    @given(rows3)
    def check(a: list) -> None:
        _same(fn, a)

    check()


STRING_OPS = {
    "split_space": lambda m, s: m.strings.split(s),
    "split_comma": lambda m, s: m.strings.split(s, ","),
    "split_max": lambda m, s: m.strings.split(s, " ", maxsplit=1),
    "bytes_split": lambda m, s: m.strings.bytes_split(s),
    "unicode_decode": lambda m, s: m.strings.unicode_decode(s, "UTF-8"),
    "unicode_decode_offsets": lambda m, s: m.strings.unicode_decode_with_offsets(s, "UTF-8"),
    "unicode_split": lambda m, s: m.strings.unicode_split(s, "UTF-8"),
    "unicode_decode_control": lambda m, s: m.strings.unicode_decode(s, "UTF-8", replace_control_characters=True),
    "ngrams_2": lambda m, s: m.strings.ngrams(m.strings.split(s), 2),
    "ngrams_pad": lambda m, s: m.strings.ngrams(m.strings.split(s), [1, 3], pad_values="#"),
    "ngrams_short": lambda m, s: m.strings.ngrams(m.strings.split(s), 3, preserve_short_sequences=True),
}


@pytest.mark.parametrize("name", sorted(STRING_OPS))
def test_ragged_string_op_matches_tf(name: str) -> None:
    fn = STRING_OPS[name]

    @settings(max_examples=15, deadline=None)
    @given(st.lists(words, min_size=1, max_size=4))
    def check(strings: list) -> None:
        _same(fn, strings)

    check()


@settings(max_examples=10, deadline=None)
@given(st.lists(st.binary(max_size=6), min_size=1, max_size=3))
def test_unicode_decode_invalid_bytes_matches_tf(data: list) -> None:
    _same(lambda m, s: m.strings.unicode_decode_with_offsets(s, "UTF-8"), data)


def test_gradient_through_flat_values_matches_tf() -> None:
    def grads(m: Any) -> list:
        v = m.Variable([1.0, 2.0, 3.0, 4.0])
        with m.GradientTape() as tape:
            rt = m.RaggedTensor.from_row_lengths(v, [1, 3])
            y = m.reduce_sum(m.reduce_max(rt * rt, axis=1)) + m.reduce_sum(rt.to_tensor())
        return m.convert_to_tensor(tape.gradient(y, v)).numpy().tolist()

    assert grads(tfshim) == grads(tf)


# --- the elementwise string ops on ragged inputs (TF's unary elementwise dispatch) -------------------

RAGGED_STRING_ELEMENTWISE = {
    "substr": lambda m, s: m.strings.substr(m.strings.split(s), 0, 2),
    "substr_utf8": lambda m, s: m.strings.substr(m.strings.split(s), 1, 1, unit="UTF8_CHAR"),
    "upper": lambda m, s: m.strings.upper(m.strings.split(s)),
    "length_utf8": lambda m, s: m.strings.length(m.strings.split(s), unit="UTF8_CHAR"),
    "hash_fast": lambda m, s: m.strings.to_hash_bucket_fast(m.strings.split(s), 1000),
    "regex_replace": lambda m, s: m.strings.regex_replace(m.strings.split(s, ","), "[aé]", "-"),
    "regex_full_match": lambda m, s: m.strings.regex_full_match(m.strings.split(s), "a.*"),
    "strip": lambda m, s: m.strings.strip(m.strings.split(s, ",")),
    "join": lambda m, s: m.strings.join([m.strings.split(s), m.strings.split(s)], separator="|"),
}


@pytest.mark.parametrize("name", sorted(RAGGED_STRING_ELEMENTWISE))
def test_string_elementwise_on_ragged_matches_tf(name: str) -> None:
    fn = RAGGED_STRING_ELEMENTWISE[name]

    @settings(max_examples=10, deadline=None)
    @given(st.lists(words, min_size=1, max_size=4))
    def check(strings: list) -> None:
        _same(fn, strings)

    check()


# --- ragged and sparse elements in tf.data, ragged tf.function arguments ------------------------------


def _dataset_outcome(m: Any, a: list, batch: int) -> Any:
    ds = m.data.Dataset.from_tensor_slices(m.ragged.constant(a))
    batched = ds.batch(batch)
    return ([repr(e) for e in ds], [repr(e) for e in batched], [repr(e) for e in batched.unbatch()],
            repr(batched.element_spec), repr(ds.map(lambda x: x * 2).element_spec))


@settings(max_examples=10, deadline=None)
@given(rows3, st.integers(1, 3))
def test_ragged_dataset_matches_tf(a: list, batch: int) -> None:
    assert _dataset_outcome(tfshim, a, batch) == _dataset_outcome(tf, a, batch)


def _sparse_dataset_outcome(m: Any, dense: list, batch: int) -> Any:
    ds = m.data.Dataset.from_tensor_slices(m.sparse.from_dense(dense))
    return ([repr(m.sparse.to_dense(e)) for e in ds.batch(batch)],
            [repr((e.indices, e.values, e.dense_shape)) for e in ds.batch(batch).unbatch().map(m.math.abs)],
            repr(ds.batch(batch).element_spec))


@settings(max_examples=10, deadline=None)
@given(st.lists(st.lists(st.integers(-2, 2), min_size=3, max_size=3), min_size=1, max_size=4), st.integers(1, 3))
def test_sparse_dataset_matches_tf(dense: list, batch: int) -> None:
    assert _sparse_dataset_outcome(tfshim, dense, batch) == _sparse_dataset_outcome(tf, dense, batch)


@settings(max_examples=10, deadline=None)
@given(rows)
def test_tf_function_on_ragged_matches_tf(a: list) -> None:
    def run(m: Any, a: list) -> Any:
        f = m.function(lambda x: (m.concat([x, m.reverse(x, [1])], 1), m.reduce_sum(x, axis=1)))
        return f(m.ragged.constant(a))

    _same(run, a)


# --- tf.io.parse_example with RaggedFeature/VarLenFeature/FixedLenFeature -----------------------------

feature_values = st.one_of(st.lists(st.integers(-2**63, 2**63 - 1), max_size=3),
                           st.lists(st.floats(width=32, allow_nan=False), max_size=3),
                           st.lists(st.binary(max_size=3), max_size=3))


def _serialize(m: Any, example: dict) -> bytes:
    feature = {}
    for key, values in example.items():
        if values and isinstance(values[0], bytes):
            feature[key] = m.train.Feature(bytes_list=m.train.BytesList(value=values))
        elif values and isinstance(values[0], float):
            feature[key] = m.train.Feature(float_list=m.train.FloatList(value=values))
        else:
            feature[key] = m.train.Feature(int64_list=m.train.Int64List(value=values))
    return m.train.Example(features=m.train.Features(feature=feature)).SerializeToString()


@settings(max_examples=10, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from("abc"), feature_values, max_size=3), min_size=1, max_size=3),
       st.sampled_from([tf.int64, tf.float32, tf.string]))
def test_parse_example_matches_tf(examples: list, dtype: Any) -> None:
    pytest.importorskip("google.protobuf")
    serialized = [_serialize(tf, e) for e in examples]

    def parse(m: Any, serialized: list) -> Any:
        dt = m.as_dtype(dtype.name)
        out = m.io.parse_example(serialized, {"a": m.io.RaggedFeature(dt), "b": m.io.VarLenFeature(dt),
                                              "c": m.io.FixedLenFeature([1], dt, default_value=[dt.min if
                                                                         dt != m.string else b"-"])})
        return out["a"], out["b"].values, out["b"].indices, out["c"]

    _same(parse, serialized)
