"""Bit-exact NumPy emulations of TensorFlow 2.21's CPU reduction kernels.

TF's ``Sum``/``Mean``/``Prod``/``Max``/``Min`` kernels (``reduction_ops_common.h``)
first *simplify* the problem (``ReductionHelper::Simplify``: drop size-1 dims,
merge adjacent dims with the same reduced/kept status) and then call one Eigen
tensor reduction, whose accumulation order we reproduce exactly:

* reduce all (1-D -> 0-D): ``FullReducer<ThreadPoolDevice>``.  The cost model
  (``TensorCostModel::numThreads``: ``n * (bytes*11/64 + 10/P)``, 100000
  start-up and per-thread cycles, TF's intra-op pool) picks 1 or 2 threads;
  with 2, two shards of ``n // 2`` values plus the odd last value are reduced
  separately and combined as ``(last + s0) + s1``.
* reduce inner dims (2-D ``[K, R]`` -> ``[K]``): one ``InnerMostDimReducer`` per
  output row.
* reduce outer dims (2-D ``[R, K]`` -> ``[K]``) and the middle dim (3-D
  ``[K, R, K]`` -> ``[K, K]``): ``InnerMostDimPreserver`` on output packets
  that fit in the innermost output row, else ``GenericDimReducer`` (a plain
  sequential loop) per output value.
* 3-D ``[R, K, R]`` -> ``[K]``: ``GenericDimReducer``, the last reduced dim as
  the *outer* loop.
* anything else: transpose the reduced dims last, then the inner 2-D case.

``InnerMostDimReducer`` (vectorised, tree): segments longer than
``P * kLeafSize`` (P = 8 float32/float16, 4 float64; kLeafSize = 1024, 200
for half) are split at the packet boundary ``P * ceil((first + ceil(n/2)) /
P)`` (absolute index) and the halves combined as ``(0 + left) + right``.  A
leaf keeps four packet accumulators over chunks of ``4P`` values (when
``n >= 4P``), folds them ``((a0 + a1) + a2) + a3``, adds any remaining full
packets to ``a0``, sums the ``< P`` tail values sequentially in a scalar and
returns ``scalar + predux(a0)`` (AVX ``predux``: ``lo + hi`` halves, then
``(b0 + b2) + (b1 + b3)`` for 4 lanes, ``b0 + b1`` for 2).

TF's ``Mean`` is Eigen's ``SumReducer`` followed by a division by the count
(``in.size() / out.size()``, cast to the dtype), not Eigen's ``MeanReducer``;
integer means are summed in 64 bits and the quotient truncates.  Half sums
are accumulated in half (every packet/scalar add rounds to half; ``predux``
sums the 8 lanes in float32 and rounds once).  Everything runs with FTZ/DAZ
set, as TF's kernels do.  ``Max``/``Min`` are exactly associative (no tree);
they propagate NaN.
"""

from __future__ import annotations

import math

import numpy as np

from tfshim.kernels import fpenv, native
from tfshim.kernels.threads import intra_op_threads

__all__ = ["reduce_sum", "reduce_mean", "reduce_prod", "reduce_max", "reduce_min", "simplify"]

_F16 = np.dtype(np.float16)
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_PACKET = {_F16: 8, _F32: 8, _F64: 4}
_LEAF = {_F16: 200, _F32: 1024, _F64: 1024}


# ---------------------------------------------------------------------------
# ReductionHelper::Simplify
# ---------------------------------------------------------------------------


def simplify(shape: tuple, axes: tuple) -> tuple[list, bool]:
    """TF's ReductionHelper::Simplify: (collapsed dims, reduce_first_axis)."""
    bitmap = [i in axes for i in range(len(shape))]
    i = 0
    while i < len(shape) and shape[i] == 1:
        i += 1
    if i >= len(shape):
        return [], True
    first = bitmap[i]
    dims = [shape[i]]
    for d in range(i + 1, len(shape)):
        if shape[d] == 1:
            bitmap[d] = bitmap[d - 1]
        if bitmap[d - 1] != bitmap[d]:
            dims.append(shape[d])
        else:
            dims[-1] *= shape[d]
    return dims, first


