"""Record bit-exact goldens for tfshim.kernels.eigen_lu (tf.linalg.inv/det/slogdet/solve) from real TF.

Run under the TF oracle python::

    PYTHONPATH=. ~/.cache/tfshim-tf-oracle/bin/python tests/kernels/record_eigen_lu_goldens.py

It writes ``tests/kernels/goldens/eigen_lu.npz``: for every dtype, size and op (``keys``) and each
matrix family of ``matrices`` (deterministic, RNG-free: the same inputs on every machine and NumPy), a
64-bit digest of TF's result (``digests``: output dtype, shape and bytes with NaNs made canonical, or
the exception text), TF's det values for small sizes (``det_keys``, ``dets``), and metadata.
Generators, ops and the digest are shared with the tests (``test_eigen_lu.py``, ``test_eigen_lu_vs_tf.py``).
"""

from __future__ import annotations

import hashlib
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "eigen_lu.npz")

DTYPES = ("float32", "float64")
SIZES = tuple(range(1, 17)) + (17, 20, 24, 33)  # unblocked LU up to 16; lazy and GEMM block updates above
HALF_SIZES = (1, 2, 3, 4, 5, 8, 9, 16, 17)  # MatrixInverse<half> runs in float32; the other ops have no kernel
FAMILIES = 13
OPS = {
    "inv": lambda tf, a, b: tf.linalg.inv(a),
    "inv_adj": lambda tf, a, b: tf.linalg.inv(a, adjoint=True),
    "det": lambda tf, a, b: tf.linalg.det(a),
    "slogdet": lambda tf, a, b: tuple(tf.linalg.slogdet(a)),
    "solve": lambda tf, a, b: tf.linalg.solve(a, b),
    "solve_adj": lambda tf, a, b: tf.linalg.solve(a, b, adjoint=True),
}
HALF_OPS = ("inv", "inv_adj")
SPECIALS = (np.inf, -np.inf, np.nan, 0.0, 1e-40, 1e-310, 1e38, 1e300)


def uniform(count: int, seed: int) -> np.ndarray:
    """``count`` float64 in [-1, 1) with 53 random bits each: splitmix64 of (seed, index), no RNG."""
    z = np.arange(count, dtype=np.uint64) + np.full(count, seed, np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * 2.0**-52 - 1.0


def matrices(dtype, n: int, seed: int = 0) -> np.ndarray:
    """(FAMILIES, n, n): generic, small integers (exact singular, pivot ties), 0/1, rank 1, a dependent
    column, a constant matrix (the reported float32 bug), Hilbert, wide exponents, half zeros, +-1,
    near identity, upper triangular, and a few inf/nan/0/subnormal/huge entries."""
    base = 1000 * n + 100000 * seed

    def u(k: int) -> np.ndarray:
        return uniform(n * n, base + k).reshape(n, n)

    i = np.arange(n)
    dup = u(5)
    dup[:, -1] = 3.0 * dup[:, 0]
    spec = u(13)
    pos = (uniform(max(1, n // 3), base + 14) * 0.5 + 0.5) * (n * n)
    spec.flat[pos.astype(np.int64)] = np.array(SPECIALS)[np.arange(pos.size) % len(SPECIALS)]
    fams = [
        u(0),
        np.round(u(1) * 3.49),
        (u(2) > 0).astype(np.float64),
        np.outer(u(3)[0], u(4)[0]),
        dup,
        np.full((n, n), 0.00598097),
        1.0 / (i[:, None] + i[None, :] + 1.0),
        u(6) * 2.0 ** np.round(u(7) * 60),
        np.where(u(8) > 0, u(9), 0.0),
        np.where(u(10) > 0, 1.0, -1.0),
        np.eye(n) + 1e-7 * u(11),
        np.triu(u(12)),
        spec,
    ]
    with np.errstate(over="ignore"):
        return np.stack(fams).astype(dtype)


def rhs(dtype, n: int, f: int, seed: int = 0) -> np.ndarray:
    """The right-hand side solved for family ``f``: 1 to 13 columns."""
    r = (1, 2, 3, 5, 8, 13)[f % 6]
    return uniform(n * r, 7919 + 1000 * n + 17 * f + 100000 * seed).reshape(n, r).astype(dtype)


def run(tf, op: str, a: np.ndarray, b: np.ndarray):
    """The op's outputs as NumPy arrays (a tuple), or the exception it raised."""
    try:
        out = OPS[op](tf, tf.constant(a), tf.constant(b))
    except Exception as e:  # noqa: BLE001 - errors are results too
        return e
    return tuple(o.numpy() for o in out) if isinstance(out, tuple) else (out.numpy(),)


def digest(result) -> int:
    """64-bit digest of a result: each output's dtype, shape and bytes (NaN made canonical: TF's NaN
    sign bits are not reproduced everywhere), or the exception's class and text."""
    h = hashlib.blake2b(digest_size=8)
    if isinstance(result, BaseException):
        h.update(f"{type(result).__name__}: {result}".encode())
    else:
        for a in result:
            a = np.asarray(a)
            a = np.where(np.isnan(a), np.array(np.nan, a.dtype), a) if a.dtype.kind == "f" else a
            h.update(f"{a.dtype}{a.shape}".encode() + a.tobytes())
    return int.from_bytes(h.digest(), "little")


def cases():
    """(dtype, n, ops) of the golden."""
    for dt in DTYPES:
        for n in SIZES:
            yield dt, n, tuple(OPS)
    for n in HALF_SIZES:
        yield "float16", n, HALF_OPS + (("det", "slogdet", "solve") if n == 2 else ())


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    sys.path.insert(0, HERE)
    from record_goldens import save_goldens

    keys, digests, det_keys, dets = [], [], [], []
    for dt, n, ops in cases():
        a = matrices(dt, n)
        for op in ops:
            res = [run(tf, op, a[f], rhs(dt, n, f)) for f in range(FAMILIES)]
            keys.append(f"{dt}/{n}/{op}")
            digests.append([digest(r) for r in res])
            if op == "det" and n <= 6 and dt != "float16":
                det_keys.append(f"{dt}/{n}")
                dets.append([r[0] for r in res])
    data = {"keys": np.array(keys), "digests": np.array(digests, np.uint64), "det_keys": np.array(det_keys),
            "dets": np.array(dets, np.float64)}
    save_goldens(GOLDEN_PATH, data, tf)


if __name__ == "__main__":
    main()
