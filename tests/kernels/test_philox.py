"""Bit-exactness of tfshim.kernels.philox against goldens recorded from TF 2.21.

Goldens: tests/kernels/goldens/random_goldens.npz, written by
record_random_goldens.py under the TF oracle (never hand-written).
"""

from __future__ import annotations

import hashlib
import json
import pathlib
from typing import Any

import numpy as np
import pytest

from tfshim.kernels import philox as P

GOLDENS = pathlib.Path(__file__).resolve().parent / "goldens" / "random_goldens.npz"


def _load() -> tuple[list[dict], Any]:
    data = np.load(GOLDENS)
    return json.loads(data["spec"].tobytes().decode()), data


SPEC, DATA = _load()


def _bits(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    return a.view(f"u{a.dtype.itemsize}") if a.dtype.kind in "fi" else a


def _check(i: int, j: int, got: np.ndarray, want_dtype: str) -> None:
    assert str(got.dtype) == want_dtype, (i, j, got.dtype, want_dtype)
    b = _bits(got)
    key = f"out_{i}_{j}"
    if key in DATA:
        want = DATA[key]
        assert b.shape == want.shape, (i, j, b.shape, want.shape)
        bad = np.flatnonzero(b.ravel() != want.ravel())
        assert bad.size == 0, f"scenario {i} output {j}: {bad.size} of {b.size} differ, first {bad[:5]}"
    else:  # large outputs are stored as shape + sha256 + a head
        shape = tuple(int(d) for d in DATA[f"shape_{i}_{j}"])
        assert b.shape == shape, (i, j, b.shape, shape)
        head = DATA[f"head_{i}_{j}"]
        assert np.array_equal(b.ravel()[: head.size], head), (i, j)
        digest = hashlib.sha256(b.tobytes()).hexdigest()
        assert digest == bytes(DATA[f"sha_{i}_{j}"]).decode(), f"scenario {i} output {j}: digest differs"


def _kw(c: dict, *names: str) -> dict:
    return {k: c[k] for k in names if k in c}


def _eager(ctx: P.RandomContext, c: dict) -> np.ndarray:
    dt = np.dtype(c.get("dtype", "float32"))
    fn = getattr(ctx, c["fn"])
    if c["fn"] == "uniform":
        return fn(c["shape"], dtype=dt, **_kw(c, "minval", "maxval", "seed"))
    return fn(c["shape"], dtype=dt, **_kw(c, "mean", "stddev", "seed"))


def _stateless(c: dict) -> np.ndarray:
    dt = np.dtype(c.get("dtype", "float32"))
    sdt = np.dtype(c.get("seed_dtype", "int32"))
    seed = [int(np.array(s).astype(sdt)) for s in c["seed"]]
    fn = c["fn"]
    if fn == "stateless_uniform":
        return P.stateless_uniform(c["shape"], seed, dtype=dt, **_kw(c, "minval", "maxval"))
    if fn == "stateless_normal":
        return P.stateless_normal(c["shape"], seed, dtype=dt)
    if fn == "stateless_truncated_normal":
        return P.stateless_truncated_normal(c["shape"], seed, dtype=dt)
    if fn == "stateless_split":
        return P.stateless_split(seed, c["num"], dtype=sdt)
    if fn == "stateless_fold_in":
        return P.stateless_fold_in(seed, c["data"], dtype=np.int32)
    raise ValueError(fn)


def _generator(g: P.GeneratorState, c: dict, outs: list[np.ndarray]) -> None:
    fn = c["fn"]
    dt = np.dtype(c.get("dtype", "float32"))
    if fn == "state":
        outs.append(np.array(g.state, dtype=np.int64))
    elif fn == "split":
        for child in g.split(c["count"]):
            for sub in c["then"]:
                _generator(child, sub, outs)
    elif fn == "uniform_full_int":
        outs.append(g.uniform_full_int(c["shape"], dtype=dt))
    else:
        kw = _kw(c, "minval", "maxval") if fn == "uniform" else {}
        outs.append(getattr(g, fn)(c["shape"], dtype=dt, **kw))


def _ids(kind: str) -> list[int]:
    return [i for i, s in enumerate(SPEC) if s["kind"] == kind]


@pytest.mark.parametrize("i", _ids("eager"))
def test_eager_sequences(i: int) -> None:
    s = SPEC[i]
    ctx = P.RandomContext()
    ctx.set_seed(s["global_seed"])
    for j, c in enumerate(s["calls"]):
        _check(i, j, np.asarray(_eager(ctx, c)), s["dtypes"][j])


@pytest.mark.parametrize("i", _ids("stateless"))
def test_stateless(i: int) -> None:
    s = SPEC[i]
    for j, c in enumerate(s["calls"]):
        _check(i, j, np.asarray(_stateless(c)), s["dtypes"][j])


@pytest.mark.parametrize("i", _ids("generator"))
def test_generator(i: int) -> None:
    s = SPEC[i]
    g = P.GeneratorState.from_seed(s["seed"])
    outs: list[np.ndarray] = []
    for c in s["calls"]:
        _generator(g, c, outs)
    assert len(outs) == len(s["dtypes"])
    for j, o in enumerate(outs):
        _check(i, j, np.asarray(o), s["dtypes"][j])


def test_set_seed_resets_stream() -> None:
    ctx = P.RandomContext()
    ctx.set_seed(5)
    a = ctx.uniform([4], seed=3)
    b = ctx.uniform([4], seed=3)
    ctx.set_seed(5)
    assert np.array_equal(ctx.uniform([4], seed=3), a)
    assert not np.array_equal(a, b)


def test_unseeded_is_random_but_valid() -> None:
    ctx = P.RandomContext()
    x = ctx.uniform([1000])
    assert x.dtype == np.float32 and (x >= 0).all() and (x < 1).all()
    assert not np.array_equal(x, P.RandomContext().uniform([1000]))


def test_philox_skip_carry() -> None:
    g = P.PhiloxRandom((0xFFFFFFFF, 0xFFFFFFFF, 5, 0), (1, 2))
    g.skip(1)
    assert g.counter == [0, 0, 6, 0]
    blocks = P.philox_blocks((0xFFFFFFFF, 0xFFFFFFFF, 5, 0), (1, 2), 2)
    assert np.array_equal(blocks[1], P.philox_blocks((0, 0, 6, 0), (1, 2), 1)[0])
