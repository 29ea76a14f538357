"""Record bit-exact goldens for tfshim.kernels.ducc_fft from real TensorFlow (tf.signal FFTs).

Run under the TF oracle python::

    PYTHONPATH=. ~/.cache/tfshim-tf-oracle/bin/python tests/kernels/record_ducc_fft_goldens.py

It writes ``tests/kernels/goldens/ducc_fft.npz``: for every case of ``CASES`` TF's output.  Inputs are
not stored: ``make_input`` builds them from exact float64 arithmetic (no RNG, no libm), so the test
rebuilds the same bits under any NumPy.  Every tensor stays below 32768 elements (DUCC then runs one
thread, so the goldens do not depend on the recording machine's core count).
"""

from __future__ import annotations

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "ducc_fft.npz")

try:
    from .record_goldens import save_goldens
except ImportError:  # run as a script
    sys.path.insert(0, HERE)
    from record_goldens import save_goldens

# lengths: every single pass (2,3,4,5,7,8,11, generic odd primes, Bluestein), multipasses, the
# vectorized radix-4 split (> 300, divisible by 4) and rfftp_complexify (even > 1000, a factor > 5)
LENGTHS = (*range(1, 41), 44, 49, 53, 64, 77, 97, 113, 121, 127, 128, 137, 210, 257, 300, 304, 512, 1000, 1009,
           1024, 1100)
# (op, shape, fft_length or None): batches of 3 rows put leftover rows on DUCC's vectorized plan
# (lengths above 128: one row, and single precision only, to keep the file small)
def _rows(n: int) -> int:
    return 3 if n <= 128 else 1


CASES = [(op, (_rows(n), n), None) for n in LENGTHS for op in ("fft", "ifft", "rfft")]
# irfft: n//2+1 complex inputs for an output of length n (a default fft_length of 0 aborts TF)
CASES += [("irfft", (_rows(n), n // 2 + 1), (n,)) for n in LENGTHS]
CASES += [(op, (n,), None) for n in (5, 16, 127, 304, 1024) for op in ("fft", "ifft", "rfft", "irfft")]
CASES += [
    ("fft2d", (2, 12, 10), None), ("ifft2d", (3, 9, 16), None), ("fft3d", (2, 4, 6, 10), None),
    ("ifft3d", (5, 7, 3), None), ("fft2d", (2, 8, 320), None), ("ifft2d", (2, 320, 8), None),
    ("rfft2d", (2, 12, 10), None), ("irfft2d", (3, 9, 16), None), ("rfft3d", (2, 4, 6, 10), None),
    ("irfft3d", (5, 7, 3), None), ("rfft", (4, 10), (7,)), ("rfft", (4, 10), (16,)),
    ("irfft", (4, 10), (12,)), ("irfft", (4, 10), (25,)), ("rfft2d", (2, 5, 9), (4, 12)),
    ("irfft2d", (2, 5, 9), (6, 11)),
]
DTYPES = {"complex": ("complex64", "complex128"), "real": ("float32", "float64")}


def is_real_input(op: str) -> bool:
    return op.startswith("rfft")


def make_input(shape: tuple, dtype: str, salt: int = 0) -> np.ndarray:
    """Deterministic values in [-2, 2): fractional parts of k*golden ratio, from exact float64 steps."""
    size = int(np.prod(shape))
    k = np.arange(2 * size, dtype=np.float64) + 1.0 + 7919.0 * salt
    v = k * 0.6180339887498949
    v = (v - np.floor(v)) * 4.0 - 2.0
    if dtype.startswith("complex"):
        real = "float32" if dtype == "complex64" else "float64"
        return (v[:size].astype(real) + 1j * v[size:].astype(real)).astype(dtype).reshape(shape)
    return v[:size].astype(dtype).reshape(shape)


def case_key(op: str, shape: tuple, fft_length, dtype: str) -> str:
    fl = "" if fft_length is None else "/L" + "x".join(map(str, fft_length))
    return f"{op}/{dtype}/{'x'.join(map(str, shape))}{fl}"


def case_dtypes(op: str, shape: tuple) -> tuple:
    kinds = DTYPES["real"] if is_real_input(op) or op.startswith("irfft") else DTYPES["complex"]
    return kinds[:1] if shape[-1] > 128 else kinds


def run_case(mod, op: str, shape: tuple, fft_length, dtype: str) -> np.ndarray:
    """Run one case with `mod` (tensorflow or tfshim); irfft inputs are complex of the real dtype's width."""
    if op.startswith("irfft"):
        dt = "complex64" if dtype == "float32" else "complex128"
        x = mod.constant(make_input(shape, dt))
    else:
        x = mod.constant(make_input(shape, dtype))
    fn = getattr(mod.signal, op)
    if op.startswith(("rfft", "irfft")):
        return fn(x, fft_length=fft_length).numpy()
    return fn(x).numpy()


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    data: dict[str, np.ndarray] = {}
    for op, shape, fl in CASES:
        for dt in case_dtypes(op, shape):
            if np.prod(shape) >= 32768:
                raise ValueError("keep goldens single-threaded")
            data[case_key(op, shape, fl, dt)] = run_case(tf, op, shape, fl, dt)
    save_goldens(GOLDEN_PATH, data, tf)


if __name__ == "__main__":
    main()
