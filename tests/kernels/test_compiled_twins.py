"""Every compiled kernel (tfshim/_kernels.c) against its NumPy twin: identical bits, on the AVX2 path and on the
scalar C path, for random and special inputs (NaN payloads and signs, inf, subnormals, signed zeros, empty, 0-d,
non-contiguous, large). The NumPy twins are checked against TF itself by the other tests in this directory.
"""

from __future__ import annotations

import numpy as np
import pytest

from tfshim.kernels import eigen_gemm, eigen_math, eigen_pow, fpenv, native
from tfshim.ops import linalg_ops, math_ops, nn_ops

from .bitcheck import assert_bits_equal

if not native.AVAILABLE:
    pytest.skip(f"compiled kernels not in use: {native.describe()}", allow_module_level=True)

ISAS = ("auto", "scalar")
rng = np.random.default_rng(20261204)


def _nan(sign: int, payload: int) -> np.float32:
    return np.array((sign << 31) | 0x7F800000 | payload, np.uint32).view(np.float32)[()]


SPECIAL32 = np.array(
    [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, np.inf, -np.inf, np.nan, -np.nan, 1e-40, -1e-40, 1.4e-45, 1.17549435e-38,
     3.4028235e38, -3.4028235e38, 88.72, 88.73, 89.0, -103.9, -104.0, -105.0, 7.9, -7.91, 129.0, -151.0,
     16.6355324, 1e-20, -3.5, 3.0, 0.70710677, 1.4142135, _nan(0, 1), _nan(1, 0x1234), _nan(0, 0x400001),
     _nan(1, 0x7FFFFF)],
    np.float32,
)


