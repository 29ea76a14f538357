"""The compiled dispatcher (tfshim/_eager.c) against its Python twins: ops/op.py _eager_call, framework/tensor.py
_wrap, eager/tape.py record_operation and eager/backprop.py _backward. Same values, dtypes, tape entries, gradients
and errors; no reference left behind."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tfshim as tf
from tfshim.eager import backprop
from tfshim.eager import tape as tape_lib
from tfshim.kernels import native
from tfshim.ops import array_ops, math_ops
from tfshim.ops import op as op_lib

SCRIPT = Path(__file__).resolve().parents[2] / "compat" / "autodiff" / "dispatcher_and_walk.py"

compiled = pytest.mark.skipif(native.eager is None, reason=f"compiled dispatcher not in use: {native.describe()}")


@pytest.mark.parametrize("pure", ["", "1"])
def test_the_program_prints_what_tf_printed_on_both_paths(pure: str) -> None:
    env = {**os.environ, "TFSHIM_PURE": pure}
    out = subprocess.run([sys.executable, "-m", "tfshim", str(SCRIPT)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout == SCRIPT.with_suffix(".out").read_text()


def _bits(t: object) -> tuple:
    v = np.asarray(t)
    return v.dtype.str, v.shape, v.tobytes()


@compiled
@pytest.mark.parametrize("case", ["binary", "scalar", "broadcast", "multi", "attrs", "int", "half", "nan"])
def test_dispatcher_twin(case: str) -> None:
    a = tf.constant([[1.5, -2.0, np.nan], [1e-39, 3.0, -0.0]])
    b = tf.constant([0.5, np.nan, 2.0])
    op, args, attrs = {
        "binary": (math_ops.Mul, (a, a), {}),
        "scalar": (math_ops.AddV2, (a, tf.constant(2.0)), {}),
        "broadcast": (math_ops.Sub, (b, a), {}),
        "multi": (array_ops.Unpack, (a,), {"axis": 0}),
        "attrs": (math_ops.Sum, (a,), {"axis": (1,), "keepdims": True}),
        "int": (math_ops.Mul, (tf.constant([3, 4]), tf.constant([5, 6])), {}),
        "half": (math_ops.Mul, (tf.constant(np.float16(1e-7)), tf.constant(np.float16(2.0))), {}),
        "nan": (math_ops.Mul, (b, tf.constant(np.float32(-np.nan))), {}),
    }[case]
    want = op_lib._eager_call(op, *args, **attrs)
    got = op(*args, **attrs)
    if op.multi_output:
        assert type(got) is tuple and len(got) == len(want)
    else:
        want, got = (want,), (got,)
    for w, g in zip(want, got):
        assert type(g) is type(w) and g.dtype is w.dtype and _bits(g) == _bits(w)
        assert g._id > w._id  # (one id counter for both)


@compiled
def test_dispatcher_twin_errors() -> None:
    a, b = tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0])
    texts = []
    for call in (op_lib._eager_call, op_lib.Op.__call__):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            call(math_ops.AddV2, a, b)
        texts.append(str(e.value))
    assert texts[0] == texts[1] and "Incompatible shapes: [2] vs. [3] [Op:AddV2]" in texts[0]
    with pytest.raises(AttributeError):  # an input that is not a tensor: the attribute read fails in both
        math_ops.Mul(a, 2.0)


def _entries(fn: object) -> list:
    """What a persistent tape recorded running `fn`: per entry its op, input and output dtypes/shapes, attrs."""
    with tf.GradientTape(persistent=True) as g:
        fn()
    seen, out = set(), []
    for entry in g._tape.tensor_tape.values():
        if entry is None or id(entry) in seen:
            continue
        seen.add(id(entry))
        ctx, ids = entry
        out.append((ctx.op.name, len(ids), [(t.dtype, t._value.shape) for t in ctx.inputs],
                    [(t.dtype, t._value.shape) for t in ctx.outputs], sorted(ctx.attrs), ctx.skip_input_indices))
    return out


@compiled
def test_record_operation_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    v = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))

    def program() -> None:
        e = tf.exp(v)  # stand-ins (a value its gradient does not read): the Python _entry makes this one
        s = tf.reduce_sum(e * 2.0, axis=1, keepdims=True)
        tf.unstack(s)
        tf.constant(3.0) * v[0, 0]

    compiled_entries = _entries(program)
    monkeypatch.setattr(op_lib.Op, "__call__", op_lib._eager_call)
    monkeypatch.setattr(op_lib, "record_operation", tape_lib._record_operation_py)
    monkeypatch.setattr(tape_lib, "record_operation", tape_lib._record_operation_py)
    assert _entries(program) == compiled_entries
    assert [e[0] for e in compiled_entries] == [
        "ReadVariableOp", "Exp", "Mul", "Sum", "Unpack", "ReadVariableOp", "StridedSlice", "Mul"]


def _gradients(persistent: bool) -> list:
    v = tf.Variable([[1.0, -2.0, 3.0], [0.5, 0.25, -4.0]])
    w = tf.Variable(2.0)
    out = []
    with tf.GradientTape(persistent=persistent) as g:
        a = tf.exp(v) * w
        parts = tf.split(a, 3, axis=1)
        m = tf.reduce_max(parts[0]) + tf.reduce_sum(parts[2] * parts[2]) + tf.sin(w)
        i = tf.argmax(tf.reshape(a, [-1]))
    out.append(g.gradient(m, [v, w, i]))
    if persistent:
        out.append(g.gradient([parts[1], m], {"v": v}, unconnected_gradients="zero"))
        out.append(g.gradient(parts[1], w, output_gradients=tf.ones([2, 1]) * 3.0))
        with pytest.raises(LookupError, match="gradient registry has no entry for: UniqueWithCounts"):
            with tf.GradientTape() as h:
                h.watch(a)
                vals = tf.unique_with_counts(tf.reshape(a, [-1]))[0]
            h.gradient(vals, a)
    return out


@compiled
@pytest.mark.parametrize("persistent", [False, True])
def test_backward_twin(monkeypatch: pytest.MonkeyPatch, persistent: bool) -> None:
    got = _gradients(persistent)
    monkeypatch.setattr(native, "eager", None)  # imperative_grad takes the Python _backward
    want = _gradients(persistent)
    assert tf.nest.map_structure(lambda t: None if t is None else _bits(t), got) == tf.nest.map_structure(
        lambda t: None if t is None else _bits(t), want)


@compiled
def test_no_reference_is_left_behind() -> None:
    x = tf.Variable(1.0001)
    k = tf.constant([1.0, 2.0, 3.0])

    def run() -> None:
        with tf.GradientTape(persistent=True) as g:
            y = x * 1.0
            for _ in range(20):
                y = y * x + 1.0
            z = tf.reduce_sum(tf.exp(k * y))
            parts = tf.split(k * y, 3)
        g.gradient([y, z, parts[1]], [x])
        with tf.GradientTape() as g:
            y = x * x
        g.gradient(y, x)
        try:
            math_ops.AddV2(k, tf.constant([1.0, 2.0]))
        except tf.errors.InvalidArgumentError:
            pass

    watched = (math_ops.Mul, math_ops.Mul.kernel, math_ops.Mul.kernel.fallback, math_ops.AddV2, tf.float32, x, k,
               backprop._aggregate, math_ops.Mul.grad, tf.Tensor.__mul__, tf.Tensor.__add__)
    run()
    before = [sys.getrefcount(o) for o in watched]
    for _ in range(50):
        run()
    assert [sys.getrefcount(o) for o in watched] == before


def _special(dtype: type) -> list:
    """Signed zeros, ones, infinities, the default NaN and NaNs with payloads (quiet and signalling, both signs),
    subnormals, the smallest normal, the largest finite values, and a few ordinary values."""
    info = np.finfo(dtype)
    uint = np.uint32 if dtype is np.float32 else np.uint64
    bits = 32 if dtype is np.float32 else 64
    frac = int(info.nmant)
    exp_all = ((1 << (bits - 1 - frac)) - 1) << frac

    def nan(sign: int, payload: int) -> object:
        return np.array((sign << (bits - 1)) | exp_all | payload, uint).view(dtype)[()]

    values = [0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -7.25, 1e-3, np.inf, -np.inf, np.nan, -np.nan,
              info.smallest_subnormal, -info.smallest_subnormal, info.smallest_normal, -info.smallest_normal,
              info.smallest_normal / 3, info.max, -info.max, info.max / 2]
    payloads = [nan(0, 1), nan(1, 0x1234), nan(0, 1 << (frac - 1) | 5), nan(1, (1 << frac) - 1)]
    return [dtype(v) for v in values] + payloads


@compiled
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the kernels run outside an op here: NumPy unsilenced
@pytest.mark.parametrize("op", [math_ops.AddV2, math_ops.Sub, math_ops.Mul, math_ops.RealDiv])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_zero_d_kernel_twin(op: object, dtype: type) -> None:
    """The compiled 0-d kernel (binary_kernel) against the NumPy kernel it wraps (x86_nan_order's fn): the same bits
    for every pair of special values, with TF's FTZ|DAZ and without it."""
    from tfshim.kernels import fpenv

    kernel = op.kernel
    assert type(kernel) is native.eager.binary_kernel
    values = [np.array(v) for v in _special(dtype)]
    for flush in (True, False):
        for x in values:
            for y in values:
                if flush:
                    with fpenv.flush_denormals():
                        got, want = kernel(x, y), kernel.fallback(x, y)
                else:
                    got, want = kernel(x, y), kernel.fallback(x, y)
                assert type(got) is np.ndarray and _bits(got) == _bits(want), (op.name, x, y, flush)


@compiled
def test_zero_d_kernel_leaves_the_rest_to_numpy() -> None:
    """Other shapes, dtypes, mixed dtypes, byte orders and keyword calls go to the NumPy kernel, unchanged."""
    kernel = math_ops.Mul.kernel
    a32, a64 = np.array(np.float32(1.5)), np.array(2.5)
    for x, y in [(a32, a64), (np.array([1.5], np.float32), a32), (np.array(3), np.array(4)),
                 (np.array(np.float16(1.5)), np.array(np.float16(2.0))), (a64.astype(">f8"), a64.astype(">f8")),
                 (np.array([[1.0, 2.0]]), np.array([3.0]))]:
        assert _bits(kernel(x, y)) == _bits(kernel.fallback(x, y))
    with pytest.raises(ValueError, match="no 0-d kernel named pow"):
        native.eager.binary_kernel("pow", kernel.fallback)


def _outcome(fn: object, *args: object) -> tuple:
    try:
        r = fn(*args)
    except Exception as e:  # noqa: BLE001 - the class and text are what is compared
        return ("raised", type(e), str(e))
    return ("returned", type(r), r.dtype, _bits(r))


@compiled
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_operator_twin() -> None:
    """`x + y`, `x - y`, `x * y` and the reflected forms through the C operator (binary_operator) against the Python
    operator it wraps: same results, dtypes, bits and errors, under a tape the same entries."""
    t32, t64, t16 = tf.constant([1.5, -2.0]), tf.constant(0.1, tf.float64), tf.constant(np.float16(1.5))
    v32, i32 = tf.Variable([0.25, 4.0]), tf.constant([3, 4])
    others = [t32, v32, 2.5, -0.0, float("nan"), 1e39, 3.4028235e38 * 1.0000001, 2, np.float32(2.0), [1.0, 2.0],
              t64, 0.1, i32, True, None, "a"]
    for name in ("add", "sub", "mul"):
        for f in (getattr(tf.Tensor, f"__{name}__"), getattr(tf.Tensor, f"__r{name}__")):  # (a Variable's call these)
            assert type(f) is native.eager.binary_operator and f.__name__ == f.__wrapped__.__name__
            for x in (t32, t64, t16, i32, v32):
                for y in others:
                    assert _outcome(f, x, y) == _outcome(f.__wrapped__, x, y), (f.__name__, x, y)
            assert _entries(lambda f=f: f(t32, v32)) == _entries(lambda f=f: f.__wrapped__(t32, v32))
            assert _entries(lambda f=f: f(t32, 2.0)) == _entries(lambda f=f: f.__wrapped__(t32, 2.0))
    assert (t32 * 2.0).numpy().tolist() == [3.0, -4.0] and t32.__mul__(2.0).numpy().tolist() == [3.0, -4.0]


def _reads(read: object) -> list:
    """What reading variables under two nested tapes leaves: watched variables, tracked ids, entries, the value."""
    out = []
    for trainable in (True, False):
        for watch in (True, False):
            v = tf.Variable([1.0, 2.0], trainable=trainable)
            w = tf.Variable(np.float16(3.0))
            with tf.GradientTape(watch_accessed_variables=watch, persistent=True) as g1:
                with tf.GradientTape(persistent=True) as g2:
                    r, s = read(v), read(w)
            out.append(([x.name for x in g1.watched_variables()], [x.name for x in g2.watched_variables()],
                        [k in g._tape.tensor_tape for g in (g1, g2)
                         for k in (v._id, w._id, r._id, s._id)], _bits(r), _bits(s), r.dtype, s.dtype))
    r = read(tf.Variable(5.0))  # no tape
    out.append((_bits(r), r.dtype))
    return out


@compiled
def test_read_variable_twin() -> None:
    """The C read of a ResourceVariable (read_variable, what the C operators use) against Variable.value."""
    assert _reads(native.eager.read_variable) == _reads(lambda v: v.value())
    v = tf.Variable(2.0)
    assert _entries(lambda: native.eager.read_variable(v)) == _entries(lambda: v.value())


@compiled
def test_wrap_as_twin() -> None:
    from tfshim.framework import tensor

    value = np.array([1.0, np.nan], np.float32)
    want, got = tensor._wrap_as_py(value, tf.float32), tensor._wrap_as(value, tf.float32)
    assert type(got) is type(want) and got.dtype is want.dtype and got._value is value and got._id == want._id + 1
    # a tensor of numbers is left out of the cyclic collector's lists (it cannot be in a cycle); one of objects is not
    assert not gc.is_tracked(got) and not gc.is_tracked(tf.constant(2.0) * 3.0)
    assert gc.is_tracked(tensor._wrap_as(np.array([b"a"], object), tf.string))


def _tape_ref(custom: bool) -> Any:
    """A weak reference to a GradientTape left in a reference cycle: a gradient function holding the tape."""
    import weakref

    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        if custom:

            @tf.custom_gradient
            def f(v: Any) -> Any:
                def grad(dy: Any) -> Any:
                    return dy * 2.0 if tape is not None else None

                return v * v, grad

            f(x)
        else:
            y = x * x
            tape.cycle = y  # (no cycle through the entries of declared ops: the tape refers to itself instead)
            tape.self = tape
    return weakref.ref(tape)


@pytest.mark.parametrize("custom", [False, True])
def test_tapes_in_reference_cycles_are_collected(custom: bool) -> None:
    """Entries of declared ops are left out of the cyclic collector (never in a cycle); a custom gradient's entry
    is not (its gradient function may hold the tape): either way the collector frees a tape left in a cycle."""
    ref = _tape_ref(custom)
    gc.collect()
    assert ref() is None


@compiled
def test_untracked_entries_are_freed_with_their_tape() -> None:
    x = tf.Variable(3.0)
    before = sys.getrefcount(x)
    with tf.GradientTape() as g:
        y = x * 2.0 + 1.0
    entries = {e[0].op.name: e for e in g._tape.tensor_tape.values() if e is not None}
    assert sorted(entries) == ["AddV2", "Mul", "ReadVariableOp"]
    assert not any(gc.is_tracked(e) or gc.is_tracked(e[0]) or gc.is_tracked(e[0].inputs) for e in entries.values())
    assert sys.getrefcount(x) > before  # (the read's entry holds the variable)
    del entries, g, y
    assert sys.getrefcount(x) == before  # freed by reference counting alone, the read's entry with it
