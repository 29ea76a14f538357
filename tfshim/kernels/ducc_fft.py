"""Bit-exact NumPy emulation of DUCC0's FFT as TF 2.21's CPU kernels call it (tf.signal.fft & co.).

TF's ``tensorflow/core/kernels/fft_ops.cc`` (``DuccFftImpl``) hands every FFT op to
``ducc0::google::c2c / r2c / c2r`` with the tensor's own shape and C-order strides, scale 1 forward
and ``1/prod(fft lengths)`` backward (for float rounded to ``float(1.0/N)``).  DUCC (the copy TF
ships, ``external/ducc/src/ducc0/fft/fft1d_impl.h``, ``fftnd_impl.h``) computes in the tensor's own
precision with fixed radix passes; this module repeats that arithmetic, operation for operation, on
whole batches of rows at once (DUCC's SIMD lanes run the same scalar formulas, so vectorising over
rows does not change a bit):

* **plans** (``_make_cpass``/``_make_rpass``): ``factorize`` (8s, then 4s, a 2 moved to the front,
  then odd primes), single passes ``cfftp2/3/4/5/7/8/11``, ``cfftpg`` (odd primes < 110),
  ``cfftpblue`` (Bluestein, larger primes), ``cfft_multipass`` (composite lengths, two "packets"
  above 10000), ``cfftp_vecpass`` (the radix-4 split DUCC uses for *vectorized* plans of lengths
  > 300 divisible by 4); real transforms with ``rfftp2/3/4/5``, ``rfftpg``, ``rfftpblue`` and
  ``rfftp_complexify`` (even lengths > 1000 with a prime factor > 5: a half-length complex FFT).
* **twiddles** from ``UnityRoots``: two tables of cos/sin computed in double (glibc's ``cos``/``sin``
  via ``math``, the angle ``0.25L*pi/n`` in x87 long double), combined in double and rounded to the
  transform's precision.
* **which rows get which plan** (``general_nd``): a 1-D tensor is one "simple" vectorized plan; in a
  batch, rows processed in SIMD groups (8 floats / 4 doubles wide) use the plain plan and the
  leftover rows the vectorized one; with several threads (tensors of >= 32768 elements) each thread's
  share of rows has its own leftovers.
* **axis order**: c2c over several axes runs the innermost axis first, then the others from the outside
  in (DUCC swaps the unit-stride axis to the front); r2c does the last axis then c2c over the others in
  order; c2r does c2c over the leading axes, then c2r on the last.  The scale is applied after the first
  axis' transform.

TF's binary is built with AVX but without FMA (no ``vfmadd`` in its DUCC code), so every ``a*b+c`` is
two roundings, as NumPy computes it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from tfshim.kernels.threads import intra_op_threads

Cx = tuple  # (real, imag) pair of float arrays of one dtype

# --------------------------------------------------------------------------------------------------
# constants and twiddles

_PI = Fraction("3.141592653589793238462643383279502884197169399375105820974944592307816406286")


def _round_bits(x: Fraction, bits: int) -> Fraction:
    """x rounded to nearest-even with `bits` significant bits (no exponent limits needed here)."""
    if x == 0:
        return x
    sign = -1 if x < 0 else 1
    x = abs(x)
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** e > x:
        e -= 1
    scale = Fraction(2) ** (bits - 1 - e)
    m = x * scale
    q, r = divmod(m.numerator, m.denominator)
    if 2 * r > m.denominator or (2 * r == m.denominator and q & 1):
        q += 1
    return sign * Fraction(q) / scale


def _literal(text: str, dtype: Any) -> Any:
    """A C++ ``Tfs(<long double literal>)``: decimal -> x87 long double -> float/double."""
    ld = _round_bits(Fraction(text), 64)
    return dtype.type(float(_round_bits(ld, 24 if dtype == np.float32 else 53)))


@lru_cache(maxsize=64)
def _unity_roots_tables(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int]:
    """UnityRoots(n): the v1/v2 tables in double (unity_roots.h)."""
    ang = float(_round_bits(_round_bits(_PI / 4 / n, 64), 53))  # Thigh(0.25L*pi/n)

    def calc(x: int) -> tuple[float, float]:
        x <<= 3
        if x < 4 * n:
            if x < 2 * n:
                if x < n:
                    return math.cos(float(x) * ang), math.sin(float(x) * ang)
                return math.sin(float(2 * n - x) * ang), math.cos(float(2 * n - x) * ang)
            x -= 2 * n
            if x < n:
                return -math.sin(float(x) * ang), math.cos(float(x) * ang)
            return -math.cos(float(2 * n - x) * ang), math.sin(float(2 * n - x) * ang)
        x = 8 * n - x
        if x < 2 * n:
            if x < n:
                return math.cos(float(x) * ang), -math.sin(float(x) * ang)
            return math.sin(float(2 * n - x) * ang), -math.cos(float(2 * n - x) * ang)
        x -= 2 * n
        if x < n:
            return -math.sin(float(x) * ang), -math.cos(float(x) * ang)
        return -math.cos(float(2 * n - x) * ang), -math.sin(float(2 * n - x) * ang)

    nval = (n + 2) // 2
    shift = 1
    while (1 << shift) * (1 << shift) < nval:
        shift += 1
    mask = (1 << shift) - 1
    v1 = [(1.0, 0.0)] + [calc(i) for i in range(1, mask + 1)]
    n2 = (nval + mask) // (mask + 1)
    v2 = [(1.0, 0.0)] + [calc(i * (mask + 1)) for i in range(1, n2)]
    a1, a2 = np.array(v1, np.float64), np.array(v2, np.float64)
    return a1[:, 0].copy(), a1[:, 1].copy(), a2[:, 0].copy(), a2[:, 1].copy(), mask, shift


def _roots(n: int, idx: Any, dtype: Any) -> Cx:
    """UnityRoots<T>(n)[idx] for an integer array idx (0 <= idx < n), as (re, im) in dtype."""
    v1r, v1i, v2r, v2i, mask, shift = _unity_roots_tables(n)
    idx = np.asarray(idx, np.int64)
    upper = 2 * idx > n
    j = np.where(upper, n - idx, idx)
    x1r, x1i = v1r[j & mask], v1i[j & mask]
    x2r, x2i = v2r[j >> shift], v2i[j >> shift]
    re = (x1r * x2r - x1i * x2i).astype(dtype)
    im = (x1r * x2i + x1i * x2r).astype(dtype)
    return re, np.where(upper, -im, im)


class _Roots:
    """A shared UnityRoots object (its size matters: passes index it with a stride rfct)."""

    def __init__(self, n: int, dtype: Any) -> None:
        self.n, self.dtype = n, dtype

    def __call__(self, idx: Any) -> Cx:
        return _roots(self.n, idx, self.dtype)


# --------------------------------------------------------------------------------------------------
# complex helpers on (re, im) pairs


def _add(a: Cx, b: Cx) -> Cx:
    return a[0] + b[0], a[1] + b[1]


def _sub(a: Cx, b: Cx) -> Cx:
    return a[0] - b[0], a[1] - b[1]


def _rot90(a: Cx, fwd: bool) -> Cx:
    return (a[1], -a[0]) if fwd else (-a[1], a[0])


def _smul(v: Cx, w: Cx, fwd: bool) -> Cx:
    """special_mul<fwd>: v*conj(w) forward, v*w backward."""
    if fwd:
        return v[0] * w[0] + v[1] * w[1], v[1] * w[0] - v[0] * w[1]
    return v[0] * w[0] - v[1] * w[1], v[0] * w[1] + v[1] * w[0]


def _cmul(v: Cx, w: Cx) -> Cx:
    return v[0] * w[0] - v[1] * w[1], v[0] * w[1] + v[1] * w[0]


# --------------------------------------------------------------------------------------------------
# complex passes.  Data: (re, im) arrays of shape (rows, N); a pass with (l1, ido, ip) reads
# cc[a + ido*(b + ip*c)] (view (rows, l1, ip, ido)) and writes ch[a + ido*(b + l1*c)] (rows, ip, l1, ido).


def _factorize_c(n: int) -> list[int]:
    f: list[int] = []
    while n % 8 == 0:
        f.append(8)
        n //= 8
    while n % 4 == 0:
        f.append(4)
        n //= 4
    if n % 2 == 0:
        n //= 2
        f.append(2)
        f[0], f[-1] = f[-1], f[0]
    d = 3
    while d * d <= n:
        while n % d == 0:
            f.append(d)
            n //= d
        d += 2
    if n > 1:
        f.append(n)
    return f


def _factorize_r(n: int) -> list[int]:
    f: list[int] = []
    while n % 4 == 0:
        f.append(4)
        n //= 4
    if n % 2 == 0:
        n //= 2
        f.append(2)
        f[0], f[-1] = f[-1], f[0]
    d = 3
    while d * d <= n:
        while n % d == 0:
            f.append(d)
            n //= d
        d += 2
    if n > 1:
        f.append(n)
    return f


def _prime_factors(n: int) -> list[int]:
    f: list[int] = []
    while n % 2 == 0:
        f.append(2)
        n //= 2
    d = 3
    while d * d <= n:
        while n % d == 0:
            f.append(d)
            n //= d
        d += 2
    if n > 1:
        f.append(n)
    return f


def _good_size_cmplx(n: int) -> int:
    if n <= 12:
        return n
    best = 2 * n
    f11 = 1
    while f11 < best:
        f117 = f11
        while f117 < best:
            f1175 = f117
            while f1175 < best:
                x = f1175
                while x < n:
                    x *= 2
                while True:
                    if x < n:
                        x *= 3
                    elif x > n:
                        best = min(best, x)
                        if x & 1:
                            break
                        x >>= 1
                    else:
                        return n
                f1175 *= 5
            f117 *= 7
        f11 *= 11
    return best


CPass = Callable[[Cx, bool], Cx]


def _pass_twiddles(roots: _Roots, l1: int, ido: int, ip: int) -> Cx:
    """wa[j-1][i] = roots[rfct*j*l1*i] for j in 1..ip-1, i in 0..ido-1 (column 0 unused)."""
    rfct = roots.n // (ip * l1 * ido)
    j = np.arange(1, ip)[:, None]
    i = np.arange(ido)[None, :]
    re, im = roots(rfct * j * l1 * i)
    return re.reshape(ip - 1, 1, ido), im.reshape(ip - 1, 1, ido)


def _assemble(outs: list[Cx], wa: Cx | None, fwd: bool, rows: int) -> Cx:
    """The outputs u = 0..ip-1 as ch (rows, ip, l1, ido); outputs u >= 1 multiplied (special_mul<fwd>)
    by wa[u-1] in the columns i >= 1."""
    shape = (rows, len(outs)) + outs[0][0].shape[1:]
    re = np.empty(shape, outs[0][0].dtype)
    im = np.empty(shape, outs[0][0].dtype)
    for u, (r, i) in enumerate(outs):
        if u and wa is not None:
            re[:, u, :, 0] = r[..., 0]
            im[:, u, :, 0] = i[..., 0]
            w = (wa[0][u - 1, :, 1:], wa[1][u - 1, :, 1:])
            re[:, u, :, 1:], im[:, u, :, 1:] = _smul((r[..., 1:], i[..., 1:]), w, fwd)
        else:
            re[:, u] = r
            im[:, u] = i
    return re.reshape(rows, -1), im.reshape(rows, -1)


_ODD_CONST = {
    3: ["0.5", "0.8660254037844386467637231707529362"],
    5: ["0.3090169943749474241022934171828191", "0.9510565162951535721164393333793821",
        "-0.8090169943749474241022934171828191", "0.5877852522924731291687059546390728"],
    7: ["0.6234898018587335305250048840042398", "0.7818314824680298087084445266740578",
        "-0.2225209339563144042889025644967948", "0.9749279121818236070181316829939312",
        "-0.9009688679024191262361023195074451", "0.433883739117558120475768332848359"],
    11: ["0.8412535328311811688618116489193677", "0.5406408174555975821076359543186917",
         "0.4154150130018864255292741492296232", "0.9096319953545183714117153830790285",
         "-0.1423148382732851404437926686163697", "0.9898214418809327323760920377767188",
         "-0.6548607339452850640569250724662936", "0.7557495743542582837740358439723444",
         "-0.9594929736144973898903680570663277", "0.2817325568414296977114179153466169"],
}


def _make_cfftp_odd(l1: int, ido: int, ip: int, roots: _Roots) -> CPass:
    """cfftp3/5/7/11: hard-coded roots, pairwise sums and differences, then twiddles."""
    dt = roots.dtype
    wa = _pass_twiddles(roots, l1, ido, ip) if ido > 1 else None
    h = ip // 2
    lits = _ODD_CONST[ip]
    twr = [dt.type(0)] + [_literal(lits[2 * m], dt) for m in range(h)]
    twi = [dt.type(0)] + [_literal(lits[2 * m + 1], dt) for m in range(h)]
    if ip == 3:
        twr[1] = dt.type(-0.5)

    def run(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        cr = x[0].reshape(rows, l1, ip, ido)
        ci = x[1].reshape(rows, l1, ip, ido)
        c = [(cr[:, :, m], ci[:, :, m]) for m in range(ip)]
        s = dt.type(-1) if fwd else dt.type(1)
        ti = [s * v for v in twi]
        t0 = c[0]
        tp: list[Any] = [None] + [_add(c[j], c[ip - j]) for j in range(1, h + 1)]
        tm: list[Any] = [None] + [_sub(c[j], c[ip - j]) for j in range(1, h + 1)]
        outs: list[Any] = [None] * ip
        r0, i0 = t0
        for j in range(1, h + 1):
            r0 = r0 + tp[j][0]
            i0 = i0 + tp[j][1]
        outs[0] = (r0, i0)
        for u in range(1, h + 1):
            car, cai = t0
            cbr: Any = None
            cbi: Any = None
            for j in range(1, h + 1):
                m = (u * j) % ip
                if m <= h:
                    xr, yi = twr[m], ti[m]
                else:
                    xr, yi = twr[ip - m], -ti[ip - m]
                car = car + xr * tp[j][0]
                cai = cai + xr * tp[j][1]
                if cbi is None:
                    cbi = yi * tm[j][0]
                    cbr = yi * tm[j][1]
                else:
                    cbi = cbi + yi * tm[j][0]
                    cbr = cbr + yi * tm[j][1]
            cb = (-cbr, cbi)
            outs[u] = _add((car, cai), cb)
            outs[ip - u] = _sub((car, cai), cb)
        return _assemble(outs, wa, fwd, rows)

    return run


def _make_cfftp2(l1: int, ido: int, roots: _Roots) -> CPass:
    wa = _pass_twiddles(roots, l1, ido, 2) if ido > 1 else None

    def run(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        cr = x[0].reshape(rows, l1, 2, ido)
        ci = x[1].reshape(rows, l1, 2, ido)
        c0, c1 = (cr[:, :, 0], ci[:, :, 0]), (cr[:, :, 1], ci[:, :, 1])
        outs = [_add(c0, c1), _sub(c0, c1)]
        return _assemble(outs, wa, fwd, rows)

    return run


def _make_cfftp4(l1: int, ido: int, roots: _Roots) -> CPass:
    wa = _pass_twiddles(roots, l1, ido, 4) if ido > 1 else None

    def run(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        cr = x[0].reshape(rows, l1, 4, ido)
        ci = x[1].reshape(rows, l1, 4, ido)
        c = [(cr[:, :, m], ci[:, :, m]) for m in range(4)]
        t2, t1 = _add(c[0], c[2]), _sub(c[0], c[2])
        t3, t4 = _add(c[1], c[3]), _sub(c[1], c[3])
        t4 = _rot90(t4, fwd)
        outs = [_add(t2, t3), _add(t1, t4), _sub(t2, t3), _sub(t1, t4)]
        return _assemble(outs, wa, fwd, rows)

    return run


def _make_cfftp8(l1: int, ido: int, roots: _Roots) -> CPass:
    dt = roots.dtype
    wa = _pass_twiddles(roots, l1, ido, 8) if ido > 1 else None
    hsqt2 = _literal("0.707106781186547524400844362104849", dt)

    def rot45(a: Cx, fwd: bool) -> Cx:
        if fwd:
            return hsqt2 * (a[0] + a[1]), hsqt2 * (a[1] - a[0])
        return hsqt2 * (a[0] - a[1]), hsqt2 * (a[1] + a[0])

    def rot135(a: Cx, fwd: bool) -> Cx:
        if fwd:
            return hsqt2 * (a[1] - a[0]), hsqt2 * (-a[0] - a[1])
        return hsqt2 * (-a[0] - a[1]), hsqt2 * (a[0] - a[1])

    def run(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        cr = x[0].reshape(rows, l1, 8, ido)
        ci = x[1].reshape(rows, l1, 8, ido)
        c = [(cr[:, :, m], ci[:, :, m]) for m in range(8)]
        a1, a5 = _add(c[1], c[5]), _sub(c[1], c[5])
        a3, a7 = _add(c[3], c[7]), _sub(c[3], c[7])
        a1, a3 = _add(a1, a3), _sub(a1, a3)
        a3 = _rot90(a3, fwd)
        a7 = _rot90(a7, fwd)
        a5, a7 = _add(a5, a7), _sub(a5, a7)
        a5 = rot45(a5, fwd)
        a7 = rot135(a7, fwd)
        a0, a4 = _add(c[0], c[4]), _sub(c[0], c[4])
        a2, a6 = _add(c[2], c[6]), _sub(c[2], c[6])
        a0, a2 = _add(a0, a2), _sub(a0, a2)
        a6 = _rot90(a6, fwd)
        a4, a6 = _add(a4, a6), _sub(a4, a6)
        outs = [_add(a0, a1), _add(a4, a5), _add(a2, a3), _add(a6, a7),
                _sub(a0, a1), _sub(a4, a5), _sub(a2, a3), _sub(a6, a7)]
        return _assemble(outs, wa, fwd, rows)

    return run


def _make_cfftpg(l1: int, ido: int, ip: int, roots: _Roots) -> CPass:
    """cfftpg: the generic odd-prime pass (primes 13..109)."""
    rfct = roots.n // (ip * l1 * ido)
    wa = _pass_twiddles(roots, l1, ido, ip) if ido > 1 else None
    cs = roots(rfct * ido * l1 * np.arange(ip))
    ipph = (ip + 1) // 2

    def run(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        cr = x[0].reshape(rows, l1, ip, ido)
        ci = x[1].reshape(rows, l1, ip, ido)
        cc = [(cr[:, :, m], ci[:, :, m]) for m in range(ip)]
        csr = cs[0]
        csi = -cs[1] if fwd else cs[1]
        ch: list[Any] = [None] * ip
        ch[0] = cc[0]
        for j in range(1, ipph):
            ch[j] = _add(cc[j], cc[ip - j])
            ch[ip - j] = _sub(cc[j], cc[ip - j])
        tr, ti = ch[0]
        for j in range(1, ipph):
            tr = tr + ch[j][0]
            ti = ti + ch[j][1]
        cx: list[Any] = [None] * ip
        cx[0] = (tr, ti)
        for l in range(1, ipph):  # noqa: E741 - DUCC's name
            lc = ip - l
            wr, wi = csr[l], csi[l]
            w2r, w2i = csr[2 * l], csi[2 * l]
            xr = ch[0][0] + wr * ch[1][0] + w2r * ch[2][0]
            xi = ch[0][1] + wr * ch[1][1] + w2r * ch[2][1]
            yr = -wi * ch[ip - 1][1] - w2i * ch[ip - 2][1]
            yi = wi * ch[ip - 1][0] + w2i * ch[ip - 2][0]
            iwal = 2 * l
            j, jc = 3, ip - 3
            while j < ipph - 1:
                iwal += l
                if iwal > ip:
                    iwal -= ip
                ar, ai = csr[iwal], csi[iwal]
                iwal += l
                if iwal > ip:
                    iwal -= ip
                br, bi = csr[iwal], csi[iwal]
                xr = xr + (ch[j][0] * ar + ch[j + 1][0] * br)
                xi = xi + (ch[j][1] * ar + ch[j + 1][1] * br)
                yr = yr - (ch[jc][1] * ai + ch[jc - 1][1] * bi)
                yi = yi + (ch[jc][0] * ai + ch[jc - 1][0] * bi)
                j += 2
                jc -= 2
            while j < ipph:
                iwal += l
                if iwal > ip:
                    iwal -= ip
                ar, ai = csr[iwal], csi[iwal]
                xr = xr + ch[j][0] * ar
                xi = xi + ch[j][1] * ar
                yr = yr - ch[jc][1] * ai
                yi = yi + ch[jc][0] * ai
                j += 1
                jc -= 1
            cx[l] = (xr, xi)
            cx[lc] = (yr, yi)
        outs: list[Any] = [cx[0]] + [None] * (ip - 1)
        for j in range(1, ipph):
            outs[j] = _add(cx[j], cx[ip - j])
            outs[ip - j] = _sub(cx[j], cx[ip - j])
        return _assemble(outs, wa, fwd, rows)

    return run


def _make_cfftpblue(l1: int, ido: int, ip: int, roots: _Roots, vectorize: bool) -> CPass:
    """cfftpblue: Bluestein's algorithm through a good-size (2,3,5,7,11) transform of length ip2."""
    dt = roots.dtype
    ip2 = _good_size_cmplx(ip * 2 - 1)
    sub = _make_cpass(1, 1, ip2, _Roots(ip2, dt), vectorize)
    wa = _pass_twiddles(roots, l1, ido, ip) if ido > 1 else None
    roots2 = roots if roots.n % (2 * ip) == 0 else _Roots(2 * ip, dt)
    rfct2 = roots2.n // (2 * ip)
    coeff = [0]
    c = 0
    for m in range(1, ip):
        c += 2 * m - 1
        if c >= 2 * ip:
            c -= 2 * ip
        coeff.append(c)
    bkr, bki = roots2(np.asarray(coeff) * rfct2)
    bkr[0], bki[0] = dt.type(1), dt.type(0)
    xn2 = dt.type(1) / dt.type(ip2)
    tr = np.zeros(ip2, dt)
    ti = np.zeros(ip2, dt)
    tr[0], ti[0] = bkr[0] * xn2, bki[0] * xn2
    for m in range(1, ip):
        tr[m] = tr[ip2 - m] = bkr[m] * xn2
        ti[m] = ti[ip2 - m] = bki[m] * xn2
    fr, fi = sub((tr[None, :], ti[None, :]), True)
    half = ip2 // 2 + 1
    # bkf[m] for m < half, mirrored for the upper half as DUCC indexes it
    idx = np.arange(ip2)
    mir = np.where(idx < half, idx, ip2 - idx)
    bkfr, bkfi = fr[0, mir], fi[0, mir]
    if wa is not None:
        # bk[m]*WA(m-1,i) for m >= 1, i >= 1 (complex product in dt)
        wr = wa[0][:, 0, :]
        wi = wa[1][:, 0, :]
        bwr, bwi = _cmul((bkr[1:, None], bki[1:, None]), (wr, wi))

    def run(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        cr = x[0].reshape(rows, l1, ip, ido).transpose(0, 1, 3, 2).reshape(-1, ip)
        ci = x[1].reshape(rows, l1, ip, ido).transpose(0, 1, 3, 2).reshape(-1, ip)
        ar, ai = _smul((cr, ci), (bkr, bki), fwd)
        zr, zi = ar[:, :1] * dt.type(0), ai[:, :1] * dt.type(0)
        pr = np.concatenate([ar, np.broadcast_to(zr, (ar.shape[0], ip2 - ip))], axis=1)
        pi = np.concatenate([ai, np.broadcast_to(zi, (ai.shape[0], ip2 - ip))], axis=1)
        rr, ri = sub((pr, pi), True)
        rr, ri = _smul((rr, ri), (bkfr, bkfi), not fwd)
        rr, ri = sub((rr, ri), False)
        rr, ri = rr[:, :ip], ri[:, :ip]
        outr, outi = _smul((rr, ri), (bkr, bki), fwd)
        outr = outr.reshape(rows, l1, ido, ip)
        outi = outi.reshape(rows, l1, ido, ip)
        if wa is not None:
            tr2, ti2 = _smul((rr.reshape(rows, l1, ido, ip)[:, :, 1:, 1:],
                              ri.reshape(rows, l1, ido, ip)[:, :, 1:, 1:]),
                             (bwr[:, 1:].T, bwi[:, 1:].T), fwd)
            outr[:, :, 1:, 1:] = tr2
            outi[:, :, 1:, 1:] = ti2
        # to (rows, ip, l1, ido)
        return (outr.transpose(0, 3, 1, 2).reshape(rows, -1), outi.transpose(0, 3, 1, 2).reshape(rows, -1))

    return run


def _make_cfft_multipass(l1: int, ido: int, ip: int, roots: _Roots) -> CPass:
    passes: list[CPass] = []
    if ip <= 10000:
        l1l = 1
        for f in _factorize_c(ip):
            passes.append(_make_cpass(l1l, ip // (f * l1l), f, roots, False))
            l1l *= f
    else:
        packets = [1, 1]
        for f in sorted(_prime_factors(ip), reverse=True):
            if packets[0] > packets[1]:
                packets[1] *= f
            else:
                packets[0] *= f
        l1l = 1
        for pkt in packets:
            passes.append(_make_cpass(l1l, ip // (pkt * l1l), pkt, roots, False))
            l1l *= pkt
    rfct = roots.n // (ip * l1 * ido)

    def chain(x: Cx, fwd: bool) -> Cx:
        for p in passes:
            x = p(x, fwd)
        return x

    if l1 == 1 and ido == 1:
        return chain
    if ido == 1:
        def run_ido1(x: Cx, fwd: bool) -> Cx:
            rows = x[0].shape[0]
            yr, yi = chain((x[0].reshape(rows * l1, ip), x[1].reshape(rows * l1, ip)), fwd)
            return (yr.reshape(rows, l1, ip).transpose(0, 2, 1).reshape(rows, -1),
                    yi.reshape(rows, l1, ip).transpose(0, 2, 1).reshape(rows, -1))
        return run_ido1
    if l1 != 1:
        raise NotImplementedError("DUCC: cfft_multipass with l1 > 1 and ido > 1 is unused")
    m = np.arange(1, ip)[None, :]
    i = np.arange(1, ido)[:, None]
    twr, twi = roots(rfct * m * i)

    def run_l1(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        xr = x[0].reshape(rows, ip, ido).transpose(0, 2, 1).reshape(-1, ip)
        xi = x[1].reshape(rows, ip, ido).transpose(0, 2, 1).reshape(-1, ip)
        yr, yi = chain((xr, xi), fwd)
        yr = yr.reshape(rows, ido, ip).copy()
        yi = yi.reshape(rows, ido, ip).copy()
        tr, ti = _smul((yr[:, 1:, 1:], yi[:, 1:, 1:]), (twr, twi), fwd)
        yr[:, 1:, 1:] = tr
        yi[:, 1:, 1:] = ti
        return yr.transpose(0, 2, 1).reshape(rows, -1), yi.transpose(0, 2, 1).reshape(rows, -1)

    return run_l1


def _make_vecpass(ip: int, roots: _Roots) -> CPass:
    """cfftp_vecpass<4>: a radix-4 pass (ido = ip/4), then four interleaved length-ip/4 transforms."""
    spass = _make_cpass(1, ip // 4, 4, roots, False)
    vpass = _make_cpass(1, 1, ip // 4, roots, False)

    def run(x: Cx, fwd: bool) -> Cx:
        rows = x[0].shape[0]
        yr, yi = spass(x, fwd)
        zr, zi = vpass((yr.reshape(rows * 4, ip // 4), yi.reshape(rows * 4, ip // 4)), fwd)
        return (zr.reshape(rows, 4, ip // 4).transpose(0, 2, 1).reshape(rows, -1),
                zi.reshape(rows, 4, ip // 4).transpose(0, 2, 1).reshape(rows, -1))

    return run


def _identity(x: Cx, fwd: bool) -> Cx:
    return x


def _make_cpass(l1: int, ido: int, ip: int, roots: _Roots, vectorize: bool) -> CPass:
    """cfftpass::make_pass."""
    if vectorize and 300 < ip <= 100000 and l1 == 1 and ido == 1 and ip % 4 == 0:
        return _make_vecpass(ip, roots)
    if ip == 1:
        return _identity
    factors = _factorize_c(ip)
    if len(factors) == 1:
        if ip == 2:
            return _make_cfftp2(l1, ido, roots)
        if ip == 4:
            return _make_cfftp4(l1, ido, roots)
        if ip == 8:
            return _make_cfftp8(l1, ido, roots)
        if ip in _ODD_CONST:
            return _make_cfftp_odd(l1, ido, ip, roots)
        if ip < 110:
            return _make_cfftpg(l1, ido, ip, roots)
        return _make_cfftpblue(l1, ido, ip, roots, vectorize)
    return _make_cfft_multipass(l1, ido, ip, roots)


@lru_cache(maxsize=32)
def _cplan(n: int, dtype_char: str, vectorize: bool) -> CPass:
    """pocketfft_c(n, vectorize).plan."""
    dt = np.dtype(dtype_char)
    return _make_cpass(1, 1, n, _Roots(n, dt), vectorize)


# --------------------------------------------------------------------------------------------------
# plan sizes (only used to decide, as general_nd does, whether rows are transformed in SIMD groups)


def _cpass_info(l1: int, ido: int, ip: int, vectorize: bool) -> tuple[int, bool]:
    """(bufsize, needs_copy) of cfftpass::make_pass(l1, ido, ip, ., vectorize)."""
    if vectorize and 300 < ip <= 100000 and l1 == 1 and ido == 1 and ip % 4 == 0:
        sb, _ = _cpass_info(1, ip // 4, 4, False)
        vb, _ = _cpass_info(1, 1, ip // 4, False)
        return (2 * (ip // 4) + 14 + max(vb, (sb + 3) // 4)) * 4 + 4, False
    if ip == 1:
        return 0, False
    factors = _factorize_c(ip)
    if len(factors) == 1:
        if ip == 8:
            return 0, l1 > 1
        if ip < 110 or ip in (2, 3, 4, 5, 7, 11):
            return 0, True
        ip2 = _good_size_cmplx(ip * 2 - 1)
        sb, sc = _cpass_info(1, 1, ip2, vectorize)
        return ip2 * (1 + sc) + sb, l1 > 1
    if ip <= 10000:
        sizes = []
        l1l = 1
        for f in factors:
            sizes.append((l1l, ip // (f * l1l), f))
            l1l *= f
    else:
        packets = [1, 1]
        for f in sorted(_prime_factors(ip), reverse=True):
            if packets[0] > packets[1]:
                packets[1] *= f
            else:
                packets[0] *= f
        sizes = [(1, ip // packets[0], packets[0]), (packets[0], 1, packets[1])]
    buf, copy = 0, False
    for a, b, c in sizes:
        pb, pc = _cpass_info(a, b, c, False)
        buf, copy = max(buf, pb), copy or pc
    if l1 != 1 or ido != 1:
        copy = True
        buf += 9 * ip
    return buf, copy


def _pocketfft_c_bufsize(n: int, vectorize: bool) -> int:
    buf, copy = _cpass_info(1, 1, n, vectorize)
    return n * copy + 2 * (16 if n % 1024 == 0 else 0) + buf


# --------------------------------------------------------------------------------------------------
# general_nd: which lines use the plain and which the vectorized plan


_L2CACHE = 262144 * 2


def _thread_count(nthreads: int, size: int, axis_len: int) -> int:
    if nthreads == 1 or size < 32768:
        return 1
    return max(1, min(size // axis_len, nthreads))


def _scalar_lines(nlines: int, length: int, itemsize: int, vlen: int, nostride: bool,
                  nshares: int) -> np.ndarray:
    """Boolean mask over lines: True where general_nd runs the line through the scalar path (vplan)."""
    buf = _pocketfft_c_bufsize(length, False)

    def wss(v: int) -> int:
        return itemsize * (2 * length * v + buf)

    if wss(1) > _L2CACHE:
        n_simul = 1
    else:
        n_simul = (vlen if wss(vlen) <= _L2CACHE else 1) if nostride else vlen
    mask = np.ones(nlines, bool)
    if n_simul == 1:
        return mask
    base, extra = divmod(nlines, nshares)
    lo = 0
    for share in range(nshares):
        cnt = base + (share < extra)
        mask[lo:lo + (cnt // vlen) * vlen] = False
        lo += cnt
    return mask


def _c2c_axis(re: np.ndarray, im: np.ndarray, axis: int, fwd: bool, fct: Any, nthreads: int,
              in_size: int, simple: bool, nostride: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
    """One general_nd step: transform every line along `axis` (C-contiguous arrays).

    `nostride`: whether DUCC sees unit strides along the axis in both input and output (default: the
    C-order stride of `axis` is 1)."""
    dt = re.dtype
    length = re.shape[axis]
    if simple:
        plan = _cplan(length, dt.char, True)
        r, i = plan((re.reshape(1, -1), im.reshape(1, -1)), fwd)
        if fct != 1:
            r, i = r * fct, i * fct
        return r.reshape(re.shape), i.reshape(im.shape)
    xr = np.moveaxis(re, axis, -1)
    xi = np.moveaxis(im, axis, -1)
    shape = xr.shape
    xr = xr.reshape(-1, length)
    xi = xi.reshape(-1, length)
    plan = _cplan(length, dt.char, False)
    vectorized = not (length < 300 or length % 4)
    if vectorized:
        vlen = 8 if dt == np.float32 else 4
        if nostride is None:
            nostride = int(np.prod(re.shape[axis + 1:], dtype=np.int64)) == 1
        nshares = _thread_count(nthreads, in_size, length)
        scalar = _scalar_lines(xr.shape[0], length, 2 * dt.itemsize, vlen, nostride, nshares)
        outr = np.empty_like(xr)
        outi = np.empty_like(xi)
        for use_v, sel in ((False, ~scalar), (True, scalar)):
            if sel.any():
                p = _cplan(length, dt.char, True) if use_v else plan
                a, b = p((xr[sel], xi[sel]), fwd)
                outr[sel], outi[sel] = a, b
    else:
        outr, outi = plan((xr, xi), fwd)
    if fct != 1:
        outr, outi = outr * fct, outi * fct
    return (np.moveaxis(outr.reshape(shape), -1, axis).copy(),
            np.moveaxis(outi.reshape(shape), -1, axis).copy())


def _split(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.ascontiguousarray(x.real), np.ascontiguousarray(x.imag)


def _join(re: np.ndarray, im: np.ndarray) -> np.ndarray:
    out = np.empty(re.shape, np.complex64 if re.dtype == np.float32 else np.complex128)
    out.real = re
    out.imag = im
    return out


def _c2c_planes(re: np.ndarray, im: np.ndarray, axes: list[int], fwd: bool, fct: Any,
                inplace: bool, nthreads: int) -> tuple[np.ndarray, np.ndarray]:
    """ducc0::c2c on C-contiguous planes (axes non-negative)."""
    axes = list(axes)
    if len(axes) > 1 and not inplace:
        strides = [int(np.prod(re.shape[a + 1:], dtype=np.int64)) for a in range(re.ndim)]
        for k in range(1, len(axes)):
            if strides[axes[k]] == 1:
                axes[0], axes[k] = axes[k], axes[0]
                break
    simple = re.ndim == 1
    in_size = re.size
    for ax in axes:
        re, im = _c2c_axis(re, im, ax, fwd, fct, nthreads, in_size, simple)
        fct = 1
    return re, im


def c2c(x: np.ndarray, axes: list[int], forward: bool, fct: float = 1.0,
        nthreads: int | None = None) -> np.ndarray:
    """ducc0::c2c(in, out, axes, forward, fct) as TF calls it (x contiguous complex64/complex128)."""
    if x.size == 0:
        return x.copy()
    re, im = _split(x)
    dt = re.dtype
    f = dt.type(fct)
    nth = intra_op_threads() if nthreads is None else nthreads
    if x.ndim == 1 and x.shape[0] >= 65536 * 2:
        bailey = _bailey(re, im, forward, f, nth)
        if bailey is not None:
            return _join(*bailey)
    re, im = _c2c_planes(re, im, [a % x.ndim for a in axes], forward, f, False, nth)
    return _join(re, im)


def _bailey(re: np.ndarray, im: np.ndarray, fwd: bool, fct: Any, nthreads: int) -> Cx | None:
    """DUCC's c2c for long 1-D transforms (>= 131072): an f1 x f2 split (Bailey's four-step algorithm).

    Columns (length f1) transformed, twiddled by UnityRoots(n)[i*j] (std::complex multiply), rows
    (length f2) transformed with the scale, written transposed.  None when f1 < 16 (DUCC's plain plan).
    """
    n = re.shape[0]
    f1 = f2 = 1
    for p in sorted(_prime_factors(n), reverse=True):
        if f2 > f1:
            f1 *= p
        else:
            f2 *= p
    if f1 > f2:
        f1, f2 = f2, f1
    if f1 < 16:
        return None
    dt = re.dtype
    tr, ti = _c2c_axis(re.reshape(f1, f2), im.reshape(f1, f2), 0, fwd, dt.type(1), nthreads, n, False,
                       nostride=False)
    i = np.arange(f1)[:, None]
    j = np.arange(f2)[None, :]
    wr, wi = _roots(n, i * j, dt)
    if fwd:
        wi = -wi
    tr, ti = tr * wr - ti * wi, tr * wi + ti * wr
    orr, oi = _c2c_axis(tr, ti, 1, fwd, fct, nthreads, n, False, nostride=False)
    return orr.T.reshape(-1).copy(), oi.T.reshape(-1).copy()


# --------------------------------------------------------------------------------------------------
# real passes (FFTPACK halfcomplex order).  Data: one real array (rows, N).  Forward passes read
# (rows, ip, l1, ido) and write (rows, l1, ip, ido); backward passes the other way round.

RPass = Callable[[np.ndarray, bool], np.ndarray]


def _rpass_twiddles(roots: _Roots, l1: int, ido: int, ip: int) -> Cx:
    """(re, im) of roots[rfct*j*l1*i'] for j in 1..ip-1, i' in 1..(ido-1)//2: shape (ip-1, K)."""
    rfct = roots.n // (ip * l1 * ido)
    k = (ido - 1) // 2
    j = np.arange(1, ip)[:, None]
    i = np.arange(1, k + 1)[None, :]
    re, im = roots(rfct * j * l1 * i)
    return re.reshape(ip - 1, k), im.reshape(ip - 1, k)


def _cols(ido: int) -> tuple[slice, slice, slice, slice]:
    """The loop `for (i=2; i<ido; i+=2)` as slices: columns i-1, i, ic-1, ic (ic = ido-i)."""
    k = (ido - 1) // 2
    stop = ido - 2 * k - 2
    return (slice(1, 2 * k, 2), slice(2, 2 * k + 1, 2),
            slice(ido - 3, stop if stop >= 0 else None, -2), slice(ido - 2, ido - 2 * k - 1, -2))


def _mulpm(c: Any, d: Any, e: Any, f: Any) -> tuple[Any, Any]:
    """MULPM: (c*e + d*f, c*f - d*e)."""
    return c * e + d * f, c * f - d * e


def _make_rfftp2(l1: int, ido: int, roots: _Roots) -> RPass:
    wr, wi = _rpass_twiddles(roots, l1, ido, 2)
    im1, ii, icm1, ic = _cols(ido)

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        rows = x.shape[0]
        if fwd:
            cc = x.reshape(rows, 2, l1, ido)
            ch = np.empty((rows, l1, 2, ido), x.dtype)
            a, b = cc[:, 0, :, 0], cc[:, 1, :, 0]
            ch[:, :, 0, 0], ch[:, :, 1, ido - 1] = a + b, a - b
            if ido % 2 == 0:
                ch[:, :, 1, 0] = -cc[:, 1, :, ido - 1]
                ch[:, :, 0, ido - 1] = cc[:, 0, :, ido - 1]
            if ido > 2:
                tr2, ti2 = _mulpm(wr[0], wi[0], cc[:, 1, :, im1], cc[:, 1, :, ii])
                ch[:, :, 0, im1], ch[:, :, 1, icm1] = cc[:, 0, :, im1] + tr2, cc[:, 0, :, im1] - tr2
                ch[:, :, 0, ii], ch[:, :, 1, ic] = ti2 + cc[:, 0, :, ii], ti2 - cc[:, 0, :, ii]
            return ch.reshape(rows, -1)
        cc = x.reshape(rows, l1, 2, ido)
        ch = np.empty((rows, 2, l1, ido), x.dtype)
        a, b = cc[:, :, 0, 0], cc[:, :, 1, ido - 1]
        ch[:, 0, :, 0], ch[:, 1, :, 0] = a + b, a - b
        if ido % 2 == 0:
            ch[:, 0, :, ido - 1] = x.dtype.type(2) * cc[:, :, 0, ido - 1]
            ch[:, 1, :, ido - 1] = x.dtype.type(-2) * cc[:, :, 1, 0]
        if ido > 2:
            ch[:, 0, :, im1], tr2 = cc[:, :, 0, im1] + cc[:, :, 1, icm1], cc[:, :, 0, im1] - cc[:, :, 1, icm1]
            ti2, ch[:, 0, :, ii] = cc[:, :, 0, ii] + cc[:, :, 1, ic], cc[:, :, 0, ii] - cc[:, :, 1, ic]
            ch[:, 1, :, ii], ch[:, 1, :, im1] = _mulpm(wr[0], wi[0], ti2, tr2)
        return ch.reshape(rows, -1)

    return run


def _make_rfftp3(l1: int, ido: int, roots: _Roots) -> RPass:
    dt = roots.dtype
    wr, wi = _rpass_twiddles(roots, l1, ido, 3)
    im1, ii, icm1, ic = _cols(ido)
    taur = dt.type(-0.5)
    taui = _literal("0.8660254037844386467637231707529362", dt)
    two = dt.type(2)

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        rows = x.shape[0]
        if fwd:
            cc = x.reshape(rows, 3, l1, ido)
            ch = np.empty((rows, l1, 3, ido), x.dtype)
            c0, c1, c2 = cc[:, 0, :, 0], cc[:, 1, :, 0], cc[:, 2, :, 0]
            cr2 = c1 + c2
            ch[:, :, 0, 0] = c0 + cr2
            ch[:, :, 2, 0] = taui * (c2 - c1)
            ch[:, :, 1, ido - 1] = c0 + taur * cr2
            if ido > 1:
                dr2, di2 = _mulpm(wr[0], wi[0], cc[:, 1, :, im1], cc[:, 1, :, ii])
                dr3, di3 = _mulpm(wr[1], wi[1], cc[:, 2, :, im1], cc[:, 2, :, ii])
                dr2, di2, dr3, di3 = dr2 + dr3, di2 + di3, di2 - di3, dr3 - dr2
                ar, ai = cc[:, 0, :, im1], cc[:, 0, :, ii]
                ch[:, :, 0, im1] = ar + dr2
                ch[:, :, 0, ii] = ai + di2
                tr2, ti2 = ar + taur * dr2, ai + taur * di2
                tr3, ti3 = taui * dr3, taui * di3
                ch[:, :, 2, im1], ch[:, :, 1, icm1] = tr2 + tr3, tr2 - tr3
                ch[:, :, 2, ii], ch[:, :, 1, ic] = ti3 + ti2, ti3 - ti2
            return ch.reshape(rows, -1)
        cc = x.reshape(rows, l1, 3, ido)
        ch = np.empty((rows, 3, l1, ido), x.dtype)
        tr2 = two * cc[:, :, 1, ido - 1]
        cr2 = cc[:, :, 0, 0] + taur * tr2
        ch[:, 0, :, 0] = cc[:, :, 0, 0] + tr2
        ci3 = (two * taui) * cc[:, :, 2, 0]
        ch[:, 2, :, 0], ch[:, 1, :, 0] = cr2 + ci3, cr2 - ci3
        if ido > 1:
            tr2 = cc[:, :, 2, im1] + cc[:, :, 1, icm1]
            ti2 = cc[:, :, 2, ii] - cc[:, :, 1, ic]
            cr2 = cc[:, :, 0, im1] + taur * tr2
            ci2 = cc[:, :, 0, ii] + taur * ti2
            ch[:, 0, :, im1] = cc[:, :, 0, im1] + tr2
            ch[:, 0, :, ii] = cc[:, :, 0, ii] + ti2
            cr3 = taui * (cc[:, :, 2, im1] - cc[:, :, 1, icm1])
            ci3 = taui * (cc[:, :, 2, ii] + cc[:, :, 1, ic])
            dr3, dr2 = cr2 + ci3, cr2 - ci3
            di2, di3 = ci2 + cr3, ci2 - cr3
            ch[:, 1, :, ii], ch[:, 1, :, im1] = _mulpm(wr[0], wi[0], di2, dr2)
            ch[:, 2, :, ii], ch[:, 2, :, im1] = _mulpm(wr[1], wi[1], di3, dr3)
        return ch.reshape(rows, -1)

    return run


def _make_rfftp4(l1: int, ido: int, roots: _Roots) -> RPass:
    dt = roots.dtype
    wr, wi = _rpass_twiddles(roots, l1, ido, 4)
    im1, ii, icm1, ic = _cols(ido)
    hsqt2 = _literal("0.707106781186547524400844362104849", dt)
    sqrt2 = _literal("1.414213562373095048801688724209698", dt)
    two = dt.type(2)

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        rows = x.shape[0]
        if fwd:
            cc = x.reshape(rows, 4, l1, ido)
            ch = np.empty((rows, l1, 4, ido), x.dtype)
            c = [cc[:, m, :, 0] for m in range(4)]
            tr1, ch[:, :, 2, 0] = c[3] + c[1], c[3] - c[1]
            tr2, ch[:, :, 1, ido - 1] = c[0] + c[2], c[0] - c[2]
            ch[:, :, 0, 0], ch[:, :, 3, ido - 1] = tr2 + tr1, tr2 - tr1
            if ido % 2 == 0:
                e = [cc[:, m, :, ido - 1] for m in range(4)]
                ti1 = (-hsqt2) * (e[1] + e[3])
                tr1 = hsqt2 * (e[1] - e[3])
                ch[:, :, 0, ido - 1], ch[:, :, 2, ido - 1] = e[0] + tr1, e[0] - tr1
                ch[:, :, 3, 0], ch[:, :, 1, 0] = ti1 + e[2], ti1 - e[2]
            if ido > 2:
                cr2, ci2 = _mulpm(wr[0], wi[0], cc[:, 1, :, im1], cc[:, 1, :, ii])
                cr3, ci3 = _mulpm(wr[1], wi[1], cc[:, 2, :, im1], cc[:, 2, :, ii])
                cr4, ci4 = _mulpm(wr[2], wi[2], cc[:, 3, :, im1], cc[:, 3, :, ii])
                tr1, tr4 = cr4 + cr2, cr4 - cr2
                ti1, ti4 = ci2 + ci4, ci2 - ci4
                tr2, tr3 = cc[:, 0, :, im1] + cr3, cc[:, 0, :, im1] - cr3
                ti2, ti3 = cc[:, 0, :, ii] + ci3, cc[:, 0, :, ii] - ci3
                ch[:, :, 0, im1], ch[:, :, 3, icm1] = tr2 + tr1, tr2 - tr1
                ch[:, :, 0, ii], ch[:, :, 3, ic] = ti1 + ti2, ti1 - ti2
                ch[:, :, 2, im1], ch[:, :, 1, icm1] = tr3 + ti4, tr3 - ti4
                ch[:, :, 2, ii], ch[:, :, 1, ic] = tr4 + ti3, tr4 - ti3
            return ch.reshape(rows, -1)
        cc = x.reshape(rows, l1, 4, ido)
        ch = np.empty((rows, 4, l1, ido), x.dtype)
        tr2, tr1 = cc[:, :, 0, 0] + cc[:, :, 3, ido - 1], cc[:, :, 0, 0] - cc[:, :, 3, ido - 1]
        tr3 = two * cc[:, :, 1, ido - 1]
        tr4 = two * cc[:, :, 2, 0]
        ch[:, 0, :, 0], ch[:, 2, :, 0] = tr2 + tr3, tr2 - tr3
        ch[:, 3, :, 0], ch[:, 1, :, 0] = tr1 + tr4, tr1 - tr4
        if ido % 2 == 0:
            ti1, ti2 = cc[:, :, 3, 0] + cc[:, :, 1, 0], cc[:, :, 3, 0] - cc[:, :, 1, 0]
            tr2, tr1 = cc[:, :, 0, ido - 1] + cc[:, :, 2, ido - 1], cc[:, :, 0, ido - 1] - cc[:, :, 2, ido - 1]
            ch[:, 0, :, ido - 1] = tr2 + tr2
            ch[:, 1, :, ido - 1] = sqrt2 * (tr1 - ti1)
            ch[:, 2, :, ido - 1] = ti2 + ti2
            ch[:, 3, :, ido - 1] = (-sqrt2) * (tr1 + ti1)
        if ido > 2:
            tr2, tr1 = cc[:, :, 0, im1] + cc[:, :, 3, icm1], cc[:, :, 0, im1] - cc[:, :, 3, icm1]
            ti1, ti2 = cc[:, :, 0, ii] + cc[:, :, 3, ic], cc[:, :, 0, ii] - cc[:, :, 3, ic]
            tr4, ti3 = cc[:, :, 2, ii] + cc[:, :, 1, ic], cc[:, :, 2, ii] - cc[:, :, 1, ic]
            tr3, ti4 = cc[:, :, 2, im1] + cc[:, :, 1, icm1], cc[:, :, 2, im1] - cc[:, :, 1, icm1]
            ch[:, 0, :, im1], cr3 = tr2 + tr3, tr2 - tr3
            ch[:, 0, :, ii], ci3 = ti2 + ti3, ti2 - ti3
            cr4, cr2 = tr1 + tr4, tr1 - tr4
            ci2, ci4 = ti1 + ti4, ti1 - ti4
            ch[:, 1, :, ii], ch[:, 1, :, im1] = _mulpm(wr[0], wi[0], ci2, cr2)
            ch[:, 2, :, ii], ch[:, 2, :, im1] = _mulpm(wr[1], wi[1], ci3, cr3)
            ch[:, 3, :, ii], ch[:, 3, :, im1] = _mulpm(wr[2], wi[2], ci4, cr4)
        return ch.reshape(rows, -1)

    return run


def _make_rfftp5(l1: int, ido: int, roots: _Roots) -> RPass:
    dt = roots.dtype
    wr, wi = _rpass_twiddles(roots, l1, ido, 5)
    im1, ii, icm1, ic = _cols(ido)
    tr11 = _literal("0.3090169943749474241022934171828191", dt)
    ti11 = _literal("0.9510565162951535721164393333793821", dt)
    tr12 = _literal("-0.8090169943749474241022934171828191", dt)
    ti12 = _literal("0.5877852522924731291687059546390728", dt)

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        rows = x.shape[0]
        if fwd:
            cc = x.reshape(rows, 5, l1, ido)
            ch = np.empty((rows, l1, 5, ido), x.dtype)
            c = [cc[:, m, :, 0] for m in range(5)]
            cr2, ci5 = c[4] + c[1], c[4] - c[1]
            cr3, ci4 = c[3] + c[2], c[3] - c[2]
            ch[:, :, 0, 0] = c[0] + cr2 + cr3
            ch[:, :, 1, ido - 1] = c[0] + tr11 * cr2 + tr12 * cr3
            ch[:, :, 2, 0] = ti11 * ci5 + ti12 * ci4
            ch[:, :, 3, ido - 1] = c[0] + tr12 * cr2 + tr11 * cr3
            ch[:, :, 4, 0] = ti12 * ci5 - ti11 * ci4
            if ido > 1:
                d = [_mulpm(wr[m - 1], wi[m - 1], cc[:, m, :, im1], cc[:, m, :, ii]) for m in range(1, 5)]
                (dr2, di2), (dr3, di3), (dr4, di4), (dr5, di5) = d
                dr2, di2, dr5, di5 = dr2 + dr5, di2 + di5, di2 - di5, dr5 - dr2
                dr3, di3, dr4, di4 = dr3 + dr4, di3 + di4, di3 - di4, dr4 - dr3
                ar, ai = cc[:, 0, :, im1], cc[:, 0, :, ii]
                ch[:, :, 0, im1] = ar + dr2 + dr3
                ch[:, :, 0, ii] = ai + di2 + di3
                tr2 = ar + tr11 * dr2 + tr12 * dr3
                ti2 = ai + tr11 * di2 + tr12 * di3
                tr3 = ar + tr12 * dr2 + tr11 * dr3
                ti3 = ai + tr12 * di2 + tr11 * di3
                tr5 = ti11 * dr5 + ti12 * dr4
                ti5 = ti11 * di5 + ti12 * di4
                tr4 = ti12 * dr5 - ti11 * dr4
                ti4 = ti12 * di5 - ti11 * di4
                ch[:, :, 2, im1], ch[:, :, 1, icm1] = tr2 + tr5, tr2 - tr5
                ch[:, :, 2, ii], ch[:, :, 1, ic] = ti5 + ti2, ti5 - ti2
                ch[:, :, 4, im1], ch[:, :, 3, icm1] = tr3 + tr4, tr3 - tr4
                ch[:, :, 4, ii], ch[:, :, 3, ic] = ti4 + ti3, ti4 - ti3
            return ch.reshape(rows, -1)
        cc = x.reshape(rows, l1, 5, ido)
        ch = np.empty((rows, 5, l1, ido), x.dtype)
        ti5 = cc[:, :, 2, 0] + cc[:, :, 2, 0]
        ti4 = cc[:, :, 4, 0] + cc[:, :, 4, 0]
        tr2 = cc[:, :, 1, ido - 1] + cc[:, :, 1, ido - 1]
        tr3 = cc[:, :, 3, ido - 1] + cc[:, :, 3, ido - 1]
        c0 = cc[:, :, 0, 0]
        ch[:, 0, :, 0] = c0 + tr2 + tr3
        cr2 = c0 + tr11 * tr2 + tr12 * tr3
        cr3 = c0 + tr12 * tr2 + tr11 * tr3
        ci5, ci4 = _mulpm(ti5, ti4, ti11, ti12)
        ch[:, 4, :, 0], ch[:, 1, :, 0] = cr2 + ci5, cr2 - ci5
        ch[:, 3, :, 0], ch[:, 2, :, 0] = cr3 + ci4, cr3 - ci4
        if ido > 1:
            tr2, tr5 = cc[:, :, 2, im1] + cc[:, :, 1, icm1], cc[:, :, 2, im1] - cc[:, :, 1, icm1]
            ti5, ti2 = cc[:, :, 2, ii] + cc[:, :, 1, ic], cc[:, :, 2, ii] - cc[:, :, 1, ic]
            tr3, tr4 = cc[:, :, 4, im1] + cc[:, :, 3, icm1], cc[:, :, 4, im1] - cc[:, :, 3, icm1]
            ti4, ti3 = cc[:, :, 4, ii] + cc[:, :, 3, ic], cc[:, :, 4, ii] - cc[:, :, 3, ic]
            ar, ai = cc[:, :, 0, im1], cc[:, :, 0, ii]
            ch[:, 0, :, im1] = ar + tr2 + tr3
            ch[:, 0, :, ii] = ai + ti2 + ti3
            cr2 = ar + tr11 * tr2 + tr12 * tr3
            ci2 = ai + tr11 * ti2 + tr12 * ti3
            cr3 = ar + tr12 * tr2 + tr11 * tr3
            ci3 = ai + tr12 * ti2 + tr11 * ti3
            cr5, cr4 = _mulpm(tr5, tr4, ti11, ti12)
            ci5, ci4 = _mulpm(ti5, ti4, ti11, ti12)
            dr4, dr3 = cr3 + ci4, cr3 - ci4
            di3, di4 = ci3 + cr4, ci3 - cr4
            dr5, dr2 = cr2 + ci5, cr2 - ci5
            di2, di5 = ci2 + cr5, ci2 - cr5
            for m, (di, dr) in enumerate(((di2, dr2), (di3, dr3), (di4, dr4), (di5, dr5)), 1):
                ch[:, m, :, ii], ch[:, m, :, im1] = _mulpm(wr[m - 1], wi[m - 1], di, dr)
        return ch.reshape(rows, -1)

    return run


def _rsum(terms: list[Any]) -> Any:
    acc = terms[0]
    for t in terms[1:]:
        acc = acc + t
    return acc


def _make_rfftpg(l1: int, ido: int, ip: int, roots: _Roots) -> RPass:
    """rfftpg: the generic odd-prime real pass (7 <= ip < 135)."""
    wr, wi = _rpass_twiddles(roots, l1, ido, ip)
    rfct = roots.n // (ip * l1 * ido)
    csr, csi = roots(np.arange(ip) * rfct * (roots.n // rfct // ip))
    ipph = (ip + 1) // 2
    k = (ido - 1) // 2
    ia = 2 * np.arange(k) + 1          # i = 1, 3, ..., ido-2
    ic = ido - ia - 2

    def cs(m: int) -> tuple[Any, Any]:
        return csr[m % ip], csi[m % ip]

    def combine(src: list[Any], fwd: bool) -> list[Any]:
        """The l-loop: dst[l] and dst[lc] from src (lists indexed 0..ip-1)."""
        dst: list[Any] = [None] * ip
        for l in range(1, ipph):  # noqa: E741 - DUCC's name
            lc = ip - l
            a = src[0] + cs(l)[0] * src[1] + cs(2 * l)[0] * src[2]
            b = cs(l)[1] * src[ip - 1] + cs(2 * l)[1] * src[ip - 2]
            iang = 2 * l
            j, jc = 3, ip - 3
            while j < ipph - 3:
                ws = []
                for _ in range(4):
                    iang = (iang + l) % ip
                    ws.append(cs(iang))
                a = a + _rsum([ws[t][0] * src[j + t] for t in range(4)])
                b = b + _rsum([ws[t][1] * src[jc - t] for t in range(4)])
                j += 4
                jc -= 4
            while j < ipph - 1:
                ws = []
                for _ in range(2):
                    iang = (iang + l) % ip
                    ws.append(cs(iang))
                a = a + _rsum([ws[t][0] * src[j + t] for t in range(2)])
                b = b + _rsum([ws[t][1] * src[jc - t] for t in range(2)])
                j += 2
                jc -= 2
            while j < ipph:
                iang = (iang + l) % ip
                w = cs(iang)
                a = a + w[0] * src[j]
                b = b + w[1] * src[jc]
                j += 1
                jc -= 1
            dst[l], dst[lc] = a, b
        return dst

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        rows = x.shape[0]
        if fwd:
            c1 = [x.reshape(rows, ip, l1, ido)[:, j].copy() for j in range(ip)]
            if ido > 1:
                for j in range(1, ipph):
                    jc = ip - j
                    t1, t2 = c1[j][..., ia], c1[j][..., ia + 1]
                    t3, t4 = c1[jc][..., ia], c1[jc][..., ia + 1]
                    w1r, w1i = wr[j - 1], wi[j - 1]
                    w2r, w2i = wr[jc - 1], wi[jc - 1]
                    x1 = w1r * t1 + w1i * t2
                    x2 = w1r * t2 - w1i * t1
                    x3 = w2r * t3 + w2i * t4
                    x4 = w2r * t4 - w2i * t3
                    c1[j][..., ia], c1[jc][..., ia + 1] = x3 + x1, x3 - x1
                    c1[j][..., ia + 1], c1[jc][..., ia] = x2 + x4, x2 - x4
            for j in range(1, ipph):
                jc = ip - j
                a, b = c1[jc][..., 0].copy(), c1[j][..., 0].copy()
                c1[jc][..., 0] = a - b
                c1[j][..., 0] = a + b
            ch = combine(c1, True)
            ch[0] = _rsum([c1[j] for j in range(ipph)])
            cc = np.empty((rows, l1, ip, ido), x.dtype)
            cc[:, :, 0, :] = ch[0]
            for j in range(1, ipph):
                jc = ip - j
                j2 = 2 * j - 1
                cc[:, :, j2, ido - 1] = ch[j][..., 0]
                cc[:, :, j2 + 1, 0] = ch[jc][..., 0]
                if ido > 1:
                    cc[:, :, j2 + 1, ia] = ch[j][..., ia] + ch[jc][..., ia]
                    cc[:, :, j2, ic] = ch[j][..., ia] - ch[jc][..., ia]
                    cc[:, :, j2 + 1, ia + 1] = ch[j][..., ia + 1] + ch[jc][..., ia + 1]
                    cc[:, :, j2, ic + 1] = ch[jc][..., ia + 1] - ch[j][..., ia + 1]
            return cc.reshape(rows, -1)
        two = x.dtype.type(2)
        cc = x.reshape(rows, l1, ip, ido)
        chl: list[Any] = [None] * ip
        chl[0] = cc[:, :, 0, :].copy()
        for j in range(1, ipph):
            jc = ip - j
            j2 = 2 * j - 1
            chl[j] = np.empty((rows, l1, ido), x.dtype)
            chl[jc] = np.empty((rows, l1, ido), x.dtype)
            chl[j][..., 0] = two * cc[:, :, j2, ido - 1]
            chl[jc][..., 0] = two * cc[:, :, j2 + 1, 0]
            if ido != 1:
                chl[j][..., ia] = cc[:, :, j2 + 1, ia] + cc[:, :, j2, ic]
                chl[jc][..., ia] = cc[:, :, j2 + 1, ia] - cc[:, :, j2, ic]
                chl[j][..., ia + 1] = cc[:, :, j2 + 1, ia + 1] - cc[:, :, j2, ic + 1]
                chl[jc][..., ia + 1] = cc[:, :, j2 + 1, ia + 1] + cc[:, :, j2, ic + 1]
        c2 = combine(chl, False)
        out: list[Any] = [None] * ip
        out[0] = _rsum([chl[j] for j in range(ipph)])
        for j in range(1, ipph):
            jc = ip - j
            oj = np.empty((rows, l1, ido), x.dtype)
            ojc = np.empty((rows, l1, ido), x.dtype)
            ojc[..., 0] = c2[j][..., 0] + c2[jc][..., 0]
            oj[..., 0] = c2[j][..., 0] - c2[jc][..., 0]
            if ido > 1:
                oj[..., ia] = c2[j][..., ia] - c2[jc][..., ia + 1]
                ojc[..., ia] = c2[j][..., ia] + c2[jc][..., ia + 1]
                oj[..., ia + 1] = c2[j][..., ia + 1] + c2[jc][..., ia]
                ojc[..., ia + 1] = c2[j][..., ia + 1] - c2[jc][..., ia]
            out[j], out[jc] = oj, ojc
        if ido > 1:
            for j in range(1, ip):
                t1, t2 = out[j][..., ia].copy(), out[j][..., ia + 1].copy()
                out[j][..., ia] = wr[j - 1] * t1 - wi[j - 1] * t2
                out[j][..., ia + 1] = wr[j - 1] * t2 + wi[j - 1] * t1
        return np.stack(out, axis=1).reshape(rows, -1)

    return run


def _make_rfftpblue(l1: int, ido: int, ip: int, roots: _Roots) -> RPass:
    """rfftpblue: a complex transform of length ip (DUCC's complex Bluestein) per halfcomplex column."""
    wr, wi = _rpass_twiddles(roots, l1, ido, ip)
    cplan = _make_cpass(1, 1, ip, roots, False)
    ipph = (ip + 1) // 2
    h = ip // 2
    k = (ido - 1) // 2
    im1, ii, icm1, ic = _cols(ido)

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        rows = x.shape[0]
        dt = x.dtype
        if fwd:
            cc = x.reshape(rows, ip, l1, ido)
            ch = np.empty((rows, l1, ip, ido), dt)
            a = np.moveaxis(cc[..., 0], 1, -1).reshape(-1, ip)
            rr, ri = cplan((a, np.zeros_like(a)), True)
            rr = rr.reshape(rows, l1, ip)
            ri = ri.reshape(rows, l1, ip)
            ch[:, :, 0, 0] = rr[..., 0]
            for m in range(1, h + 1):
                ch[:, :, 2 * m - 1, ido - 1] = rr[..., m]
                ch[:, :, 2 * m, 0] = ri[..., m]
            if ido > 1:
                zr = np.empty((rows, l1, k, ip), dt)
                zi = np.empty((rows, l1, k, ip), dt)
                zr[..., 0], zi[..., 0] = cc[:, 0, :, im1], cc[:, 0, :, ii]
                for m in range(1, ip):
                    zr[..., m], zi[..., m] = _mulpm(wr[m - 1], wi[m - 1], cc[:, m, :, im1], cc[:, m, :, ii])
                rr, ri = cplan((zr.reshape(-1, ip), zi.reshape(-1, ip)), True)
                rr = rr.reshape(rows, l1, k, ip)
                ri = ri.reshape(rows, l1, k, ip)
                ch[:, :, 0, im1], ch[:, :, 0, ii] = rr[..., 0], ri[..., 0]
                for m in range(1, ipph):
                    ch[:, :, 2 * m, im1] = rr[..., m]
                    ch[:, :, 2 * m - 1, icm1] = rr[..., ip - m]
                    ch[:, :, 2 * m, ii] = ri[..., m]
                    ch[:, :, 2 * m - 1, ic] = -ri[..., ip - m]
            return ch.reshape(rows, -1)
        cc = x.reshape(rows, l1, ip, ido)
        ch = np.empty((rows, ip, l1, ido), dt)
        zr = np.empty((rows, l1, ip), dt)
        zi = np.empty((rows, l1, ip), dt)
        zr[..., 0], zi[..., 0] = cc[:, :, 0, 0], dt.type(0)
        for m in range(1, h + 1):
            zr[..., m], zi[..., m] = cc[:, :, 2 * m - 1, ido - 1], cc[:, :, 2 * m, 0]
            zr[..., ip - m], zi[..., ip - m] = cc[:, :, 2 * m - 1, ido - 1], -cc[:, :, 2 * m, 0]
        rr, _ = cplan((zr.reshape(-1, ip), zi.reshape(-1, ip)), False)
        ch[..., 0] = np.moveaxis(rr.reshape(rows, l1, ip), -1, 1)
        if ido > 1:
            zr = np.empty((rows, l1, k, ip), dt)
            zi = np.empty((rows, l1, k, ip), dt)
            zr[..., 0], zi[..., 0] = cc[:, :, 0, im1], cc[:, :, 0, ii]
            for m in range(1, h + 1):
                zr[..., m], zi[..., m] = cc[:, :, 2 * m, im1], cc[:, :, 2 * m, ii]
                zr[..., ip - m], zi[..., ip - m] = cc[:, :, 2 * m - 1, icm1], -cc[:, :, 2 * m - 1, ic]
            rr, ri = cplan((zr.reshape(-1, ip), zi.reshape(-1, ip)), False)
            rr = rr.reshape(rows, l1, k, ip)
            ri = ri.reshape(rows, l1, k, ip)
            ch[:, 0, :, im1], ch[:, 0, :, ii] = rr[..., 0], ri[..., 0]
            for m in range(1, ip):
                ch[:, m, :, im1], ch[:, m, :, ii] = _mulpm(wr[m - 1], -wi[m - 1], rr[..., m], ri[..., m])
        return ch.reshape(rows, -1)

    return run


def _make_complexify(n: int, roots: _Roots) -> RPass:
    """rfftp_complexify: a length-n/2 complex FFT of the pairs, then DUCC's split step."""
    dt = roots.dtype
    cpass = _cplan(n // 2, dt.char, False)
    rfct = roots.n // n
    half = n // 2
    i = np.arange(1, half // 2 + 1)
    xi = half - i
    wr, wi = roots(rfct * i)
    hlf = dt.type(0.5)

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        rows = x.shape[0]
        if fwd:
            rr, ri = cpass((x[:, 0::2], x[:, 1::2]), True)
            out = np.empty_like(x)
            out[:, 0] = rr[:, 0] + ri[:, 0]
            ar, ai = rr[:, i], ri[:, i]
            br, bi = rr[:, xi], ri[:, xi]
            xer, xei = ar + br, ai - bi
            pr, pi = ai + bi, br - ar
            xor_, xoi = pr * wr - pi * (-wi), pr * (-wi) + pi * wr
            out[:, 2 * i - 1] = hlf * (xer + xor_)
            out[:, 2 * i] = hlf * (xei + xoi)
            out[:, 2 * xi - 1] = hlf * (xer - xor_)
            out[:, 2 * xi] = hlf * (xoi - xei)
            out[:, n - 1] = rr[:, 0] - ri[:, 0]
            return out
        zr = np.empty((rows, half), dt)
        zi = np.empty((rows, half), dt)
        zr[:, 0], zi[:, 0] = x[:, 0] + x[:, n - 1], x[:, 0] - x[:, n - 1]
        t1r, t1i = x[:, 2 * i - 1], x[:, 2 * i]
        t2r, t2i = x[:, 2 * xi - 1], -x[:, 2 * xi]
        xer, xei = t1r + t2r, t1i + t2i
        dr, di = t1r - t2r, t1i - t2i
        xor_, xoi = dr * wr - di * wi, dr * wi + di * wr
        zr[:, i], zi[:, i] = xer + (-xoi), xei + xor_
        zr[:, xi], zi[:, xi] = xer + xoi, (-xei) + xor_
        rr, ri = cpass((zr, zi), False)
        out = np.empty_like(x)
        out[:, 0::2], out[:, 1::2] = rr, ri
        return out

    return run


def _make_rpass(l1: int, ido: int, ip: int, roots: _Roots) -> RPass:
    """rfftpass::make_pass (TF's r2c/c2r plans are never vectorized)."""
    if ip == 1:
        return lambda x, fwd: x
    factors = _factorize_r(ip)
    if ip > 1000 and ip % 2 == 0 and (ip > 10000 or any(f > 5 for f in factors)):
        return _make_complexify(ip, roots)
    if len(factors) == 1:
        if ip == 2:
            return _make_rfftp2(l1, ido, roots)
        if ip == 3:
            return _make_rfftp3(l1, ido, roots)
        if ip == 4:
            return _make_rfftp4(l1, ido, roots)
        if ip == 5:
            return _make_rfftp5(l1, ido, roots)
        if ip < 135:
            return _make_rfftpg(l1, ido, ip, roots)
        return _make_rfftpblue(l1, ido, ip, roots)
    if l1 != 1 or ido != 1:
        raise NotImplementedError("DUCC: rfft_multipass inside a pass is not supported")
    passes: list[RPass] = []
    l1l = 1
    for f in factors:
        passes.append(_make_rpass(l1l, ip // (f * l1l), f, roots))
        l1l *= f

    def run(x: np.ndarray, fwd: bool) -> np.ndarray:
        for p in (reversed(passes) if fwd else passes):
            x = p(x, fwd)
        return x

    return run


@lru_cache(maxsize=32)
def _rplan(n: int, dtype_char: str) -> RPass:
    """pocketfft_r(n).plan."""
    dt = np.dtype(dtype_char)
    return _make_rpass(1, 1, n, _Roots(n, dt))


def _strides(shape: tuple[int, ...]) -> list[int]:
    return [int(np.prod(shape[a + 1:], dtype=np.int64)) for a in range(len(shape))]


def r2c(x: np.ndarray, axes: list[int], fct: float = 1.0, nthreads: int | None = None) -> np.ndarray:
    """ducc0::r2c(in, out, axes, forward=true, fct): the last axis real-to-halfcomplex, then c2c."""
    dt = x.dtype
    axes = [a % x.ndim for a in axes]
    last = axes[-1]
    n = x.shape[last]
    oshape = list(x.shape)
    oshape[last] = n // 2 + 1
    if x.size == 0 or n == 0:
        return np.zeros(oshape, np.complex64 if dt == np.float32 else np.complex128)
    f = dt.type(fct)
    nth = intra_op_threads() if nthreads is None else nthreads
    rows = np.moveaxis(np.ascontiguousarray(x), last, -1)
    rshape = rows.shape
    res = _rplan(n, dt.char)(rows.reshape(-1, n), True)
    if f != 1:
        res = res * f
    m = n // 2 + 1
    re = np.empty((res.shape[0], m), dt)
    im = np.zeros((res.shape[0], m), dt)
    re[:, 0] = res[:, 0]
    k = (n - 1) // 2
    re[:, 1:k + 1] = res[:, 1:2 * k:2]
    im[:, 1:k + 1] = res[:, 2:2 * k + 1:2]
    if n % 2 == 0:
        re[:, m - 1] = res[:, n - 1]
    re = np.ascontiguousarray(np.moveaxis(re.reshape(rshape[:-1] + (m,)), -1, last))
    im = np.ascontiguousarray(np.moveaxis(im.reshape(rshape[:-1] + (m,)), -1, last))
    if len(axes) > 1:
        re, im = _c2c_planes(re, im, axes[:-1], True, dt.type(1), True, nth)
    return _join(re, im)


def c2r(x: np.ndarray, axes: list[int], n: int, fct: float = 1.0, nthreads: int | None = None) -> np.ndarray:
    """ducc0::c2r(in, out, axes, forward=false, fct): c2c over the leading axes, then halfcomplex-to-real."""
    re, im = _split(x)
    dt = re.dtype
    axes = [a % x.ndim for a in axes]
    last = axes[-1]
    oshape = list(x.shape)
    oshape[last] = n
    if x.size == 0 or n == 0:
        return np.zeros(oshape, dt)
    nth = intra_op_threads() if nthreads is None else nthreads
    if len(axes) > 1:
        re, im = _c2c_planes(re, im, axes[:-1], False, dt.type(1), False, nth)
    f = dt.type(fct)
    rr = np.moveaxis(re, last, -1)
    ri = np.moveaxis(im, last, -1)
    rshape = rr.shape
    rr = rr.reshape(-1, rshape[-1])
    ri = ri.reshape(-1, rshape[-1])
    buf = np.empty((rr.shape[0], n), dt)
    buf[:, 0] = rr[:, 0]
    k = (n - 1) // 2
    buf[:, 1:2 * k:2] = rr[:, 1:k + 1]
    buf[:, 2:2 * k + 1:2] = ri[:, 1:k + 1]
    if n % 2 == 0:
        buf[:, n - 1] = rr[:, n // 2]
    res = _rplan(n, dt.char)(buf, False)
    if f != 1:
        res = res * f
    return np.ascontiguousarray(np.moveaxis(res.reshape(rshape[:-1] + (n,)), -1, last))