# ---------------------------------------------------------------------------
# Packet arithmetic.  `op` is np.add or np.multiply; arrays keep the dtype
# (NumPy's half arithmetic is float32 arithmetic rounded to half, like Eigen).
# ---------------------------------------------------------------------------


def _identity(op, dt: np.dtype) -> np.ndarray:
    return dt.type(0) if op is np.add else dt.type(1)


def _predux(op, p: np.ndarray) -> np.ndarray:
    """AVX predux / predux_mul over the last axis (P = 8 or 4 lanes)."""
    half = p.dtype == _F16
    if half:  # predux<Packet8h>: float32 predux of the widened packet, rounded once
        p = p.astype(_F32)
    if p.shape[-1] == 8:
        p = op(p[..., :4], p[..., 4:])
    b = op(p[..., :2], p[..., 2:])  # movehl (SSE 4 lanes) or extractf128 (4 doubles)
    r = op(b[..., 0], b[..., 1])
    return r.astype(_F16) if half else r


def _seq(op, blocks: np.ndarray, axis: int, init: np.ndarray) -> np.ndarray:
    """Sequential accumulation ``init op b0 op b1 ...`` along ``axis``.

    NumPy reduces a non-innermost axis by elementwise accumulation in order
    (pairwise summation only applies along the contiguous innermost axis).
    """
    if blocks.shape[axis] == 0:
        shp = list(blocks.shape)
        del shp[axis]
        return np.full(shp, init, blocks.dtype)
    return op(init, op.reduce(blocks, axis=axis)) if _needs_init(op) else op.reduce(blocks, axis=axis)


def _needs_init(op) -> bool:
    # 0 + x differs from x only for x = -0.0 (gives +0.0); 1 * x == x always
    # (NaN payloads aside).  Adding the init first then reducing would force a
    # copy; (0 + a0) + a1 == 0 + (a0 + a1) except for the sign of zero when
    # a0 = a1 = -0: both give +0 then.  So applying the init last is exact.
    return op is np.add


