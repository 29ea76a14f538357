"""Bit-exact NumPy emulations of TF 2.21's CPU Softmax, LogSoftmax and (Sparse)SoftmaxCrossEntropyWithLogits.

All four take the 2-D ``[batch, classes]`` view TF's kernels use (``flat_inner_dims``).  float32 Softmax is
oneDNN's ``jit:avx512_core`` softmax (TF's eager ``_MklSoftmax``); everything else is Eigen
(``softmax_op_functor.h``, ``xent_op.h``, ``sparse_xent_op.h``), whose results depend on which elements
each Eigen evaluator sends through the packet functions (AVX ``pexp``/``plog``, eigen_math) and which through
the scalar ones (glibc ``expf``/``exp``/``logf``/``log``):

* a row reduction of ``exp(x)`` (``InnerMostDimReducer``, eigen_reduce) evaluates the ``< P`` tail of each
  leaf with the scalar functor;
* a reduction result made a vector by ``.eval()`` (``[batch]``) goes through packets from index 0 and the
  scalar functor on its ``batch % P`` tail;
* an assignment containing a ``broadcast`` runs *tiled* (``TensorExecutor<..., Tiling::On>``): skewed blocks
  of ``1 / taskSize`` coefficients (``TensorCostModel``: 11/64 cycles per loaded or stored byte plus the
  functor costs / P; so the block size depends on dtype and expression only, not on the thread count), each
  block assigned with packets and a scalar tail (``TensorBlockAssignment``);
* a plain assignment (``TensorMap`` only) has a single scalar tail (eigen_math's ``_run``).

Measured bit for bit against TF 2.21 (oneDNN on) for float16/32/64, batch and class counts from 1 to tens of
thousands, incl. underflow, +-inf and NaN inputs.  Where logits hold a NaN every output of its row is NaN as
in TF, but the NaN's sign bit may differ (Eigen's row max ignores NaN depending on position; not emulated).
No kernel here depends on VRCPPS: float16 Softmax's packet ``preciprocal`` rounded to half equals ``1 / s``
for every positive half ``s`` (checked exhaustively, tests/kernels/test_eigen_softmax.py).
"""

from __future__ import annotations

import numpy as np

from tfshim.kernels import eigen_math as em
from tfshim.kernels import eigen_reduce as er
from tfshim.kernels import native

__all__ = ["softmax", "log_softmax", "softmax_xent", "sparse_softmax_xent"]

_F16, _F32, _F64 = np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)
_P = {_F16: 8, _F32: 8, _F64: 4}
# Eigen functor costs without FMA (UnaryFunctors.h, XprHelper.h, AVX PacketMath.h): exp, division; add = 1.
_EXP_COST = {_F16: 43, _F32: 34, _F64: 51}
_DIV_COST = {_F16: 8, _F32: 14, _F64: 16}


def _packet(fn, x: np.ndarray) -> np.ndarray:
    """``fn`` (eigen_math.exp / log) with every element on the packet path (zero padding)."""
    flat = x.reshape(-1)
    pad = -flat.size % _P[x.dtype]
    out = fn(np.concatenate([flat, np.zeros(pad, x.dtype)]) if pad else flat)
    return out[: flat.size].reshape(x.shape)


def _scalar(name: str, v: np.ndarray) -> np.ndarray:
    """The scalar functor: glibc ``name`` (half: ``half(namef(float(x)))``)."""
    if v.dtype == _F16:
        return em._libm(name, v.astype(_F32)).astype(_F16)
    return em._libm(name, v)


def _exp(x: np.ndarray, scalar: np.ndarray, packets: np.ndarray | None = None) -> np.ndarray:
    """exp(x) with glibc's exp where ``scalar`` is set, Eigen's packet exp (``packets`` if given) elsewhere."""
    out = _packet(em.exp, x) if packets is None else packets.copy()
    if scalar.any():
        out[scalar] = _scalar("exp", x[scalar])
    return out


def _tail(pos: np.ndarray, length, p: int) -> np.ndarray:
    """Whether position ``pos`` of a packet loop over ``length`` values is in its scalar tail."""
    return pos >= length // p * p


