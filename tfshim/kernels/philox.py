"""TensorFlow 2.21's CPU random number streams, bit for bit, in vectorised NumPy.

Layers (bottom up), each reproducing the named TF source:

* ``philox_blocks(counter, key, n)`` / ``PhiloxRandom`` -- Philox4x32-10 with
  TF's counter/key layout and ``Skip`` (``xla/tsl/lib/random/philox_random.h``).
* ``dist_*(gen, size, dtype)`` -- the distributions of
  ``random_distributions.h`` run as ``FillPhiloxRandom`` does on CPU
  (``random_op_cpu.h``): output group ``g`` uses block ``counter + g`` (fixed
  samples) or a private stream at ``counter + g * 256 * group / 4`` (truncated
  normal), so the result does not depend on TF's sharding.
* ``GuardedPhilox`` -- ``GuardedPhiloxRandom``: the per-kernel state of the
  stateful ops; each call reserves ``256 * num_outputs`` blocks.
* ``RandomContext`` -- the eager context: ``set_seed``, ``get_seed``
  (``framework/random_seed.py``) and the eager kernel cache that holds one
  ``GuardedPhilox`` per (op, attrs).  ``ctx.uniform/normal/truncated_normal``
  reproduce ``tf.random.*`` including their Python-level arithmetic.
* ``stateless_*`` -- ``tf.random.stateless_*`` (V2 ops, Philox on CPU, seed
  scrambled by ``StatelessRandomGetKeyCounter``), ``stateless_split``,
  ``stateless_fold_in``.
* ``GeneratorState`` -- ``tf.random.Generator`` (``stateful_random_ops.py``):
  state ``int64[3] = [counter_lo, counter_hi, key]``, ``from_seed``,
  ``uniform/normal/truncated_normal/uniform_full_int``, ``split``.

Usage (the caller owns one ``RandomContext`` per eager context)::

    ctx = RandomContext()
    ctx.set_seed(42)                       # tf.random.set_seed(42)
    a = ctx.uniform([2, 3])                # tf.random.uniform([2, 3])
    b = ctx.normal([4], seed=7)            # tf.random.normal([4], seed=7)
    s = stateless_normal([3], (1, 2))      # tf.random.stateless_normal
    g = GeneratorState.from_seed(1234)     # tf.random.Generator.from_seed
    x = g.normal([5]); kids = g.split(2)

Lower level: ``seed, seed2 = ctx.get_seed(op_seed)``; ``gen =
ctx.kernel_state("RandomUniform", "float32", seed, seed2).reserve(size)``;
``dist_uniform(gen, size, np.float32)``.

Box-Muller uses glibc's ``logf``/``sincosf``/``log`` (what TF's CPU kernels call
on Linux), reimplemented in kernels/glibc.py; double sin/cos use NumPy's float64
sin/cos (libm calls).
"""

from __future__ import annotations

import os
import random as _pyrandom
from collections.abc import Sequence
from typing import Any

import numpy as np

from tfshim.kernels import glibc
from tfshim.kernels.threads import intra_op_threads

__all__ = [
    "DEFAULT_GRAPH_SEED",
    "GeneratorState",
    "GuardedPhilox",
    "PhiloxRandom",
    "RandomContext",
    "dist_normal",
    "dist_truncated_normal",
    "dist_uniform",
    "dist_uniform_full_int",
    "dist_uniform_int",
    "multinomial",
    "philox_blocks",
    "random_shuffle",
    "stateless_fold_in",
    "stateless_key_counter",
    "stateless_multinomial",
    "stateless_normal",
    "stateless_split",
    "stateless_truncated_normal",
    "stateless_uniform",
]

_M32 = 0xFFFFFFFF
_M64 = (1 << 64) - 1
_MULT = np.array([[0xD2511F53], [0xCD9E8D57]], dtype=np.uint64)  # for [c0; c2]
_W32A = 0x9E3779B9
_W32B = 0xBB67AE85
_CHUNK = 16384  # blocks per pass: keeps the working set in L2

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1


