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

Box-Muller uses glibc's ``logf``/``sincosf`` (what TF's CPU kernels call on
Linux); they are reimplemented exactly (checked against libm on all 2**23
possible inputs); double ``log`` is glibc's FMA build, reimplemented with exact
FMA emulation; double sin/cos use NumPy's float64 sin/cos (libm calls).
"""

from __future__ import annotations

import os
import random as _pyrandom
from collections.abc import Sequence
from typing import Any

import numpy as np

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


# --------------------------------------------------------------------------
# glibc logf / sincosf (ARM optimized-routines code in glibc >= 2.28)
# --------------------------------------------------------------------------
def _hx(s: str) -> float:
    return float.fromhex(s)


_LOGF_TAB = np.array([[_hx(a), _hx(b)] for a, b in (
    ("0x1.661ec79f8f3bep+0", "-0x1.57bf7808caadep-2"),
    ("0x1.571ed4aaf883dp+0", "-0x1.2bef0a7c06ddbp-2"),
    ("0x1.49539f0f010bp+0", "-0x1.01eae7f513a67p-2"),
    ("0x1.3c995b0b80385p+0", "-0x1.b31d8a68224e9p-3"),
    ("0x1.30d190c8864a5p+0", "-0x1.6574f0ac07758p-3"),
    ("0x1.25e227b0b8eap+0", "-0x1.1aa2bc79c81p-3"),
    ("0x1.1bb4a4a1a343fp+0", "-0x1.a4e76ce8c0e5ep-4"),
    ("0x1.12358f08ae5bap+0", "-0x1.1973c5a611cccp-4"),
    ("0x1.0953f419900a7p+0", "-0x1.252f438e10c1ep-5"),
    ("0x1p+0", "0x0p+0"),
    ("0x1.e608cfd9a47acp-1", "0x1.aa5aa5df25984p-5"),
    ("0x1.ca4b31f026aap-1", "0x1.c5e53aa362eb4p-4"),
    ("0x1.b2036576afce6p-1", "0x1.526e57720db08p-3"),
    ("0x1.9c2d163a1aa2dp-1", "0x1.bc2860d22477p-3"),
    ("0x1.886e6037841edp-1", "0x1.1058bc8a07ee1p-2"),
    ("0x1.767dcf5534862p-1", "0x1.4043057b6ee09p-2"),
)], dtype=np.float64)
_LOGF_INVC = np.ascontiguousarray(_LOGF_TAB[:, 0])
_LOGF_LOGC = np.ascontiguousarray(_LOGF_TAB[:, 1])
_LOGF_LN2 = _hx("0x1.62e42fefa39efp-1")
_LOGF_A = (_hx("-0x1.00ea348b88334p-2"), _hx("0x1.5575b0be00b6ap-2"),
           _hx("-0x1.ffffef20a4123p-2"))

_SC_HPI_INV = _hx("0x1.45F306DC9C883p+23")  # 2/pi * 2**24 (!TOINT_INTRINSICS)
_SC_HPI = _hx("0x1.921FB54442D18p0")
# __sincosf_table[0]: c0..c4 (cosine), s1..s3 (sine)
_SC_C = tuple(_hx(s) for s in ("0x1p0", "-0x1.ffffffd0c621cp-2", "0x1.55553e1068f19p-5",
                                "-0x1.6c087e89a359dp-10", "0x1.99343027bf8c3p-16"))
_SC_S = tuple(_hx(s) for s in ("-0x1.555545995a603p-3", "0x1.1107605230bc4p-7",
                                "-0x1.994eb3774cf24p-13"))


def glibc_logf(ix: np.ndarray) -> np.ndarray:
    """glibc ``logf`` for the uint32 bits ``ix`` of positive normal floats.

    Reproduces sysdeps/ieee754/flt-32/e_logf.c (table of 16 (1/c, log c),
    degree-4 polynomial in double, rounded once to float).
    """
    ix = np.asarray(ix, dtype=np.uint32)
    tmp = ix - np.uint32(0x3F330000)
    i = (tmp >> np.uint32(19)) & np.uint32(15)
    k = tmp.view(np.int32) >> np.int32(23)
    iz = ix - (tmp & np.uint32(0xFF800000))
    z = iz.view(np.float32).astype(np.float64)
    r = z * _LOGF_INVC[i]
    r -= 1.0
    y0 = k.astype(np.float64)
    y0 *= _LOGF_LN2
    y0 += _LOGF_LOGC[i]
    r2 = r * r
    y = _LOGF_A[1] * r
    y += _LOGF_A[2]
    t = _LOGF_A[0] * r2
    y += t
    y *= r2
    y0 += r
    y += y0
    out = y.astype(np.float32)
    out[ix == np.uint32(0x3F800000)] = 0.0  # logf(1) is +0 in every rounding mode
    return out


def glibc_sincosf(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """glibc ``sincosf`` for float32 ``v`` in [0, 120) (Box-Muller needs [0, 2pi)).

    Reproduces sysdeps/ieee754/flt-32/s_sincosf.c: |x| < 2**-12 -> (x, 1);
    top12(x) < top12(pi/4) -> polynomial; otherwise ``reduce_fast`` to a
    quadrant ``n`` and the polynomial of the reduced argument.  The
    quadrant handling (sign table, negated cosine table, sin/cos swap) maps to
    (S, C) -> (S, C), (C, -S), (-S, -C), (-C, S) exactly, since the odd/even
    polynomials commute with negation bit for bit.
    """
    v = np.asarray(v, dtype=np.float32)
    iv = v.view(np.uint32)
    x = v.astype(np.float64)
    r = x * _SC_HPI_INV
    n = r.astype(np.int32)
    n += np.int32(0x800000)
    n >>= np.int32(24)
    n[iv < np.uint32(0x3F400000)] = 0  # abstop12(x) < abstop12(pi/4f): no reduction
    xr = n.astype(np.float64)
    xr *= -_SC_HPI
    xr += x
    x2 = xr * xr
    x4 = x2 * x2
    x3 = x2 * xr
    c2 = _SC_C[4] * x2
    c2 += _SC_C[3]
    s1 = _SC_S[2] * x2
    s1 += _SC_S[1]
    c1 = _SC_C[1] * x2
    c1 += _SC_C[0]
    x5 = x3 * x2
    x6 = x4 * x2
    s = x3 * _SC_S[0]
    s += xr
    c = x4 * _SC_C[2]
    c += c1
    x5 *= s1
    s += x5
    x6 *= c2
    c += x6
    sp = s.astype(np.float32)
    cp = c.astype(np.float32)
    odd = (n & 1).astype(bool)
    sin_o = np.where(odd, cp, sp)
    cos_o = np.where(odd, sp, cp)
    # sign of sin flips for n&3 in {2, 3}; of cos for n&3 in {1, 2}
    sflip = ((n & 2) != 0).astype(np.uint32) << np.uint32(31)
    cflip = (((n + 1) & 2) != 0).astype(np.uint32) << np.uint32(31)
    sin_o = (sin_o.view(np.uint32) ^ sflip).view(np.float32)
    cos_o = (cos_o.view(np.uint32) ^ cflip).view(np.float32)
    tiny = iv < np.uint32(0x39800000)
    if tiny.any():
        sin_o[tiny] = v[tiny]
        cos_o[tiny] = 1.0
    return sin_o, cos_o


# glibc 2.28+ double ``log`` as built for x86-64 with FMA (``__ieee754_log_fma``);
# the table is glibc's ``__log_data`` (sysdeps/ieee754/dbl-64/e_log_data.c).
_LOG_TAB = np.array([_hx(s) for s in """
0x1.734f0c3e0de9fp+0 -0x1.7cc7f79e69000p-2
0x1.713786a2ce91fp+0 -0x1.76feec20d0000p-2
0x1.6f26008fab5a0p+0 -0x1.713e31351e000p-2
0x1.6d1a61f138c7dp+0 -0x1.6b85b38287800p-2
0x1.6b1490bc5b4d1p+0 -0x1.65d5590807800p-2
0x1.69147332f0cbap+0 -0x1.602d076180000p-2
0x1.6719f18224223p+0 -0x1.5a8ca86909000p-2
0x1.6524f99a51ed9p+0 -0x1.54f4356035000p-2
0x1.63356aa8f24c4p+0 -0x1.4f637c36b4000p-2
0x1.614b36b9ddc14p+0 -0x1.49da7fda85000p-2
0x1.5f66452c65c4cp+0 -0x1.445923989a800p-2
0x1.5d867b5912c4fp+0 -0x1.3edf439b0b800p-2
0x1.5babccb5b90dep+0 -0x1.396ce448f7000p-2
0x1.59d61f2d91a78p+0 -0x1.3401e17bda000p-2
0x1.5805612465687p+0 -0x1.2e9e2ef468000p-2
0x1.56397cee76bd3p+0 -0x1.2941b3830e000p-2
0x1.54725e2a77f93p+0 -0x1.23ec58cda8800p-2
0x1.52aff42064583p+0 -0x1.1e9e129279000p-2
0x1.50f22dbb2bddfp+0 -0x1.1956d2b48f800p-2
0x1.4f38f4734ded7p+0 -0x1.141679ab9f800p-2
0x1.4d843cfde2840p+0 -0x1.0edd094ef9800p-2
0x1.4bd3ec078a3c8p+0 -0x1.09aa518db1000p-2
0x1.4a27fc3e0258ap+0 -0x1.047e65263b800p-2
0x1.4880524d48434p+0 -0x1.feb224586f000p-3
0x1.46dce1b192d0bp+0 -0x1.f474a7517b000p-3
0x1.453d9d3391854p+0 -0x1.ea4443d103000p-3
0x1.43a2744b4845ap+0 -0x1.e020d44e9b000p-3
0x1.420b54115f8fbp+0 -0x1.d60a22977f000p-3
0x1.40782da3ef4b1p+0 -0x1.cc00104959000p-3
0x1.3ee8f5d57fe8fp+0 -0x1.c202956891000p-3
0x1.3d5d9a00b4ce9p+0 -0x1.b81178d811000p-3
0x1.3bd60c010c12bp+0 -0x1.ae2c9ccd3d000p-3
0x1.3a5242b75dab8p+0 -0x1.a45402e129000p-3
0x1.38d22cd9fd002p+0 -0x1.9a877681df000p-3
0x1.3755bc5847a1cp+0 -0x1.90c6d69483000p-3
0x1.35dce49ad36e2p+0 -0x1.87120a645c000p-3
0x1.34679984dd440p+0 -0x1.7d68fb4143000p-3
0x1.32f5cceffcb24p+0 -0x1.73cb83c627000p-3
0x1.3187775a10d49p+0 -0x1.6a39a9b376000p-3
0x1.301c8373e3990p+0 -0x1.60b3154b7a000p-3
0x1.2eb4ebb95f841p+0 -0x1.5737d76243000p-3
0x1.2d50a0219a9d1p+0 -0x1.4dc7b8fc23000p-3
0x1.2bef9a8b7fd2ap+0 -0x1.4462c51d20000p-3
0x1.2a91c7a0c1babp+0 -0x1.3b08abc830000p-3
0x1.293726014b530p+0 -0x1.31b996b490000p-3
0x1.27dfa5757a1f5p+0 -0x1.2875490a44000p-3
0x1.268b39b1d3bbfp+0 -0x1.1f3b9f879a000p-3
0x1.2539d838ff5bdp+0 -0x1.160c8252ca000p-3
0x1.23eb7aac9083bp+0 -0x1.0ce7f57f72000p-3
0x1.22a012ba940b6p+0 -0x1.03cdc49fea000p-3
0x1.2157996cc4132p+0 -0x1.f57bdbc4b8000p-4
0x1.201201dd2fc9bp+0 -0x1.e370896404000p-4
0x1.1ecf4494d480bp+0 -0x1.d17983ef94000p-4
0x1.1d8f5528f6569p+0 -0x1.bf9674ed8a000p-4
0x1.1c52311577e7cp+0 -0x1.adc79202f6000p-4
0x1.1b17c74cb26e9p+0 -0x1.9c0c3e7288000p-4
0x1.19e010c2c1ab6p+0 -0x1.8a646b372c000p-4
0x1.18ab07bb670bdp+0 -0x1.78d01b3ac0000p-4
0x1.1778a25efbcb6p+0 -0x1.674f145380000p-4
0x1.1648d354c31dap+0 -0x1.55e0e6d878000p-4
0x1.151b990275fddp+0 -0x1.4485cdea1e000p-4
0x1.13f0ea432d24cp+0 -0x1.333d94d6aa000p-4
0x1.12c8b7210f9dap+0 -0x1.22079f8c56000p-4
0x1.11a3028ecb531p+0 -0x1.10e4698622000p-4
0x1.107fbda8434afp+0 -0x1.ffa6c6ad20000p-5
0x1.0f5ee0f4e6bb3p+0 -0x1.dda8d4a774000p-5
0x1.0e4065d2a9fcep+0 -0x1.bbcece4850000p-5
0x1.0d244632ca521p+0 -0x1.9a1894012c000p-5
0x1.0c0a77ce2981ap+0 -0x1.788583302c000p-5
0x1.0af2f83c636d1p+0 -0x1.5715e67d68000p-5
0x1.09ddb98a01339p+0 -0x1.35c8a49658000p-5
0x1.08cabaf52e7dfp+0 -0x1.149e364154000p-5
0x1.07b9f2f4e28fbp+0 -0x1.e72c082eb8000p-6
0x1.06ab58c358f19p+0 -0x1.a55f152528000p-6
0x1.059eea5ecf92cp+0 -0x1.63d62cf818000p-6
0x1.04949cdd12c90p+0 -0x1.228fb8caa0000p-6
0x1.038c6c6f0ada9p+0 -0x1.c317b20f90000p-7
0x1.02865137932a9p+0 -0x1.419355daa0000p-7
0x1.0182427ea7348p+0 -0x1.81203c2ec0000p-8
0x1.008040614b195p+0 -0x1.0040979240000p-9
0x1.fe01ff726fa1ap-1 0x1.feff384900000p-9
0x1.fa11cc261ea74p-1 0x1.7dc41353d0000p-7
0x1.f6310b081992ep-1 0x1.3cea3c4c28000p-6
0x1.f25f63ceeadcdp-1 0x1.b9fc114890000p-6
0x1.ee9c8039113e7p-1 0x1.1b0d8ce110000p-5
0x1.eae8078cbb1abp-1 0x1.58a5bd001c000p-5
0x1.e741aa29d0c9bp-1 0x1.95c8340d88000p-5
0x1.e3a91830a99b5p-1 0x1.d276aef578000p-5
0x1.e01e009609a56p-1 0x1.07598e598c000p-4
0x1.dca01e577bb98p-1 0x1.253f5e30d2000p-4
0x1.d92f20b7c9103p-1 0x1.42edd8b380000p-4
0x1.d5cac66fb5ccep-1 0x1.606598757c000p-4
0x1.d272caa5ede9dp-1 0x1.7da76356a0000p-4
0x1.cf26e3e6b2ccdp-1 0x1.9ab434e1c6000p-4
0x1.cbe6da2a77902p-1 0x1.b78c7bb0d6000p-4
0x1.c8b266d37086dp-1 0x1.d431332e72000p-4
0x1.c5894bd5d5804p-1 0x1.f0a3171de6000p-4
0x1.c26b533bb9f8cp-1 0x1.067152b914000p-3
0x1.bf583eeece73fp-1 0x1.147858292b000p-3
0x1.bc4fd75db96c1p-1 0x1.2266ecdca3000p-3
0x1.b951e0c864a28p-1 0x1.303d7a6c55000p-3
0x1.b65e2c5ef3e2cp-1 0x1.3dfc33c331000p-3
0x1.b374867c9888bp-1 0x1.4ba366b7a8000p-3
0x1.b094b211d304ap-1 0x1.5933928d1f000p-3
0x1.adbe885f2ef7ep-1 0x1.66acd2418f000p-3
0x1.aaf1d31603da2p-1 0x1.740f8ec669000p-3
0x1.a82e63fd358a7p-1 0x1.815c0f51af000p-3
0x1.a5740ef09738bp-1 0x1.8e92954f68000p-3
0x1.a2c2a90ab4b27p-1 0x1.9bb3602f84000p-3
0x1.a01a01393f2d1p-1 0x1.a8bed1c2c0000p-3
0x1.9d79f24db3c1bp-1 0x1.b5b515c01d000p-3
0x1.9ae2505c7b190p-1 0x1.c2967ccbcc000p-3
0x1.9852ef297ce2fp-1 0x1.cf635d5486000p-3
0x1.95cbaeea44b75p-1 0x1.dc1bd3446c000p-3
0x1.934c69de74838p-1 0x1.e8c01b8cfe000p-3
0x1.90d4f2f6752e6p-1 0x1.f5509c0179000p-3
0x1.8e6528effd79dp-1 0x1.00e6c121fb800p-2
0x1.8bfce9fcc007cp-1 0x1.071b80e93d000p-2
0x1.899c0dabec30ep-1 0x1.0d46b9e867000p-2
0x1.87427aa2317fbp-1 0x1.13687334bd000p-2
0x1.84f00acb39a08p-1 0x1.1980d67234800p-2
0x1.82a49e8653e55p-1 0x1.1f8ffe0cc8000p-2
0x1.8060195f40260p-1 0x1.2595fd7636800p-2
0x1.7e22563e0a329p-1 0x1.2b9300914a800p-2
0x1.7beb377dcb5adp-1 0x1.3187210436000p-2
0x1.79baa679725c2p-1 0x1.377266dec1800p-2
0x1.77907f2170657p-1 0x1.3d54ffbaf3000p-2
0x1.756cadbd6130cp-1 0x1.432eee32fe000p-2
""".split()], dtype=np.float64).reshape(128, 2)
_LOG_LN2HI, _LOG_LN2LO = _hx("0x1.62e42fefa3800p-1"), _hx("0x1.ef35793c76730p-45")
_LOG_A = tuple(_hx(s) for s in """
-0x1.0000000000001p-1 0x1.555555551305bp-2 -0x1.fffffffeb4590p-3
0x1.999b324f10111p-3 -0x1.55575e506c89fp-3
""".split())
_LOG_B = tuple(_hx(s) for s in """
-0x1.0000000000000p-1 0x1.5555555555577p-2 -0x1.ffffffffffdcbp-3
0x1.999999995dd0cp-3 -0x1.55555556745a7p-3 0x1.24924a344de30p-3
-0x1.fffffa4423d65p-4 0x1.c7184282ad6cap-4 -0x1.999eb43b068ffp-4
0x1.78182f7afd085p-4 -0x1.5521375d145cdp-4
""".split())
_LOG_INVC = np.ascontiguousarray(_LOG_TAB[:, 0])
_LOG_LOGC = np.ascontiguousarray(_LOG_TAB[:, 1])
_SPLIT = 134217729.0  # Veltkamp split constant 2**27 + 1


def _fma(a: Any, b: Any, c: Any) -> np.ndarray:
    """fma(a, b, c) in float64: exact product (Dekker) + compensated sum."""
    p = a * b
    t = _SPLIT * a
    ah = t - (t - a)
    al = a - ah
    t = _SPLIT * b
    bh = t - (t - b)
    bl = b - bh
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    bb = s - p
    err = (p - (s - bb)) + (c - bb)
    return s + (err + e)


def glibc_log(x: np.ndarray) -> np.ndarray:
    """glibc ``log`` (e_log.c, FMA build) for positive normal float64 ``x``.

    Follows the instruction sequence of ``__ieee754_log_fma`` (the variant
    glibc selects on CPUs with FMA): every fused multiply-add is emulated
    exactly, products that are exact in double are left unfused.
    """
    x = np.asarray(x, dtype=np.float64)
    ix = x.view(np.uint64)
    out = np.empty_like(x)
    near = (ix - np.uint64(0x3FEE000000000000)) < np.uint64(0x3090000000000)  # |x-1| small
    m = ~near
    xm = ix[m]
    tmp = xm - np.uint64(0x3FE6000000000000)
    i = ((tmp >> np.uint64(45)) & np.uint64(0x7F)).astype(np.intp)
    kd = (tmp.view(np.int64) >> np.int64(52)).astype(np.float64)
    z = (xm - (tmp & np.uint64(0xFFF0000000000000))).view(np.float64)
    w = kd * _LOG_LN2HI + _LOG_LOGC[i]  # kd * Ln2hi is exact
    r = _fma(z, _LOG_INVC[i], -1.0)
    a21 = _fma(r, _LOG_A[2], _LOG_A[1])
    hi = r + w
    r2 = r * r
    lo = _fma(kd, _LOG_LN2LO, (w - hi) + r)
    r3 = r * r2
    a43 = _fma(r, _LOG_A[4], _LOG_A[3])
    lo = _fma(r2, _LOG_A[0], lo)
    out[m] = _fma(r3, _fma(a43, r2, a21), lo) + hi
    if near.any():
        b = _LOG_B
        r = x[near] - 1.0
        p2 = _fma(r2 := r * r, b[3], _fma(r, b[2], b[1]))
        p3 = _fma(r2, b[6], _fma(r, b[5], b[4]))
        r3 = r * r2
        p1 = _fma(r3, b[10], _fma(r2, b[9], _fma(r, b[8], b[7])))
        p1 = _fma(_fma(p1, r3, p3), r3, p2)
        w = r * 134217728.0
        rhi = (w + r) - w
        rr = rhi * rhi  # exact: rhi has 26 bits; rr * B[0] is exact too
        hi = rr * b[0] + r
        lo = rr * b[0] + (r - hi)
        lo = _fma(b[0] * (r - rhi), r + rhi, lo)
        out[near] = hi + _fma(p1, r3, lo)
    out[ix == np.uint64(0x3FF0000000000000)] = 0.0
    return out


_MAN23 = np.uint32(0x7FFFFF)
_ONE_F32 = np.uint32(0x3F800000)
_LUT_MIN_PAIRS = 1 << 16
_lut: dict[str, np.ndarray] = {}


def _u2_of_mantissa(m: np.ndarray) -> np.ndarray:
    """sqrt(-2 logf(max(u, 1e-7f))) with u = Uint32ToFloat of a 23-bit mantissa."""
    u = (m | _ONE_F32).view(np.float32) - np.float32(1.0)
    u = np.maximum(u, np.float32(1.0e-7))
    return np.sqrt(np.float32(-2.0) * glibc_logf(u.view(np.uint32)))


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
            s, c = glibc_sincosf(_v1_of_mantissa(m))
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
        s, c = glibc_sincosf(_v1_of_mantissa(m1))
        sc = np.stack([s, c], axis=1)
    sc *= u2[:, None]
    return sc


def box_muller_double(x0: np.ndarray, x1: np.ndarray, x2: np.ndarray,
                      x3: np.ndarray) -> np.ndarray:
    """``BoxMullerDouble``: returns (n, 2) float64 [d0, d1].

    ``log`` is glibc's (``glibc_log``); sin/cos are NumPy's float64 ones, which
    call libm on NumPy 1.25+ (equal to glibc ``sincos``; checked on 5e6 inputs).
    """
    u1 = _uint64_to_double(x0, x1)
    u1 = np.maximum(u1, 1.0e-7)
    v1 = (2.0 * np.pi) * _uint64_to_double(x2, x3)
    u2 = np.sqrt(-2.0 * glibc_log(u1))
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


def _intra_op_threads() -> int:
    """TF's default intra-op pool size: the schedulable CPUs (``port::MaxParallelism``)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - non-Linux
        return os.cpu_count() or 1


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
    starts = _parallel_for_starts(batch, cost, _intra_op_threads() if threads is None else threads)
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
