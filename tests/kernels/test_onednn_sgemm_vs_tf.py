"""Live differential test: float32 tf.matmul with k above 384 (oneDNN sgemm's k blocks, linalg_ops._k_blocks and
_onednn_k_mode) vs real TF, bit for bit, with NaN payloads in the operands. Skips without TF; shapes past the NumPy
emulation's multiply-add cap are checked only on the compiled path. On a CPU where TF runs another oneDNN ISA than the
reference's avx512_core, checks tfshim against TF to the summation-order bound (tests/differential/cpu_tables.py);
test_onednn_sgemm.py checks the same cases against the reference's bits everywhere."""

from __future__ import annotations

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

import tfshim  # noqa: E402
from tests.differential import cpu_tables  # noqa: E402
from tests.kernels.record_onednn_sgemm_goldens import SHAPES, TRANSPOSES, inputs  # noqa: E402
from tfshim.kernels import native  # noqa: E402
from tfshim.ops import linalg_ops  # noqa: E402


@pytest.mark.parametrize("m, k, n", SHAPES)
@pytest.mark.parametrize("ta, tb", TRANSPOSES)
def test_matmul_f32_large_k(m, k, n, ta, tb):
    if (m, k, n, tb) == (64, 784, 128, True):
        pytest.xfail("measured: oneDNN splits k 384/384/16 here, not 384/200/200 as for the neighbouring shapes")
    if not native.AVAILABLE and m * k * n > linalg_ops._LONG_K_MAX_MACS:
        pytest.skip("past the NumPy emulation's multiply-add cap (NumPy's matmul there)")
    a, b = inputs(m, k, n, ta, tb)
    want = tf.matmul(a, b, transpose_a=ta, transpose_b=tb).numpy()
    got = tfshim.matmul(a, b, transpose_a=ta, transpose_b=tb).numpy()
    if not cpu_tables.tf_uses_reference_isa(tf):
        with np.errstate(invalid="ignore"):  # the signalling NaN put in above
            magnitude = np.abs(a.T if ta else a).astype(np.float64) @ np.abs(b.T if tb else b).astype(np.float64)
        cpu_tables.assert_within_sum_bound(got, want, magnitude, k, f"matmul {m}x{k}x{n}")
        return
    diff = int((want.view(np.uint32) != got.view(np.uint32)).sum())
    assert diff == 0, f"{diff} of {want.size} elements differ"
