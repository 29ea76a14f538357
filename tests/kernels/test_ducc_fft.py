"""Bitwise tests of tf.signal's FFTs (tfshim.kernels.ducc_fft) against goldens recorded from TF 2.21.

Goldens come from ``tests/kernels/record_ducc_fft_goldens.py`` (no TF needed here).  DUCC's arithmetic
does not depend on the CPU model (no FMA, no approximate instructions), so these hold on any x86-64.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import tfshim

from .bitcheck import assert_bits_equal, golden_fixture
from .record_ducc_fft_goldens import CASES, case_dtypes, case_key, run_case

golden = golden_fixture("ducc_fft")
PARAMS = [(op, shape, fl, dt) for op, shape, fl in CASES for dt in case_dtypes(op, shape)]


def test_metadata(golden):
    meta = json.loads(str(golden["__meta__"]))
    assert meta["tensorflow"].startswith("2.21")


@pytest.mark.parametrize("op,shape,fft_length,dtype", PARAMS,
                         ids=[case_key(*p[:3], p[3]) for p in PARAMS])
def test_fft_bits(golden, op, shape, fft_length, dtype):
    got = run_case(tfshim, op, shape, fft_length, dtype)
    want = golden[case_key(op, shape, fft_length, dtype)]
    assert got.dtype == want.dtype and got.shape == want.shape
    # complex results compared as their (re, im) float pairs
    real = np.float32 if want.dtype in (np.float32, np.complex64) else np.float64
    assert_bits_equal(np.ascontiguousarray(got).view(real), np.ascontiguousarray(want).view(real),
                      case_key(op, shape, fft_length, dtype))


def test_rows_share_one_result_when_not_vectorized():
    """Lengths below 300 use one plan for every row: a row's result does not depend on its batch."""
    x = (np.arange(3 * 24, dtype=np.float32).reshape(3, 24) % 7 - 3).astype(np.complex64)
    whole = tfshim.signal.fft(tfshim.constant(x)).numpy()
    for i in range(3):
        np.testing.assert_array_equal(tfshim.signal.fft(tfshim.constant(x[i])).numpy(), whole[i])
