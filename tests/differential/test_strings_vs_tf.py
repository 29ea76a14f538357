"""Hypothesis-generated string tensors through tf.strings in TF and in tfshim: the same result (repr
byte for byte) or the same exception (class and first message line)."""

from __future__ import annotations

import os

import pytest

tf = pytest.importorskip("tensorflow", reason="real TensorFlow is not importable: install the oracle extra")
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tfshim  # noqa: E402

CI = os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci"
MAX = 10 if CI else 200

TEXT = st.text(alphabet=st.sampled_from("ab \t\nAZé😀0193.-+e_,xX"), max_size=12)
RAW = st.binary(max_size=12)
WORDS = st.lists(st.one_of(TEXT, RAW), min_size=0, max_size=5)
PATTERNS = st.sampled_from(["a+", "(a)(b)?", "[[:digit:]]+", r"\s", "^a", "b$", ".", "", "é|😀", r"\d+\.\d*",
                            "(?i)A", "[^ab]", "a*?", "x{2,3}", r"\w+", "(", "a**"])
REWRITES = st.sampled_from(["", "-", r"<\0>", r"\1\1", r"\\", r"\2"])


def _outcome(mod, f):
    try:
        return "ok", repr(f(mod))
    except Exception as e:  # noqa: BLE001 - the exception itself is compared
        return type(e).__name__, str(e).split("\n")[0]


def same(f):
    assert _outcome(tfshim, f) == _outcome(tf, f)


CALLS = {
    "length": lambda mod, w: mod.strings.length(w),
    "length_utf8": lambda mod, w: mod.strings.length(w, unit="UTF8_CHAR"),
    "upper": lambda mod, w: mod.strings.upper(w),
    "upper_utf8": lambda mod, w: mod.strings.upper(mod.constant([x for x in w if isinstance(x, str)], mod.string),
                                                   encoding="utf-8"),
    "lower": lambda mod, w: mod.strings.lower(w),
    "strip": lambda mod, w: mod.strings.strip(w),
    "reduce_join": lambda mod, w: mod.strings.reduce_join(mod.constant(w, mod.string), separator=","),
    "join": lambda mod, w: mod.strings.join([mod.constant(w, mod.string), "|", mod.constant(w[::-1], mod.string)]),
    "to_number_f": lambda mod, w: mod.strings.to_number(mod.constant(w, mod.string)),
    "to_number_i": lambda mod, w: mod.strings.to_number(mod.constant(w, mod.string), mod.int64),
    "hash_fast": lambda mod, w: mod.strings.to_hash_bucket_fast(mod.constant(w, mod.string), 2**40 + 15),
    "hash_strong": lambda mod, w: mod.strings.to_hash_bucket_strong(mod.constant(w, mod.string), 977, [3, 99]),
    "hash": lambda mod, w: mod.strings.to_hash_bucket(mod.constant(w, mod.string), 2**40 + 15),
    "transcode": lambda mod, w: mod.strings.unicode_transcode(mod.constant(w, mod.string), "UTF-8", "UTF-16-BE"),
    "format": lambda mod, w: mod.strings.format("{}!", mod.constant(w, mod.string), summarize=2),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_string_op_matches_tf(name):
    call = CALLS[name]

    @settings(max_examples=MAX, deadline=None, derandomize=CI)
    @given(WORDS)
    def check(words):
        same(lambda mod: call(mod, mod.constant(words, mod.string)))

    check()


RAGGED_CALLS = {
    "length": CALLS["length"], "length_utf8": CALLS["length_utf8"], "upper": CALLS["upper"], "lower": CALLS["lower"],
    "strip": CALLS["strip"],
    "to_number_f": lambda mod, w: mod.strings.to_number(w),
    "to_number_i": lambda mod, w: mod.strings.to_number(w, mod.int64),
    "hash_fast": lambda mod, w: mod.strings.to_hash_bucket_fast(w, 2**40 + 15),
    "hash_strong": lambda mod, w: mod.strings.to_hash_bucket_strong(w, 977, [3, 99]),
    "hash": lambda mod, w: mod.strings.to_hash_bucket(w, 2**40 + 15),
    "transcode": lambda mod, w: mod.strings.unicode_transcode(w, "UTF-8", "UTF-16-BE"),
    "regex_replace": lambda mod, w: mod.strings.regex_replace(w, "a+", "-"),
}


@pytest.mark.parametrize("name", sorted(RAGGED_CALLS))
def test_string_op_on_ragged_matches_tf(name):
    """TF maps its elementwise string ops over a RaggedTensor's flat values (unary elementwise dispatch)."""
    call = RAGGED_CALLS[name]

    @settings(max_examples=MAX // 2, deadline=None, derandomize=CI)
    @given(WORDS, st.integers(0, 5))
    def check(words, cut):
        cut = min(cut, len(words))
        same(lambda mod: call(mod, mod.ragged.constant([words[:cut], words[cut:]], mod.string)))

    check()


@settings(max_examples=MAX * 2, deadline=None, derandomize=CI)
@given(WORDS, PATTERNS, REWRITES, st.booleans())
def test_regex_matches_tf(words, pattern, rewrite, replace_global):
    same(lambda mod: mod.strings.regex_full_match(mod.constant(words, mod.string), pattern))
    same(lambda mod: mod.strings.regex_replace(mod.constant(words, mod.string), pattern, rewrite, replace_global))


@settings(max_examples=MAX * 2, deadline=None, derandomize=CI)
@given(WORDS, st.integers(-6, 6), st.integers(-2, 6), st.sampled_from(["BYTE", "UTF8_CHAR"]))
def test_substr_matches_tf(words, pos, size, unit):
    same(lambda mod: mod.strings.substr(mod.constant(words, mod.string), pos, size, unit=unit))


@settings(max_examples=MAX * 2, deadline=None, derandomize=CI)
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True, width=32), max_size=4),
       st.integers(-1, 8), st.sampled_from([(False, False), (True, False), (False, True)]),
       st.integers(-1, 14), st.sampled_from(["", "0", "-", " "]))
def test_as_string_matches_tf(values, precision, notation, width, fill):
    scientific, shortest = notation
    same(lambda mod: mod.strings.as_string(mod.constant(values, mod.float32), precision=precision,
                                           scientific=scientific, shortest=shortest, width=width, fill=fill))


@settings(max_examples=MAX * 2, deadline=None, derandomize=CI)
@given(st.lists(st.integers(-2, 0x110001), min_size=1, max_size=6), st.sampled_from(["replace", "ignore", "strict"]))
def test_unicode_encode_and_script_match_tf(codepoints, errors):
    same(lambda mod: mod.strings.unicode_encode(mod.constant(codepoints, mod.int32), "UTF-8", errors=errors))
    same(lambda mod: mod.strings.unicode_script(mod.constant(codepoints, mod.int32)))
