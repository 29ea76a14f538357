"""The one helper of the differential suite: run a call in TF and in tfshim, compare everything.

`compare_call(spec, arrays)` checks, for the same NumPy inputs: the same exception (class, first message line)
or the same result dtype, shape and values (exact for ints/bools, TF's test tolerance for floats), `str()` and
`repr()` byte-identical, and the same GradientTape gradients (None where TF gives None).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.differential import cpu_tables

tf = pytest.importorskip(
    "tensorflow",
    reason="real TensorFlow is not importable: install the oracle extra (pip install -e '.[test,oracle]') "
           "to run the differential suite")
import tfshim  # noqa: E402

FLOATS = ("float16", "float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8")
SIGNED = ("int8", "int16", "int32", "int64")
NUMBERS = FLOATS + INTS

# TF's assertAllClose tolerances per dtype (test_util: half 1e-3, float 1e-6, double 1e-6 as used in op tests)
TOL = {"float16": (1e-3, 1e-3), "float32": (1e-5, 1e-6), "float64": (1e-10, 1e-12)}


@dataclasses.dataclass
class OpSpec:
    """One public TF op and how to call it: `call(mod, *tensors)` with mod = tf or tfshim."""

    name: str
    call: Callable
    arity: int = 1
    dtypes: tuple = FLOATS
    rejected: tuple = ()  # dtypes TF rejects: the error must match
    grad: bool = True
    bitexact: bool = True  # whether tfshim claims bit-identical values (then reprs must match byte for byte)
    onednn: bool = False  # float32 values come from oneDNN's GEMM or Softmax: bit for bit on the reference ISA only
    positive: bool = False  # inputs restricted to > 0
    plain_zeros: bool = False  # no -0.0 and no subnormal inputs (a documented difference: see `note`)
    bounded: float | None = None  # |inputs| <= bounded
    same_shape: bool = False  # inputs must have one shape (no broadcasting)
    min_rank: int = 0
    max_rank: int = 4
    max_examples: int | None = None  # per-spec cap of the profile's max_examples (CI time budget)
    xfail: str = ""  # a known tfshim bug outside this suite's reach: strict xfail (an XPASS fails the run)
    note: str = ""  # why a comparison is narrowed: points at the compat/DIFFERENCES.md entry

    def __repr__(self) -> str:
        return self.name


def _leaves(x: Any) -> list:
    if isinstance(x, (list, tuple)):
        out: list = []
        for v in x:
            out.extend(_leaves(v))
        return out
    return [x]


def _first_line(e: BaseException) -> str:
    return str(e).split("\n")[0]


def run(mod: Any, spec: OpSpec, arrays: list) -> tuple[Any, Any, Any]:
    """(result, gradients, exception) of spec.call on the arrays under `mod`."""
    ts = [mod.constant(a) for a in arrays]
    try:
        with mod.GradientTape(persistent=True) as tape:
            for t in ts:
                if t.dtype.is_floating:
                    tape.watch(t)
            out = spec.call(mod, *ts)
    except Exception as e:  # noqa: BLE001 - the exception itself is compared
        return None, None, e
    grads = None
    if spec.grad and any(t.dtype.is_floating for t in ts):
        targets = [o for o in _leaves(out) if o is not None and o.dtype.is_floating]
        if targets:
            try:
                grads = tape.gradient(targets, ts)
            except Exception as e:  # noqa: BLE001
                grads = e
    return out, grads, None


def assert_same_value(tf_v: Any, shim_v: Any, spec: OpSpec, what: str) -> None:
    if type(tf_v).__name__ == "IndexedSlices":  # gather's gradient: compare its dense value
        assert type(shim_v).__name__ == "IndexedSlices", f"{what}: TF gave IndexedSlices, tfshim {shim_v!r}"
        tf_v, shim_v = tf.convert_to_tensor(tf_v), tfshim.convert_to_tensor(shim_v)
    if tf_v is None or shim_v is None:
        assert (tf_v is None) == (shim_v is None), f"{what}: TF gave {tf_v!r}, tfshim gave {shim_v!r}"
        return
    assert shim_v.dtype.name == tf_v.dtype.name, f"{what}: dtype {shim_v.dtype.name} != TF {tf_v.dtype.name}"
    assert tuple(shim_v.shape) == tuple(tf_v.shape), f"{what}: shape {shim_v.shape} != TF {tf_v.shape}"
    a, b = np.asarray(tf_v.numpy()), np.asarray(shim_v.numpy())
    if a.dtype.kind == "f":
        rtol, atol = TOL[tf_v.dtype.name]
        np.testing.assert_allclose(b.astype(np.float64), a.astype(np.float64), rtol=rtol, atol=atol,
                                   equal_nan=True, err_msg=what)
        same_bits = np.array_equal(a.reshape(-1).view(np.uint8), b.reshape(-1).view(np.uint8)) or (
            np.array_equal(np.isnan(a), np.isnan(b)) and np.array_equal(a[~np.isnan(a)], b[~np.isnan(b)])
            and np.array_equal(np.signbit(a[~np.isnan(a)]), np.signbit(b[~np.isnan(b)])))
        if spec.onednn and a.dtype == np.float32 and not cpu_tables.tf_uses_reference_isa(tf):
            return  # TF here sums in its CPU's oneDNN order: the tolerance above (cpu_tables explains)
        if spec.bitexact or same_bits:
            assert same_bits, f"{what}: values not bit-identical to TF"
            assert str(shim_v) == str(tf_v), f"{what}: str differs"
            assert repr(shim_v) == repr(tf_v), f"{what}: repr differs"
    else:
        np.testing.assert_array_equal(b, a, err_msg=what)
        assert str(shim_v) == str(tf_v) and repr(shim_v) == repr(tf_v), f"{what}: str/repr differ"


def compare_call(spec: OpSpec, arrays: list) -> None:
    tf_out, tf_grads, tf_err = run(tf, spec, arrays)
    sh_out, sh_grads, sh_err = run(tfshim, spec, arrays)
    if tf_err is not None or sh_err is not None:
        assert tf_err is not None, f"tfshim raised {type(sh_err).__name__}: {sh_err} where TF returned {tf_out!r}"
        assert sh_err is not None, f"TF raised {type(tf_err).__name__}: {tf_err} where tfshim returned {sh_out!r}"
        assert type(sh_err).__name__ == type(tf_err).__name__, (
            f"exception class {type(sh_err).__name__} != TF {type(tf_err).__name__}: {tf_err}")
        assert _first_line(sh_err) == _first_line(tf_err)
        return
    tf_leaves, sh_leaves = _leaves(tf_out), _leaves(sh_out)
    assert len(tf_leaves) == len(sh_leaves)
    for i, (a, b) in enumerate(zip(tf_leaves, sh_leaves)):
        assert_same_value(a, b, spec, f"{spec.name} output {i}")
    if isinstance(tf_grads, Exception) or isinstance(sh_grads, Exception):
        assert type(sh_grads).__name__ == type(tf_grads).__name__, f"gradient: TF {tf_grads!r}, tfshim {sh_grads!r}"
        return
    if tf_grads is None or sh_grads is None:
        assert (tf_grads is None) == (sh_grads is None)
        return
    grad_spec = dataclasses.replace(spec, bitexact=False)  # gradients chain several kernels
    for i, (a, b) in enumerate(zip(tf_grads, sh_grads)):
        assert_same_value(a, b, grad_spec, f"{spec.name} gradient {i}")