def _inputs32() -> list:
    """Special values, random values of several scales, and shapes: 0-d, empty, odd sizes, non-contiguous."""
    r = rng.standard_normal(4099).astype(np.float32)
    wide = (rng.standard_normal(30011) * np.float32(40)).astype(np.float32)
    bits = rng.integers(0, 2**32, 20000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    return [SPECIAL32, r, wide, bits, np.float32(0.3).reshape(()), np.zeros((0,), np.float32),
            np.zeros((3, 0), np.float32), wide[::3], r[:4097].reshape(241, 17).T, SPECIAL32[:5]]


def _both(fn, *args):
    """fn(*args) on every compiled ISA and on the NumPy twin, under TF's FTZ|DAZ like the ops."""
    outs = {}
    try:
        for isa in (*ISAS, "numpy"):
            native.AVAILABLE = isa != "numpy"
            if isa != "numpy":
                native.lib.set_isa(isa)
            with fpenv.flush_denormals():
                outs[isa] = fn(*args)
    finally:
        native.AVAILABLE = True
        native.lib.set_isa("auto")
    return outs


def _check(name, fn, *args):
    outs = _both(fn, *args)
    for isa in ISAS:
        assert_bits_equal(outs[isa], outs["numpy"], f"{name} [{isa} C vs NumPy]", args[0])


@pytest.mark.parametrize("op", ["exp", "tanh", "sigmoid", "log"])
def test_unary_f32(op):
    for x in _inputs32():
        _check(op, getattr(eigen_math, op), x)
    _check(f"{op} half", getattr(eigen_math, op), _inputs32()[2].astype(np.float16))  # half runs float32 packets


def test_relu_f32():
    for x in _inputs32():
        _check("relu", nn_ops._relu_kernel, x)


def test_neg_f32():
    for x in _inputs32():
        _check("neg", math_ops._neg_kernel, x)


def test_pow_f32_special_pairs():
    a = SPECIAL32.reshape(-1, 1)
    x, y = np.broadcast_arrays(a, a.T)
    _check("pow special pairs", eigen_pow.pow, np.ascontiguousarray(x), np.ascontiguousarray(y))
    _check("pow broadcast", eigen_pow.pow, a, a.T)


@pytest.mark.parametrize("y", [2.0, 1.0, 0.5, -1.0, 3.0, 0.0, np.inf, np.nan, -2.5, 1e-40])
def test_pow_f32_scalar_exponent(y):
    for x in _inputs32():
        _check(f"pow(x, {y})", eigen_pow.pow, x, np.float32(y))


def test_pow_f32_random():
    x = (rng.standard_normal(20003) * 10).astype(np.float32)
    y = (rng.standard_normal(20003) * 5).astype(np.float32)
    _check("pow random", eigen_pow.pow, x, y)
    _check("pow |x|", eigen_pow.pow, np.abs(x), y)
    _check("pow bits", eigen_pow.pow, _inputs32()[3], rng.standard_normal(20000).astype(np.float32))
    _check("pow non-contiguous", eigen_pow.pow, x[:-1:2], y[1::2])


POW_SPECIAL32 = np.concatenate([
    np.array([0, 0x80000000, 1, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00800000, 0x80800000, 0x7F800000, 0xFF800000,
              0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FC12345, 0xFFBFFFFF, 0x7F7FFFFF, 0xFF7FFFFF,
              0x3F7FFFFF, 0x3F800001, 0xBF7FFFFF, 0xBF800001, 0x3F3504F3, 0x3F3504F4, 0x4B000001, 0xCB000001,
              0x4EFFFFFF, 0xCEFFFFFF, 0x5F000000], np.uint32).view(np.float32),
    np.array([1, -1, 2, -2, 3, -3, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 10, -10, 127, -126, 128, -149, -150, 151, 1e-20,
              1e20, -1e30, 7.3e8, 7.5e8, -7.5e8, 16777217, 8388609, -2.0**30, 1.0000001, 0.9999999, 88.7, -103.9],
             np.float32),
])  # fmt: skip


def _pow_isa(isa, x, y):
    native.lib.set_isa(isa)
    out = np.empty(x.shape, np.float32)
    native.lib.pow_f32(x, y, out)
    return out


def test_pow_f32_avx2_lanes_equal_scalar_c():
    """pow_f32's AVX2 lanes (their own instructions for the comparisons, pfrexp and pldexp) against the scalar C twin
    in bulk: special values crossed, random bit patterns with a vector and a 1-element exponent, and a stride through
    every float32 x for a few exponents (results through the float32 range down to the flush to zero); the odd
    lengths end in the padded tail."""
    try:
        if native.lib.set_isa("auto") == "scalar":
            pytest.skip("no AVX2 on this CPU")
        a = POW_SPECIAL32
        cases = [("special pairs", np.repeat(a, a.size), np.tile(a, a.size))]
        n = 200003
        x = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        x_pos = np.abs(rng.standard_normal(n) * 10).astype(np.float32)
        for name, y in [("bits", rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)),
                        ("normal", (rng.standard_normal(n) * 30).astype(np.float32))]:
            cases += [(f"random x^{name}", x, y), (f"random |x|^{name}", x_pos, y)]
            cases += [(f"random x, y={v}", x, np.array([v], np.float32)) for v in y[:3]]
        stride = np.arange(0x12345, 2**32, 4093, dtype=np.uint64).astype(np.uint32).view(np.float32)
        cases += [(f"every 4093rd x, y={v}", stride, np.array([v], np.float32)) for v in (2.0, 0.5, -1.5, 3.0)]
        for name, x, y in cases:
            assert_bits_equal(_pow_isa("auto", x, y), _pow_isa("scalar", x, y), f"pow {name} [AVX2 vs scalar C]", x)
    finally:
        native.lib.set_isa("auto")


def _unary_isa(op, isa, x):
    native.lib.set_isa(isa)
    out = np.empty(x.shape, np.float32)
    getattr(native.lib, op)(x, out)
    return out


