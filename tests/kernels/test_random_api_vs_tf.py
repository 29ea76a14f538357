"""Live differential test of the PUBLIC API: tfshim.random.* vs tf.random.*, bit for bit.

Skipped unless ``tensorflow`` is importable, e.g. run it with the oracle:
    ~/.cache/tfshim-tf-oracle/bin/pip install pytest
    ~/.cache/tfshim-tf-oracle/bin/python -m pytest tests/kernels/test_random_api_vs_tf.py
1,000 draws of random shapes, dtypes and seeds: set_seed sequences with and without op
seeds (uniform float/int, normal, truncated_normal, shuffle, categorical), stateless ops,
split/fold_in, Generator streams with split.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="tensorflow not importable: live TF comparison skipped")

import tfshim as shim  # noqa: E402

N_DRAWS = 1000
FLOATS = ["float16", "float32", "float64"]


def _bits(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    return a.view(f"u{a.dtype.itemsize}") if a.dtype.kind in "fiu" else a


def _same(got: object, want: object, what: str) -> None:
    g, w = np.asarray(got.numpy()), np.asarray(want.numpy())  # type: ignore[attr-defined]
    assert str(got.dtype) == str(want.dtype), (what, got.dtype, want.dtype)  # type: ignore[attr-defined]
    assert g.dtype == w.dtype and g.shape == w.shape, (what, g.dtype, w.dtype, g.shape, w.shape)
    bad = np.flatnonzero(_bits(g).ravel() != _bits(w).ravel())
    assert bad.size == 0, f"{what}: {bad.size}/{g.size} differ at {bad[:5]}"


def _shape(rng: np.random.Generator) -> list[int]:
    rank = int(rng.integers(0, 4))
    dims = [int(rng.integers(1, 9)) for _ in range(rank)]
    if rng.random() < 0.05:
        dims = [int(rng.integers(1000, 20000))]
    return dims


def _eager_call(rng: np.random.Generator) -> tuple:
    fn = str(rng.choice(["uniform", "uniform", "normal", "truncated_normal", "uniform_int", "shuffle",
                         "categorical"]))
    kw: dict = {}
    if rng.random() < 0.3:
        kw["seed"] = int(rng.integers(0, 5))
    shape = _shape(rng)
    if fn == "uniform_int":
        dt = str(rng.choice(["int32", "int64"]))
        lo = int(rng.integers(-1000, 1000))
        return fn, shape, dict(kw, minval=lo, maxval=lo + int(rng.integers(1, 10**6)), dtype=dt)
    if fn == "shuffle":
        n = int(rng.integers(0, 50))
        return fn, np.arange(n * 2, dtype=np.float32).reshape(n, 2) if rng.random() < 0.5 else np.arange(n), kw
    if fn == "categorical":
        b, c = int(rng.integers(1, 40)), int(rng.integers(1, 30))
        logits = rng.normal(size=(b, c)).astype(str(rng.choice(FLOATS)))
        return fn, logits, dict(kw, num_samples=int(rng.integers(0, 60)), dtype=str(rng.choice(["int32", "int64"])))
    dt = str(rng.choice(FLOATS, p=[0.2, 0.6, 0.2]))
    if fn == "uniform" and rng.random() < 0.3:
        kw.update(minval=-2.0, maxval=3.0)
    if fn != "uniform" and rng.random() < 0.3:
        kw.update(mean=1.5, stddev=0.25)
    return fn, shape, dict(kw, dtype=dt)


def _run(mod: object, fn: str, arg: object, kw: dict) -> object:
    r = mod.random  # type: ignore[attr-defined]
    if fn == "uniform_int":
        return r.uniform(arg, **kw)
    if fn == "shuffle":
        return r.shuffle(arg, **kw)
    if fn == "categorical":
        kw = dict(kw)
        return r.categorical(arg, kw.pop("num_samples"), **kw)
    return getattr(r, fn)(arg, **kw)


def test_live_public_api_draws() -> None:
    rng = np.random.default_rng(int(os.environ.get("TFSHIM_LIVE_SEED", "20260202")))
    draws = 0
    while draws < N_DRAWS:
        kind = rng.choice(["eager", "stateless", "generator"], p=[0.5, 0.3, 0.2])
        if kind == "eager":
            gs = int(rng.integers(0, 2**31)) if rng.random() < 0.9 else None
            tf.random.set_seed(gs)
            shim.random.set_seed(gs)
            calls = [_eager_call(rng) for _ in range(int(rng.integers(1, 12)))]
            if gs is None:  # without a global seed only op-seeded calls are reproducible
                calls = [(f, a, dict(k, seed=k.get("seed", 1))) for f, a, k in calls]
            for fn, arg, kw in calls:
                _same(_run(shim, fn, arg, kw), _run(tf, fn, arg, kw), f"eager gs={gs} {fn} {kw}")
                draws += 1
        elif kind == "stateless":
            sdt = str(rng.choice(["int32", "int64"]))
            hi = 2**31 if sdt == "int32" else 2**63
            seed = np.array([int(rng.integers(-hi, hi)), int(rng.integers(-hi, hi))], dtype=sdt)
            shape, dt = _shape(rng), str(rng.choice(FLOATS))
            fn = str(rng.choice(["uniform", "normal", "truncated_normal"]))
            want = getattr(tf.random, "stateless_" + fn)(shape, tf.constant(seed), dtype=dt)
            got = getattr(shim.random, "stateless_" + fn)(shape, shim.constant(seed), dtype=dt)
            _same(got, want, f"stateless {fn} {seed} {shape} {dt}")
            _same(shim.random.split(shim.constant(seed), 3), tf.random.split(tf.constant(seed), 3), "split")
            _same(shim.random.fold_in(shim.constant(seed), 5), tf.random.fold_in(tf.constant(seed), 5), "fold_in")
            ishape = _shape(rng)
            _same(shim.random.stateless_uniform(ishape, seed, minval=None, maxval=None, dtype=sdt),
                  tf.random.stateless_uniform(ishape, seed, minval=None, maxval=None, dtype=sdt), "full int")
            draws += 4
        else:
            s = int(rng.integers(0, 2**63))
            g_tf, g = tf.random.Generator.from_seed(s), shim.random.Generator.from_seed(s)
            for _ in range(int(rng.integers(1, 6))):
                fn = str(rng.choice(["uniform", "normal", "truncated_normal", "uniform_full_int", "split"]))
                if fn == "split":
                    g_tf, g = g_tf.split(2)[1], g.split(2)[1]
                    continue
                shape = _shape(rng)
                if fn == "uniform_full_int":
                    dt = str(rng.choice(["int32", "int64", "uint32", "uint64"]))
                else:
                    dt = str(rng.choice(FLOATS))
                _same(getattr(g, fn)(shape, dtype=dt), getattr(g_tf, fn)(shape, dtype=dt),
                      f"generator {s} {fn} {shape} {dt}")
                draws += 1
            _same(g.state.value(), g_tf.state.value(), "generator state")
