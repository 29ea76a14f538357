"""Live differential test: tfshim.kernels.eigen_trig (sinh, cosh) vs real TensorFlow, bit for bit.

Skips unless TensorFlow is importable (run it under the TF oracle python,
``~/.cache/tfshim-tf-oracle/bin/python -m pytest tests/kernels``).  NaN bit patterns are compared too.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")

from tfshim.kernels import eigen_trig as eh  # noqa: E402

from .bitcheck import assert_bits_equal  # noqa: E402
from .record_eigen_hyp_pow_goldens import HYP_DTYPES, HYP_OPS, hyp_ranges, in_tensors, tf_unary  # noqa: E402
from .record_goldens import make_inputs  # noqa: E402

N = 131072  # >= 100k inputs per op and dtype, twice (bit patterns + branch ranges)
N_TAIL = 1400  # 200 seven-element tensors


@pytest.mark.parametrize("dtype", HYP_DTYPES)
@pytest.mark.parametrize("op", HYP_OPS)
def test_bit_exact_vs_tf(op, dtype):
    f = getattr(eh, op)
    for x in (make_inputs(dtype, N, seed=11), hyp_ranges(dtype, N, seed=12)):
        assert x.size >= 100_000
        assert_bits_equal(f(x), tf_unary(tf, op, x), f"{op}/{dtype}", x)
    xt = make_inputs(dtype, N_TAIL, seed=13)[:N_TAIL]
    want = in_tensors(lambda v: tf_unary(tf, op, v), xt)
    got = np.concatenate([f(xt[i : i + 7]) for i in range(0, xt.size, 7)])
    assert_bits_equal(got, want, f"{op}/{dtype} 7-element tensors", xt)
    for v in xt[:40]:
        assert_bits_equal(f(v), tf_unary(tf, op, v), f"{op}/{dtype} 0-d", v)
    x2 = hyp_ranges(dtype, 600, seed=14).reshape(4, 5, 30)
    assert_bits_equal(f(x2), tf_unary(tf, op, x2), f"{op}/{dtype} 3-d", x2)
