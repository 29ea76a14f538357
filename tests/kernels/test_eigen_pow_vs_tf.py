"""Live differential test: tfshim.kernels.eigen_pow (tf.pow, float32/float64) vs real TensorFlow, bit for bit.

Covers the packet path (Eigen generic_pow), the scalar path (glibc powf/pow: 0-d tensors, tensors
smaller than a packet, the global tail) and broadcasting shapes, where TF's tiled executor puts a
scalar tail at the end of every block run.  Skips unless TensorFlow is importable (run it under the
TF oracle python).  NaN bit patterns are compared too.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")

from tfshim.kernels import eigen_pow as ep  # noqa: E402

from .bitcheck import assert_bits_equal  # noqa: E402
from .record_eigen_hyp_pow_goldens import POW_DTYPES, in_tensors, pow_core, pow_specials, tf_pow  # noqa: E402
from .record_goldens import make_inputs  # noqa: E402

N = 131072  # >= 100k pairs per dtype, twice (bit patterns + ordinary results)
N_TAIL = 1400

BCAST_SHAPES = (
    ((5,), ()), ((3, 1), (1, 5)), ((3, 4), (4,)), ((1, 9), (9,)), ((2, 3, 5), (3, 1)), ((100, 300), (300,)),
    ((300, 100), (300, 1)), ((200, 200), (1, 200)), ((7, 20003), (20003,)), ((3, 9000), (3, 1)),
    ((50, 50, 50), (50, 1, 50)), ((40, 1, 300), (1, 40, 300)), ((13, 17, 19), (19,)), ((2, 3, 4, 5, 6), (3, 1, 5, 1)),
    ((4000, 7), (1, 7)), ((7, 4000), (7, 1)), ((2, 13000), (2, 1)), ((6000, 3), (6000, 1)), ((1, 13000), (2, 1)),
    ((2, 2, 20001), (2, 1, 1)), ((3, 1, 4, 7001), (1, 5, 4, 1)),
)  # fmt: skip


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_packet_path(dtype):
    x, y = make_inputs(dtype, N, seed=11), make_inputs(dtype, N, seed=13)
    assert_bits_equal(ep.pow(x, y), tf_pow(tf, x, y), f"pow/{dtype} bit patterns", x, y)
    x, y = pow_core(dtype, N, seed=14)
    assert x.size >= 100_000
    assert_bits_equal(ep.pow(x, y), tf_pow(tf, x, y), f"pow/{dtype} ordinary", x, y)


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_specials(dtype):
    s = pow_specials(dtype)
    gx, gy = (g.ravel() for g in np.meshgrid(s, s, indexing="ij"))
    pad = (-gx.size) % 8
    px, py = np.concatenate([gx, np.ones(pad, dtype)]), np.concatenate([gy, np.ones(pad, dtype)])
    assert_bits_equal(ep.pow(px, py), tf_pow(tf, px, py), f"pow/{dtype} specials (packet)", px, py)
    sel = np.arange(0, gx.size, 7)
    want = in_tensors(lambda a, b: tf_pow(tf, a, b), gx[sel], gy[sel], width=1)
    got = np.concatenate([ep.pow(gx[i : i + 1], gy[i : i + 1]) for i in sel])
    assert_bits_equal(got, want, f"pow/{dtype} specials (scalar)", gx[sel], gy[sel])


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_scalar_path(dtype):
    x = np.concatenate([make_inputs(dtype, N_TAIL, seed=21)[: N_TAIL // 2], pow_core(dtype, N_TAIL // 2, seed=22)[0]])
    y = np.concatenate([make_inputs(dtype, N_TAIL, seed=23)[: N_TAIL // 2], pow_core(dtype, N_TAIL // 2, seed=22)[1]])
    want = in_tensors(lambda a, b: tf_pow(tf, a, b), x, y)
    got = np.concatenate([ep.pow(x[i : i + 7], y[i : i + 7]) for i in range(0, x.size, 7)])
    assert_bits_equal(got, want, f"pow/{dtype} 7-element tensors", x, y)
    for n in (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33):
        assert_bits_equal(ep.pow(x[:n], y[:n]), tf_pow(tf, x[:n], y[:n]), f"pow/{dtype} size {n}", x[:n], y[:n])
    for i in range(30):
        assert_bits_equal(ep.pow(x[i], y[i]), tf_pow(tf, x[i], y[i]), f"pow/{dtype} 0-d", x[i], y[i])
    assert_bits_equal(ep.pow(x[700], y[:203]), tf_pow(tf, x[700], y[:203]), f"pow/{dtype} 0-d x", x[700], y[:203])
    assert_bits_equal(ep.pow(x[:203], y[701]), tf_pow(tf, x[:203], y[701]), f"pow/{dtype} 0-d y", x[:203], y[701])


@pytest.mark.parametrize("dtype", POW_DTYPES)
def test_broadcasting(dtype):
    rng = np.random.default_rng(5)
    for xs, ys in BCAST_SHAPES:
        x = rng.uniform(0, 3, xs).astype(dtype)
        y = rng.uniform(-6, 6, ys).astype(dtype)
        assert_bits_equal(ep.pow(x, y), tf_pow(tf, x, y), f"pow/{dtype} {xs} ^ {ys}", x, y)
        assert_bits_equal(ep.pow(y, x), tf_pow(tf, y, x), f"pow/{dtype} {ys} ^ {xs}", y, x)