@pytest.mark.parametrize("op", ["exp_f32", "sigmoid_f32", "log_f32"])
def test_unary_f32_avx2_lanes_equal_scalar_c(op):
    """exp/sigmoid/log's AVX2 lanes (clamps instead of selects, pldexp by float products, integer exponents) against
    the scalar C twin in bulk: a stride through every float32 bit pattern, and every pattern near the thresholds
    (clamps, the flush to zero, overflow, the exponent steps of 1); the odd length ends in the padded tail."""
    try:
        if native.lib.set_isa("auto") == "scalar":
            pytest.skip("no AVX2 on this CPU")
        stride = np.arange(0x5432, 2**32, 4091, dtype=np.uint64).astype(np.uint32)
        # the clamps, exp's results leaving the normals / reaching 2^-150 and m = 128, sigmoid's e^2 flushing, log's
        # mask and exponent steps, the smallest normal
        near = np.array([-104.0, 88.723, 16.6355324, -87.33655, -88.72284, -103.27893, -43.668, -52.0, 88.37626,
                         0.70710678, 1.0, 0.5, 2.0, 1.17549435e-38], np.float32)
        u = near.view(np.uint32).astype(np.int64)[:, None] + np.arange(-3000, 3001)
        x = np.concatenate([stride, (u & 0xFFFFFFFF).astype(np.uint32).ravel()]).view(np.float32)
        assert x.size % 40 != 0
        assert_bits_equal(_unary_isa(op, "auto", x), _unary_isa(op, "scalar", x), f"{op} [AVX2 vs scalar C]", x)
    finally:
        native.lib.set_isa("auto")


def _mm(kmax, kb=512, mode=0):
    return lambda a, b: linalg_ops._matmul_np(a, b, kmax, 1 << 62, kb, mode)


MM_SHAPES = [((4, 16), (16, 16)), ((5, 7), (7, 3)), ((64, 300), (300, 10)), ((1, 33), (33, 1)),
             ((17, 1), (1, 40)), ((33, 129), (129, 31)), ((3, 8, 600), (600, 20)), ((2, 1, 5, 9), (3, 9, 18))]


@pytest.mark.parametrize("kmax", [320, 1024])
@pytest.mark.parametrize("sa, sb", MM_SHAPES)
def test_matmul_f32(sa, sb, kmax):
    a = rng.standard_normal(sa).astype(np.float32)
    b = rng.standard_normal(sb).astype(np.float32)
    _check("matmul", _mm(kmax), a, b)
    _check("matmul transposed views", _mm(kmax), np.swapaxes(np.swapaxes(a, -1, -2).copy(), -1, -2),
           np.swapaxes(np.swapaxes(b, -1, -2).copy(), -1, -2))


@pytest.mark.parametrize("mode", [1, 2])
@pytest.mark.parametrize("k", [385, 777, 1000])
def test_matmul_f32_k_blocks(k, mode):
    """oneDNN sgemm's 384-deep k blocks (linalg_ops._k_blocks), both balancing modes."""
    a = rng.standard_normal((6, k)).astype(np.float32)
    b = rng.standard_normal((k, 21)).astype(np.float32)
    _check(f"matmul k={k} mode {mode}", _mm(None, 384, mode), a, b)
    a[1, 100], a[1, k - 5], b[7, 3] = _nan(0, 0x11), _nan(1, 0x22), np.inf  # NaN sums in two k blocks
    _check(f"matmul k={k} mode {mode} NaN", _mm(None, 384, mode), a, b)
    _check(f"matmul k={k} mode {mode} NaN, a a transposed view", _mm(None, 384, mode), a.T.copy().T, b)


def test_matmul_f32_special_values():
    """inf, NaN payloads of both signs (the first NaN of a, b, acc wins), subnormals, overflow to inf."""
    a = rng.choice(SPECIAL32, (9, 40)).astype(np.float32)
    b = rng.choice(SPECIAL32, (40, 11)).astype(np.float32)
    _check("matmul special", _mm(320), a, b)
    a = rng.standard_normal((12, 50)).astype(np.float32)
    b = rng.standard_normal((50, 20)).astype(np.float32)
    a[rng.random(a.shape) < 0.05] = np.inf
    b[rng.random(b.shape) < 0.05] = -np.inf
    _check("matmul inf", _mm(320), a, b)
    a[0, 3], b[3, 0], a[1, 7], b[2, 1] = _nan(0, 0x11), _nan(1, 0x22), _nan(1, 0x33), _nan(0, 0x44)
    _check("matmul NaN", _mm(320), a, b)
    a = (rng.standard_normal((8, 24)) * 1e-20).astype(np.float32)  # products and sums in the subnormal range
    b = (rng.standard_normal((24, 16)) * 1e-19).astype(np.float32)
    _check("matmul tiny", _mm(320), a, b)
    a = (rng.standard_normal((8, 24)) * 1e19).astype(np.float32)
    _check("matmul huge", _mm(320), a, (rng.standard_normal((24, 16)) * 1e19).astype(np.float32))


