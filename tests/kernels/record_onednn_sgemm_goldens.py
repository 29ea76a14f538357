"""Record bitwise goldens for tfshim's float32 matmul with k above 384 (oneDNN sgemm's k blocks) from real TF.

Run under the TF oracle python, on a CPU where TF runs oneDNN's avx512_core kernels (the reference)::

    tf-oracle tests/kernels/record_onednn_sgemm_goldens.py

It writes ``tests/kernels/goldens/onednn_sgemm.npz``: SHA-256 digests of TF's output bytes for every case of
``CASES``; the inputs are regenerated from the case (``inputs``), as in the live test test_onednn_sgemm_vs_tf.py.
On another CPU TF's sums run in other orders, so the recorder refuses to write there.
"""

from __future__ import annotations

import hashlib
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "onednn_sgemm.npz")

SHAPES = [(64, 784, 128), (16, 777, 1024), (104, 784, 1024), (100, 800, 1024), (3, 1500, 64), (33, 400, 17),
          (128, 1024, 256)]
TRANSPOSES = [(False, False), (True, False), (False, True)]
CASES = [(m, k, n, ta, tb) for m, k, n in SHAPES for ta, tb in TRANSPOSES]


def inputs(m: int, k: int, n: int, ta: bool, tb: bool) -> tuple[np.ndarray, np.ndarray]:
    """Standard normal operands with NaN payloads (quiet, negative, signalling) in a and +-inf in b."""
    rng = np.random.default_rng(m * k + n)
    a = rng.standard_normal((k, m) if ta else (m, k)).astype(np.float32)
    b = rng.standard_normal((n, k) if tb else (k, n)).astype(np.float32)
    a.reshape(-1)[rng.integers(0, a.size, 3)] = np.array([0x7FC00011, 0xFFC00022, 0x7F800001], np.uint32).view(
        np.float32)
    b.reshape(-1)[rng.integers(0, b.size, 2)] = np.array([np.inf, -np.inf], np.float32)
    return a, b


def digest(out: np.ndarray) -> bytes:
    return hashlib.sha256(str(out.shape).encode() + np.ascontiguousarray(out).tobytes()).digest()


def outputs(mod, case: tuple) -> np.ndarray:
    a, b = inputs(*case)
    return mod.matmul(a, b, transpose_a=case[3], transpose_b=case[4]).numpy()


def main() -> None:
    import tensorflow as tf

    sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
    from tests.differential import cpu_tables

    if not cpu_tables.tf_uses_reference_isa(tf):
        sys.exit("TF here does not run the reference CPU's oneDNN kernels: goldens not written")
    digests = np.frombuffer(b"".join(digest(outputs(tf, c)) for c in CASES), np.uint8).reshape(-1, 32)
    np.savez_compressed(GOLDEN_PATH, digests=digests, tf_version=np.array(tf.__version__))


if __name__ == "__main__":
    main()
