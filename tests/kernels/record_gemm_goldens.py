"""Record bit-exact goldens for tfshim's matmul, batched matmul, tensordot, einsum and matmul gradients.

Run under the TF oracle python::

    tf-oracle tests/kernels/record_gemm_goldens.py

Writes ``tests/kernels/goldens/gemm.npz``: SHA-256 digests of TF's output bytes for every case of
``cases()``; inputs are regenerated from the per-case seed. ``run`` works with either module (tf or tfshim),
so the live test (test_eigen_gemm_vs_tf.py) reuses it on random cases.
"""

from __future__ import annotations

import hashlib
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "gemm.npz")

# Equations users write; sizes per label are drawn per case.
EQUATIONS = ("ij,jk->ik", "ij,jk", "bij,bjk->bik", "i,i->", "ij,kj->ik", "ji,jk->ik", "ij,j->i", "i,ij->j",
             "ij,ij->i", "bi,bi->b", "i,j->ij", "ijk,kl->ijl", "bhqd,bhkd->bhqk", "bhqk,bhkd->bhqd", "ij->ji",
             "ij->", "ij->j", "ii->i", "...ij,...jk->...ik", "bij,jk->bik", "ij,ij->", "ab,cb->ac", "abc,abd->acd",
             "ij,jk->ki", "bij,bkj->bik", "ijk,jk->i", "ij,ij->ij")
DIMS = (1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 16, 17, 19, 24, 31, 32, 33, 48, 63, 64)


def make_input(shape: tuple, dtype: str, seed: int, zeros: bool = False) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if zeros:  # signed zeros everywhere: shows whether a sum starts from +0 or from the first product
        return rng.choice(np.array([-1.0, -0.0, 0.0, 1.0]), shape).astype(dtype)
    x = rng.standard_normal(shape) * 2.0 ** rng.integers(-6, 7, shape)
    if dtype.startswith("complex"):
        x = x + 1j * rng.standard_normal(shape) * 2.0 ** rng.integers(-6, 7, shape)
    return x.astype(dtype)


def _matmul_case(rng, dtype: str, batch: tuple, dims: tuple, kind: str = "matmul") -> tuple:
    m, k, n = dims
    ta, tb = bool(rng.integers(2)), bool(rng.integers(2))
    xb = batch if not batch or rng.random() < 0.8 else (1,) * len(batch)
    yb = batch if not batch or rng.random() < 0.8 else batch[1:]
    shapes = (xb + ((k, m) if ta else (m, k)), yb + ((n, k) if tb else (k, n)))
    if kind == "grad":
        shapes += (np.broadcast_shapes(xb, yb) + (m, n),)
    return kind, dtype, shapes, (("transpose_a", ta), ("transpose_b", tb))


def _einsum_case(rng, dtype: str, eq: str, hi: int) -> tuple:
    size = {c: int(rng.integers(1, hi)) for c in "abcdhijklq"}
    ell = (int(rng.integers(1, 4)),)
    shapes = tuple((ell if "..." in s else ()) + tuple(size[c] for c in s.replace(".", ""))
                   for s in eq.split("->")[0].split(","))
    return "einsum", dtype, shapes, (("equation", eq),)


def _tensordot_case(rng, dtype: str) -> tuple:
    a = tuple(int(rng.integers(1, 9)) for _ in range(int(rng.integers(1, 4))))
    nax = int(rng.integers(0, len(a) + 1))
    b = a[len(a) - nax :] + tuple(int(rng.integers(1, 9)) for _ in range(int(rng.integers(0, 3))))
    return "tensordot", dtype, (a, b), (("axes", nax),)


