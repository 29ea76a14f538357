"""float64 products beyond the emulation's BLAS cap (2**24 multiply-adds), the same script for TF and tfshim:
`python tests/kernels/float64_large_matmul.py` under TF prints the digests tests/kernels/test_eigen_gemm.py keeps
(recorded with TF 2.21, 2 intra-op threads, as on this reference machine); under tfshim it prints tfshim's.
Inputs are exact quotients of small integers (full 53-bit mantissas, the same on every NumPy)."""

from __future__ import annotations

import hashlib

import numpy as np

CASES = [((300, 400), (400, 500), {}), ((2, 200, 300), (2, 300, 150), {}), ((3000, 100), (3000, 700),
         {"transpose_a": True}), ((64, 6000), (300, 6000), {"transpose_b": True}), ((512, 520), (520, 260), {})]


def operand(shape: tuple, seed: int) -> np.ndarray:
    i = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    x = ((i * 7919 + seed * 104729) % 1009 - 504) / 1009.0
    x.flat[seed % x.size] = np.inf if seed == 3 else x.flat[seed % x.size]  # one case with an infinite operand
    return x


def digests(tf: object) -> list:
    out = []
    for n, (sa, sb, kw) in enumerate(CASES):
        r = tf.matmul(tf.constant(operand(sa, n)), tf.constant(operand(sb, n + 10)), **kw).numpy()
        out.append(hashlib.sha256(r.tobytes()).hexdigest())
    return out


if __name__ == "__main__":
    import tensorflow

    print(digests(tensorflow))
