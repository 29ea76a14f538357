"""Bit-exact NumPy emulation of TF 2.21's float64 and complex CPU matmul (Eigen; oneDNN only does float32).

TF's MatMul, BatchMatMulV2 and Einsum run LaunchBatchMatMul (kernels/matmul_op_impl.h): Eigen's TensorContraction
on the intra-op pool when min(m, k, n) > 1 and (batch == 1 or m*k*n > 128*128), else Eigen's dense product on
row-major maps (coefficient-based when m + n + k < 20, GEMV for a vector, else GEMM; long vector products are cut
into output blocks first). Both GEMMs use GeneralBlockPanelKernel.h's gebp_kernel<double, double, .., 8, 4>,
compiled for AVX without FMA (vmulpd + vaddpd in libtensorflow_cc.so.2): every multiply-add rounds twice on any
CPU. The product is computed transposed (GEBP rows are TF's columns j, its columns TF's rows i). Per k block the
sums start at 0 and are added to the zeroed output: columns in groups of 8 and rows i >= m//4*4 in plain order;
the 4/2-column tails on rows i < m//4*4 keep even and odd k apart over k & ~7; an odd last column keeps 4 lanes
(k mod 4). TensorCostModel picks one thread, threads over column blocks, or k shards summed at the end; k blocks
are 336 (one thread) or 320 deep (32 KiB L1). Thread count: TF's default (the usable CPUs); none of this changes
anything for m, n, k <= 64. Complex GEBP sums a*b.re and a*b.im apart (four real sums).
"""

from __future__ import annotations

import numpy as np

from tfshim.kernels import fpenv, native
from tfshim.kernels.threads import intra_op_threads

__all__ = ["matmul"]

_L1, _L2, _L3 = 32 << 10, 1 << 20, 320 << 20  # CPUID 0x80000005/6 on the reference EPYC (Zen 4) VM
_MAX_MACS = 1 << 24  # beyond this many multiply-adds use NumPy's BLAS (last bits may differ)


