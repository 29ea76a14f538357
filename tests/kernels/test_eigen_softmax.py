"""Bitwise tests of tfshim.kernels.eigen_softmax against goldens recorded from TF 2.21 (no TF needed).

Goldens come from ``tests/kernels/record_eigen_softmax_goldens.py`` (``__meta__`` names the CPU: float32
Softmax is oneDNN's avx512_core kernel, the rest Eigen's).  Rows holding a NaN are all-NaN in TF and tfshim
alike, but the NaN's sign may differ there (module docstring), so the specials compare NaN positions only.
"""

from __future__ import annotations

import numpy as np
import pytest

from tfshim.kernels import eigen_rcp

from .bitcheck import assert_bits_equal, golden_fixture
from .record_eigen_softmax_goldens import (
    DIGEST,
    DTYPES,
    FULL,
    OUTPUTS,
    case_inputs,
    digest,
    log_probe_inputs,
    probe_inputs,
    shim_outputs,
    special_inputs,
)

golden = golden_fixture("eigen_softmax")


@pytest.mark.parametrize("dt", DTYPES)
def test_small_shapes(golden, dt):
    outs = [shim_outputs(*case_inputs(dt, shape, k)) for k, shape in enumerate(FULL)]
    for j, name in enumerate(OUTPUTS):
        assert_bits_equal(np.concatenate([o[j].ravel() for o in outs]), golden[f"{dt}/{name}"], f"{dt} {name}")


@pytest.mark.parametrize("dt", DTYPES)
def test_special_values(golden, dt):
    for name, got in zip(OUTPUTS, shim_outputs(*special_inputs(dt))):
        assert_bits_equal(got, golden[f"{dt}/specials/{name}"], f"{dt} specials {name}", nan_bits=False)
    for name, got in zip(OUTPUTS, shim_outputs(*log_probe_inputs(dt))):
        assert_bits_equal(got, golden[f"{dt}/logprobe/{name}"], f"{dt} batch-tail log probe {name}")


@pytest.mark.parametrize("dt", DTYPES)
def test_tiling_and_tree_shapes(golden, dt):
    want = golden[f"{dt}/sha256"]
    for k, shape in enumerate(DIGEST):
        got = [digest(o) for o in shim_outputs(*case_inputs(dt, shape, 100 + k))]
        bad = [name for name, g, w in zip(OUTPUTS, got, want[k]) if not np.array_equal(g, w)]
        assert not bad, f"{dt} {shape}: {bad} differ from TF"
    got = [digest(o) for o in shim_outputs(*probe_inputs(dt))]
    bad = [name for name, g, w in zip(OUTPUTS, got, golden[f"{dt}/probe/sha256"]) if not np.array_equal(g, w)]
    assert not bad, f"{dt} reduction-tree leaf probe: {bad} differ from TF"


def test_half_softmax_does_not_depend_on_vrcpps():
    """float16 Softmax's packet 1/sum is preciprocal (VRCPPS + Newton) rounded to half; for every positive half
    sum that equals the correctly rounded 1/sum, so the kernel divides (no CPU-specific table needed)."""
    h = np.arange(1, 0x7C01, dtype=np.uint16).view(np.float16)
    f = h.astype(np.float32)
    with np.errstate(over="ignore"):
        assert np.array_equal(eigen_rcp.preciprocal_f32(f).astype(np.float16), (np.float32(1) / f).astype(np.float16))


def test_empty_and_rank_edges():
    from tfshim.kernels import eigen_softmax as es

    for dt in DTYPES:
        for shape in ((0, 5), (3, 0)):
            x = np.zeros(shape, dt)
            assert es.softmax(x).shape == shape and es.log_softmax(x).shape == shape
            loss, bp = es.softmax_xent(x, x)
            assert loss.shape == (shape[0],) and bp.shape == shape and not loss.any()