def _tiled_scalar(shape: tuple, dt: np.dtype, functors: tuple, broadcasts: int) -> np.ndarray:
    """Scalar-tail mask of a tiled 2-D assignment (``TensorExecutor`` Tiling::On, skewed
    ``TensorBlockMapper``): each broadcast costs one loaded and one stored value, each functor its cost / P."""
    B, K = shape
    p = _P[dt]
    compute = 0.0
    for c in functors:
        compute += c / p
    cycles = 11.0 / 64 * dt.itemsize * broadcasts
    target = int(1.0 / ((cycles + cycles + compute) / 40000))  # GetTensorExecutorTilingContext
    if K > target:  # [1, target] blocks along each row
        j = np.arange(K)
        start = j // target * target
        return np.broadcast_to(_tail(j - start, np.minimum(target, K - start), p), shape)
    rows = min(-(-target // K), B)  # [rows, K] blocks: contiguous, one packet loop each
    i = np.arange(B * K)
    start = i // (rows * K) * (rows * K)
    return _tail(i - start, np.minimum(rows * K, B * K - start), p).reshape(shape)


def _reduce_scalar(shape: tuple, dt: np.dtype) -> np.ndarray:
    """Scalar-path mask of ``InnerMostDimReducer`` over the rows: each leaf's ``< P`` tail (eigen_reduce)."""
    B, K = shape
    p, leaf = _P[dt], er._LEAF[dt]
    j = np.arange(K)
    if K <= p * leaf:
        return np.broadcast_to(_tail(j, K, p), shape)
    m = np.zeros(shape, bool)
    period = p // np.gcd(K, p)  # leaf split points depend on the row's absolute offset mod P
    for r0 in range(min(period, B)):
        leaves: list = []
        first = r0 * K % p
        er._tree_leaves(first, K, p, leaf, leaves)
        row = np.zeros(K, bool)
        for a, n in leaves:
            row[a - first + n // p * p : a - first + n] = True
        m[r0::period] = row
    return m


def _row_sums(v: np.ndarray) -> np.ndarray:
    return er._inner(np.add, v)


def _exp_row_sums(shifted: np.ndarray, packets: np.ndarray | None = None) -> np.ndarray:
    """``shifted.exp().sum(along_class)``: packet exp in the reducer's packets, glibc exp on leaf tails."""
    return _row_sums(_exp(shifted, _reduce_scalar(shifted.shape, shifted.dtype), packets))


def _vector(packet, name: str, v: np.ndarray) -> np.ndarray:
    """A ``[batch]`` ``.eval()``: packets from index 0, scalar functor on the ``batch % P`` tail."""
    k = v.size // _P[v.dtype] * _P[v.dtype]
    return np.concatenate([packet(v[:k]), _scalar(name, v[k:])])


def _shift(x: np.ndarray) -> np.ndarray:
    return x - np.max(x, axis=1, keepdims=True)


def _onednn_exp(x: np.ndarray) -> np.ndarray:
    """oneDNN's eltwise-injector exp (v3.7): clamp to [ln FLT_MIN, ln FLT_MAX] (vminps/vmaxps NaN rules),
    n = floor(x*log2e + 0.5) (two roundings), r = fnmadd(n, ln2, x), degree-5 FMA Horner,
    (p * 2^(n-1)) * 2, zero below ln FLT_MIN."""
    c = np.array([0x42B17218, 0xC2AEAC50, 0x3FB8AA3B, 0x3F317218, 0x3C07CFCE, 0x3D2B9D0D, 0x3E2AAD40,
                  0x3EFFFEE3, 0x3F7FFFFB, 0x3F800000], np.uint32).view(_F32)
    zero = x < c[1]
    x = _vmax(np.where(x < c[0], x, c[0]), c[1])
    n = np.floor(x * c[2] + np.float32(0.5))
    r = _fma32(-n, c[3], x)
    two = np.where(zero, 0, ((n - np.float32(1)).astype(np.int32) + 127) << 23).astype(np.int32).view(_F32)
    y = np.full_like(r, c[4])
    for k in c[5:]:
        y = _fma32(y, r, k)
    return y * two * np.float32(2)


def _fma32(a, b, c) -> np.ndarray:
    """float32 fused multiply-add: exact float64 product, float64 sum rounded to odd, one float32 rounding."""
    p = np.asarray(a, _F64) * np.asarray(b, _F64)
    c = np.asarray(c, _F64)
    s = p + c
    bb = s - p
    e = (p - (s - bb)) + (c - bb)
    odd = (e != 0) & ((s.view(np.uint64) & np.uint64(1)) == 0)
    return np.where(odd, np.nextafter(s, np.where(e > 0, np.inf, -np.inf)), s).astype(_F32)


def _vmax(a, b) -> np.ndarray:
    """x86 maxps(a, b): b when either is NaN."""
    return np.where(a > b, a, b)


def _onednn_softmax(x: np.ndarray) -> np.ndarray:
    """oneDNN jit_softmax_dense_kernel_t (avx512_core, 16 lanes), softmax_accurate, per row:
    max and sum each keep up to 4 vector accumulators (4 registers per unrolled step, then the
    ``full % 4`` leftover vectors, then a masked tail into the first), folded (a0 op a1) op (a2 op a3) and
    then across lanes i^8, i^4, i^2, i^1; max starts at -FLT_MAX; dst = exp(x - max) * (1 / sum) with
    vdivps, every lane using its own lane of max and sum."""
    B, K = x.shape
    w = 16
    full = K // w
    loops, left = divmod(full, 4)
    nacc = 4 if loops else max(left, 1)
    lanes = np.arange(w)

    def accumulate(v, op, init):
        acc = np.full((B, nacc, w), init, _F32)
        for i in range(loops):
            acc = op(acc, v[:, i * 4 * w : (i + 1) * 4 * w].reshape(B, 4, w))
        pos = loops * 4 * w
        if left:
            acc[:, :left] = op(acc[:, :left], v[:, pos : pos + left * w].reshape(B, left, w))
        pos += left * w
        acc[:, 0, : K - pos] = op(acc[:, 0, : K - pos], v[:, pos:])
        s = acc[:, 0]
        if nacc > 1:
            s = op(s, acc[:, 1])
        if nacc == 3:
            s = op(s, acc[:, 2])
        elif nacc == 4:
            s = op(s, op(acc[:, 2], acc[:, 3]))
        for sh in (8, 4, 2, 1):
            s = op(s, s[:, lanes ^ sh])
        return np.tile(s, -(-K // w))[:, :K]

    e = _onednn_exp(x - accumulate(x, _vmax, -np.finfo(_F32).max))
    return e * (np.float32(1) / accumulate(e, np.add, 0))


def softmax(x: np.ndarray) -> np.ndarray:
    """TF ``Softmax`` on ``[batch, classes]``.  float32: oneDNN (_onednn_softmax).  float16/float64: Eigen
    SoftmaxEigenImpl: e = exp(x - max) (tiled, blocks of 6464 / 2539 coefficients), row sums of e
    (InnerMostDimReducer), inv = 1 / sum per ``[batch]`` packet (half: preciprocal, equal to the division),
    e * inv."""
    if x.size == 0:
        return x.copy()
    with np.errstate(all="ignore"), em._tf_fpenv():
        if x.dtype == _F32:
            return _onednn_softmax(x)
        tail = _tiled_scalar(x.shape, x.dtype, (1, _EXP_COST[x.dtype]), 1)  # exp(x - broadcast(max))
        e = _exp(_shift(x), tail)
        return e * (x.dtype.type(1) / _row_sums(e))[:, None]


def log_softmax(x: np.ndarray) -> np.ndarray:
    """TF ``LogSoftmax`` (Eigen SoftmaxEigenImpl, every dtype): s = x - max; s - log(sum(exp(s))), the sum
    with exp inside the row reducer (glibc exp on leaf tails), log per ``[batch]`` packet (glibc log on the
    ``batch % P`` tail)."""
    if x.size == 0:
        return x.copy()
    with np.errstate(all="ignore"), em._tf_fpenv():
        s = _shift(x)
        return s - _vector(em.log, "log", _exp_row_sums(s))[:, None]


def softmax_xent(logits: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """TF ``SoftmaxCrossEntropyWithLogits`` (XentEigenImpl) on same-shape ``[batch, classes]`` arrays:
    s = x - max; sum = rowsum(exp(s)) (as in log_softmax); loss = rowsum(labels * (log(sum) - s)) with
    log per ``[batch]`` packet; backprop = exp(s) / sum - labels, tiled (blocks of 5079 / 4507 / 1777
    coefficients for half / float / double) with exact divisions."""
    dt = logits.dtype
    B, K = logits.shape
    if logits.size == 0:
        return np.zeros(B, dt), logits.copy()
    with np.errstate(all="ignore"), em._tf_fpenv():
        s = _shift(logits)
        packets = _packet(em.exp, s)
        total = _exp_row_sums(s, packets)
        loss = _row_sums(labels * (_vector(em.log, "log", total)[:, None] - s))
        tail = _tiled_scalar(logits.shape, dt, (_EXP_COST[dt], _DIV_COST[dt], 1), 2)
        return loss, _exp(s, tail, packets) / total[:, None] - labels


def sparse_softmax_xent(logits: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """TF ``SparseSoftmaxCrossEntropyWithLogits`` (SparseXentEigenImpl; labels already range-checked):
    s = x - max; sum = rowsum(exp(s)) (as in log_softmax); loss = glibc log(sum) - s[label] (a scalar
    generator, so no packet log); backprop = exp(s) (one packet loop, global tail) / sum - (j == label)."""
    dt = logits.dtype
    B = logits.shape[0]
    if logits.size == 0:
        return np.zeros(B, dt), logits.copy()
    if (native.AVAILABLE and dt == _F32 and logits.shape[1] <= _P[dt] * er._LEAF[dt]
            and not native.lib.has_nan(np.ascontiguousarray(logits))):
        # the compiled twin (sparse_xent_f32 in tfshim/_kernels.c): each row's sum one reducer leaf
        em.glibc_tables_to_c()
        loss, backprop = np.empty(B, dt), np.empty(logits.shape, dt)
        native.lib.sparse_xent_f32(np.ascontiguousarray(logits), np.ascontiguousarray(labels, np.int64), loss,
                                   backprop)
        return loss, backprop
    with np.errstate(all="ignore"), em._tf_fpenv():
        s = _shift(logits)
        packets = _packet(em.exp, s)
        total = _exp_row_sums(s, packets)
        rows, lab = np.arange(B), labels.astype(np.int64)
        loss = _scalar("log", total) - s[rows, lab]
        tail = np.zeros(s.size, bool)
        tail[s.size // _P[dt] * _P[dt] :] = True
        backprop = _exp(s, tail.reshape(s.shape), packets) / total[:, None]
        backprop[rows, lab] -= dt.type(1)
        return loss, backprop