def test_matmul_f32_midpoints():
    """Operands whose exact sums fall on float32 midpoints (where a float64 sum rounds twice)."""
    a = np.ldexp(rng.integers(1, 1 << 12, (16, 32)), rng.integers(-12, 12, (16, 32))).astype(np.float32)
    b = np.ldexp(rng.integers(1, 1 << 12, (32, 16)), rng.integers(-12, 12, (32, 16))).astype(np.float32)
    b[::2] *= -1
    _check("matmul midpoints", _mm(320), a, b)


def test_matmul_f32_empty_and_large():
    _check("matmul k=0", linalg_ops._matmul_np, np.zeros((3, 0), np.float32), np.zeros((0, 4), np.float32))
    _check("matmul m=0", _mm(320), np.zeros((0, 5), np.float32), np.ones((5, 4), np.float32))
    a = rng.standard_normal((96, 320)).astype(np.float32)
    b = rng.standard_normal((320, 200)).astype(np.float32)
    _check("matmul 96x320x200", _mm(320), a, b)


def test_matmul_f32_threads_give_the_same_bits():
    """Threads split the output columns (each output is one thread's FMA chain): any thread count, same bits."""
    a = rng.standard_normal((300, 400)).astype(np.float32)
    b = rng.standard_normal((400, 150)).astype(np.float32)
    outs = []
    old = native.lib.set_threads(1)
    try:
        for t in (1, 2, 3, 8):
            native.lib.set_threads(t)
            outs.append(_mm(None, 384, 1)(a, b))
    finally:
        native.lib.set_threads(old)
    for o in outs[1:]:
        assert_bits_equal(o, outs[0], "threads", a)


@pytest.mark.parametrize("op", ["exp", "tanh", "sigmoid", "log", "relu", "pow"])
def test_elementwise_threads_give_the_same_bits(op):
    """Large arrays are split between 2 threads (each output computed by one): the bits equal one thread's and the
    NumPy twin's, at split points that are not packet multiples too."""
    n = 2 * 65536 + 8 * 7 + 5
    x = np.concatenate([(rng.standard_normal(n - SPECIAL32.size) * 10).astype(np.float32), SPECIAL32])
    fn = {"relu": nn_ops._relu_kernel, "pow": lambda v: eigen_pow.pow(v, np.float32(2.5))}.get(op)
    fn = fn or getattr(eigen_math, op)
    outs = []
    old = native.lib.set_threads(1)
    try:
        for t in (1, 2, 8):
            native.lib.set_threads(t)
            with fpenv.flush_denormals():
                outs.append(fn(x))
    finally:
        native.lib.set_threads(old)
    for o in outs[1:]:
        assert_bits_equal(o, outs[0], f"{op} threads", x)
    _check(f"{op} large", fn, x)


def test_tune_malloc_leaves_a_user_setting_alone():
    """tune_malloc (called when the kernels load) changes glibc's malloc only where the user has not tuned it."""
    import os
    import subprocess
    import sys

    code = "from tfshim import _kernels as k; print(k.tune_malloc())"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_") and k != "GLIBC_TUNABLES"}
    plain = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    tuned = subprocess.run([sys.executable, "-c", code], env={**env, "MALLOC_ARENA_MAX": "2"}, capture_output=True,
                           text=True, check=True)
    assert tuned.stdout.strip() == "False"
    assert plain.stdout.strip() in ("True", "False")  # False off glibc


