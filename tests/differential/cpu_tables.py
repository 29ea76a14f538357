"""TF's CPU-specific last bits: the vrcpps/vrsqrtps approximation tables.

TF's float32 (and float16) Reciprocal and Rsqrt packets start from the CPU's VRCPPS / VRSQRTPS and refine them
with one Newton step, and so do the kernels built on them: erfc, gelu, atan, atan2, l2_normalize and the
gradients that use Reciprocal (log, log1p, tan, asin, acos, atan). Those instructions are specified only to a
relative error of 1.5 * 2^-12; their exact bits are a per-vendor table, so TF itself prints different last bits
on Intel and AMD CPUs (measured: ~25% of float32 reciprocals differ by 1-3 ulp, up to 2^-11 relative where the
Newton step is skipped). tfshim reproduces Intel's tables (tfshim/kernels/eigen_rcp.py): the reference is TF on
Intel x86-64, as on Colab, where the compat recordings and goldens were made.

So a live comparison of these ops is bit for bit when this host's TF uses Intel's tables, and otherwise checks
tfshim against TF to the instructions' error bound; the bit-for-bit check against TF on Intel still runs on every
host from the recorded goldens (tests/kernels/test_eigen_rcp.py, test_eigen_trig.py, compat/).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

# Two independent approximations, each within 1.5 * 2^-12 of the true value, can differ by 3 * 2^-12 < 2^-10.
RTOL = 2.0**-10

# Elementwise ops (tests/differential/bitexact.py names) whose float16/float32 packet results depend on the tables.
CPU_DEPENDENT_OPS = (
    "math.rsqrt", "math.reciprocal", "math.erfc", "math.atan", "math.atan2", "nn.gelu", "nn.gelu(approximate)",
    "grad math.rsqrt", "grad math.reciprocal", "grad math.log", "grad math.log1p", "grad math.tan",
    "grad math.asin", "grad math.acos", "grad math.atan", "grad nn.gelu", "grad nn.gelu(approximate)",
    "grad math.erfc", "l2_normalize",
)  # fmt: skip
CPU_DEPENDENT_DTYPES = ("float16", "float32")


@functools.cache
def tf_uses_intel_tables(tf: Any) -> bool:
    """Whether this host's TF computes float32 reciprocal and rsqrt packets from the tables tfshim emulates.

    Probes 65,536 inputs spread over [1, 4) (every table entry, with random low mantissa bits)."""
    from tfshim.kernels import eigen_rcp

    rng = np.random.default_rng(0)
    x = (rng.integers(0x3F800000, 0x40800000, 1 << 16, dtype=np.uint32)).view(np.float32)
    return all(
        np.array_equal(ours(x).view(np.uint32), theirs(tf.constant(x)).numpy().view(np.uint32))
        for ours, theirs in ((eigen_rcp.reciprocal, tf.math.reciprocal), (eigen_rcp.rsqrt, tf.math.rsqrt))
    )


def is_cpu_dependent(name: str, dtype: str) -> bool:
    return name in CPU_DEPENDENT_OPS and dtype in CPU_DEPENDENT_DTYPES


def assert_within_table_bound(got: np.ndarray, want: np.ndarray, what: str) -> None:
    """`got` (tfshim, Intel's tables) agrees with `want` (TF on a CPU with other tables) to RTOL, with the same
    NaN/inf positions and signs; float16 results (rounded from float32) within one half ulp step more."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, what
    rtol = RTOL if got.dtype != np.float16 else 2.0**-9
    tiny = float(np.finfo(got.dtype).tiny)
    g, w = got.astype(np.float64), want.astype(np.float64)
    np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=f"{what}: NaN positions")
    np.testing.assert_array_equal(np.isinf(g) * np.sign(g), np.isinf(w) * np.sign(w), err_msg=f"{what}: infinities")
    fin = np.isfinite(g) & np.isfinite(w)
    # results the Newton step drives below the smallest normal are flushed (FTZ) on one CPU and not the other
    np.testing.assert_allclose(g[fin], w[fin], rtol=rtol, atol=tiny * 4, err_msg=what)


# ---- oneDNN's instruction set: float32 GEMM and Softmax --------------------------------------------------------
# TF's float32 MatMul, BatchMatMul, Einsum and Softmax run oneDNN kernels that oneDNN picks at run time for the CPU
# (and ONEDNN_MAX_CPU_ISA). tfshim reproduces the avx512_core kernels of the reference CPU (16 float lanes, its k
# blocking); on an AVX2-only CPU TF's own sums run in other orders (8 lanes, other blocks) and its last bits differ
# from TF's on the reference CPU (measured with ONEDNN_MAX_CPU_ISA=AVX2: 250 of the 430 float32 GEMM goldens).
# There the live tests check tfshim against TF to the bound two summation orders can differ by; the bit-for-bit
# check against TF on the reference CPU still runs on every host from the goldens (tests/kernels/test_eigen_gemm.py,
# test_eigen_softmax.py, compat/).

# unit roundoff of float32
U32 = 2.0**-24


@functools.cache
def tf_uses_reference_isa(tf: Any) -> bool:
    """Whether this host's TF computes float32 GEMM as TF on the reference CPU: its results on the float32 cases
    of tests/kernels/goldens/gemm.npz (recorded there) are the recorded bits. Decided by TF's outputs alone."""
    from tests.kernels.record_gemm_goldens import GOLDEN_PATH, cases, digest, run

    recorded = np.load(GOLDEN_PATH)["digests"]
    return all(digest(run(tf, *c)) == want.tobytes() for c, want in zip(cases(), recorded) if c[1] == "float32")


def assert_within_sum_bound(got: Any, want: Any, magnitude: Any, terms: int, what: str) -> None:
    """`got` and `want` are the same float32 sums of `terms` products (or exponentials) added in two orders; each is
    within terms * u * magnitude of the exact sum (magnitude: the sum of the terms' absolute values), so they differ
    by at most twice that. NaN positions and infinities must agree (neither depends on the order)."""
    g, w = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert g.shape == w.shape, f"{what}: shape {g.shape} != TF {w.shape}"
    np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=f"{what}: NaN positions")
    np.testing.assert_array_equal(np.isinf(g) * np.sign(g), np.isinf(w) * np.sign(w), err_msg=f"{what}: infinities")
    fin = np.isfinite(g) & np.isfinite(w)
    # plus what flushing subnormal products or partial sums to zero can lose
    bound = 2 * (terms + 2) * (U32 * np.broadcast_to(np.asarray(magnitude, np.float64), g.shape)[fin]
                               + float(np.finfo(np.float32).tiny))
    excess = np.abs(g[fin] - w[fin]) - bound
    assert not (excess > 0).any(), (
        f"{what}: {int((excess > 0).sum())} elements differ from TF by more than two summation orders can")