def _leaf(op, seg: np.ndarray) -> np.ndarray:
    """InnerMostDimReducer<vectorized, no tree> on rows of ``seg`` (S, n)."""
    dt = seg.dtype
    P = _PACKET[dt]
    S, n = seg.shape
    init = _identity(op, dt)
    start = 0
    acc = None
    if n >= 4 * P:
        v4 = n // (4 * P) * (4 * P)
        blocks = seg[:, :v4].reshape(S, v4 // (4 * P), 4, P)
        a = _seq(op, blocks, 1, init)  # (S, 4, P): paccum0..3
        acc = op(op(op(a[:, 0], a[:, 1]), a[:, 2]), a[:, 3])
        start = v4
    if start <= n - P:
        vs = n // P * P
        if acc is None:
            acc = np.full((S, P), init, dt)
        for j in range(start, vs, P):
            acc = op(acc, seg[:, j : j + P])
        start = vs
    s = np.full(S, init, dt)
    for j in range(start, n):
        s = op(s, seg[:, j])
    if acc is None:
        acc = np.full((S, P), init, dt)
    return op(s, _predux(op, acc))


def _tree_sum_c(rows: np.ndarray, first: int, step: int) -> np.ndarray | None:
    """The compiled twin of _tree for float32 sums (tree_sum_f32 in tfshim/_kernels.c): row r starts at absolute
    index ``first + r * step``. None without it, or where a sum is NaN (its payload is left to NumPy's adds)."""
    if not native.AVAILABLE or not rows.size:
        return None
    out = np.empty(rows.shape[0], rows.dtype)
    native.lib.tree_sum_f32(np.ascontiguousarray(rows), out, rows.shape[0], rows.shape[1], first, step)
    return None if np.isnan(out).any() else out


def _tree(op, seg: np.ndarray, first: int) -> np.ndarray:
    """InnerMostDimReducer<vectorized, tree>: rows of ``seg`` start at absolute
    index ``first`` (mod P is all that matters for the split points)."""
    dt = seg.dtype
    if op is np.add and dt == _F32:
        out = _tree_sum_c(seg, first, 0)
        if out is not None:
            return out
    P = _PACKET[dt]
    n = seg.shape[1]
    if op is np.multiply or n <= P * _LEAF[dt]:  # ProdReducer: IsExactlyAssociative, no tree
        return _leaf(op, seg)
    if seg.shape[0] == 1:
        return np.asarray([_tree_flat(op, seg[0], first)], dt)
    split = P * (-(-(first + (-(-n // 2))) // P))
    num_left = min(split - first, n)
    left = _tree(op, seg[:, :num_left], first)
    acc = op(_identity(op, dt), left)
    if num_left < n:
        acc = op(acc, _tree(op, seg[:, num_left:], split))
    return acc


def _tree_leaves(first: int, n: int, P: int, L: int, out: list) -> None:
    if n <= P * L:
        out.append((first, n))
        return
    split = P * (-(-(first + (-(-n // 2))) // P))
    num_left = min(split - first, n)
    _tree_leaves(first, num_left, P, L, out)
    if num_left < n:
        _tree_leaves(split, n - num_left, P, L, out)


def _tree_combine(op, first: int, n: int, P: int, L: int, vals, init):
    if n <= P * L:
        return next(vals)
    split = P * (-(-(first + (-(-n // 2))) // P))
    num_left = min(split - first, n)
    acc = op(init, _tree_combine(op, first, num_left, P, L, vals, init))
    if num_left < n:
        acc = op(acc, _tree_combine(op, split, n - num_left, P, L, vals, init))
    return acc


def _tree_flat(op, x: np.ndarray, first: int):
    """The tree on one 1-D segment (``x[0]`` is absolute index ``first``), all
    leaves evaluated at once: their 4P-chunk regions are copied into one
    identity-padded buffer (padding adds exact zeros / multiplies by one)."""
    dt = x.dtype
    P, L = _PACKET[dt], _LEAF[dt]
    leaves: list = []
    _tree_leaves(first, x.size, P, L, leaves)
    starts = np.array([a - first for a, _ in leaves], np.int64)
    ns = np.array([b for _, b in leaves], np.int64)
    init = _identity(op, dt)
    C = ns // (4 * P)
    cmax = int(C.max())
    # Chunk index outermost so the sequential reduction runs over long rows.
    buf = np.empty((cmax, len(leaves), 4 * P), dt)
    for i, (a, c) in enumerate(zip(starts.tolist(), C.tolist())):
        buf[:c, i] = x[a : a + c * 4 * P].reshape(c, 4 * P)
        if c < cmax:
            buf[c:, i] = init
    a4 = _seq(op, buf, 0, init).reshape(len(leaves), 4, P)
    acc = op(op(op(a4[:, 0], a4[:, 1]), a4[:, 2]), a4[:, 3])
    pos = starts + C * 4 * P
    rem = (ns - C * 4 * P) // P
    lanes = np.arange(P)
    for q in range(3):
        m = rem > q
        if m.any():
            acc[m] = op(acc[m], x[(pos[m] + q * P)[:, None] + lanes])
    tail = ns % P
    sacc = np.full(len(leaves), init, dt)
    tpos = starts + ns - tail
    for q in range(P - 1):
        m = tail > q
        if m.any():
            sacc[m] = op(sacc[m], x[tpos[m] + q])
    vals = op(sacc, _predux(op, acc))
    return _tree_combine(op, first, x.size, P, L, iter(vals), init)


def _inner(op, x2: np.ndarray) -> np.ndarray:
    """Reduce the rows of a 2-D array: one InnerMostDimReducer per row at
    absolute offset ``row * K`` (rows are grouped by offset mod P)."""
    R, K = x2.shape
    dt = x2.dtype
    P = _PACKET[dt]
    if op is np.multiply or K <= P * _LEAF[dt]:
        return _leaf(op, x2)
    if op is np.add and dt == _F32:
        out = _tree_sum_c(x2, 0, K)
        if out is not None:
            return out
    period = P // math.gcd(K, P)
    out = np.empty(R, dt)
    for r0 in range(min(period, R)):
        out[r0::period] = _tree(op, x2[r0::period], (r0 * K) % P)
    return out


def _cost_threads(n: int, dt: np.dtype, op) -> int:
    P = _PACKET[dt]
    # TensorMap load (bytes * 11/64 cycles) + the reducer's functor cost: no
    # functor_traits specialisation for SumReducer/ProdReducer/MaxReducer, so
    # the default Cost = 10, vectorized (/ P).  Measured: float32 switches to
    # 2 threads at n = 108389, float16 at 131765.
    cost_per_coeff = dt.itemsize * 11.0 / 64 + 10.0 / P
    threads = (n * cost_per_coeff - 100000) / 100000 + 0.9
    return max(1, min(intra_op_threads(), 64, int(threads)))


def _full(op, flat: np.ndarray) -> np.ndarray:
    """FullReducer<ThreadPoolDevice>: shards of n // threads values."""
    dt = flat.dtype
    n = flat.size
    threads = _cost_threads(n, dt, op)
    if threads == 1:
        return _tree(op, flat.reshape(1, n), 0)[0]
    # Each shard's InnerMostDimReducer starts at its absolute index i * bs.
    bs = n // threads
    nb = n // bs
    shards = [_tree(op, flat[i * bs : (i + 1) * bs].reshape(1, bs), i * bs)[0] for i in range(nb)]
    if nb * bs < n:
        acc = _tree(op, flat[nb * bs :].reshape(1, n - nb * bs), nb * bs)[0]
    else:
        acc = _identity(op, dt)
    for s in shards:
        acc = op(acc, s)
    return acc


def _preserver(op, x3: np.ndarray) -> np.ndarray:
    """Reduce the middle axis of (I, J, K): InnerMostDimPreserver on output
    packets lying inside one output row, GenericDimReducer elsewhere."""
    dt = x3.dtype
    P = _PACKET[dt]
    ni, J, K = x3.shape
    if op is np.add and dt == _F32 and native.AVAILABLE and x3.size:
        # the compiled twin (preserve_sum_f32 in tfshim/_kernels.c); a NaN sum is redone here (NumPy's payloads)
        out = np.empty(ni * K, dt)
        native.lib.preserve_sum_f32(np.ascontiguousarray(x3), out, ni, J, K)
        if not np.isnan(out).any():
            return out
    init = _identity(op, dt)
    seq = _seq(op, x3, 1, init)  # GenericDimReducer: init, rows 0..J-1
    n_out = ni * K
    if K < P or n_out < P:
        return seq.reshape(-1)
    if J >= 16:
        j4 = J // 4 * 4
        a = _seq(op, x3[:, :j4].reshape(ni, j4 // 4, 4, K), 1, init)  # (I, 4, K)
        acc = op(op(op(a[:, 0], a[:, 1]), a[:, 2]), a[:, 3])
        for j in range(j4, J):
            acc = op(acc, x3[:, j])
    else:
        acc = seq
    o = np.arange(n_out)
    start = o - o % P
    use_packet = (start + P <= n_out // P * P) & ((start % K) + P - 1 < K)
    return np.where(use_packet, acc.reshape(-1), seq.reshape(-1))


def _zero_two(op, x3: np.ndarray) -> np.ndarray:
    """(I, J, K) reduced over axes 0 and 2: GenericDimReducer, k outer, i inner."""
    ni, J, K = x3.shape
    t = np.ascontiguousarray(x3.transpose(2, 0, 1)).reshape(K * ni, J)
    return _seq(op, t, 0, _identity(op, x3.dtype))


def _eigen_reduce(op, x: np.ndarray, axes: tuple) -> np.ndarray:
    """Dispatch like ReductionOp::Compute for a non-empty float input; returns
    the reduced values in TF's tmp_out (flat) layout."""
    dims, first = simplify(x.shape, axes)
    nd = len(dims)
    flat = np.ascontiguousarray(x).reshape(-1)
    if nd == 0 or (nd == 1 and not first):  # trivial: [1, N] reduced over dim 0
        return _preserver(op, flat.reshape(1, 1, -1))
    if nd == 1:
        return np.asarray(_full(op, flat)).reshape(1)
    if nd == 2 and first:
        return _preserver(op, flat.reshape(1, dims[0], dims[1]))
    if nd == 2:
        return _inner(op, flat.reshape(dims[0], dims[1]))
    if nd == 3 and first:
        return _zero_two(op, flat.reshape(dims))
    if nd == 3:
        return _preserver(op, flat.reshape(dims))
    kept = [i for i in range(nd) if (i % 2 == 1) == first]
    red = [i for i in range(nd) if (i % 2 == 1) != first]
    t = flat.reshape(dims).transpose(kept + red)
    u = int(np.prod([dims[i] for i in kept]))
    return _inner(op, np.ascontiguousarray(t).reshape(u, -1))


def _out_shape(shape: tuple, axes: tuple, keepdims: bool) -> tuple:
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _float_reduce(op, x: np.ndarray, axes: tuple, keepdims: bool, fallback) -> np.ndarray:
    shape = _out_shape(x.shape, axes, keepdims)
    if x.dtype not in _PACKET or x.size == 0:
        return np.asarray(fallback(x, axes, keepdims))
    with fpenv.kernel_env():
        r = _eigen_reduce(op, x, axes)
    return r.reshape(shape)


def reduce_sum(x: np.ndarray, axes: tuple, keepdims: bool = False) -> np.ndarray:
    """TF Sum: Eigen SumReducer via FullReducer / InnerMostDimReducer (tree of
    1024-value leaves, four packet accumulators) / InnerMostDimPreserver."""
    x = np.asarray(x)
    return _float_reduce(np.add, x, axes, keepdims, lambda a, ax, k: np.sum(a, axis=ax, dtype=a.dtype, keepdims=k))


def reduce_prod(x: np.ndarray, axes: tuple, keepdims: bool = False) -> np.ndarray:
    """TF Prod: Eigen ProdReducer, same traversal as Sum (pmul, predux_mul)."""
    x = np.asarray(x)
    return _float_reduce(
        np.multiply, x, axes, keepdims, lambda a, ax, k: np.prod(a, axis=ax, dtype=a.dtype, keepdims=k)
    )


def reduce_mean(x: np.ndarray, axes: tuple, keepdims: bool = False) -> np.ndarray:
    """TF Mean: SumReducer result divided by Scalar(in.size() / out.size())
    (not Eigen's MeanReducer); integers sum in 64 bits and truncate."""
    x = np.asarray(x)
    count = math.prod([x.shape[a] for a in axes])
    if x.dtype.kind in "iu":
        acc = np.int64 if x.dtype.kind == "i" else np.uint64
        s = np.sum(x, axis=axes, dtype=acc, keepdims=keepdims)
        if count == 0:
            return np.zeros_like(s).astype(x.dtype)
        q = np.abs(s) // np.int64(count) if x.dtype.kind == "i" else s // np.uint64(count)  # no float64 (NumPy 1)
        return (np.sign(s) * q if x.dtype.kind == "i" else q).astype(x.dtype)
    if x.dtype in _PACKET and x.size:
        s = reduce_sum(x, axes, keepdims)
        with fpenv.kernel_env():
            return np.asarray(s / x.dtype.type(count))
    with np.errstate(all="ignore"):
        s = np.sum(x, axis=axes, dtype=x.dtype, keepdims=keepdims)
        if x.dtype.kind == "c":  # measured: TF's complex mean over no elements is 0 (real types: NaN)
            return np.asarray(s / count) if count else np.zeros_like(s)
        return np.asarray(s / x.dtype.type(count))


def _nan_reduce(np_fn, x: np.ndarray, axes: tuple, keepdims: bool, initial) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(np_fn(x, axis=axes, keepdims=keepdims, initial=initial))


def reduce_max(x: np.ndarray, axes: tuple, keepdims: bool = False) -> np.ndarray:
    """TF Max: Eigen MaxReducer<T, PropagateNaN> (exactly associative: no
    tree; order only matters for NaN payloads and the sign of zero)."""
    x = np.asarray(x)
    init = -np.inf if x.dtype.kind == "f" else (np.iinfo(x.dtype).min if x.dtype.kind in "iu" else False)
    return _nan_reduce(np.max, x, axes, keepdims, init)


def reduce_min(x: np.ndarray, axes: tuple, keepdims: bool = False) -> np.ndarray:
    """TF Min: Eigen MinReducer<T, PropagateNaN> (see reduce_max)."""
    x = np.asarray(x)
    init = np.inf if x.dtype.kind == "f" else (np.iinfo(x.dtype).max if x.dtype.kind in "iu" else True)
    return _nan_reduce(np.min, x, axes, keepdims, init)
