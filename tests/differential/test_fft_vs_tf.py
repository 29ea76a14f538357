"""tf.signal FFTs bit for bit against real TensorFlow 2.21 (TF runs DUCC; tfshim its NumPy emulation).

Every length 1..130 and large ones (powers of two, 1000, primes up to 1009 on Bluestein, even lengths
over 1000 on rfftp_complexify), 1-D tensors and batches whose leftover rows run DUCC's vectorized plan,
2-D/3-D transforms, fft_length cropping and padding, single and double precision.  Skips without TF.
"""

from __future__ import annotations

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")
import tfshim  # noqa: E402

LENGTHS = (*range(1, 131), 256, 300, 304, 512, 1000, 1009, 1024, 1100, 2048, 4096, 257, 1014)
COMPLEX = {"float32": np.complex64, "float64": np.complex128}


def _bits_equal(got: np.ndarray, want: np.ndarray) -> float:
    """Fraction of differing float components (0.0: every bit equal)."""
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, want.dtype, got.shape, want.shape)
    real = np.float32 if want.dtype in (np.float32, np.complex64) else np.float64
    u = np.uint32 if real == np.float32 else np.uint64
    a = np.ascontiguousarray(got).view(real).view(u)
    b = np.ascontiguousarray(want).view(real).view(u)
    return float((a != b).mean()) if a.size else 0.0


def _data(shape, dtype: str, seed: int, complex_: bool) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if complex_:
        return (x + 1j * rng.standard_normal(shape)).astype(COMPLEX[dtype])
    return x.astype(dtype)


def _both(fn_name: str, x: np.ndarray, **kw):
    return (getattr(tfshim.signal, fn_name)(tfshim.constant(x), **kw).numpy(),
            getattr(tf.signal, fn_name)(tf.constant(x), **kw).numpy())


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("rows", [None, 5])
def test_c2c_every_length(dtype, rows):
    bad = {}
    for n in LENGTHS:
        x = _data((n,) if rows is None else (rows, n), dtype, n, True)
        for op in ("fft", "ifft"):
            frac = _bits_equal(*_both(op, x))
            if frac:
                bad[(op, n)] = frac
    assert not bad, bad


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("rows", [None, 3])
def test_r2c_c2r_every_length(dtype, rows):
    bad = {}
    for n in LENGTHS:
        x = _data((n,) if rows is None else (rows, n), dtype, n, False)
        frac = _bits_equal(*_both("rfft", x))
        if frac:
            bad[("rfft", n)] = frac
        y = _data(((n // 2 + 1),) if rows is None else (rows, n // 2 + 1), dtype, n + 1, True)
        frac = _bits_equal(*_both("irfft", y, fft_length=[n]))
        if frac:
            bad[("irfft", n)] = frac
    assert not bad, bad


SHAPES = [(6, 10), (3, 16, 16), (4, 12, 9), (2, 64, 300), (2, 320, 16), (5, 8, 8, 8), (2, 6, 10, 12),
          (3, 312, 20), (33, 40, 7), (4, 2050), (3, 1, 6), (9, 1024), (40, 1000), (64, 512)]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_multi_dimensional(dtype, shape):
    bad = {}
    for rank in (1, 2, 3):
        if rank > len(shape):
            continue
        sfx = "" if rank == 1 else f"{rank}d"
        c = _data(shape, dtype, rank, True)
        for op in ("fft", "ifft"):
            frac = _bits_equal(*_both(op + sfx, c))
            if frac:
                bad[(op + sfx,)] = frac
        r = _data(shape, dtype, rank + 10, False)
        for lengths in (None, [max(1, s - 1) for s in shape[-rank:]], [s + 2 for s in shape[-rank:]]):
            got, want = _both("rfft" + sfx, r, fft_length=lengths)
            frac = _bits_equal(got, want)
            if frac:
                bad[("rfft" + sfx, str(lengths))] = frac
            if lengths is None and shape[-1] == 1:
                continue  # TF aborts on an inferred irfft length of 0
            frac = _bits_equal(*_both("irfft" + sfx, want, fft_length=lengths))
            if frac:
                bad[("irfft" + sfx, str(lengths))] = frac
    assert not bad, bad


def test_gradients_match():
    x = _data((4, 12), "float32", 0, True)
    grads = []
    for mod in (tfshim, tf):
        v = mod.Variable(x)
        with mod.GradientTape() as tape:
            y = mod.math.reduce_sum(mod.math.real(mod.signal.fft(v) * mod.signal.ifft(v)))
        grads.append(tape.gradient(y, v).numpy())
    assert _bits_equal(*grads) == 0.0


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [12000, 20014, 65536, 131072, 131074, 196608])
def test_long_one_dimensional(dtype, n):
    """Above 10000: two-packet multipasses; 1-D from 131072 on: DUCC's Bailey split (threads share rows)."""
    x = _data((n,), dtype, n, True)
    bad = {op: f for op in ("fft", "ifft") if (f := _bits_equal(*_both(op, x)))}
    r = _data((n,), dtype, n + 1, False)
    got, want = _both("rfft", r)
    bad.update({"rfft": f} if (f := _bits_equal(got, want)) else {})
    bad.update({"irfft": f} if (f := _bits_equal(*_both("irfft", want, fft_length=[n]))) else {})
    assert not bad, bad
