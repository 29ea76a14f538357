"""Bit-exact NumPy emulation of TF 2.21's LU-based CPU linalg kernels (``Eigen::PartialPivLU``).

MatrixInverse / MatrixSolve (row-major) and MatrixDeterminant / LogMatrixDeterminant (``SLogDet``,
column-major) as the wheel's Eigen runs them: AVX without FMA (Packet8f / Packet4d, multiply-adds
round twice), under FTZ/DAZ (set by the dispatcher).  Batches (B, n, n); loops only over n.
"""

from __future__ import annotations

import numpy as np

from tfshim.kernels import eigen_math, eigen_reduce

_F32 = np.dtype(np.float32)
_P = {_F32: 8, np.dtype(np.float64): 4}  # AVX packet size
# triangular_solve_matrix's SmallPanelWidth = max(gebp mr, nr) = max(2 * P, 4) (no FMA: mr = 2P)
_SPW = {_F32: 16, np.dtype(np.float64): 8}


def _dot(x: np.ndarray, t: np.ndarray, ks, acc: np.ndarray | None = None) -> np.ndarray:
    """``((acc + x[k0] t[k0]) + x[k1] t[k1]) + ...``: x (B, d, r), t (B, d, c) -> (B, c, r) outer
    products added one k at a time (acc defaults to a register accumulator at +0)."""
    if acc is None:
        acc = np.zeros((x.shape[0], t.shape[2], x.shape[2]), x.dtype)
    for k in ks:
        acc = acc + x[:, k, None, :] * t[:, k, :, None]
    return acc


def _sub(y: np.ndarray, acc: np.ndarray) -> np.ndarray:
    """GEBP's store ``y = pmadd(acc, -1, y)`` = ``acc * -1 + y`` (y - acc; a NaN acc wins over a NaN y)."""
    return acc * y.dtype.type(-1) + y


def _panel(lu: np.ndarray, perm: np.ndarray, odd: np.ndarray, k0: int, k1: int) -> None:
    """Eigen ``partial_lu_impl::unblocked_lu`` on the panel ``lu[:, k0:, k0:k1]`` (in place).

    Column k: the pivot is the first row of largest |a_ik| (findCoeff's ``candidate > incumbent``: a NaN
    never wins unless it is the first candidate); an exactly zero pivot leaves the column undivided;
    else the rows are swapped (whole rows: the blocked caller swaps the rest alike) and the column
    *divided* by the pivot; then ``a_ij -= l_i * u_j`` inside the panel.
    """
    rows = np.arange(lu.shape[0])
    for k in range(k0, k1):
        s = np.abs(lu[:, k:, k])
        p = k + np.where(np.isnan(s[:, 0]), 0, np.argmax(np.where(np.isnan(s), -1, s), axis=1))
        odd ^= p != k  # a zero pivot column is all zeros: p == k
        lu[rows, k], lu[rows, p] = lu[rows, p], lu[rows, k].copy()
        perm[rows, k], perm[rows, p] = perm[rows, p], perm[rows, k].copy()
        piv = lu[:, k, k : k + 1]
        col = lu[:, k + 1 :, k]
        lu[:, k + 1 :, k] = np.where(np.abs(piv) != 0, col / piv, col)
        lu[:, k + 1 :, k + 1 : k1] -= lu[:, k + 1 :, k, None] * lu[:, k, None, k + 1 : k1]