def random_cases(seed: int, n: int, dtypes: tuple = ("float64", "float32"), hi: int = 65) -> list:
    """n cases of every kind per dtype: m, n, k in 1..min(64, hi - 1), batches up to 24; hi <= 64 (complex)
    also keeps einsum/tensordot products within 64 and gradients unbroadcast."""
    rng = np.random.default_rng(seed)
    out = []
    for dt in dtypes:
        for _ in range(n):
            dims = tuple(int(rng.choice(DIMS)) if rng.random() < 0.5 else int(rng.integers(1, 65)) for _ in range(3))
            dims = tuple(min(d, hi - 1) for d in dims)
            out.append(_matmul_case(rng, dt, (), dims))
            batch = (int(rng.integers(1, 25)),) if rng.random() < 0.7 else (int(rng.integers(1, 4)),) * 2
            out.append(_matmul_case(rng, dt, batch, dims))
            out.append(_matmul_case(rng, dt, batch if rng.random() < 0.3 and hi > 64 else (), dims, "grad"))
            out.append(_einsum_case(rng, dt, EQUATIONS[int(rng.integers(len(EQUATIONS)))], 33 if hi > 64 else 5))
            out.append(_tensordot_case(rng, dt) if hi > 64 else _einsum_case(rng, dt, "ij,jk->ik", 33))
    return [c + (seed * 100003 + i,) for i, c in enumerate(out)]


def cases() -> list:
    """(kind, dtype, shapes, params, seed): random cases plus each equation, signed zeros, vectors and the
    large-k / long-vector float64 paths (k-sharded contraction, blocked GEMV)."""
    rng = np.random.default_rng(7)
    extra = [_einsum_case(rng, dt, eq, 20) for dt in ("float64", "float32") for eq in EQUATIONS]
    extra += [_matmul_case(rng, "float64", b, d) for b in ((), (3,)) for d in
              ((1, 40, 1), (1, 17, 1), (1, 70, 9), (9, 70, 1), (1, 784, 128), (128, 784, 1), (2, 1500, 3),
               (7, 700, 13), (40, 400, 40), (64, 100, 64))]
    extra += [_matmul_case(rng, "float32", (2,), d) for d in ((1, 700, 1), (9, 333, 20), (30, 1024, 3))]
    zeros = [_matmul_case(rng, "float64", b, tuple(int(v) for v in rng.integers(1, 10, 3)))
             for b in ((), (2,), (3,)) for _ in range(10)]
    extra += [c[:3] + (c[3] + (("zeros", True),),) for c in zeros]
    return (random_cases(2021, 80) + random_cases(2022, 12, ("complex128", "complex64"), 33)
            + [c + (7000 + i,) for i, c in enumerate(extra)])


def run(mod, kind: str, dtype: str, shapes: tuple, params: tuple, seed: int) -> list:
    """The case's outputs (numpy) computed with module `mod` (tensorflow or tfshim)."""
    p = dict(params)
    zeros = p.pop("zeros", False)
    xs = [make_input(s, dtype, seed + i, zeros) for i, s in enumerate(shapes)]
    if kind == "matmul":
        return [mod.matmul(*xs, **p).numpy()]
    if kind == "tensordot":
        return [mod.tensordot(*xs, **p).numpy()]
    if kind == "einsum":
        return [mod.einsum(p["equation"], *xs).numpy()]
    a, b, g = (mod.constant(v) for v in xs)
    with mod.GradientTape() as tape:
        tape.watch(a)
        tape.watch(b)
        y = mod.matmul(a, b, **p)
    return [t.numpy() for t in tape.gradient(y, [a, b], output_gradients=g)]


def digest(outs: list) -> bytes:
    """SHA-256 of the outputs' shapes and raw bytes: a bitwise comparison in 32 bytes."""
    h = hashlib.sha256()
    for o in outs:
        h.update(str(o.shape).encode() + np.ascontiguousarray(o).tobytes())
    return h.digest()


def main() -> None:
    import tensorflow as tf

    digests = np.frombuffer(b"".join(digest(run(tf, *c)) for c in cases()), np.uint8).reshape(-1, 32)
    np.savez_compressed(GOLDEN_PATH, digests=digests, tf_version=np.array(tf.__version__))


if __name__ == "__main__":
    main()