# --------------------------------------------------------------------------
# Philox4x32-10
# --------------------------------------------------------------------------
def _rounds(a: np.ndarray, b: np.ndarray, k0: int, k1: int,
            bufs: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Ten Philox rounds on a = [c0; c2], b = [c1; c3] (uint32, shape (2, n)).

    ``ComputeSingleRound``: (c0, c1, c2, c3) -> (hi(B*c2)^c1^k0, lo(B*c2),
    hi(A*c0)^c3^k1, lo(A*c0)); the 64-bit products are read as uint32 halves.
    Two product buffers alternate because the next ``b`` is a view of one.
    """
    n = a.shape[1]
    key = np.empty((2, 1), np.uint32)
    for r in range(10):
        p = bufs[r & 1]
        np.multiply(a, _MULT, out=p)
        p32 = p.view(np.uint32).reshape(2, n, 2)  # [..., 0] = lo, [..., 1] = hi
        key[0, 0] = k0
        key[1, 0] = k1
        np.bitwise_xor(p32[::-1, :, 1], b, out=a)
        a ^= key
        b = p32[::-1, :, 0]
        k0 = (k0 + _W32A) & _M32
        k1 = (k1 + _W32B) & _M32
    return a, b


def philox_at(counter: Sequence[int], key: Sequence[int],
              offsets: np.ndarray) -> np.ndarray:
    """Philox outputs for counters ``counter + offsets[i]`` (128-bit add).

    ``counter`` is 4 uint32 words (low first), ``key`` 2 words, ``offsets`` a
    uint64 array.  Returns uint32 of shape ``(len(offsets), 4)``.
    """
    offsets = np.asarray(offsets, dtype=np.uint64).ravel()
    n = offsets.size
    out = np.empty((n, 4), np.uint32)
    lo64 = np.uint64((counter[0] & _M32) | ((counter[1] & _M32) << 32))
    hi64 = (counter[2] & _M32) | ((counter[3] & _M32) << 32)
    m = min(n, _CHUNK)
    bufs = (np.empty((2, m), np.uint64), np.empty((2, m), np.uint64))
    for s0 in range(0, n, _CHUNK):
        off = offsets[s0:s0 + _CHUNK]
        c = off.size
        s = off + lo64  # wraps mod 2**64
        carry = s < off
        a = np.empty((2, c), np.uint32)
        b = np.empty((2, c), np.uint32)
        a[0] = s & np.uint64(_M32)
        b[0] = s >> np.uint64(32)
        if carry.any():
            hi = np.uint64(hi64) + carry.astype(np.uint64)
        else:
            hi = np.full(c, hi64, dtype=np.uint64)
        a[1] = hi & np.uint64(_M32)
        b[1] = hi >> np.uint64(32)
        bb = bufs if c == m else (np.empty((2, c), np.uint64), np.empty((2, c), np.uint64))
        a, b = _rounds(a, b, key[0] & _M32, key[1] & _M32, bb)
        o = out[s0:s0 + c]
        o[:, 0] = a[0]
        o[:, 1] = b[0]
        o[:, 2] = a[1]
        o[:, 3] = b[1]
    return out


def philox_blocks(counter: Sequence[int], key: Sequence[int], n: int) -> np.ndarray:
    """``n`` consecutive Philox4x32-10 outputs starting at ``counter``: (n, 4) uint32."""
    return philox_at(counter, key, np.arange(n, dtype=np.uint64))


class PhiloxRandom:
    """``tsl::random::PhiloxRandom``: 128-bit counter (4 x uint32) + 64-bit key."""

    __slots__ = ("counter", "key")

    def __init__(self, counter: Sequence[int] = (0, 0, 0, 0),
                 key: Sequence[int] = (0, 0)) -> None:
        self.counter = [int(c) & _M32 for c in counter]
        self.key = [int(k) & _M32 for k in key]

    @classmethod
    def from_seeds(cls, seed: int, seed2: int) -> PhiloxRandom:
        """``PhiloxRandom(seed_lo, seed_hi)``: key = seed, counter[2:4] = seed2."""
        seed &= _M64
        seed2 &= _M64
        return cls((0, 0, seed2 & _M32, seed2 >> 32), (seed & _M32, seed >> 32))

    @classmethod
    def from_key_counter(cls, key: int, counter: Sequence[int]) -> PhiloxRandom:
        """``GetPhiloxRandomFromCounterKeyMem``: key uint64, counter 2 x uint64."""
        c0, c1 = int(counter[0]) & _M64, int(counter[1]) & _M64
        key &= _M64
        return cls((c0 & _M32, c0 >> 32, c1 & _M32, c1 >> 32), (key & _M32, key >> 32))

    def copy(self) -> PhiloxRandom:
        return PhiloxRandom(self.counter, self.key)

    def skip(self, count: int) -> None:
        """``PhiloxRandom::Skip``: advance by ``count`` 128-bit blocks (TF's carry rule)."""
        c = self.counter
        count &= _M64
        lo, hi = count & _M32, count >> 32
        c[0] = (c[0] + lo) & _M32
        if c[0] < lo:
            hi = (hi + 1) & _M32
        c[1] = (c[1] + hi) & _M32
        if c[1] < hi:
            c[2] = (c[2] + 1) & _M32
            if c[2] == 0:
                c[3] = (c[3] + 1) & _M32

    def blocks(self, n: int) -> np.ndarray:
        """The next ``n`` outputs (does not advance, like TF's copied ``gen``)."""
        return philox_blocks(self.counter, self.key, n)

    def counter_u64(self) -> tuple[int, int]:
        c = self.counter
        return c[0] | (c[1] << 32), c[2] | (c[3] << 32)

    def key_u64(self) -> int:
        return self.key[0] | (self.key[1] << 32)

    def __repr__(self) -> str:
        return f"PhiloxRandom(counter={self.counter}, key={self.key})"


_MAN23 = np.uint32(0x7FFFFF)
_ONE_F32 = np.uint32(0x3F800000)
_LUT_MIN_PAIRS = 1 << 16
_lut: dict[str, np.ndarray] = {}


def _u2_of_mantissa(m: np.ndarray) -> np.ndarray:
    """sqrt(-2 logf(max(u, 1e-7f))) with u = Uint32ToFloat of a 23-bit mantissa."""
    u = (m | _ONE_F32).view(np.float32) - np.float32(1.0)
    u = np.maximum(u, np.float32(1.0e-7))
    return np.sqrt(np.float32(-2.0) * glibc.logf(u))


def _v1_of_mantissa(m: np.ndarray) -> np.ndarray:
    """float(2 * M_PI (double) * Uint32ToFloat(x)), as BoxMullerFloat computes v1."""
    u = (m | _ONE_F32).view(np.float32) - np.float32(1.0)
    return (np.float64(2.0 * np.pi) * u.astype(np.float64)).astype(np.float32)


def _box_muller_luts() -> tuple[np.ndarray, np.ndarray]:
    """Lazily built tables over all 2**23 mantissas (u2: 32 MB, sin|cos: 64 MB)."""
    if "u2" not in _lut:
        u2 = np.empty(1 << 23, np.float32)
        sc = np.empty((1 << 23, 2), np.float32)
        step = 1 << 20
        for s0 in range(0, 1 << 23, step):
            m = np.arange(s0, s0 + step, dtype=np.uint32)
            u2[s0:s0 + step] = _u2_of_mantissa(m)
            s, c = glibc.sincosf(_v1_of_mantissa(m))
            sc[s0:s0 + step, 0] = s
            sc[s0:s0 + step, 1] = c
        _lut["u2"] = u2
        _lut["sc"] = sc.view(np.uint64).ravel()
    return _lut["u2"], _lut["sc"]


def box_muller_float(x0: np.ndarray, x1: np.ndarray) -> np.ndarray:
    """``BoxMullerFloat`` on uint32 arrays: returns (n, 2) float32 [f0, f1].

    u1 = max(Uint32ToFloat(x0), 1e-7f); v1 = 2*M_PI*Uint32ToFloat(x1);
    u2 = sqrtf(-2 logf(u1)); (f0, f1) = sincosf(v1) * u2.
    """
    m0 = np.asarray(x0, dtype=np.uint32) & _MAN23
    m1 = np.asarray(x1, dtype=np.uint32) & _MAN23
    n = m0.size
    if n >= _LUT_MIN_PAIRS:
        u2t, sct = _box_muller_luts()
        u2 = u2t[m0]
        sc = sct[m1].view(np.float32).reshape(n, 2)
    else:
        u2 = _u2_of_mantissa(m0)
        s, c = glibc.sincosf(_v1_of_mantissa(m1))
        sc = np.stack([s, c], axis=1)
    sc *= u2[:, None]
    return sc


def box_muller_double(x0: np.ndarray, x1: np.ndarray, x2: np.ndarray,
                      x3: np.ndarray) -> np.ndarray:
    """``BoxMullerDouble``: returns (n, 2) float64 [d0, d1].

    ``log`` is glibc's (kernels/glibc.py); sin/cos are NumPy's float64 ones, which
    call libm on NumPy 1.25+ (equal to glibc ``sincos``; checked on 5e6 inputs).
    """
    u1 = _uint64_to_double(x0, x1)
    u1 = np.maximum(u1, 1.0e-7)
    v1 = (2.0 * np.pi) * _uint64_to_double(x2, x3)
    u2 = np.sqrt(-2.0 * glibc.log(u1))
    out = np.empty((u1.size, 2), np.float64)
    np.sin(v1, out=out[:, 0])
    np.cos(v1, out=out[:, 1])
    out *= u2[:, None]
    return out


# --------------------------------------------------------------------------
# conversions (random_distributions(_utils).h)
# --------------------------------------------------------------------------
def _uint32_to_float(x: np.ndarray) -> np.ndarray:
    """``Uint32ToFloat``: 23 random mantissa bits -> [1, 2) - 1."""
    return ((x & _MAN23) | _ONE_F32).view(np.float32) - np.float32(1.0)


def _uint64_to_double(x0: np.ndarray, x1: np.ndarray) -> np.ndarray:
    """``Uint64ToDouble``: mantissa = (x0 & 0xfffff) << 32 | x1 -> [1, 2) - 1."""
    man = ((x0.astype(np.uint64) & np.uint64(0xFFFFF)) << np.uint64(32)) | x1.astype(np.uint64)
    return (man | np.uint64(0x3FF0000000000000)).view(np.float64) - 1.0


def _uint16_to_half(x: np.ndarray) -> np.ndarray:
    """``Uint16ToHalf``: low 10 bits -> [1, 2) - 1 (uses the low 16 bits of x)."""
    h = ((x & np.uint32(0x3FF)) | np.uint32(15 << 10)).astype(np.uint16)
    return h.view(np.float16) - np.float16(1.0)


def _as_dtype(dtype: Any) -> np.dtype:
    return np.dtype(dtype)


# --------------------------------------------------------------------------
# distributions run as FillPhiloxRandom on CPU
# --------------------------------------------------------------------------
def dist_uniform(gen: PhiloxRandom, size: int, dtype: Any = np.float32) -> np.ndarray:
    """``UniformDistribution`` for float16/32/64 in [0, 1): flat array of ``size``."""
    dt = _as_dtype(dtype)
    if dt == np.float32 or dt == np.float16:
        x = gen.blocks(-(-size // 4)).ravel()[:size]
        return _uint32_to_float(x) if dt == np.float32 else _uint16_to_half(x)
    if dt == np.float64:
        b = gen.blocks(-(-size // 2)).reshape(-1, 2)[:size]
        return _uint64_to_double(b[:, 0], b[:, 1])
    raise TypeError(f"uniform: unsupported dtype {dt}")


def dist_uniform_int(gen: PhiloxRandom, size: int, lo: int, hi: int,
                     dtype: Any = np.int32) -> np.ndarray:
    """``UniformDistribution<int32|int64>``: ``lo + bits % (hi - lo)`` (unsigned range)."""
    dt = _as_dtype(dtype)
    if dt == np.int32:
        rng = np.uint32((int(hi) - int(lo)) & _M32)
        x = gen.blocks(-(-size // 4)).ravel()[:size]
        return ((x % rng) + np.uint32(int(lo) & _M32)).view(np.int32)
    if dt == np.int64:
        rng = np.uint64((int(hi) - int(lo)) & _M64)
        b = gen.blocks(-(-size // 2)).reshape(-1, 2)[:size].astype(np.uint64)
        bits = b[:, 0] | (b[:, 1] << np.uint64(32))
        return ((bits % rng) + np.uint64(int(lo) & _M64)).view(np.int64)
    raise TypeError(f"uniform_int: unsupported dtype {dt}")


def dist_uniform_full_int(gen: PhiloxRandom, size: int, dtype: Any = np.int64) -> np.ndarray:
    """``UniformFullIntDistribution``: raw 32-bit words, or 2 words (lo | hi << 32)."""
    dt = _as_dtype(dtype)
    if dt in (np.int32, np.uint32):
        return gen.blocks(-(-size // 4)).ravel()[:size].view(dt)
    if dt in (np.int64, np.uint64):
        b = gen.blocks(-(-size // 2)).reshape(-1, 2)[:size].astype(np.uint64)
        return (b[:, 0] | (b[:, 1] << np.uint64(32))).view(dt)
    raise TypeError(f"uniform_full_int: unsupported dtype {dt}")


def dist_normal(gen: PhiloxRandom, size: int, dtype: Any = np.float32) -> np.ndarray:
    """``NormalDistribution``: Box-Muller on (s0, s1), (s2, s3) of each block."""
    dt = _as_dtype(dtype)
    if dt == np.float32 or dt == np.float16:
        x = gen.blocks(-(-size // 4)).reshape(-1, 2)
        out = box_muller_float(x[:, 0], x[:, 1]).ravel()[:size]
        return out if dt == np.float32 else out.astype(np.float16)
    if dt == np.float64:
        b = gen.blocks(-(-size // 2))
        return box_muller_double(b[:, 0], b[:, 1], b[:, 2], b[:, 3]).ravel()[:size]
    raise TypeError(f"normal: unsupported dtype {dt}")


def dist_truncated_normal(gen: PhiloxRandom, size: int, dtype: Any = np.float32) -> np.ndarray:
    """``TruncatedNormalDistribution`` (|x| < 2, rejection) as ``FillPhiloxRandomTask<.., true>``.

    Output group g (4 floats, or 2 doubles) draws from its own stream starting
    ``g * 256 * group / 4`` blocks after ``gen`` through a ``SingleSampleAdapter``;
    candidates are taken in order and the first ``group`` accepted ones kept.
    Vectorised as rounds over the groups that still need samples.
    """
    dt = _as_dtype(dtype)
    if dt == np.float64:
        group, cands_per_block = 2, 2
    elif dt == np.float32 or dt == np.float16:
        group, cands_per_block = 4, 4
    else:
        raise TypeError(f"truncated_normal: unsupported dtype {dt}")
    skip_per_group = group * 256 // 4
    ngroups = -(-size // group)
    out = np.empty((ngroups, group), np.float64 if dt == np.float64 else np.float32)
    have = np.zeros(ngroups, np.int64)
    active = np.arange(ngroups, dtype=np.int64)
    j = 0
    while active.size:
        offs = active.astype(np.uint64) * np.uint64(skip_per_group) + np.uint64(j)
        b = philox_at(gen.counter, gen.key, offs)
        if dt == np.float64:
            cand = box_muller_double(b[:, 0], b[:, 1], b[:, 2], b[:, 3])
        else:
            x = b.reshape(-1, 2)
            cand = box_muller_float(x[:, 0], x[:, 1]).reshape(-1, cands_per_block)
        ok = np.abs(cand) < 2.0
        # rank of each accepted candidate within its group = have + running count
        rank = have[active][:, None] + np.cumsum(ok, axis=1) - 1
        take = ok & (rank < group)
        rows = np.broadcast_to(active[:, None], take.shape)[take]
        out[rows, rank[take]] = cand[take]
        have[active] += take.sum(axis=1)
        active = active[have[active] < group]
        j += 1
    flat = out.ravel()[:size]
    return flat.astype(np.float16) if dt == np.float16 else flat


# --------------------------------------------------------------------------
# stateful ops: GuardedPhiloxRandom + eager context
# --------------------------------------------------------------------------
def _new64() -> int:
    return int.from_bytes(os.urandom(8), "little")


class GuardedPhilox:
    """``GuardedPhiloxRandom`` (guarded_philox_random.cc): one per op kernel."""

    __slots__ = ("gen",)

    def __init__(self, seed: int, seed2: int) -> None:
        if seed == 0 and seed2 == 0:  # both unset: fully random seeds (random::New64)
            seed, seed2 = _new64(), _new64()
        self.gen = PhiloxRandom.from_seeds(seed, seed2)

    def reserve_samples128(self, samples: int) -> PhiloxRandom:
        """Return the current generator and skip ``samples`` blocks past it."""
        local = self.gen.copy()
        self.gen.skip(samples)
        return local

    def reserve(self, output_count: int, multiplier: int = 256) -> PhiloxRandom:
        """``ReserveRandomOutputs(n, 256)``, as every ``PhiloxRandomOp::Compute`` does."""
        return self.reserve_samples128(output_count * multiplier)


def _size_of(shape: Sequence[int] | int) -> tuple[tuple[int, ...], int]:
    shp = (int(shape),) if np.isscalar(shape) else tuple(int(d) for d in shape)
    return shp, int(np.prod(shp, dtype=np.int64)) if shp else 1


class RandomContext:
    """The eager context's random state: global seed, op-seed RNG, kernel cache.

    ``set_seed`` is ``context._set_global_seed`` (a fresh ``random.Random(seed)``
    and a cleared kernel cache).  The kernel cache maps (op, attrs...) to the
    ``GuardedPhilox`` of the cached kernel, so repeated calls with identical
    attrs (e.g. an explicit op seed) continue one stream, as in TF.
    """

    def __init__(self) -> None:
        self.global_seed: int | None = None
        self._rng: _pyrandom.Random | None = None
        self._kernels: dict[tuple[Any, ...], GuardedPhilox] = {}

    def set_seed(self, seed: int | None) -> None:
        self.global_seed = None if seed is None else int(seed)
        self._rng = _pyrandom.Random(self.global_seed)
        self._kernels.clear()

    def internal_operation_seed(self) -> int:
        if self._rng is None:
            self._rng = _pyrandom.Random(None)
        return self._rng.randint(0, _MAXINT32)

    def get_seed(self, op_seed: int | None) -> tuple[int | None, int | None]:
        """``random_seed.get_seed`` in eager mode."""
        if self.global_seed is not None:
            if op_seed is None:
                op_seed = self.internal_operation_seed()
            seeds: tuple[int | None, int | None] = (
                self.global_seed % _MAXINT32, int(op_seed) % _MAXINT32)
        elif op_seed is not None:
            seeds = DEFAULT_GRAPH_SEED, int(op_seed) % _MAXINT32
        else:
            seeds = None, None
        if seeds == (0, 0):
            return 0, _MAXINT32
        return seeds

    def kernel_state(self, op: str, dtype: Any, seed: int | None, seed2: int | None,
                     *extra: Any) -> GuardedPhilox:
        """The ``GuardedPhilox`` of the cached kernel for (op, dtype, seed, seed2, extra)."""
        s1 = 0 if seed is None else int(seed)
        s2 = 0 if seed2 is None else int(seed2)
        k = (op, np.dtype(dtype).str, s1, s2, *extra)
        st = self._kernels.get(k)
        if st is None:
            st = self._kernels[k] = GuardedPhilox(s1, s2)
        return st

    # -- raw ops (gen_random_ops) --
    def raw_random_uniform(self, shape: Sequence[int], dtype: Any, seed: int | None,
                           seed2: int | None) -> np.ndarray:
        shp, n = _size_of(shape)
        gen = self.kernel_state("RandomUniform", dtype, seed, seed2).reserve(n)
        return dist_uniform(gen, n, dtype).reshape(shp)

    def raw_random_standard_normal(self, shape: Sequence[int], dtype: Any,
                                   seed: int | None, seed2: int | None) -> np.ndarray:
        shp, n = _size_of(shape)
        gen = self.kernel_state("RandomStandardNormal", dtype, seed, seed2).reserve(n)
        return dist_normal(gen, n, dtype).reshape(shp)

    def raw_truncated_normal(self, shape: Sequence[int], dtype: Any, seed: int | None,
                             seed2: int | None) -> np.ndarray:
        shp, n = _size_of(shape)
        gen = self.kernel_state("TruncatedNormal", dtype, seed, seed2).reserve(n)
        return dist_truncated_normal(gen, n, dtype).reshape(shp)

    def raw_random_uniform_int(self, shape: Sequence[int], minval: int, maxval: int,
                               dtype: Any, seed: int | None, seed2: int | None) -> np.ndarray:
        if not minval < maxval:
            raise ValueError(f"Need minval < maxval, got {minval} >= {maxval}")
        shp, n = _size_of(shape)
        gen = self.kernel_state("RandomUniformInt", dtype, seed, seed2).reserve(n)
        return dist_uniform_int(gen, n, minval, maxval, dtype).reshape(shp)

    # -- tf.random.* (random_ops.py), including their Python-level arithmetic --
    def uniform(self, shape: Sequence[int], minval: Any = 0, maxval: Any = None,
                dtype: Any = np.float32, seed: int | None = None) -> np.ndarray:
        """``tf.random.uniform``."""
        dt = _as_dtype(dtype)
        if maxval is None:
            if dt.kind in "iu":
                raise ValueError(f"Must specify maxval for integer dtype {dt}")
            maxval = 1
        minval_is_zero = isinstance(minval, int) and minval == 0
        maxval_is_one = isinstance(maxval, int) and maxval == 1
        s1, s2 = self.get_seed(seed)
        if dt.kind in "iu":
            return self.raw_random_uniform_int(shape, int(minval), int(maxval), dt, s1, s2)
        rnd = self.raw_random_uniform(shape, dt, s1, s2)
        return _scale_uniform(rnd, minval, maxval, dt, minval_is_zero, maxval_is_one)

    def normal(self, shape: Sequence[int], mean: Any = 0.0, stddev: Any = 1.0,
               dtype: Any = np.float32, seed: int | None = None) -> np.ndarray:
        """``tf.random.normal``: ``rnd * stddev + mean`` in ``dtype``."""
        dt = _as_dtype(dtype)
        s1, s2 = self.get_seed(seed)
        rnd = self.raw_random_standard_normal(shape, dt, s1, s2)
        return rnd * np.asarray(stddev, dt) + np.asarray(mean, dt)

    def truncated_normal(self, shape: Sequence[int], mean: Any = 0.0, stddev: Any = 1.0,
                         dtype: Any = np.float32, seed: int | None = None) -> np.ndarray:
        """``tf.random.truncated_normal``: ``rnd * stddev + mean`` in ``dtype``."""
        dt = _as_dtype(dtype)
        s1, s2 = self.get_seed(seed)
        rnd = self.raw_truncated_normal(shape, dt, s1, s2)
        return rnd * np.asarray(stddev, dt) + np.asarray(mean, dt)


def _scale_uniform(rnd: np.ndarray, minval: Any, maxval: Any, dt: np.dtype,
                   minval_is_zero: bool, maxval_is_one: bool) -> np.ndarray:
    """``random_ops.random_uniform``'s float tail: raw, ``* maxval`` or ``* (max-min) + min``."""
    if minval_is_zero:
        if maxval_is_one:
            return rnd
        return rnd * np.asarray(maxval, dt)
    lo, hi = np.asarray(minval, dt), np.asarray(maxval, dt)
    return rnd * (hi - lo) + lo


# --------------------------------------------------------------------------
# stateless ops (stateless_random_ops.cc / _v2.cc)
# --------------------------------------------------------------------------
def stateless_key_counter(seed: Sequence[int]) -> tuple[int, tuple[int, int]]:
    """``StatelessRandomGetKeyCounter`` (``GenerateKey``): seed pair -> (key, counter).

    seed0/seed1 are sign-extended to 64 bits (int32 or int64 seeds alike), put
    in the counter, hashed with key (0x3ec8f720, 0x02461e29); the output block
    gives key = (m0, m1) and counter = (0, 0, m2, m3).
    """
    s0, s1 = int(seed[0]) & _M64, int(seed[1]) & _M64
    mix = philox_blocks((s0 & _M32, s0 >> 32, s1 & _M32, s1 >> 32),
                        (0x3EC8F720, 0x02461E29), 1)[0]
    key = int(mix[0]) | (int(mix[1]) << 32)
    return key, (0, int(mix[2]) | (int(mix[3]) << 32))


def _stateless_gen(seed: Sequence[int]) -> PhiloxRandom:
    key, counter = stateless_key_counter(seed)
    return PhiloxRandom.from_key_counter(key, counter)


def stateless_uniform(shape: Sequence[int], seed: Sequence[int], minval: Any = 0,
                      maxval: Any = None, dtype: Any = np.float32) -> np.ndarray:
    """``tf.random.stateless_uniform`` (float: ``rnd * (max - min) + min``; int; full int)."""
    dt = _as_dtype(dtype)
    shp, n = _size_of(shape)
    gen = _stateless_gen(seed)
    if dt.kind in "iu":
        if minval is None and maxval is None:
            return dist_uniform_full_int(gen, n, dt).reshape(shp)
        if not int(minval) < int(maxval):
            raise ValueError("Need minval < maxval")
        return dist_uniform_int(gen, n, int(minval), int(maxval), dt).reshape(shp)
    if maxval is None:
        maxval = 1
    rnd = dist_uniform(gen, n, dt).reshape(shp)
    lo, hi = np.asarray(minval, dt), np.asarray(maxval, dt)
    return rnd * (hi - lo) + lo


def stateless_normal(shape: Sequence[int], seed: Sequence[int], mean: Any = 0.0,
                     stddev: Any = 1.0, dtype: Any = np.float32) -> np.ndarray:
    """``tf.random.stateless_normal``."""
    dt = _as_dtype(dtype)
    shp, n = _size_of(shape)
    rnd = dist_normal(_stateless_gen(seed), n, dt).reshape(shp)
    return rnd * np.asarray(stddev, dt) + np.asarray(mean, dt)


def stateless_truncated_normal(shape: Sequence[int], seed: Sequence[int], mean: Any = 0.0,
                               stddev: Any = 1.0, dtype: Any = np.float32) -> np.ndarray:
    """``tf.random.stateless_truncated_normal``."""
    dt = _as_dtype(dtype)
    shp, n = _size_of(shape)
    rnd = dist_truncated_normal(_stateless_gen(seed), n, dt).reshape(shp)
    return rnd * np.asarray(stddev, dt) + np.asarray(mean, dt)


def stateless_split(seed: Sequence[int], num: int = 2, dtype: Any = np.int32) -> np.ndarray:
    """``tf.random.split``: full-range ints of shape [num, 2] in the seed's dtype."""
    return stateless_uniform([num, 2], seed, None, None, dtype)


def stateless_fold_in(seed: Sequence[int], data: int, dtype: Any = np.int32) -> np.ndarray:
    """``tf.random.fold_in``: [full-range int from ``seed``, data] in ``data``'s dtype."""
    dt = _as_dtype(dtype)
    s1 = stateless_uniform([], seed, None, None, dt)
    return np.array([s1, data], dtype=dt)


# --------------------------------------------------------------------------
# tf.random.Generator (stateful_random_ops.py, Philox)
# --------------------------------------------------------------------------
def _to_int64(v: int) -> int:
    v &= _M64
    return v - (1 << 64) if v >= 1 << 63 else v


class GeneratorState:
    """``tf.random.Generator`` with the Philox algorithm.

    ``state`` is the int64[3] variable ``[counter_lo64, counter_hi64, key]``.
    Each sampling call does ``rng_read_and_skip(prod(shape))`` (counter +=
    256 * n) and runs the stateless V2 op on the old (key, counter).
    """

    __slots__ = ("state",)

    def __init__(self, state: Sequence[int]) -> None:
        if len(state) != 3:
            raise ValueError("Philox Generator state must have 3 elements")
        self.state = [_to_int64(int(s)) for s in state]

    @classmethod
    def from_seed(cls, seed: int | Sequence[int]) -> GeneratorState:
        """``Generator.from_seed`` -> ``create_rng_state``: 64-bit chunks, left-padded."""
        if isinstance(seed, (int, np.integer)):
            s = int(seed)
            words = []
            for _ in range(3):
                words.append(s & _M64)
                s >>= 64
        else:
            words = [int(w) for w in np.asarray(seed).reshape(-1)][:3]
            words = [0] * (3 - len(words)) + words
        return cls(words)

    def skip(self, delta: int) -> PhiloxRandom:
        """``rng_read_and_skip``: return the current generator, counter += 256 * delta."""
        c0, c1 = self.state[0] & _M64, self.state[1] & _M64
        gen = PhiloxRandom.from_key_counter(self.state[2], (c0, c1))
        nxt = gen.copy()
        nxt.skip((int(delta) * 256) & _M64)
        lo, hi = nxt.counter_u64()
        self.state[0], self.state[1] = _to_int64(lo), _to_int64(hi)
        return gen

    def uniform(self, shape: Sequence[int], minval: Any = 0, maxval: Any = None,
                dtype: Any = np.float32) -> np.ndarray:
        """``Generator.uniform`` (float: ``rnd * (max - min) + min``; ints; full ints)."""
        dt = _as_dtype(dtype)
        shp, n = _size_of(shape)
        if dt.kind in "iu":
            if minval is None and maxval is None:
                return dist_uniform_full_int(self.skip(n), n, dt).reshape(shp)
            return dist_uniform_int(self.skip(n), n, int(minval), int(maxval), dt).reshape(shp)
        if maxval is None:
            maxval = 1
        rnd = dist_uniform(self.skip(n), n, dt).reshape(shp)
        lo, hi = np.asarray(minval, dt), np.asarray(maxval, dt)
        return rnd * (hi - lo) + lo

    def uniform_full_int(self, shape: Sequence[int], dtype: Any = np.uint64) -> np.ndarray:
        shp, n = _size_of(shape)
        return dist_uniform_full_int(self.skip(n), n, dtype).reshape(shp)

    def normal(self, shape: Sequence[int], mean: Any = 0.0, stddev: Any = 1.0,
               dtype: Any = np.float32) -> np.ndarray:
        dt = _as_dtype(dtype)
        shp, n = _size_of(shape)
        rnd = dist_normal(self.skip(n), n, dt).reshape(shp)
        return rnd * np.asarray(stddev, dt) + np.asarray(mean, dt)

    def truncated_normal(self, shape: Sequence[int], mean: Any = 0.0, stddev: Any = 1.0,
                         dtype: Any = np.float32) -> np.ndarray:
        dt = _as_dtype(dtype)
        shp, n = _size_of(shape)
        rnd = dist_truncated_normal(self.skip(n), n, dt).reshape(shp)
        return rnd * np.asarray(stddev, dt) + np.asarray(mean, dt)

    def make_seeds(self, count: int = 1) -> np.ndarray:
        """``Generator.make_seeds``: int64 [2, count] = [keys; zeros]."""
        keys = self.uniform_full_int([count], np.int64)
        return np.stack([keys, np.zeros_like(keys)])

    def split(self, count: int = 1) -> list[GeneratorState]:
        """``Generator.split``: keys = uniform_full_int([count], int64); child state [0, 0, key]."""
        keys = self.uniform_full_int([count], np.int64)
        return [GeneratorState([0, 0, int(k)]) for k in keys]


# --------------------------------------------------------------------------
# RandomShuffle (shuffle_common.h) and Multinomial (multinomial_op.cc)
# --------------------------------------------------------------------------
def random_shuffle(state: GuardedPhilox, value: np.ndarray) -> np.ndarray:
    """``RandomShuffle``: Fisher-Yates along axis 0 with ``size - 1`` 32-bit samples.

    Nothing is reserved when ``value.size <= 1`` or ``dim 0 <= 1``; otherwise
    ``ReserveSamples32(size - 1)`` and ``ShuffleRange``: for i in [0, n - 1)
    swap i with ``i + word[i] % (n - i)`` (words of one ``SingleSampleAdapter``).
    The random words and moduli are vectorised; the swaps are a short list loop.
    """
    if value.ndim == 0 or value.size <= 1 or value.shape[0] <= 1:
        return value
    n = value.shape[0]
    gen = state.reserve_samples128((n - 1 + 3) // 4)
    words = gen.blocks(-(-(n - 1) // 4)).ravel()[: n - 1].astype(np.uint64)
    j = (words % (n - np.arange(n - 1, dtype=np.uint64)) + np.arange(n - 1, dtype=np.uint64)).tolist()
    perm = list(range(n))
    for i, k in enumerate(j):
        perm[i], perm[k] = perm[k], perm[i]
    return value[np.asarray(perm, dtype=np.intp)]


def _parallel_for_starts(n: int, cost: int, threads: int) -> list[int]:
    """First rows of the blocks Eigen's ``ThreadPoolDevice::parallelFor`` runs.

    ``Shard`` -> ``ThreadPool::ParallelFor(n, TensorOpCost(0, 0, cost))``: one
    block unless the cost model wants more than one thread, else
    ``CalculateParallelForBlock``; ``handleRange`` cuts at multiples of the size.
    """
    if n <= 1 or threads <= 1:
        return [0]
    want = (n * float(cost) - 100000) / 100000 + 0.9
    if min(threads, max(1, int(min(want, 2**31 - 1)))) == 1:
        return [0]
    block_size_f = 1.0 / (float(cost) / 40000)
    block = min(n, max(-(-n // (4 * threads)), int(block_size_f)))
    max_block = min(n, 2 * block)
    count = -(-n // block)
    eff = count / (-(-count // threads) * threads)
    prev = count
    while eff < 1.0 and prev > 1:
        coarser = -(-n // (prev - 1))
        if coarser > max_block:
            break
        ccount = -(-n // coarser)
        prev = ccount
        ceff = ccount / (-(-ccount // threads) * threads)
        if ceff + 0.01 >= eff:
            block, count = coarser, ccount
            eff = max(eff, ceff)
    return list(range(0, n, block))


def _lowest(dt: np.dtype) -> float:
    return float(np.finfo(dt).min)


def multinomial(gen: PhiloxRandom, logits: np.ndarray, num_samples: int,
                out_dtype: Any = np.int64, threads: int | None = None) -> np.ndarray:
    """``MultinomialFunctor<CPUDevice>`` on an already reserved generator.

    Per row: cdf = running sum over finite logits of ``exp(logit - max)``
    (double; Eigen's packet exp on the first ``4 * (classes // 4)`` columns,
    glibc ``exp`` on the rest), each sample ``upper_bound(cdf, RandDouble() *
    total)``.  Rows are sharded as TF's thread pool does (``threads`` defaults
    to the schedulable CPUs, TF's default): a shard starting at row ``s`` skips
    ``s * (num_samples + 3) / 4`` blocks, then draws 2 words per sample in order.
    """
    from tfshim.kernels import eigen_math

    batch, classes = logits.shape
    out = np.empty((batch, num_samples), dtype=out_dtype)
    if batch == 0 or num_samples == 0:
        return out
    x = logits.astype(np.float64)
    finite = np.isfinite(logits)
    mx = np.where(finite, logits, logits.dtype.type(_lowest(logits.dtype))).max(axis=1)
    k = classes - classes % 4
    with np.errstate(all="ignore"):
        z = x - mx.astype(np.float64)[:, None]
        e = np.empty_like(z)
        if k:
            e[:, :k] = eigen_math.exp(np.ascontiguousarray(z[:, :k])).reshape(batch, k)
        if k < classes:
            e[:, k:] = eigen_math._libm("exp", np.ascontiguousarray(z[:, k:]).ravel()).reshape(batch, -1)
    cdf = np.cumsum(np.where(finite, e, 0.0), axis=1)
    total = cdf[:, -1]
    cost = int(50 * (num_samples * np.log(classes) / np.log(2) + classes))
    starts = _parallel_for_starts(batch, cost, intra_op_threads() if threads is None else threads)
    words_per_row = 2 * num_samples
    for si, s in enumerate(starts):
        end = starts[si + 1] if si + 1 < len(starts) else batch
        g = gen.copy()
        g.skip(s * (num_samples + 3) // 4)
        nw = (end - s) * words_per_row
        w = g.blocks(-(-nw // 4)).ravel()[:nw].reshape(end - s, num_samples, 2)
        u = _uint64_to_double(w[..., 0], w[..., 1])
        for r in range(s, end):
            out[r] = np.searchsorted(cdf[r], u[r - s] * total[r], side="right")
    return out


def multinomial_reserve(state: GuardedPhilox, batch: int, num_samples: int) -> PhiloxRandom:
    """``ReserveRandomOutputs(batch * ceil4(num_samples) * 2, 256)`` (CPU draws doubles)."""
    return state.reserve(batch * ((num_samples + 3) // 4 * 4) * 2)


def stateless_multinomial(logits: np.ndarray, num_samples: int, seed: Sequence[int],
                          out_dtype: Any = np.int64) -> np.ndarray:
    """``StatelessMultinomial``: a fresh generator at the scrambled (key, counter)."""
    key, counter = stateless_key_counter(seed)
    gen = PhiloxRandom.from_key_counter(key, counter)
    batch = logits.shape[0]
    if batch == 0 or num_samples == 0:
        return np.empty((batch, num_samples), dtype=out_dtype)
    return multinomial(gen, logits, num_samples, out_dtype)
