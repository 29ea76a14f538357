"""Random tf.data pipelines built the same way with TF and tfshim: every element, the element_spec,
the repr and the cardinality after each step must match (hypothesis: random chains of
transformations over random element structures)."""

from __future__ import annotations

import numpy as np
import pytest

tf_real = pytest.importorskip(
    "tensorflow",
    reason="real TensorFlow is not importable: install the oracle extra (pip install -e '.[test,oracle]')")
import tfshim  # noqa: E402

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

STRUCTURES = ["tensor", "pair", "dict", "nested"]
DTYPES = ["int64", "float32", "int32"]


def make_element(kind: str, n: int, width: int, dtype: str, seed: int):
    rng = np.random.default_rng(seed)
    a = (rng.integers(-5, 20, size=(n, width))).astype(dtype)
    b = np.arange(n, dtype=np.int64)
    c = rng.integers(0, 3, size=(n,)).astype(np.float32)
    if kind == "tensor":
        return a
    if kind == "pair":
        return (a, b)
    if kind == "dict":
        return {"x": a, "label": b}
    return (a, (b, c))


def plus_one(tf):
    def f(*args):
        element = args if len(args) > 1 else args[0]
        return tf.nest.map_structure(lambda t: t + tf.ones_like(t), element)
    return f


def first_leaf(element):
    while isinstance(element, (tuple, dict)):
        element = element[sorted(element)[0]] if isinstance(element, dict) else element[0]
    return element


def keep_even(tf):
    def f(*args):
        element = args if len(args) > 1 else args[0]
        return tf.equal(tf.math.floormod(tf.cast(tf.reduce_sum(first_leaf(element)), tf.int64), 2), 0)
    return f


STEPS = {
    "map": lambda tf, ds, k: ds.map(plus_one(tf)),
    "pmap": lambda tf, ds, k: ds.map(plus_one(tf), num_parallel_calls=tf.data.AUTOTUNE),
    "filter": lambda tf, ds, k: ds.filter(keep_even(tf)),
    "batch": lambda tf, ds, k: ds.batch(k + 1),
    "batch_drop": lambda tf, ds, k: ds.batch(k + 1, drop_remainder=True),
    "padded_batch": lambda tf, ds, k: ds.padded_batch(k + 1),
    "shuffle": lambda tf, ds, k: ds.shuffle(k + 1, seed=k),
    "shuffle_fixed": lambda tf, ds, k: ds.shuffle(k + 2, seed=k + 7, reshuffle_each_iteration=False),
    "repeat": lambda tf, ds, k: ds.repeat(k % 3 + 1),
    "take": lambda tf, ds, k: ds.take(k),
    "skip": lambda tf, ds, k: ds.skip(k % 3),
    "cache": lambda tf, ds, k: ds.cache(),
    "prefetch": lambda tf, ds, k: ds.prefetch(tf.data.AUTOTUNE),
    "shard": lambda tf, ds, k: ds.shard(k % 3 + 1, k % (k % 3 + 1)),
    "enumerate": lambda tf, ds, k: ds.enumerate(),
    "concatenate": lambda tf, ds, k: ds.concatenate(ds.take(k)),
    "zip_range": lambda tf, ds, k: tf.data.Dataset.zip((ds, tf.data.Dataset.range(k, 100))),
    "interleave": lambda tf, ds, k: ds.interleave(lambda *a: tf.data.Dataset.from_tensors(a).repeat(2),
                                                  cycle_length=k % 3 + 1, block_length=k % 2 + 1),
    "unbatch": lambda tf, ds, k: ds.unbatch(),
    "rebatch": lambda tf, ds, k: ds.rebatch([k % 3 + 1, 2], drop_remainder=k % 2 == 0),
    "window": lambda tf, ds, k: ds.window(k % 3 + 1, shift=k % 2 + 1).flat_map(
        lambda *w: tf.data.Dataset.zip(w if len(w) > 1 else w[0])),
    "take_while": lambda tf, ds, k: ds.take_while(
        lambda *a: tf.less(tf.reduce_sum(tf.cast(first_leaf(a if len(a) > 1 else a[0]), tf.int64)), 10 * k)),
    "scan": lambda tf, ds, k: ds.scan(tf.constant(0, tf.int64), lambda s, e: (s + 1, (s, e))),
}


def element_text(tf, element):
    return repr(tf.nest.map_structure(lambda t: (t.dtype.name, t.numpy().tolist()), element))


def run(tf, kind, n, width, dtype, seed, steps):
    """The observable results of each step: repr, cardinality and all elements (or the error)."""
    out = []
    try:
        ds = tf.data.Dataset.from_tensor_slices(make_element(kind, n, width, dtype, seed))
        out.append(repr(ds))
        for name, k in steps:
            if name in ("unbatch", "rebatch") and any(s.shape.rank == 0 for s in tf.nest.flatten(ds.element_spec)):
                continue
            ds = STEPS[name](tf, ds, k)
            out.append(f"{name}: {ds!r} {int(ds.cardinality())}")
        out.extend(element_text(tf, e) for e in ds)
        out.extend(element_text(tf, e) for e in ds)  # a second epoch: reshuffles and caches
    except Exception as e:  # noqa: BLE001
        out.append(f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    return out


@settings(max_examples=30)
@given(kind=st.sampled_from(STRUCTURES), n=st.integers(0, 9), width=st.integers(1, 3),
       dtype=st.sampled_from(DTYPES), seed=st.integers(0, 1000),
       steps=st.lists(st.tuples(st.sampled_from(sorted(STEPS)), st.integers(0, 5)), min_size=1, max_size=4))
def test_random_pipelines_match_tf(kind, n, width, dtype, seed, steps):
    expected = run(tf_real, kind, n, width, dtype, seed, steps)
    got = run(tfshim, kind, n, width, dtype, seed, steps)
    assert got == expected


@settings(max_examples=10)
@given(buffer=st.integers(1, 12), seed=st.integers(0, 2**31 - 1), global_seed=st.one_of(st.none(), st.integers(0, 99)),
       count=st.integers(1, 3))
def test_seeded_shuffles_match_tf(buffer, seed, global_seed, count):
    def orders(tf):
        if global_seed is not None:
            tf.random.set_seed(global_seed)
        ds = tf.data.Dataset.range(10)
        a = ds.shuffle(buffer, seed=seed).repeat(count)
        b = ds.repeat(count).shuffle(buffer, seed=seed)
        c = ds.shuffle(buffer) if global_seed is not None else ds
        return [list(map(int, d)) for d in (a, a, b, c, c)]

    assert orders(tfshim) == orders(tf_real)
