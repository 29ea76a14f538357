"""The string hashes behind tf.strings.to_hash_bucket*, bit-exact with TF's C++:

* `fingerprint64`: FarmHash's Fingerprint64 (farmhashna::Hash64), TF's `Fingerprint64`, used by
  `to_hash_bucket_fast` (StringToHashBucketFast);
* `hash64`: TF's own `Hash64` (tensorflow/core/lib/hash/hash.cc, a MurmurHash64A variant with
  seed 0xDECAFCAFFE), used by the legacy `to_hash_bucket` (StringToHashBucket);
* `siphash`: SipHash-2-4 with a 128-bit key, TF's `StrongKeyedHash`, used by `to_hash_bucket_strong`.

Written from the published algorithms with Python integers masked to 64 bits (strings are short;
each hash is a handful of multiply/rotate steps per 8 bytes).
"""

from __future__ import annotations

_M64 = (1 << 64) - 1

# FarmHash's constants.
_K0 = 0xC3A5C85C97CB3127
_K1 = 0xB492B66FBE98F273
_K2 = 0x9AE16A3B2F90404F


def _fetch64(s: bytes, i: int) -> int:
    return int.from_bytes(s[i:i + 8], "little")


def _fetch32(s: bytes, i: int) -> int:
    return int.from_bytes(s[i:i + 4], "little")


def _rotate(v: int, shift: int) -> int:
    """Right rotation of a 64-bit value."""
    return v if shift == 0 else ((v >> shift) | (v << (64 - shift))) & _M64


def _shift_mix(v: int) -> int:
    return v ^ (v >> 47)


def _hash_len16(u: int, v: int, mul: int) -> int:
    a = ((u ^ v) * mul) & _M64
    a ^= a >> 47
    b = ((v ^ a) * mul) & _M64
    b ^= b >> 47
    return (b * mul) & _M64


def _hash_len0to16(s: bytes) -> int:
    n = len(s)
    if n >= 8:
        mul = _K2 + n * 2
        a = (_fetch64(s, 0) + _K2) & _M64
        b = _fetch64(s, n - 8)
        c = (_rotate(b, 37) * mul + a) & _M64
        d = ((_rotate(a, 25) + b) * mul) & _M64
        return _hash_len16(c, d, mul)
    if n >= 4:
        mul = _K2 + n * 2
        a = _fetch32(s, 0)
        return _hash_len16((n + (a << 3)) & _M64, _fetch32(s, n - 4), mul)
    if n > 0:
        y = (s[0] + (s[n >> 1] << 8)) & 0xFFFFFFFF
        z = (n + (s[n - 1] << 2)) & 0xFFFFFFFF
        return (_shift_mix(((y * _K2) ^ (z * _K0)) & _M64) * _K2) & _M64
    return _K2


def _hash_len17to32(s: bytes) -> int:
    n = len(s)
    mul = _K2 + n * 2
    a = (_fetch64(s, 0) * _K1) & _M64
    b = _fetch64(s, 8)
    c = (_fetch64(s, n - 8) * mul) & _M64
    d = (_fetch64(s, n - 16) * _K2) & _M64
    return _hash_len16((_rotate((a + b) & _M64, 43) + _rotate(c, 30) + d) & _M64,
                       (a + _rotate((b + _K2) & _M64, 18) + c) & _M64, mul)


def _hash_len33to64(s: bytes) -> int:
    n = len(s)
    mul = _K2 + n * 2
    a = (_fetch64(s, 0) * _K2) & _M64
    b = _fetch64(s, 8)
    c = (_fetch64(s, n - 8) * mul) & _M64
    d = (_fetch64(s, n - 16) * _K2) & _M64
    y = (_rotate((a + b) & _M64, 43) + _rotate(c, 30) + d) & _M64
    z = _hash_len16(y, (a + _rotate((b + _K2) & _M64, 18) + c) & _M64, mul)
    e = (_fetch64(s, 16) * mul) & _M64
    f = _fetch64(s, 24)
    g = ((y + _fetch64(s, n - 32)) * mul) & _M64
    h = ((z + _fetch64(s, n - 24)) * mul) & _M64
    return _hash_len16((_rotate((e + f) & _M64, 43) + _rotate(g, 30) + h) & _M64,
                       (e + _rotate((f + a) & _M64, 18) + g) & _M64, mul)


def _weak_hash_len32_with_seeds(s: bytes, i: int, a: int, b: int) -> tuple:
    w, x, y, z = _fetch64(s, i), _fetch64(s, i + 8), _fetch64(s, i + 16), _fetch64(s, i + 24)
    a = (a + w) & _M64
    b = _rotate((b + a + z) & _M64, 21)
    c = a
    a = (a + x + y) & _M64
    b = (b + _rotate(a, 44)) & _M64
    return (a + z) & _M64, (b + c) & _M64


