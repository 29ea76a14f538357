"""Record TF 2.21 random-op goldens for tests/kernels/test_philox.py.

Run under the TF oracle:  /work/shared/tools/tf-oracle tests/kernels/record_random_goldens.py
Writes tests/kernels/goldens/random_goldens.npz: ``spec`` (JSON list of
scenarios) and ``out_<i>_<j>`` (output j of scenario i, stored as raw bytes
via a same-width unsigned view, so comparisons are bit-exact).
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE / "goldens" / "random_goldens.npz"

F = ["float16", "float32", "float64"]
BIG = 4096  # outputs with more elements are stored as a sha256 digest


def scenarios() -> list[dict]:
    sc: list[dict] = []
    # set_seed(42) then a mixed sequence of ops (op seeds from the context RNG)
    sc.append({"kind": "eager", "global_seed": 42, "calls": [
        {"fn": "uniform", "shape": [6]},
        {"fn": "normal", "shape": [3, 4]},
        {"fn": "truncated_normal", "shape": [5, 3]},
        {"fn": "uniform", "shape": [7], "dtype": "float64"},
        {"fn": "uniform", "shape": [9], "dtype": "float16"},
        {"fn": "normal", "shape": [5], "dtype": "float16"},
        {"fn": "truncated_normal", "shape": [6], "dtype": "float16"},
        {"fn": "uniform", "shape": [10], "dtype": "int32", "minval": -5, "maxval": 17},
        {"fn": "uniform", "shape": [7], "dtype": "int64", "minval": -(2**40), "maxval": 2**41 + 3},
        {"fn": "uniform", "shape": [4], "minval": -2.0, "maxval": 3.0},
        {"fn": "uniform", "shape": [4], "minval": 0, "maxval": 5.0},
        {"fn": "normal", "shape": [4], "mean": 1.5, "stddev": 0.25},
        {"fn": "truncated_normal", "shape": [4], "mean": -1.0, "stddev": 3.0},
        {"fn": "uniform", "shape": []},
        {"fn": "normal", "shape": [0]},
    ]})
    # explicit op seeds: repeated identical calls continue the cached kernel's stream
    sc.append({"kind": "eager", "global_seed": 1234, "calls": [
        {"fn": "uniform", "shape": [3], "seed": 1},
        {"fn": "uniform", "shape": [3], "seed": 1},
        {"fn": "uniform", "shape": [5], "seed": 1},
        {"fn": "normal", "shape": [3], "seed": 1},
        {"fn": "uniform", "shape": [3], "seed": 2},
        {"fn": "uniform", "shape": [3], "seed": 1, "dtype": "float64"},
        {"fn": "uniform", "shape": [3]},
        {"fn": "uniform", "shape": [3], "seed": 0},
    ]})
    # op seed but no global seed (DEFAULT_GRAPH_SEED), and (0, 0) -> (0, MAXINT32)
    sc.append({"kind": "eager", "global_seed": None, "calls": [
        {"fn": "uniform", "shape": [4], "seed": 7},
        {"fn": "normal", "shape": [4], "seed": 7},
        {"fn": "truncated_normal", "shape": [4], "seed": 2**40 + 5},
    ]})
    sc.append({"kind": "eager", "global_seed": 0, "calls": [
        {"fn": "uniform", "shape": [4], "seed": 0},
        {"fn": "normal", "shape": [4]},
    ]})
    # large outputs (sharded over TF's thread pool)
    sc.append({"kind": "eager", "global_seed": 7, "calls": [
        {"fn": "uniform", "shape": [100003]},
        {"fn": "normal", "shape": [317, 331]},
        {"fn": "truncated_normal", "shape": [100001]},
        {"fn": "normal", "shape": [50001], "dtype": "float64"},
        {"fn": "truncated_normal", "shape": [30001], "dtype": "float64"},
        {"fn": "uniform", "shape": [40001], "dtype": "int32", "minval": 0, "maxval": 1000},
        {"fn": "normal", "shape": [600001]},
        {"fn": "truncated_normal", "shape": [700001]},
        {"fn": "normal", "shape": [100003], "dtype": "float16"},
    ]})
    for dt in F:
        sc.append({"kind": "eager", "global_seed": 99, "calls": [
            {"fn": "uniform", "shape": [33], "dtype": dt},
            {"fn": "normal", "shape": [33], "dtype": dt},
            {"fn": "truncated_normal", "shape": [33], "dtype": dt},
        ]})
    # stateless
    for seed in ([1, 2], [0, 0], [-1, 7], [2**31 - 1, -(2**31)], [123456789, 987654321]):
        calls = [
            {"fn": "stateless_uniform", "shape": [11], "seed": seed},
            {"fn": "stateless_normal", "shape": [3, 5], "seed": seed},
            {"fn": "stateless_truncated_normal", "shape": [13], "seed": seed},
            {"fn": "stateless_uniform", "shape": [9], "seed": seed, "dtype": "float64"},
            {"fn": "stateless_normal", "shape": [9], "seed": seed, "dtype": "float64"},
            {"fn": "stateless_uniform", "shape": [9], "seed": seed, "dtype": "float16"},
            {"fn": "stateless_uniform", "shape": [9], "seed": seed, "dtype": "int32",
             "minval": -3, "maxval": 100},
            {"fn": "stateless_uniform", "shape": [9], "seed": seed, "dtype": "int64",
             "minval": -3, "maxval": 2**50},
            {"fn": "stateless_uniform", "shape": [5], "seed": seed, "dtype": "int32",
             "minval": None, "maxval": None},
            {"fn": "stateless_split", "seed": seed, "num": 3},
            {"fn": "stateless_fold_in", "seed": seed, "data": 3},
        ]
        sc.append({"kind": "stateless", "calls": calls})
    sc.append({"kind": "stateless", "calls": [
        {"fn": "stateless_uniform", "shape": [100001], "seed": [5, 6]},
        {"fn": "stateless_truncated_normal", "shape": [100003], "seed": [5, 6]},
        {"fn": "stateless_uniform", "shape": [7], "seed": [2**40, -(2**50)], "seed_dtype": "int64"},
        {"fn": "stateless_normal", "shape": [7], "seed": [2**40, -(2**50)], "seed_dtype": "int64"},
    ]})
    # tf.random.Generator
    for seed in (1234, 0, 2**70 + 3, [1, 2]):
        sc.append({"kind": "generator", "seed": seed, "calls": [
            {"fn": "normal", "shape": [5]},
            {"fn": "uniform", "shape": [2, 3]},
            {"fn": "truncated_normal", "shape": [7]},
            {"fn": "uniform", "shape": [4], "dtype": "float64"},
            {"fn": "uniform", "shape": [6], "dtype": "int32", "minval": 0, "maxval": 10},
            {"fn": "uniform_full_int", "shape": [3], "dtype": "int64"},
            {"fn": "state"},
            {"fn": "split", "count": 3, "then": [{"fn": "normal", "shape": [4]},
                                                   {"fn": "uniform", "shape": [3]}]},
            {"fn": "normal", "shape": [3]},
            {"fn": "state"},
        ]})
    return sc


def _opt(c: dict, *names: str) -> dict:
    return {k: c[k] for k in names if k in c}


def run_eager(call: dict) -> np.ndarray:
    fn, shape = call["fn"], call["shape"]
    dt = tf.as_dtype(call.get("dtype", "float32"))
    if fn == "uniform":
        r = tf.random.uniform(shape, dtype=dt, **_opt(call, "minval", "maxval", "seed"))
    elif fn == "normal":
        r = tf.random.normal(shape, dtype=dt, **_opt(call, "mean", "stddev", "seed"))
    elif fn == "truncated_normal":
        r = tf.random.truncated_normal(shape, dtype=dt, **_opt(call, "mean", "stddev", "seed"))
    else:
        raise ValueError(fn)
    return r.numpy()


def run_stateless(call: dict) -> np.ndarray:
    fn = call["fn"]
    seed = tf.constant(call["seed"], dtype=call.get("seed_dtype", "int32"))
    dt = tf.as_dtype(call.get("dtype", "float32"))
    if fn == "stateless_uniform":
        r = tf.random.stateless_uniform(call["shape"], seed, dtype=dt,
                                        **_opt(call, "minval", "maxval"))
    elif fn == "stateless_normal":
        r = tf.random.stateless_normal(call["shape"], seed, dtype=dt)
    elif fn == "stateless_truncated_normal":
        r = tf.random.stateless_truncated_normal(call["shape"], seed, dtype=dt)
    elif fn == "stateless_split":
        r = tf.random.split(seed, call["num"])
    elif fn == "stateless_fold_in":
        r = tf.random.fold_in(seed, call["data"])
    else:
        raise ValueError(fn)
    return r.numpy()


def run_generator(g: tf.random.Generator, call: dict, outs: list[np.ndarray]) -> None:
    fn = call["fn"]
    dt = tf.as_dtype(call.get("dtype", "float32"))
    if fn == "state":
        outs.append(g.state.numpy())
    elif fn == "split":
        for child in g.split(call["count"]):
            for sub in call["then"]:
                run_generator(child, sub, outs)
    elif fn == "uniform_full_int":
        outs.append(g.uniform_full_int(call["shape"], dtype=dt).numpy())
    else:
        kw = _opt(call, "minval", "maxval") if fn == "uniform" else {}
        outs.append(getattr(g, fn)(call["shape"], dtype=dt, **kw).numpy())


def bits(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    return a.view(f"u{a.dtype.itemsize}") if a.dtype.kind in "fi" else a


def main() -> None:
    sc = scenarios()
    arrays: dict[str, np.ndarray] = {}
    for i, s in enumerate(sc):
        outs: list[np.ndarray] = []
        if s["kind"] == "eager":
            tf.random.set_seed(s["global_seed"])
            outs = [run_eager(c) for c in s["calls"]]
        elif s["kind"] == "stateless":
            outs = [run_stateless(c) for c in s["calls"]]
        else:
            g = tf.random.Generator.from_seed(s["seed"])
            for c in s["calls"]:
                run_generator(g, c, outs)
        s["dtypes"] = [str(o.dtype) for o in outs]
        for j, o in enumerate(outs):
            b = bits(o)
            if b.size <= BIG:
                arrays[f"out_{i}_{j}"] = b
            else:  # keep the file small: shape, a head and a digest of all bytes
                arrays[f"shape_{i}_{j}"] = np.array(b.shape, dtype=np.int64)
                arrays[f"head_{i}_{j}"] = b.ravel()[:64].copy()
                arrays[f"sha_{i}_{j}"] = np.frombuffer(
                    hashlib.sha256(b.tobytes()).hexdigest().encode(), dtype=np.uint8)
    arrays["spec"] = np.frombuffer(json.dumps(sc).encode(), dtype=np.uint8)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {OUT} ({len(sc)} scenarios, {len(arrays) - 1} arrays)")


if __name__ == "__main__":
    main()