def _blocked(lu: np.ndarray, perm: np.ndarray, odd: np.ndarray, k0: int, k1: int, cm: bool, mx: int = 256) -> None:
    """Eigen ``partial_lu_impl::blocked_lu`` on ``lu[:, k0:, k0:k1]``: up to 16 columns one unblocked
    panel; else blocks of bs = clamp(size / 8 rounded down to 16, 8, mx) columns: the block (recursively,
    mx = 16), ``A12 = L11^-1 A12`` (``_forward``), ``A22 -= A21 A12`` (lazy coefficient product,
    sequential sums, when ``bs + rows + cols < 20``, else GEMM: ``_prod``)."""
    size = min(lu.shape[-1] - k0, k1 - k0)
    if size <= 16:
        return _panel(lu, perm, odd, k0, k1)
    bs = min(max(size // 8 // 16 * 16, 8), mx)
    for k in range(k0, k0 + size, bs):
        e = min(k + bs, k0 + size)
        _blocked(lu, perm, odd, k, e, cm, 16)
        if e < lu.shape[-1] and e < k1:
            lu[:, k:e, e:k1] = _forward(lu[:, k:e, k:e], lu[:, k:e, e:k1], cm)
            if (e - k) + (lu.shape[-1] - e) + (k1 - e) < 20:
                t, x = lu[:, e:, k:e].transpose(0, 2, 1), lu[:, k:e, e:k1]
                lu[:, e:, e:k1] -= _dot(x, t, range(1, e - k), x[:, 0, None, :] * t[:, 0, :, None])
            else:
                lu[:, e:, e:k1] = _sub(lu[:, e:, e:k1], _prod(lu[:, e:, k:e], lu[:, k:e, e:k1], cm))


def lu_factor(a: np.ndarray, col_major: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Eigen ``PartialPivLU`` (``_blocked``) on a copy of ``a`` (B, n, n); ``col_major``: the storage
    order of the Eigen matrix (SLogDet copies to column-major; it changes which GEBP sums apply).
    Returns (lu, perm, odd): ``a[perm] = L U`` and the parity of the row swaps."""
    lu = a.copy()
    b, n = lu.shape[0], lu.shape[-1]
    perm = np.tile(np.arange(n), (b, 1))
    odd = np.zeros(b, bool)
    _blocked(lu, perm, odd, 0, n, col_major)
    return lu, perm, odd


def _gebp(x: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Eigen ``gebp_kernel``'s sums ``acc[c, i] = sum_k t[k, c] * x[k, i]`` (AVX, no FMA), x (B, d, r).

    Rows i (Eigen's lhs rows: the right-hand-side columns) go in panels of 2P (sequential in k), then P
    and P/2 (even and odd k of the 8-peeled loop in two accumulators, added, then the rest), then one
    at a time (the "swapped" kernel: 4 accumulators over k mod 4, double, or over k mod 8 in two lane
    halves, float, combined pairwise); the last ``c % 4`` columns are always sequential.
    """
    pk, d, r = _P[x.dtype], x.shape[1], x.shape[2]
    c4 = t.shape[2] // 4 * 4
    out = _dot(x, t, range(d))
    m2, mh = r // (2 * pk) * 2 * pk, r - r % (pk // 2)
    if c4 and m2 < mh:
        xs, ts, e = x[:, :, m2:mh], t[:, :, :c4], d & ~7
        out[:, :c4, m2:mh] = _dot(xs, ts, range(e, d), _dot(xs, ts, range(0, e, 2)) + _dot(xs, ts, range(1, e, 2)))
    if c4 and mh < r:
        xs, ts = x[:, :, mh:], t[:, :, :c4]
        if pk == 4:
            e = d // 4 * 4
            s = [_dot(xs, ts, range(j, e, 4)) for j in range(4)]
            acc = _dot(xs, ts, range(e, d), (s[0] + s[1]) + (s[2] + s[3]))
        else:
            e, e2 = d // 8 * 8, d // 2 * 2
            lo = [_dot(xs, ts, range(j, e, 8)) for j in range(0, 8, 2)]
            hi = [_dot(xs, ts, range(j, e, 8)) for j in range(1, 8, 2)]
            lo = _dot(xs, ts, range(e, e2, 2), (lo[0] + lo[1]) + (lo[2] + lo[3]))
            hi = _dot(xs, ts, range(e + 1, e2, 2), (hi[0] + hi[1]) + (hi[2] + hi[3]))
            acc = _dot(xs, ts, range(e2, d), lo + hi)
        out[:, :c4, mh:] = acc
    return out


def _prod(lhs: np.ndarray, rhs: np.ndarray, col_major: bool) -> np.ndarray:
    """``lhs @ rhs`` summed as Eigen's GEBP does for a column-major (gebp rows = result rows) or
    row-major (the transposed product: gebp rows = result columns) destination."""
    lt = lhs.transpose(0, 2, 1)
    return _gebp(lt, rhs).transpose(0, 2, 1) if col_major else _gebp(rhs, lt)


def _kc(n: int, dt: np.dtype) -> int:
    """The trsm's depth block (``computeProductBlockingSizes<.., KcFactor=4>``, Eigen's L1 = 32 KiB):
    n while n <= max_kc = 96 (float) / 80 (double), else the last block made as large as possible."""
    mr, sz = 2 * _P[dt], dt.itemsize
    mx = (32768 - mr * 4 * sz) // (4 * (mr + 4) * sz) & ~7
    if n <= mx:
        return n
    return mx if n % mx == 0 else mx - 8 * ((mx - 1 - n % mx) // (8 * (n // mx + 1)))


def _forward(lo: np.ndarray, y: np.ndarray, col_major: bool = False) -> np.ndarray:
    """``triangularView<UnitLower>().solveInPlace(y)`` (``triangular_solve_matrix``): depth blocks of
    ``_kc`` rows, each in panels of SmallPanelWidth rows solved one product at a time in increasing
    column order (trsmKernelR / trsmKernelL alike).  Row-major y (solved on the right): a panel first
    subtracts all earlier panels of its block in one ``_prod`` sum; column-major y (on the left): a
    solved panel is subtracted from the rest of its block.  A solved block is subtracted from all
    later rows."""
    y = y.copy()
    n, spw = lo.shape[-1], _SPW[lo.dtype]
    kc = _kc(n, lo.dtype)
    for k2 in range(0, n, kc):
        ke = min(k2 + kc, n)
        for j2 in range(k2, ke, spw):
            e = min(j2 + spw, ke)
            if j2 > k2 and not col_major:
                y[:, j2:e] = _sub(y[:, j2:e], _prod(lo[:, j2:e, k2:j2], y[:, k2:j2], False))
            for k in range(j2, e - 1):
                y[:, k + 1 : e] -= lo[:, k + 1 : e, k, None] * y[:, None, k]
            if col_major and e < ke:
                y[:, e:ke] = _sub(y[:, e:ke], _prod(lo[:, e:ke, j2:e], y[:, j2:e], True))
        if ke < n:
            y[:, ke:] = _sub(y[:, ke:], _prod(lo[:, ke:, k2:ke], y[:, k2:ke], col_major))
    return y


def lu_solve(lu: np.ndarray, perm: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """Eigen ``PartialPivLU::_solve_impl`` into a row-major dst (B, n, r): ``y = P b``, then the unit-L
    and U solves of ``triangular_solve_matrix``; TF's row-major dst makes it solve the transposed
    problem on the right (trsmKernelR).  U: depth blocks from the last, panels from the last, a panel
    first subtracts the later panels of its block (``_prod``), then row j takes ``u_jm * y_m`` for
    m = j+1, j+2, ... one at a time and is multiplied by ``1 / u_jj``; a finished block is subtracted
    from all earlier rows.
    """
    y = _forward(lu, np.take_along_axis(rhs, perm[:, :, None], axis=1))
    n, spw = lu.shape[-1], _SPW[lu.dtype]
    kc = _kc(n, lu.dtype)
    one = lu.dtype.type(1)
    for k2 in range(n, 0, -kc):
        ks = max(k2 - kc, 0)
        for j2 in range(k2 - ((k2 - ks) % spw or spw), ks - 1, -spw):
            e = min(j2 + spw, k2)
            if e < k2:
                y[:, j2:e] = _sub(y[:, j2:e], _prod(lu[:, j2:e, e:k2], y[:, e:k2], False))
            for j in range(e - 1, j2 - 1, -1):
                for m in range(j + 1, e):
                    y[:, j] -= lu[:, j, m, None] * y[:, m]
                y[:, j] = (one / lu[:, j, j])[:, None] * y[:, j]
        if ks:
            y[:, :ks] = _sub(y[:, :ks], _prod(lu[:, :ks, ks:k2], y[:, ks:k2], False))
    return y


def solve(a: np.ndarray, rhs: np.ndarray) -> tuple[np.ndarray, bool]:
    """TF MatrixSolve / MatrixInverse (rhs = I): (``lu.solve(rhs)``, whether every matrix passes TF's
    ``diagonal().cwiseAbs().minCoeff() > 0``; minCoeff: ``m = (d_i < m) ? d_i : m`` from d_0)."""
    lu, perm, _ = lu_factor(a)
    d = np.abs(np.diagonal(lu, axis1=-2, axis2=-1))
    m = d[:, 0]
    for i in range(1, d.shape[1]):
        m = np.where(d[:, i] < m, d[:, i], m)
    return lu_solve(lu, perm, rhs), bool(np.all(m > 0))


def _redux(v: np.ndarray, op) -> np.ndarray:
    """Eigen's vectorised redux over axis 1 (LinearVectorizedTraversal): packets in two accumulators
    (pairs of packets, then an odd last one), AVX predux, then the tail one value at a time."""
    pk, n = _P[v.dtype], v.shape[1]
    full = n // pk * pk
    s, start = v[:, 0], 1
    if full:
        q = v[:, :full].reshape(-1, full // pk, pk)
        acc = q[:, 0]
        if full > pk:
            acc2 = q[:, 1]
            for j in range(2, full // pk - 1, 2):
                acc, acc2 = op(acc, q[:, j]), op(acc2, q[:, j + 1])
            acc = op(acc, acc2)
            if full // pk % 2:
                acc = op(acc, q[:, -1])
        s, start = eigen_reduce._predux(op, acc), full
    for i in range(start, n):
        s = op(s, v[:, i])
    return s


def slogdet(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """TF ``SLogDet``: ``log|det| = sum(log|u_ii|)`` and ``sign = det(P) * prod(sign(u_ii))`` (TF 2.21
    keeps non-finite results as they are), both Eigen vectorised reduxes (``_redux``) whose full
    packets use packet functions (Eigen plog; psign: |NaN|) and whose tail the scalar ones (glibc log;
    sign keeps NaN).  Zeros and (DAZ) subnormals have sign 0."""
    dt, n = a.dtype, a.shape[-1]
    lu, _, odd = lu_factor(a, col_major=True)
    d = np.diagonal(lu, axis1=-2, axis2=-1)
    ad = np.abs(d)
    full = n // _P[dt] * _P[dt]
    logs = np.empty_like(ad)
    logs[:, :full] = (eigen_math._plog_f32 if dt == _F32 else eigen_math._plog_f64)(ad[:, :full])
    if full < n:
        tail = ad[:, full:].ravel()
        tail = eigen_math._libm("log", tail) if dt == _F32 else eigen_math._log_tail_f64(tail)
        logs[:, full:] = tail.reshape(-1, n - full)
    f = np.where(ad > 0, np.copysign(dt.type(1), d), np.where(np.isnan(d), d, dt.type(0)))
    f[:, :full] = np.where(np.isnan(d[:, :full]), ad[:, :full], f[:, :full])
    return np.where(odd, dt.type(-1), dt.type(1)) * _redux(f, np.multiply), _redux(logs, np.add)


def det(a: np.ndarray) -> np.ndarray:
    """TF MatrixDeterminant: ``sign * std::exp(log|det|)`` (glibc exp; as compiled, exp's NaN wins)."""
    sign, s = slogdet(a)
    return eigen_math._libm("exp", s) * sign
