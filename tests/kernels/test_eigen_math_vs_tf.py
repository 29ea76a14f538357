"""Live differential test: tfshim.kernels.eigen_math vs real TensorFlow, bit for bit.

Skips unless TensorFlow is importable (run it under the TF oracle python,
``~/.cache/tfshim-tf-oracle/bin/python -m pytest tests/kernels``).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")

from tfshim.kernels import eigen_math as em  # noqa: E402

from .bitcheck import bits  # noqa: E402
from .record_goldens import OPS, make_inputs, tf_apply, tf_apply_tail  # noqa: E402

N_PACKET = 131072  # >= 100k inputs per op per dtype, packet path
N_TAIL = 1400  # plus 200 seven-element tensors (scalar path)


_INPUTS: dict = {}


def _inputs(dtype: str) -> tuple[np.ndarray, np.ndarray]:
    if dtype not in _INPUTS:
        _INPUTS[dtype] = (make_inputs(dtype, N_PACKET, seed=11), make_inputs(dtype, N_TAIL, seed=12)[:N_TAIL])
    return _INPUTS[dtype]


@pytest.mark.parametrize("dtype", ("float16", "float32", "float64"))
@pytest.mark.parametrize("op", sorted(OPS))
def test_bit_exact_vs_tf(op, dtype):
    x, xt = _inputs(dtype)
    assert x.size >= 100_000
    f = getattr(em, op)
    want = tf_apply(tf, OPS[op], x)
    got = f(x)
    bad = np.nonzero(bits(got) != bits(want))[0]
    assert bad.size == 0, (
        f"{op}/{dtype}: {bad.size}/{x.size} differ, e.g. x={x[bad[:5]]} got={got[bad[:5]]} want={want[bad[:5]]}"
    )
    want_t = tf_apply_tail(tf, OPS[op], xt)
    got_t = np.concatenate([f(xt[i : i + 7]) for i in range(0, xt.size, 7)])
    bad = np.nonzero(bits(got_t) != bits(want_t))[0]
    assert bad.size == 0, (
        f"{op}/{dtype} tail: {bad.size} differ, e.g. x={xt[bad[:5]]} got={got_t[bad[:5]]} want={want_t[bad[:5]]}"
    )