def _acc(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.zeros(np.broadcast_shapes(x.shape[:-2], y.shape[:-2]) + (x.shape[-2], y.shape[-1]), x.dtype)


def _mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Products; complex ones as Eigen computes them, (ar*br - ai*bi, ar*bi + ai*br) with every operation
    rounded (NumPy's own complex multiply may fuse them)."""
    if a.dtype.kind != "c":
        return a * b
    p = np.empty(np.broadcast_shapes(a.shape, b.shape), a.dtype)
    p.real, p.imag = a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real
    return p


def _madd(x: np.ndarray, y: np.ndarray, k0: int, k1: int, acc: np.ndarray, step: int = 1) -> np.ndarray:
    """acc + x[:, k] * y[k, :] for k in range(k0, k1, step), in order: a rounded multiply, then a rounded add.
    Small outputs use np.add.accumulate along k (a sequential C loop) instead of a Python loop over k."""
    if acc.size > 256:
        t, xt, ys = np.empty_like(acc), np.swapaxes(x[..., k0:k1:step], -1, -2).copy(), y[..., k0:k1:step, :]
        for i in range(xt.shape[-2]):
            acc += np.multiply(xt[..., i, :, None], ys[..., i, None, :], out=t) if acc.dtype.kind != "c" else _mul(
                xt[..., i, :, None], ys[..., i, None, :])
        return acc
    ks = range(k0, k1, step)
    c = max(1, (1 << 18) // max(acc.size, 1))
    for i in range(0, len(ks), c):
        sl = slice(ks[i], ks[min(i + c, len(ks)) - 1] + 1, step)
        p = _mul(x[..., :, None, sl], np.swapaxes(y[..., sl, :], -1, -2)[..., None, :, :])
        p[..., 0] += acc
        acc = np.add.accumulate(p, axis=-1, out=p)[..., -1]
    return acc


def _alpha(c: np.ndarray) -> np.ndarray:
    """c * alpha with alpha = 1 (+ 0i): exact, but a complex product turns an infinite part into NaN."""
    if c.dtype.kind != "c":
        return c
    out = np.empty_like(c)
    out.real, out.imag = c.real - c.imag * 0, c.imag + c.real * 0
    return out


def _first(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return _mul(x[..., :, :1], y[..., :1, :])


def _even_odd(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """GEBP 1pX4 / half-packet micro-kernels: even and odd k apart over k & ~7, summed, then the rest in order."""
    k = x.shape[-1]
    p = k & ~7
    c = _madd(x, y, 0, p, _acc(x, y), 2) + _madd(x, y, 1, p, _acc(x, y), 2)
    return _madd(x, y, p, k, c)


def _fold(a: list) -> np.ndarray:
    """predux of a 4-lane packet ((0+2)+(1+3)) or a 2-lane one."""
    return (a[0] + a[2]) + (a[1] + a[3]) if len(a) == 4 else a[0] + a[1]


def _lanes(x: np.ndarray, y: np.ndarray, kp: int, lanes: int = 4) -> list:
    return [_madd(x, y, i, kp, _acc(x, y), lanes) for i in range(lanes)]


def _last_row(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """GEBP's last odd row (swapped traits): lanes k mod 4 over k//4*4, folded (0+1)+(2+3), then in order."""
    k = x.shape[-1]
    k4 = k // 4 * 4
    a = _lanes(x, y, k4)
    return _madd(x, y, k4, k, (a[0] + a[1]) + (a[2] + a[3]))


def _gebp(x: np.ndarray, y: np.ndarray, bm: int = 0, mr: int = 8) -> np.ndarray:
    """One gebp_kernel call per k block, x [.., m, K] times y [.., K, n]; TF columns cut into blocks of bm.
    mr = 8 (double, complex<float>): 8-column groups, then 4 and 2 (even/odd k), an odd last one in 4 lanes;
    mr = 4 (complex<double>): 4-column groups, then 2 and 1 (even/odd k)."""
    if x.dtype.kind == "c":
        return _cgebp(x, y, bm)
    if x.dtype == np.float64 and native.AVAILABLE:
        out = _compiled_gebp(x, y, bm, mr)
        if out is not None:
            return out
    acc = _madd(x, y, 0, x.shape[-1], _acc(x, y))
    m4, n = x.shape[-2] // 4 * 4, y.shape[-1]
    for s in range(0, n, bm or n) if m4 else ():
        e = min(s + (bm or n), n)
        eb, e2 = s + (e - s) // mr * mr, e - (e - s) % 2 if mr == 8 else e
        if e2 > eb:
            acc[..., :m4, eb:e2] = _even_odd(x[..., :m4, :], y[..., eb:e2])
        if e2 < e:
            acc[..., :m4, e2:e] = _last_row(x[..., :m4, :], y[..., e2:e])
    return acc


def _compiled_gebp(x: np.ndarray, y: np.ndarray, bm: int, mr: int) -> np.ndarray | None:
    """_gebp's compiled float64 twin (tfshim/_kernels.c gebp_f64): the same order per output, the same bits; None
    where an operand holds a NaN (which NaN an add keeps is then NumPy's loop's choice, kept in the emulation)."""
    bshape = np.broadcast_shapes(x.shape[:-2], y.shape[:-2])
    (m, k), n = x.shape[-2:], y.shape[-1]
    xb = np.ascontiguousarray(np.broadcast_to(x, bshape + (m, k)))
    yb = np.ascontiguousarray(np.broadcast_to(y, bshape + (k, n)))
    out = np.empty(bshape + (m, n), np.float64)
    nb = int(np.prod(bshape, dtype=np.int64))
    return out if native.lib.gebp_f64(xb, yb, out, nb, m, k, n, bm, mr) else None


def _cgebp(x: np.ndarray, y: np.ndarray, bm: int) -> np.ndarray:
    """Complex GEBP: DoublePacket accumulators sum a*b.re and a*b.im apart, so four real sums with the real
    kernel's order, assembled (Sxr.yr - Sxi.yi, Sxr.yi + Sxi.yr) and multiplied by alpha = 1 + 0i. complex<float>
    keeps a scalar path (complex multiply-adds) for the odd last column on rows past m//4*4."""
    mr = 4 if x.dtype == np.complex128 else 8
    xr, xi, yr, yi = x.real, x.imag, y.real, y.imag
    re = _gebp(xr, yr, bm, mr) - _gebp(xi, yi, bm, mr)
    im = _gebp(xr, yi, bm, mr) + _gebp(xi, yr, bm, mr)
    out = np.empty(re.shape, x.dtype)
    out.real, out.imag = re, im
    out = _alpha(out)
    m4, n = x.shape[-2] // 4 * 4, y.shape[-1]
    for s in range(0, n, bm or n) if mr == 8 and m4 < x.shape[-2] else ():
        e = min(s + (bm or n), n)
        if (e - s) % 2:
            xs, ys = x[..., m4:, :], y[..., e - 1 : e]
            out[..., m4:, e - 1 : e] = _alpha(_madd(xs, ys, 0, x.shape[-1], _acc(xs, ys)))
    return out


def _gemm(x: np.ndarray, y: np.ndarray, kc: int, k0: int = 0, k1: int = -1, bm: int = 0) -> np.ndarray:
    """Output zeroed, then each k block's GEBP result added in order."""
    k1 = x.shape[-1] if k1 < 0 else k1
    out = _acc(x, y)
    for s in range(k0, k1, kc):
        out += _gebp(x[..., s : min(s + kc, k1)], y[..., s : min(s + kc, k1), :], bm)
    return out


def _kc_seq(k: int, m: int, n: int) -> int:
    """computeProductBlockingSizes, one thread: kc."""
    kmax = (_L1 - 256) // 96 & ~7
    if max(k, m, n) < 48 or k <= kmax:
        return k
    return kmax if k % kmax == 0 else kmax - 8 * ((kmax - 1 - k % kmax) // (8 * (k // kmax + 1)))


def _blocking(k: int, m: int, n: int, threads: int, by_col: bool) -> tuple:
    """computeProductBlockingSizes with threads (TensorContractionBlocking; ShardByRow swaps m and n): kc, mc."""
    kc = min(k, 320)
    if not by_col:
        m, n = n, m
    n_cache, npt = (_L2 - _L1) // (32 * kc), -(-n // threads)
    n = n_cache - n_cache % 4 if n_cache <= npt else min(n, (npt + 3) // 4 * 4)
    m_cache, mpt = (_L3 - _L2) // (8 * kc * threads), -(-m // threads)
    m = m_cache - m_cache % 8 if 8 <= m_cache < mpt else min(m, (mpt + 7) // 8 * 8)
    return kc, (m if by_col else n)


def _shard_by_col(m: int, n: int, t: int) -> bool:
    if m // t >= 4 and (n // t < 4 or (n // t < 16 and n % (t * 4) and (m % (t * 4) == 0 or m // n >= 6))):
        return False
    return not (n // t < 64 and m > n * 32)


def _cost(bl: float, bs: float, c: float) -> float:
    return bl * (11 / 64) + bs * (11 / 64) + c


def _add_all(d: np.ndarray, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """addAllToBuffer: (d + a) + (b + c) on packets of 4; the last m*n % 4 values d + ((a + b) + c)."""
    out = (d + a) + (b + c)
    flat, tail = out.reshape(out.shape[:-2] + (-1,)), out.shape[-1] * out.shape[-2] % 4
    if tail:
        f = [v.reshape(flat.shape)[..., -tail:] for v in (d, a, b, c)]
        flat[..., -tail:] = f[0] + ((f[1] + f[2]) + f[3])
    return out


def _plan(m: int, k: int, nn: int, chips: bool, threads: int) -> tuple:
    """TensorContractionEvaluator<ThreadPoolDevice>::evalProductImpl's choice for an M x K x N contraction (RowMajor
    swaps the operands: M = TF's n, N = TF's m): (None, bs) to shard k over threads in blocks of bs, else (kc, bm),
    the k-block depth and the block of TF columns per GEBP call (0: all) of the sequential or threaded product."""
    cc = 0.25 if chips else 0.0  # chip<0> evaluators add an index add per coefficient (batched matmuls)

    def bw(bm: int, bn: int) -> float:
        return 4.0 if k == 1 else (2.0 if bm < 4 or bn < 8 else 1.0)  # 0.5 is 1.0 without FMA

    by_col = _shard_by_col(m, nn, 2)
    bk, bm = _blocking(k, m, nn, 2, by_col)
    bn = _blocking(k, nn, m, 2, not by_col)[1]
    lb, rb = 8 * (bk / nn), 8 * (bk / m)
    cost = nn * m * _cost(rb if by_col else lb, 8.0, bk * bw(bm, bn) / 4 + cc * (bk / nn) + cc * (bk / m))
    nt = min(threads, max(1, int((cost - 100000) / 100000 + 0.9)))
    per_k = _cost(8.0 * nn, 8.0, (2.0 if nn < 4 or m < 8 else 1.0) * m * nn / 4 + cc * m + cc * nn)
    red = m * nn * _cost(2, 1, 0.25)
    ntk, best = 1, k * per_k
    for t in range(2, threads + 1, 2):
        if k * per_k / t + 100000 + t * (red + 3000) < best:
            ntk, best = t, k * per_k / t + 100000 + t * (red + 3000)
    if not (ntk < 2 or ntk < nt or m * nn * 8 > _L3 // ntk or k // ntk < 8) and (
            max(m, nn) // nt < 4 or (k // ntk > 32 and (min(m, nn) < 8 or ntk > nt))):
        return None, min(k, max(48, (7 - (-k // ntk)) // 8 * 8))
    if nt == 1:
        return _kc_seq(k, m, nn), 0
    return _blocking(k, m, nn, nt, _shard_by_col(m, nn, nt))


def _contraction(x: np.ndarray, y: np.ndarray, chips: bool, threads: int) -> np.ndarray:
    """Eigen's TensorContraction on the thread pool: one GEMM, or k sharded over threads (EvalShardedByInnerDim:
    per-block buffers added in ranges of 4)."""
    nn, k = x.shape[-2:]
    m = y.shape[-1]
    kc, bm = _plan(m, k, nn, chips, threads)
    if kc is not None:
        return _gemm(x, y, kc, bm=bm)
    kc = (lambda d: min(d, 320)) if bm < k else (lambda d: _kc_seq(d, m, nn))
    parts = [_gemm(x, y, kc(min(s + bm, k) - s), s, min(s + bm, k)) for s in range(0, k, bm)]
    for g in range(0, len(parts), 4):  # each range of 4 blocks into its first, then the ranges into block 0
        rest = parts[g + 1 : g + 4]
        if len(rest) == 3:
            parts[g] = _add_all(parts[g], *rest)
        for p in rest if len(rest) < 3 else ():
            parts[g] = parts[g] + p
    out, r, nr = parts[0], 1, -(-len(parts) // 4)
    while r < nr:
        if r + 2 < nr:
            out, r = _add_all(out, parts[4 * r], parts[4 * r + 4], parts[4 * r + 8]), r + 3
        else:
            out, r = out + parts[4 * r], r + 1
    return out


def _dot_rows(x: np.ndarray, y: np.ndarray, lanes: int) -> np.ndarray:
    """Row-major GEMV (dot products of x's rows with y [.., K, 1]): k mod P lanes, predux, scalar tail; an odd
    last row adds a half packet (P/2 lanes) before its scalar tail."""
    k, r, h = x.shape[-1], x.shape[-2], lanes // 2
    kp, kh = k // lanes * lanes, k // h * h
    cc = _fold(_lanes(x, y, kp, lanes))
    out = _madd(x, y, kp, k, cc.copy())
    if r % 2 and kh > kp:
        xl = x[..., r - 1 :, :]
        hs = [_madd(xl, y, kp + i, kh, _acc(xl, y), h) for i in range(h)]
        out[..., r - 1 :, :] = _madd(xl, y, kh, k, cc[..., r - 1 :, :] + (hs[0] + hs[1] if h == 2 else hs[0]))
    return _alpha(out)


def _axpy(x: np.ndarray, y: np.ndarray, stride: int) -> np.ndarray:
    """Column-major GEMV: plain order in column chunks (all of k below 128, else 16 or 4 by the lhs stride)."""
    k = x.shape[-1]
    bc = k if k < 128 else (16 if stride * x.itemsize < 32000 else 4)
    out = _acc(x, y)
    for s in range(0, k, bc):
        out += _alpha(_madd(x, y, s, min(s + bc, k), _acc(x, y)))
    return out


def _redux(x: np.ndarray, y: np.ndarray, lanes: int) -> np.ndarray:
    """Vectorised redux of x's row times y's column (both contiguous): packets of P in 2 accumulators."""
    k, two = x.shape[-1], 2 * lanes
    if k < lanes:
        return _madd(x, y, 1, k, _first(x, y))
    k2, kp = k // two * two, k // lanes * lanes
    p = [_mul(x[..., :, i, None], y[..., None, i, :]) for i in range(min(kp, two))]
    if kp > lanes:
        p = [_madd(x, y, two + i, k2, p[i], two) for i in range(two)]
        p = [p[i] + p[i + lanes] for i in range(lanes)]
        if kp > k2:
            p = [p[i] + _mul(x[..., :, k2 + i, None], y[..., None, k2 + i, :]) for i in range(lanes)]
    return _madd(x, y, kp, k, _fold(p))


def _dot(x: np.ndarray, y: np.ndarray, lanes: int) -> np.ndarray:
    """Eigen's inner_product_impl (1 x k times k x 1, both contiguous): 4 packet accumulators over groups of 4P,
    leftover packets into the first ones, folded ((3+2)+1)+0, predux, then the scalar tail."""
    p = _mul(x[..., 0, :], y[..., :, 0])
    k, P = p.shape[-1], lanes
    if k < P:
        return np.add.accumulate(p, axis=-1)[..., -1:, None]
    q, kp = k // (4 * P) * 4 * P, k // P * P
    r = [p[..., P * i : P * i + P] for i in range(min(kp // P, 4))]
    if q:
        acc = np.add.accumulate(p[..., :q].reshape(p.shape[:-1] + (q // (4 * P), 4 * P)), axis=-2)[..., -1, :]
        r = [acc[..., P * i : P * i + P] for i in range(4)]
        for i in range((kp - q) // P):
            r[i] = r[i] + p[..., q + P * i : q + P * i + P]
        r[2] = r[2] + r[3]
    for i in range(len(r) - 1 if len(r) < 4 else 2, 0, -1):
        r[i - 1] = r[i - 1] + r[i]
    acc = _fold([r[0][..., i] for i in range(P)])
    return np.add.accumulate(np.concatenate([acc[..., None], p[..., kp:]], -1), axis=-1)[..., -1:, None]


def _dense(x: np.ndarray, y: np.ndarray, ta: bool, tb: bool, sx: int, sy: int) -> np.ndarray:
    """Eigen's dense product into a row-major map: coefficient-based when m + n + k < 20, GEMV when a side is a
    vector (dot products or axpy by the operands' storage), GEBP otherwise. P: 4 lanes, 2 for complex<double>."""
    m, k = x.shape[-2:]
    n, P = y.shape[-1], 2 if x.dtype == np.complex128 else 4
    if k + m + n < 20:
        if ta:
            return _madd(x, y, 1, k, _first(x, y))
        return _redux(x, y, P) if tb else _madd(x, y, 0, k, _acc(x, y))
    if m == n == 1:  # inner product
        return 0.0 + _alpha(_dot(x, y, P) if tb and not ta else _madd(x, y, 1, k, _first(x, y)))
    if n == 1:
        return _axpy(x, y, sx) if ta else _dot_rows(x, y, P)
    if m == 1:
        sw = np.swapaxes
        return sw(_dot_rows(sw(y, -1, -2), sw(x, -1, -2), P), -1, -2) if tb else _axpy(x, y, sy)
    return _gemm(x, y, _kc_seq(k, n, m))


def _blocks(m: int, k: int, n: int, limit: int) -> list:
    """SingleBatchParallelMatMulKernel's recursive halving of the output (multiples of 32)."""
    out: list = []

    def split(r: int, c: int, nr: int, nc: int) -> None:
        while nr * k * nc > limit and (nr > 32 or nc > 32):
            if nr > nc:
                h = -(-(nr // 2) // 32) * 32
                split(r + h, c, nr - h, nc)
                nr = h
            else:
                h = -(-(nc // 2) // 32) * 32
                split(r, c + h, nr, nc - h)
                nc = h
        if nr > 0 and nc > 0:
            out.append((r, c, nr, nc))

    split(0, 0, m, n)
    return out


def _exact_at_any_size(x: np.ndarray, y: np.ndarray) -> bool:
    """Whether the compiled GEBP computes this product (float64 without NaN; a matrix product, not a vector one):
    then no size limit applies."""
    return (x.dtype == np.float64 and y.dtype == np.float64 and native.AVAILABLE and not np.isnan(x).any()
            and not np.isnan(y).any())


def matmul(a: np.ndarray, b: np.ndarray, transpose_a: bool = False, transpose_b: bool = False,
           threads: int | None = None, adjoint: bool = False) -> np.ndarray:
    """TF's LaunchBatchMatMul<CPUDevice, T> on float64 or complex a, b (batch dims broadcast; MatMul is batch 1);
    ``adjoint`` makes the transposes conjugate (BatchMatMulV2's adj_x/adj_y).

    float64 is bit-exact with TF at every size (measured up to k = 6000, with 1 to 16 intra-op threads), complex up
    to m, n, k = 64; above ``_MAX_MACS`` (2**24) multiply-adds, or for larger complex products, NumPy's BLAS is
    used instead, for speed (about 2-3 ns per multiply-add here, 40 ms at the cap), except for float64 products
    the compiled GEBP computes (no NaN operand; tfshim._kernels built): those are exact at every size."""
    x = np.swapaxes(a, -1, -2) if transpose_a else a
    y = np.swapaxes(b, -1, -2) if transpose_b else b
    if adjoint and a.dtype.kind == "c":  # BatchMatMulV2's adj_x/adj_y (conjugation is exact)
        x, y = (np.conj(x) if transpose_a else x), (np.conj(y) if transpose_b else y)
    m, k = x.shape[-2:]
    n = y.shape[-1]
    bshape = np.broadcast_shapes(x.shape[:-2], y.shape[:-2])
    x, y = np.broadcast_to(x, bshape + (m, k)), np.broadcast_to(y, bshape + (k, n))
    nb = int(np.prod(bshape, dtype=np.int64))
    cost = m * k * n
    with fpenv.kernel_env():
        if (nb * cost > _MAX_MACS and not (min(m, k, n) > 1 and _exact_at_any_size(x, y))) or 0 in (nb, m, n) or (
                a.dtype.kind == "c" and max(m, k, n) > 64):
            return np.matmul(x, y)
        if k == 0:
            return np.zeros(bshape + (m, n), x.dtype)
        threads = threads or intra_op_threads()
        if min(m, k, n) > 1 and (nb == 1 or cost > 128 * 128):
            return _contraction(x, y, nb > 1, threads)
        sx, sy = x.shape[-2] if transpose_a else k, n
        if nb > 1 or cost <= 128 * 128:
            return _dense(x, y, transpose_a, transpose_b, sx, sy)
        out = np.empty(bshape + (m, n), x.dtype)
        for r, c, nr, nc in _blocks(m, k, n, max(cost // threads, 128 * 128)):
            out[..., r : r + nr, c : c + nc] = _dense(x[..., r : r + nr, :], y[..., c : c + nc], transpose_a,
                                                      transpose_b, sx, sy)
        return out