def fingerprint64(s: bytes) -> int:
    """FarmHash Fingerprint64 (farmhashna::Hash64) of `s`, as an unsigned 64-bit int."""
    n = len(s)
    if n <= 16:
        return _hash_len0to16(s)
    if n <= 32:
        return _hash_len17to32(s)
    if n <= 64:
        return _hash_len33to64(s)
    seed = 81
    x = seed
    y = (seed * _K1 + 113) & _M64
    z = (_shift_mix((y * _K2 + 113) & _M64) * _K2) & _M64
    v0 = v1 = w0 = w1 = 0
    x = (x * _K2 + _fetch64(s, 0)) & _M64
    end = ((n - 1) // 64) * 64
    last64 = end + ((n - 1) & 63) - 63
    p = 0
    while True:
        x = (_rotate((x + y + v0 + _fetch64(s, p + 8)) & _M64, 37) * _K1) & _M64
        y = (_rotate((y + v1 + _fetch64(s, p + 48)) & _M64, 42) * _K1) & _M64
        x ^= w1
        y = (y + v0 + _fetch64(s, p + 40)) & _M64
        z = (_rotate((z + w0) & _M64, 33) * _K1) & _M64
        v0, v1 = _weak_hash_len32_with_seeds(s, p, (v1 * _K1) & _M64, (x + w0) & _M64)
        w0, w1 = _weak_hash_len32_with_seeds(s, p + 32, (z + w1) & _M64, (y + _fetch64(s, p + 16)) & _M64)
        z, x = x, z
        p += 64
        if p == end:
            break
    mul = _K1 + ((z & 0xFF) << 1)
    p = last64
    w0 = (w0 + ((n - 1) & 63)) & _M64
    v0 = (v0 + w0) & _M64
    w0 = (w0 + v0) & _M64
    x = (_rotate((x + y + v0 + _fetch64(s, p + 8)) & _M64, 37) * mul) & _M64
    y = (_rotate((y + v1 + _fetch64(s, p + 48)) & _M64, 42) * mul) & _M64
    x ^= (w1 * 9) & _M64
    y = (y + v0 * 9 + _fetch64(s, p + 40)) & _M64
    z = (_rotate((z + w0) & _M64, 33) * mul) & _M64
    v0, v1 = _weak_hash_len32_with_seeds(s, p, (v1 * mul) & _M64, (x + w0) & _M64)
    w0, w1 = _weak_hash_len32_with_seeds(s, p + 32, (z + w1) & _M64, (y + _fetch64(s, p + 16)) & _M64)
    z, x = x, z
    return _hash_len16((_hash_len16(v0, w0, mul) + _shift_mix(y) * _K0 + z) & _M64,
                       (_hash_len16(v1, w1, mul) + x) & _M64, mul)


_MURMUR_M = 0xC6A4A7935BD1E995


def hash64(s: bytes, seed: int = 0xDECAFCAFFE) -> int:
    """TF's Hash64 (core/lib/hash/hash.cc): MurmurHash64A over little-endian 8-byte words."""
    n = len(s)
    h = (seed ^ (n * _MURMUR_M)) & _M64
    full = n - n % 8
    for i in range(0, full, 8):
        k = (_fetch64(s, i) * _MURMUR_M) & _M64
        k ^= k >> 47
        k = (k * _MURMUR_M) & _M64
        h = ((h ^ k) * _MURMUR_M) & _M64
    tail = s[full:]
    if tail:
        for i in range(len(tail) - 1, -1, -1):
            h ^= tail[i] << (8 * i)
        h = (h * _MURMUR_M) & _M64
    h ^= h >> 47
    h = (h * _MURMUR_M) & _M64
    h ^= h >> 47
    return h


def _rotl(v: int, b: int) -> int:
    return ((v << b) | (v >> (64 - b))) & _M64


def siphash(key: tuple, s: bytes) -> int:
    """SipHash-2-4 of `s` under the 128-bit key (k0, k1) (TF's StrongKeyedHash)."""
    k0, k1 = key[0] & _M64, key[1] & _M64
    v0 = k0 ^ 0x736F6D6570736575
    v1 = k1 ^ 0x646F72616E646F6D
    v2 = k0 ^ 0x6C7967656E657261
    v3 = k1 ^ 0x7465646279746573

    def rounds(v0: int, v1: int, v2: int, v3: int, count: int) -> tuple:
        for _ in range(count):
            v0 = (v0 + v1) & _M64
            v1 = _rotl(v1, 13) ^ v0
            v0 = _rotl(v0, 32)
            v2 = (v2 + v3) & _M64
            v3 = _rotl(v3, 16) ^ v2
            v0 = (v0 + v3) & _M64
            v3 = _rotl(v3, 21) ^ v0
            v2 = (v2 + v1) & _M64
            v1 = _rotl(v1, 17) ^ v2
            v2 = _rotl(v2, 32)
        return v0, v1, v2, v3

    n = len(s)
    full = n - n % 8
    for i in range(0, full, 8):
        m = _fetch64(s, i)
        v3 ^= m
        v0, v1, v2, v3 = rounds(v0, v1, v2, v3, 2)
        v0 ^= m
    last = ((n & 0xFF) << 56) | int.from_bytes(s[full:], "little")
    v3 ^= last
    v0, v1, v2, v3 = rounds(v0, v1, v2, v3, 2)
    v0 ^= last
    v2 ^= 0xFF
    v0, v1, v2, v3 = rounds(v0, v1, v2, v3, 4)
    return v0 ^ v1 ^ v2 ^ v3
