"""The compiled float32 Mul, AddV2, Sub and TanhGrad (tfshim/_kernels.c run_arith) against their NumPy twins
(math_ops.x86_nan_order, _tanh_grad_kernel): identical bits on the AVX2 and the scalar C path, NaN payloads
included, for every operand layout the compiled path takes (same shapes, a one-element operand on either side) and
sizes around its 1024-element threshold and its two-thread split. TF's own bits: compat/math/nan_payloads_large.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from tfshim.kernels import native
from tfshim.ops import math_ops

from .bitcheck import assert_bits_equal
from .test_compiled_twins import SPECIAL32, _both

if not native.AVAILABLE:
    pytest.skip(f"compiled kernels not in use: {native.describe()}", allow_module_level=True)

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the kernels run outside an op: unsilenced
rng = np.random.default_rng(20261206)
SIZES = (1025, 1031, 4099, 131072, 131077, 262147)


def _operand(n: int) -> np.ndarray:
    """Random bit patterns (NaN payloads of both signs, subnormals), normal values and the special values."""
    x = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32).copy()
    normal = rng.random(n) < 0.5
    x[normal] = rng.standard_normal(int(normal.sum())).astype(np.float32)
    special = rng.random(n) < 0.2
    x[special] = rng.choice(SPECIAL32, int(special.sum()))
    return x


@pytest.mark.parametrize("op", [math_ops.Mul, math_ops.AddV2, math_ops.Sub])
@pytest.mark.parametrize("n", SIZES)
def test_arith_f32(op, n):
    x, y = _operand(n), _operand(n)
    for a, b in [(x, y), (x, y[:1].reshape(())), (x[:1].reshape(()), y), (x, y[:1]), (x[:1], y),
                 (x.reshape(-1, 1)[: n // 2 * 2].reshape(2, -1), y[:1].reshape(1, 1)),
                 (x, np.broadcast_to(y[3], x.shape)), (np.broadcast_to(x[5], y.shape), y)]:  # BroadcastTo views
        outs = _both(op.kernel, a, b)
        for isa in ("auto", "scalar"):
            assert_bits_equal(outs[isa], outs["numpy"], f"{op.name} {a.shape} {b.shape} [{isa} C vs NumPy]", a)


@pytest.mark.parametrize("n", SIZES)
def test_tanh_grad_f32(n):
    y, dy = _operand(n), _operand(n)
    outs = _both(math_ops.TanhGrad.kernel, y, dy)
    for isa in ("auto", "scalar"):
        assert_bits_equal(outs[isa], outs["numpy"], f"TanhGrad [{isa} C vs NumPy]", y)


def test_small_and_strided_operands_stay_numpy():
    """Below 1025 elements, broadcasts other than a one-element operand, and non-contiguous operands: NumPy's loop
    (the same function, so the same bits by construction); checked here to run and agree."""
    x = _operand(4099)
    for a, b in [(x[:1024], x[1:1025]), (x[:4098:2], x[1:4098:2]), (x[:4096].reshape(64, 64), x[:64])]:
        outs = _both(math_ops.Mul.kernel, a, b)
        assert_bits_equal(outs["auto"], outs["numpy"], f"Mul {a.shape} {b.shape}", a)
