"""The bit-exactness table shared by test_bitexact_vs_tf.py and tools/bitexact_report.py.

Every elementwise op of the op library, called the same way on `tf` and on `tfshim`, with a plain NumPy
baseline (what a NumPy reimplementation would compute) for the before/after report.  Inputs come from
tests/kernels/record_goldens.make_inputs: raw bit patterns (so subnormals, huge values, nan payloads),
several ranges, and the special values (±0, ±inf, nan, the kernels' clamp points).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tests.kernels.record_goldens import make_inputs
from tfshim.kernels.eigen_math import REFERENCE_LIBM

DTYPES = ("float16", "float32", "float64")
N_PACKET = 131_075  # >= 100,000 inputs in one tensor; not a multiple of 8, so it has a scalar tail too
N_TAIL = 1_400  # plus tensors of 0-d and 1..7 elements: the scalar path only
TAIL_SIZES = (0, 1, 2, 3, 4, 5, 6, 7)  # 0 means a 0-d tensor


def _m(mod: Any, path: str) -> Any:
    for part in path.split("."):
        mod = getattr(mod, part)
    return mod


def _np_sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _np_gelu(x, approximate):
    if approximate:
        return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi).astype(x.dtype) * (x + x.dtype.type(0.044715) * x**3)))
    import math

    erf = np.vectorize(math.erf, otypes=[np.float64])
    return (0.5 * x * (1 + erf(x / np.sqrt(2)))).astype(x.dtype)


def _np_erf(x, c=False):
    import math

    f = np.vectorize(math.erfc if c else math.erf, otypes=[np.float64])
    return f(x.astype(np.float64)).astype(x.dtype)


def _clip(x):
    return np.clip(x, x.dtype.type(-1.5), x.dtype.type(2.5))


# name -> (arity, how to call it on a module `m` (tf or tfshim), NumPy baseline)
UNARY: dict[str, tuple[Callable, Callable]] = {
    "math.abs": (lambda m, x: m.math.abs(x), np.abs),
    "math.negative": (lambda m, x: m.math.negative(x), np.negative),
    "math.sign": (lambda m, x: m.math.sign(x), np.sign),
    "math.square": (lambda m, x: m.math.square(x), np.square),
    "math.sqrt": (lambda m, x: m.math.sqrt(x), np.sqrt),
    "math.rsqrt": (lambda m, x: m.math.rsqrt(x), lambda x: 1 / np.sqrt(x)),
    "math.reciprocal": (lambda m, x: m.math.reciprocal(x), lambda x: 1 / x),
    "math.exp": (lambda m, x: m.math.exp(x), np.exp),
    "math.expm1": (lambda m, x: m.math.expm1(x), np.expm1),
    "math.log": (lambda m, x: m.math.log(x), np.log),
    "math.log1p": (lambda m, x: m.math.log1p(x), np.log1p),
    "math.sin": (lambda m, x: m.math.sin(x), np.sin),
    "math.cos": (lambda m, x: m.math.cos(x), np.cos),
    "math.tan": (lambda m, x: m.math.tan(x), np.tan),
    "math.asin": (lambda m, x: m.math.asin(x), np.arcsin),
    "math.acos": (lambda m, x: m.math.acos(x), np.arccos),
    "math.atan": (lambda m, x: m.math.atan(x), np.arctan),
    "math.sinh": (lambda m, x: m.math.sinh(x), np.sinh),
    "math.cosh": (lambda m, x: m.math.cosh(x), np.cosh),
    "math.tanh": (lambda m, x: m.math.tanh(x), np.tanh),
    "math.sigmoid": (lambda m, x: m.math.sigmoid(x), _np_sigmoid),
    "math.erf": (lambda m, x: m.math.erf(x), _np_erf),
    "math.erfc": (lambda m, x: m.math.erfc(x), lambda x: _np_erf(x, True)),
    "math.round": (lambda m, x: m.math.round(x), np.round),
    "math.floor": (lambda m, x: m.math.floor(x), np.floor),
    "math.ceil": (lambda m, x: m.math.ceil(x), np.ceil),
    "math.is_nan": (lambda m, x: m.math.is_nan(x), np.isnan),
    "math.is_inf": (lambda m, x: m.math.is_inf(x), np.isinf),
    "math.is_finite": (lambda m, x: m.math.is_finite(x), np.isfinite),
    "math.softplus": (lambda m, x: m.math.softplus(x), lambda x: np.log1p(np.exp(x))),
    "math.softsign": (lambda m, x: m.math.softsign(x), lambda x: x / (1 + np.abs(x))),
    "nn.relu": (lambda m, x: m.nn.relu(x), lambda x: np.maximum(x, 0)),
    "nn.relu6": (lambda m, x: m.nn.relu6(x), lambda x: np.minimum(np.maximum(x, 0), 6)),
    "nn.leaky_relu": (lambda m, x: m.nn.leaky_relu(x), lambda x: np.where(x > 0, x, x * x.dtype.type(0.2))),
    "nn.elu": (lambda m, x: m.nn.elu(x), lambda x: np.where(x > 0, x, np.expm1(x))),
    "nn.selu": (
        lambda m, x: m.nn.selu(x),
        lambda x: x.dtype.type(1.0507009873554805) * np.where(x > 0, x, x.dtype.type(1.6732632423543772) * np.expm1(x)),
    ),
    "nn.gelu": (lambda m, x: m.nn.gelu(x), lambda x: _np_gelu(x, False)),
    "nn.gelu(approximate)": (lambda m, x: m.nn.gelu(x, approximate=True), lambda x: _np_gelu(x, True)),
    "nn.silu": (lambda m, x: m.nn.silu(x), lambda x: x * _np_sigmoid(x)),
    "clip_by_value": (lambda m, x: m.clip_by_value(x, -1.5, 2.5), _clip),
}

BINARY: dict[str, tuple[Callable, Callable]] = {
    "math.add": (lambda m, x, y: m.math.add(x, y), np.add),
    "math.subtract": (lambda m, x, y: m.math.subtract(x, y), np.subtract),
    "math.multiply": (lambda m, x, y: m.math.multiply(x, y), np.multiply),
    "math.divide": (lambda m, x, y: m.math.divide(x, y), np.divide),
    "math.truediv": (lambda m, x, y: m.math.truediv(x, y), np.true_divide),
    "math.floordiv": (lambda m, x, y: m.math.floordiv(x, y), np.floor_divide),
    "math.floormod": (lambda m, x, y: m.math.floormod(x, y), np.mod),
    "math.pow": (lambda m, x, y: m.math.pow(x, y), np.power),
    "math.atan2": (lambda m, x, y: m.math.atan2(x, y), np.arctan2),
    "math.maximum": (lambda m, x, y: m.math.maximum(x, y), np.maximum),
    "math.minimum": (lambda m, x, y: m.math.minimum(x, y), np.minimum),
    "math.squared_difference": (lambda m, x, y: m.math.squared_difference(x, y), lambda x, y: (x - y) ** 2),
    "math.divide_no_nan": (
        lambda m, x, y: m.math.divide_no_nan(x, y),
        lambda x, y: np.where(y == 0, 0, x / np.where(y == 0, 1, y)).astype(x.dtype),
    ),
    "math.xlogy": (lambda m, x, y: m.math.xlogy(x, y), lambda x, y: np.where(x == 0, 0, x * np.log(y)).astype(x.dtype)),
    "math.xdivy": (lambda m, x, y: m.math.xdivy(x, y), lambda x, y: np.where(x == 0, 0, x / y).astype(x.dtype)),
    "math.equal": (lambda m, x, y: m.math.equal(x, y), np.equal),
    "math.not_equal": (lambda m, x, y: m.math.not_equal(x, y), np.not_equal),
    "math.less": (lambda m, x, y: m.math.less(x, y), np.less),
    "math.less_equal": (lambda m, x, y: m.math.less_equal(x, y), np.less_equal),
    "math.greater": (lambda m, x, y: m.math.greater(x, y), np.greater),
    "math.greater_equal": (lambda m, x, y: m.math.greater_equal(x, y), np.greater_equal),
}

def _grad_of(name: str) -> Callable:
    """d op(x) / dx with upstream gradient dy, through GradientTape: TF's registered gradient function and
    its kernels (TanhGrad, SigmoidGrad, ReluGrad, Reciprocal, ...)."""
    op = UNARY[name][0]

    def fn(m: Any, x: Any, dy: Any) -> Any:
        x = m.constant(x)
        with m.GradientTape() as tape:
            tape.watch(x)
            y = op(m, x)
        return tape.gradient(y, x, output_gradients=m.constant(dy))

    return fn


# Gradients are elementwise ops too: (x, dy) -> dx.
GRADIENTS: dict[str, tuple[Callable, None]] = {
    f"grad {name}": (_grad_of(name), None)
    for name in UNARY
    if not name.startswith(("math.is_", "math.round", "math.floor", "math.ceil", "math.sign"))
}

# Ops or (op, dtype) pairs whose float values are not yet bit-exact, with the measured reason
# (compat/DIFFERENCES.md). test_bitexact_vs_tf.py runs them as strict xfails: delete an entry when it passes.
NOT_BIT_EXACT: dict[tuple[str, str], str] = {
    **{
        (f"math.{op}", "float64"): "TF calls glibc's IBM double tan/asin/acos per element; their ~30 KB of tables "
        "are over the wheel budget, and this C library is not the reference glibc, so tfshim uses NumPy's"
        for op in ("tan", "asin", "acos")
        if not REFERENCE_LIBM
    },
}

# Ops whose NaN *bit patterns* (sign, payload) differ from TF's while NaN positions agree. Printing cannot show
# the difference (every NaN prints as nan); strict xfails in the NaN-bits test.
NAN_BITS_DIFFER: dict[tuple[str, str], str] = {
    **{
        (f"grad {op}", dt): "which operand's NaN a gradient kernel's multiply returns (x86 order) is not emulated"
        for op, dts in (
            ("nn.gelu(approximate)", ("float16",)),
        )
        for dt in dts
    },
}


def inputs(dtype: str, seed: int, n: int = N_PACKET) -> np.ndarray:
    return make_inputs(dtype, n, seed=seed)[:n]


def tail_chunks(x: np.ndarray) -> list[np.ndarray]:
    """x cut into 0-d and 1..7-element tensors, cycling through TAIL_SIZES."""
    out, i, k = [], 0, 0
    while i < x.size:
        size = TAIL_SIZES[k % len(TAIL_SIZES)]
        out.append(x[i] if size == 0 else x[i : i + size])
        i, k = i + max(size, 1), k + 1
    return out


def bits(a: np.ndarray) -> np.ndarray:
    a = np.asarray(a)
    if a.dtype == np.bool_:
        return a.view(np.uint8)
    return a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])


def mismatch(want: np.ndarray, got: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(value mismatches, NaN-bit mismatches): masks over the elements.

    A value mismatch is any differing bit pattern except where both are NaN; NaN-bit mismatches are the
    positions where both are NaN with different sign/payload."""
    want, got = np.asarray(want), np.asarray(got)
    assert want.shape == got.shape and want.dtype == got.dtype, (want.shape, want.dtype, got.shape, got.dtype)
    differ = bits(want) != bits(got)
    if want.dtype.kind != "f":
        return differ, np.zeros_like(differ)
    both_nan = np.isnan(want) & np.isnan(got)
    return differ & ~both_nan, differ & both_nan


def run_tail(mod: Any, fn: Callable, *xs: np.ndarray) -> np.ndarray:
    """Apply `fn` to the tail chunks of `xs` (elementwise aligned), concatenated back."""
    chunks = [tail_chunks(x) for x in xs]
    outs = [np.asarray(fn(mod, *parts).numpy()).reshape(-1) for parts in zip(*chunks)]
    return np.concatenate(outs)