@pytest.mark.parametrize("shape, axes", [((1000003,), (0,)), ((8192,), (0,)), ((8193,), (0,)), ((31,), (0,)),
                                         ((0,), (0,)), ((), ()), ((7, 20011), (1,)), ((5, 9000), (1,)),
                                         ((3, 40, 8195), (1, 2)), ((300, 33), (1,)), ((2, 20000, 3), (0, 2)),
                                         ((64, 128), (0,)), ((64, 10), (0,)), ((15, 20), (0,)), ((16, 7), (0,)),
                                         ((3, 17, 13), (1,)), ((5, 33, 24), (1,)), ((1, 64), (0,)), ((19, 8), (0,))])
def test_reduce_sum_f32(shape, axes):
    """Eigen's tree order (the split points depend on each row's absolute offset mod 8) and its middle-axis order
    (InnerMostDimPreserver packets, GenericDimReducer elsewhere), on random values and on
    rows holding -0, inf, subnormals and NaN (a NaN sum is left to the NumPy twin)."""
    from tfshim.kernels import eigen_reduce

    x = (rng.standard_normal(shape) * np.float32(100)).astype(np.float32)
    _check(f"sum {shape} {axes}", eigen_reduce.reduce_sum, x, axes)
    if x.size > 3 * SPECIAL32.size:
        y = x.copy().reshape(-1)
        y[: x.size // 2] = -0.0
        y[-SPECIAL32.size * 3 : -SPECIAL32.size * 2] = SPECIAL32
        y[-30:-20] = np.float32(1e-40)
        y[-5] = np.inf
        _check(f"sum specials {shape} {axes}", eigen_reduce.reduce_sum, y.reshape(shape), axes)
        z = x.copy().reshape(-1)
        z[3] = -np.inf
        _check(f"sum inf {shape} {axes}", eigen_reduce.reduce_sum, z.reshape(shape), axes)
        _check(f"mean {shape} {axes}", eigen_reduce.reduce_mean, x, axes)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_has_nan(dtype):
    """has_nan (the NaN check of math_ops.x86_nan_order) against np.isnan on every position of a block boundary."""
    for n in (0, 1, 7, 1023, 1024, 1025, 5000):
        x = rng.standard_normal(n).astype(dtype)
        assert native.lib.has_nan(x) is False
        specials = np.array([np.inf, -np.inf, 0.0, -0.0, np.finfo(dtype).max, np.finfo(dtype).tiny / 4], dtype)
        for i in sorted({0, n // 2, n - 1, 1023, 1024} & set(range(n))):
            y = x.copy()
            y[i] = specials[i % specials.size]
            assert native.lib.has_nan(y) is False
            for nan in (np.nan, -np.nan, _nan(1, 0x1234) if dtype == np.float32 else np.float64(-np.nan)):
                y[i] = nan
                assert native.lib.has_nan(y) is True, (n, i)
    assert native.lib.has_nan(np.array(np.nan, dtype)) is True
    with pytest.raises(TypeError):
        native.lib.has_nan(np.zeros(3, np.float16))


@pytest.mark.parametrize("name", ["exp", "log"])
def test_glibc_expf_logf(name):
    """glibc's expf/logf compiled against kernels/glibc.py (and, for a few elements, the C library through ctypes),
    on random bits, the overflow/underflow thresholds and every special input."""
    edges = np.array([0x42B17217, 0x42B17218, 0xC2CFF1B4, 0xC2CFF1B5, 0xC2CE8ECF, 0xC2CE8ED0, 0x42B00000,
                      0x3F800000, 0x3F7FFFFF, 0x3F800001, 0x00800000, 0x007FFFFF, 0x80000001, 0xFF800000,
                      0x7F800000, 0x7F7FFFFF, 0x3F330000, 0x3F32FFFF], np.uint32).view(np.float32)
    for x in [*_inputs32(), edges, (rng.standard_normal(5000) * 30).astype(np.float32)]:
        _check(f"glibc {name}", lambda v: eigen_math._libm(name, np.asarray(v)), x)


@pytest.mark.parametrize("shape", [(64, 10), (1, 1), (3, 7), (5, 8), (17, 33), (2, 8192), (9, 1000), (4, 8193),
                                   (3, 10), (7, 9)])  # (the global tail reaching into the last row's packets)
def test_sparse_xent_f32(shape):
    """SparseSoftmaxCrossEntropyWithLogits (loss and backprop) against the NumPy twin, on random logits, large and
    tiny ones (exp underflow), inf, -0 and subnormals; a NaN row is left to the twin."""
    from tfshim.kernels import eigen_softmax

    b, k = shape
    labels = rng.integers(0, k, b)

    def check(name, x):
        for i, part in enumerate(("loss", "backprop")):
            _check(f"{name} {part}", lambda v, lab, i=i: eigen_softmax.sparse_softmax_xent(v, lab)[i], x, labels)

    x = (rng.standard_normal(shape) * np.float32(5)).astype(np.float32)
    check(f"sparse xent {shape}", x)
    y = (x * np.float32(30)).reshape(-1)
    y[::7] = -0.0
    y[1::11] = np.float32(1e-40)
    y[2::13] = -np.inf
    y[3::29] = np.float32(-3e38)
    check(f"sparse xent specials {shape}", y.reshape(shape))
    y[4::31] = np.inf
    check(f"sparse xent inf {shape}", y.reshape(shape))
    y[-1] = np.nan
    check(f"sparse xent NaN {shape}", y.reshape(shape))


def test_reduction_and_xent_arguments_checked():
    """Bad shapes and labels raise ValueError from the C functions (their callers never pass them)."""
    f4 = np.zeros(4, np.float32)
    with pytest.raises(ValueError):
        native.lib.tree_sum_f32(f4, np.zeros(1, np.float32), -1, 2, 0, 0)
    with pytest.raises(ValueError):
        native.lib.preserve_sum_f32(f4, np.zeros(1, np.float32), 1, 2, 3)
    eigen_math.glibc_tables_to_c()
    with pytest.raises(ValueError):
        native.lib.sparse_xent_f32(f4.reshape(2, 2), np.array([0, 2]), np.zeros(2, np.float32), f4.reshape(2, 2))


GEBP_SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, 1e-310, -1e-310, 2.2250738585072014e-308,
                         1.7976931348623157e308, -1e300, 1e-5])


def _gebp_operand(shape: tuple) -> np.ndarray:
    x = rng.standard_normal(shape)
    mask = rng.random(shape) < 0.1
    x[mask] = rng.choice(GEBP_SPECIAL, int(mask.sum()))
    return x


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf - inf outside an op: NumPy unsilenced
@pytest.mark.parametrize("batch", [(), (2,)])
@pytest.mark.parametrize("bm", [0, 4, 11])
def test_gebp_f64(batch, bm):
    """float64 GEBP (gebp_f64) against eigen_gemm._gebp's NumPy order: every row/column tail of its order classes
    (m mod 4, n mod 8 and odd widths, k mod 8 and mod 4, blocks of bm columns), infinities, subnormals (with TF's
    FTZ|DAZ and without), signed zeros and overflow; an operand holding a NaN stays with the emulation."""
    for m in (1, 3, 4, 5, 8, 13):
        for k in (0, 1, 3, 7, 8, 9, 17, 33):
            for n in (1, 2, 5, 8, 9, 15, 17, 26):
                x, y = _gebp_operand(batch + (m, k)), _gebp_operand(batch + (k, n))
                for flush in (True, False):
                    outs = {}
                    for compiled in (True, False):
                        native.AVAILABLE = compiled
                        try:
                            if flush:
                                with fpenv.flush_denormals():
                                    outs[compiled] = eigen_gemm._gebp(x, y, bm)
                            else:
                                outs[compiled] = eigen_gemm._gebp(x, y, bm)
                        finally:
                            native.AVAILABLE = True
                    assert_bits_equal(outs[True], outs[False], f"gebp {batch} {m}x{k}x{n} bm={bm}", x)
    x, y = _gebp_operand((8, 9)), _gebp_operand((9, 10))
    x[3, 4] = np.nan
    assert eigen_gemm._compiled_gebp(x, y, 0, 8) is None
    assert native.lib.gebp_f64(x, y, np.empty((8, 10)), 1, 8, 9, 10, 0, 8) is False
    with pytest.raises(ValueError):
        native.lib.gebp_f64(x, y, np.empty((8, 9)), 1, 8, 9, 10, 0, 8)
