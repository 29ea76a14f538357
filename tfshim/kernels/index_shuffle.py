"""TF's random_index_shuffle (tensorflow/core/kernels/random_index_shuffle.cc): the position of an index in a
pseudorandom permutation of [0, max_index], by cycle-walking a Simon block cipher.

The block is the smallest even number of bits >= log2(max_index), at least 16, split into two words of W bits.
TF builds the round keys and runs the Feistel rounds on std::bitset<W>: every value is truncated to W bits
(the three 32-bit seed words, the constant c = 0xfffffffc and the z sequence 0x7369f885192c0ef5). An index
is encrypted repeatedly until the result falls within [0, max_index]; a cipher is a bijection of the block, so
this walk is a bijection of [0, max_index].
"""

from __future__ import annotations

import math

_MIN_BLOCK_BITS = 16
_Z = 0x7369F885192C0EF5
_C = 0xFFFFFFFC


def _rotl(x: int, r: int, w: int, mask: int) -> int:
    return ((x << r) | (x >> (w - r))) & mask


def _rotr(x: int, r: int, w: int, mask: int) -> int:
    return ((x >> r) | (x << (w - r))) & mask


def round_keys(key: tuple, rounds: int, w: int) -> list:
    """Simon's key schedule on W-bit words from the three 32-bit seed words (TF's simon_key_schedule)."""
    mask = (1 << w) - 1
    z = _Z & mask
    c = _C & mask
    rk = [k & mask for k in key]
    for i in range(3, rounds):
        rk.append(c ^ (z & 1) ^ rk[i - 3] ^ _rotr(rk[i - 1], 3, w, mask) ^ _rotr(rk[i - 1], 4, w, mask))
        z >>= 1
    return rk


def _encrypt(value: int, keys: list, w: int) -> int:
    mask = (1 << w) - 1
    left, right = (value >> w) & mask, value & mask

    def f(x: int) -> int:
        return (_rotl(x, 1, w, mask) & _rotl(x, 8, w, mask)) ^ _rotl(x, 2, w, mask)

    for i in range(0, len(keys), 2):  # two Feistel rounds per step (TF's SIMON_Rx2)
        left ^= f(right) ^ keys[i]
        right ^= f(left) ^ keys[i + 1]
    return (left << w) | right


def index_shuffle(index: int, key: tuple, max_index: int, rounds: int) -> int:
    """The new position of `index` (uint64 arithmetic) for the 3-word `key` and `max_index`."""
    if max_index == 0:
        return 0
    bits = int(math.ceil(math.log2(float(max_index))))  # TF: std::log2 of the uint64 converted to double
    bits = max(bits + bits % 2, _MIN_BLOCK_BITS)
    w = min(bits, 64) // 2
    keys = round_keys(key, rounds, w)
    new = index
    while True:
        new = _encrypt(new, keys, w)
        if new <= max_index:
            return new
