"""tf.GradientTape and the reverse pass (TF: python/eager/backprop.py, imperative_grad.py).

All of TF's user-facing tape checks and texts live in GradientTape, as in TF.
`imperative_grad` is the walk: find the ops between targets and the tape's
tracked tensors, count uses, then apply each op's gradient in reverse order,
accumulating gradients for tensors used several times.
"""

from __future__ import annotations

import collections
import contextlib
import enum
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np

from tfshim.eager import tape as tape_lib
from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import EagerTensor, Tensor, _wrap_as
from tfshim.framework.variables import Variable
from tfshim.kernels import native
from tfshim.ops.op import NOT_DIFFERENTIABLE
from tfshim.util import nest
from tfshim.util.tf_export import tf_export
from tfshim.util.tf_logging import log_first_n


@tf_export("UnconnectedGradients")
class UnconnectedGradients(enum.Enum):
    """What `gradient` returns for sources the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


def _zeros_like(x: Any, batch: int | None = None) -> Tensor:
    shape = x._value.shape if batch is None else (batch,) + x._value.shape
    return _wrap_as(np.zeros(shape, dtype=x._value.dtype), x._dtype)


def _ones_like(x: Any) -> Tensor:
    return _wrap_as(np.ones(x._value.shape, dtype=x._value.dtype), x._dtype)


def _aggregate(grads: list) -> Tensor:
    """Sums the gradients reaching one tensor, in arrival order: one AddN, as TF's _aggregate_grads (pairwise
    `add` where they are not all dense tensors of one dtype: IndexedSlices)."""
    from tfshim.ops.math_ops import AddN, add
    from tfshim.ops.op import run_op

    d = grads[0]._dtype if type(grads[0]) is EagerTensor else None
    if d is not None and all(type(h) is EagerTensor and h._dtype is d for h in grads):
        return run_op(AddN, (), *grads, check=True)
    g = grads[0]
    for h in grads[1:]:
        g = add(g, h)
    return g


def _backward(tensor_tape: dict, target_ids: list, source_ids: set, grads: dict, consume: bool,
              batch: int | None) -> None:
    """imperative_grad's walk: runs the gradient of every op between the targets and the tape's tracked tensors,
    adding what reaches each tensor id to `grads` (id -> list of gradients, seeded with the targets'). Compiled
    twin (batch None): tfshim/_eager.c backward."""
    # TF's PrepareBackprop: the ops between the targets and the tracked tensors, how many
    # consumers each tensor has, and for each op how many of its outputs are still awaited.
    # (Entries are keyed by id(): an entry is a tuple, whose own hash would hash its contents.)
    entries: dict[int, tuple] = {}
    usage: dict[int, int] = {}
    stack = list(target_ids)
    while stack:
        entry = tensor_tape.get(stack.pop())
        if entry is None:
            continue
        k = id(entry)
        if k in entries:
            continue
        entries[k] = entry
        for i in entry[1]:
            count = usage.get(i)
            if count is None:
                usage[i] = 1
                if i in tensor_tape:
                    stack.append(i)
            else:
                usage[i] = count + 1
    missing: dict[int, int] = {}
    for i in usage:
        producer = tensor_tape.get(i)
        if producer is not None:
            k = id(producer)
            missing[k] = missing.get(k, 0) + 1

    # TF's op stack: ready ops are inserted at the front and taken from the back, so ops run
    # in the order TF runs them and gradients reach each tensor (and AddN) in TF's order.
    ready = collections.deque(e for k, e in entries.items() if k not in missing)
    while ready:
        ctx, input_ids = entry = ready.pop()
        outputs = ctx.outputs
        if len(outputs) == 1:  # most ops: one output, no list to build
            o_id = outputs[0]._id
            gl = grads.get(o_id) if o_id in source_ids else grads.pop(o_id, None)
            if gl:
                any_grad = all_grads = True
                out_grads: list = [gl[0] if len(gl) == 1 else _aggregate(gl)]
            else:
                any_grad = all_grads = False
        else:
            out_grads = []
            any_grad = False
            all_grads = True
            for o in outputs:
                gl = grads.get(o._id) if o._id in source_ids else grads.pop(o._id, None)
                if gl:
                    any_grad = True
                    out_grads.append(gl[0] if len(gl) == 1 else _aggregate(gl))
                else:
                    all_grads = False
                    out_grads.append(None)
        if any_grad:
            grad_fn = ctx.op.grad
            if grad_fn is None:
                raise LookupError(f"gradient registry has no entry for: {ctx.op.name}")
            if grad_fn is not NOT_DIFFERENTIABLE:
                if not all_grads:  # (not `None in out_grads`: that compares tensors with ==)
                    out_grads = [_zeros_like(o, batch) if g is None else g for o, g in zip(outputs, out_grads)]
                if len(input_ids) == 2:  # (the common case without a list comprehension's frame)
                    a, b = input_ids
                    ctx.skip_input_indices = (
                        ((0,) if a not in tensor_tape and a not in source_ids else ())
                        + ((1,) if b not in tensor_tape and b not in source_ids else ()))
                else:
                    ctx.skip_input_indices = tuple([
                        i for i, t in enumerate(input_ids) if t not in tensor_tape and t not in source_ids])
                in_grads = grad_fn(ctx, *out_grads) if batch is None else batched_vjp(ctx, out_grads, batch)
                if not isinstance(in_grads, (list, tuple)):
                    in_grads = (in_grads,)
                for i, g in zip(input_ids, in_grads):
                    if g is not None:
                        gl = grads.get(i)
                        if gl is None:
                            grads[i] = [g]
                        else:
                            gl.append(g)
        for i in input_ids:
            count = usage.get(i)
            if count is None:
                continue
            usage[i] = count - 1
            if count > 1:
                continue
            producer = tensor_tape.get(i)
            if producer is not None:
                k = id(producer)
                m = missing.get(k)
                if m is not None:
                    missing[k] = m - 1
                    if m == 1:
                        ready.appendleft(producer)
        if consume:  # every consumer of its outputs has run before it: nothing reads this entry again
            for o in outputs:
                if tensor_tape.get(o._id) is entry:
                    del tensor_tape[o._id]
            del entries[id(entry)]
        del entry, ctx, outputs


if native.eager is not None:
    native.eager.setup(not_differentiable=NOT_DIFFERENTIABLE, aggregate=_aggregate, zeros_like=_zeros_like)


def imperative_grad(tape: tape_lib.Tape, targets: list, sources: list, output_gradients: Any,
                    unconnected_gradients: Any = UnconnectedGradients.NONE, batch: int | None = None,
                    consume: bool = False) -> list:
    """Computes d(sum of targets)/d(source) for each source, walking `tape` backwards.

    `consume=True` (a non-persistent tape's one gradient call) takes each op off the tape once its gradient
    has run, so the values it kept are freed during the pass rather than after it.

    With `batch=n` the output gradients carry an extra leading axis of n rows and one pass
    computes n vector-Jacobian products at once (vectorised jacobians, see `batched_vjp`).
    """
    try:
        unconnected = UnconnectedGradients(unconnected_gradients)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {unconnected_gradients!r}") from None
    tensor_tape = tape.tensor_tape
    # Only sources the tape tracks (watched, or made by recorded ops) get gradients: in TF an
    # unwatched constant is unconnected even when a recorded op used it.
    # A source that is itself a target gets the target's output gradient, watched or not, whatever its
    # dtype (TF: `tape.gradient(v0, [v0, v1])` is `[1.0, None]` even where v0 was never read).
    ordered_ids = [t._id for t in targets]
    target_ids = set(ordered_ids)
    source_ids = {s._id for s in sources if s._id in tensor_tape or s._id in target_ids}

    grads: dict[int, list] = {}
    for i, t in enumerate(targets):
        g = output_gradients[i] if output_gradients is not None else None
        grads.setdefault(t._id, []).append(_ones_like(t) if g is None else g)

    if batch is None and native.eager is not None:  # the compiled twin of _backward (tfshim/_eager.c backward)
        native.eager.backward(tensor_tape, ordered_ids, source_ids, grads, consume)
    else:
        _backward(tensor_tape, ordered_ids, source_ids, grads, consume, batch)

    result = []
    for s in sources:
        gl = grads.get(s._id) if s._id in source_ids else None
        if gl and (s._dtype in dtypes.TRAINABLE or s._id in target_ids):
            result.append(gl[0] if len(gl) == 1 else _aggregate(gl))  # (TF sums only several: one AddN)
        elif unconnected is UnconnectedGradients.ZERO:
            result.append(_zeros_like(s, batch))
        else:
            result.append(None)
    return result


def _qualname(x: Any) -> str:
    cls = type(x)
    return cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"


def _check_trainable(t: Any) -> None:
    """TF's backprop_util.IsTrainable on a non-tensor target or source of GradientTape.gradient: the value is read
    as a dtype (as_dtype's TypeError for most values), and `t.dtype` is logged when it is not a trainable one."""
    d = dtypes.as_dtype(t)
    if not (d.is_floating or d.is_complex or d.name in ("resource", "variant")) and not hasattr(t, "dtype"):
        raise AttributeError(f"'{_qualname(t)}' object has no attribute 'dtype'")


def _extract_tensors_and_variables(structure: Any) -> Iterator:
    for obj in nest.flatten(structure):
        if isinstance(obj, (Tensor, Variable)):
            yield obj
        elif hasattr(type(obj), "_tf_gradient_components"):
            # A composite tensor (RaggedTensor): its differentiable component tensors, as TF's expand_composites.
            yield from obj._tf_gradient_components()
        else:
            raise ValueError(
                f"Passed in object {obj} of type {type(obj).__name__!r}, not tf.Tensor or tf.Variable or ExtensionType."
            )


def _pack_composites(sources: list, grads: list) -> list:
    """One gradient per source: a composite source gets its components' gradients packed back into its type."""
    out = []
    for s in sources:
        if hasattr(type(s), "_tf_gradient_components"):
            n = len(s._tf_gradient_components())
            parts, grads = grads[:n], grads[n:]
            out.append(s._tf_with_gradient_components(parts))
        else:
            out.append(grads.pop(0))
    return out


@tf_export("GradientTape", "autodiff.GradientTape")
class GradientTape:
    """Records operations for automatic differentiation (TF: tf.GradientTape).

    Trainable variables read inside the context are watched automatically
    (unless `watch_accessed_variables=False`); tensors need `watch`.
    """

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True) -> None:
        self._tape: tape_lib.Tape | None = None
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._watched_variables: tuple = ()
        self._recording = False

    def __enter__(self) -> GradientTape:
        self._push_tape()
        return self

    def __exit__(self, typ: Any, value: Any, traceback: Any) -> None:
        if self._recording:
            self._pop_tape()

    def _push_tape(self) -> None:
        if self._recording:
            raise ValueError(
                "Tape is still recording, This can happen if you try to re-enter an already-active tape."
            )
        if self._tape is None:
            self._tape = tape_lib.push_new_tape(self._persistent, self._watch_accessed_variables)
        else:
            tape_lib.push_tape(self._tape)
        self._recording = True

    def _pop_tape(self) -> None:
        if not self._recording:
            raise ValueError("Tape is not recording.")
        tape_lib.pop_tape(self._tape)  # type: ignore[arg-type]
        self._recording = False

    @contextlib.contextmanager
    def _ensure_recording(self) -> Iterator[None]:
        if not self._recording:
            try:
                self._push_tape()
                yield
            finally:
                self._pop_tape()
        else:
            yield

    def watch(self, tensor: Any) -> None:
        """Ensures that `tensor` (a tensor, variable or nested structure of them) is traced."""
        for t in _extract_tensors_and_variables(tensor):
            if t._dtype not in dtypes.TRAINABLE:
                log_first_n(
                    "WARNING", "The dtype of the watched tensor must be floating (e.g. tf.float32), got %r", 5,
                    t._dtype)
            if isinstance(t, Variable):
                self._tape.watch_variable(t)  # type: ignore[union-attr]
            else:
                self._tape.watch(t)  # type: ignore[union-attr]

    @contextlib.contextmanager
    def stop_recording(self) -> Iterator[None]:
        """Temporarily stops recording operations on this tape."""
        if self._tape is None:
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        self._pop_tape()
        try:
            yield
        finally:
            self._push_tape()

    def reset(self) -> None:
        """Clears all information stored in this tape (as if it had just been entered)."""
        self._pop_tape()
        self._tape = None
        self._push_tape()

    def watched_variables(self) -> tuple:
        """Returns variables watched by this tape in order of construction."""
        if self._tape is not None:
            self._watched_variables = self._tape.watched_variables()
        return self._watched_variables

    def _prepare(self) -> None:
        if self._tape is None:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)"
            )
        if self._recording:
            if not self._persistent:
                self._pop_tape()
            else:
                log_first_n(
                    "WARNING",
                    "Calling GradientTape.gradient on a persistent tape inside its context is significantly less "
                    "efficient than calling it outside the context (it causes the gradient ops to be recorded on "
                    "the tape, leading to increased CPU and memory usage). Only call GradientTape.gradient inside "
                    "the context if you actually want to trace the gradient in order to compute higher order "
                    "derivatives.", 1)

    def _release(self) -> None:
        if not self._persistent:
            self._watched_variables = self._tape.watched_variables()  # type: ignore[union-attr]
            self._tape = None

    def gradient(self, target: Any, sources: Any, output_gradients: Any = None,
                 unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
        """Computes the gradient of `target` (summed) with respect to each of `sources`.

        The result mirrors the structure of `sources`; unconnected sources give None
        (or zeros with `unconnected_gradients='zero'`), integer sources give None.
        """
        self._prepare()
        if target is None:
            raise TypeError(
                "Argument `target` should be a list or nested structure of Tensors, Variables or "
                "CompositeTensors to be differentiated, but received None."
            )
        flat_targets = []
        not_tensors = []
        for t in nest.flatten(target):
            if hasattr(type(t), "_tf_gradient_components"):
                flat_targets.extend(t._tf_gradient_components())
                continue
            if not isinstance(t, (Tensor, Variable)):
                _check_trainable(t)
                not_tensors.append(t)
            flat_targets.append(t)
        flat_src = nest.flatten(sources)
        plain = True  # every source a tensor or variable (no composite to unpack and pack again)
        for t in flat_src:
            if not isinstance(t, (Tensor, Variable)):
                plain = False
                if not hasattr(type(t), "_tf_gradient_components"):
                    _check_trainable(t)
                    not_tensors.append(t)
        if output_gradients is not None:
            output_gradients = [None if g is None else convert_to_tensor(g) for g in nest.flatten(output_gradients)]
        if not_tensors:  # the tape wants each target's and source's `_id`: plain values are not converted
            raise AttributeError(f"'{_qualname(not_tensors[0])}' object has no attribute '_id'")
        flat_sources = flat_src if plain else list(_extract_tensors_and_variables(flat_src))
        flat_grad = imperative_grad(self._tape, flat_targets, flat_sources,  # type: ignore[arg-type]
                                    output_gradients, unconnected_gradients, consume=not self._persistent)
        self._release()
        if plain and flat_src:  # the common structures without nest's walk (~40 us): a source, a flat list or tuple
            if flat_src[0] is sources:
                return flat_grad[0]
            if (type(sources) is list or type(sources) is tuple) and len(sources) == len(flat_src) and all(
                    s is f for s, f in zip(sources, flat_src)):
                return flat_grad if type(sources) is list else tuple(flat_grad)
        return nest.pack_sequence_as(sources, _pack_composites(flat_src, list(flat_grad)))

    # ----- jacobians ----------------------------------------------------------------------------
    def jacobian(self, target: Any, sources: Any, unconnected_gradients: Any = UnconnectedGradients.NONE,
                 parallel_iterations: Any = None, experimental_use_pfor: bool = True) -> Any:
        """Computes the jacobian: for each source, shape `target.shape + source.shape` (None if unconnected).

        TF vectorises the per-element gradients with pfor (a traced function); tfshim runs one
        batched backward pass (see `batched_vjp`). `experimental_use_pfor=False` loops, as TF's for_loop.
        Errors follow TF, including the ones pfor raises (its ValueError wrapper, `in user code:` texts).
        """
        if self._tape is None:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)")
        from tfshim.ops.array_ops import reshape

        flat_sources = nest.flatten(sources)
        target_shape = tuple(target.shape.as_list())  # AttributeError for lists and None, as TF
        with self._ensure_recording():
            flat_target = reshape(target, [-1])
        n = flat_target._value.shape[0]
        if experimental_use_pfor:
            _check_traced_sources(flat_sources)
            unconnected = _pfor_unconnected(unconnected_gradients, "jacobian")
            rows = self._vectorised_rows(flat_target, flat_sources, unconnected, batch_axis=False)
            if parallel_iterations is not None:
                _check_parallel_iterations(parallel_iterations, "jacobian")
                if parallel_iterations < n and not self._persistent:
                    # pfor tiles the loop and traces loop_fn a second time: the tape is used up.
                    raise ValueError(_PFOR_FAILED % "jacobian")
        else:
            if not self._persistent:
                raise RuntimeError(
                    "GradientTape must be created with persistent=True to compute the jacobian with eager "
                    "execution enabled and with  experimental_use_pfor set to False.")
            rows = self._looped_rows(flat_target, list(_extract_tensors_and_variables(flat_sources)),
                                     unconnected_gradients, batch_axis=False)
        out = []
        for s, r in zip(flat_sources, rows):
            out.append(None if r is None else reshape(r, list(target_shape) + list(s._value.shape)))
        return nest.pack_sequence_as(sources, out)

    def batch_jacobian(self, target: Any, source: Any, unconnected_gradients: Any = UnconnectedGradients.NONE,
                       parallel_iterations: Any = None, experimental_use_pfor: bool = True) -> Any:
        """Per-example jacobians, shape `target.shape + source.shape[1:]`; zeros (never None) if unconnected.

        As TF, assumes `target[i]` depends only on `source[i]`; the missing space in the
        "used tocompute" message is TF's.
        """
        if self._tape is None:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used tocompute one set of gradients (or jacobians)")
        from tfshim.ops.array_ops import reshape, transpose

        ts, ss = target.shape, source.shape  # AttributeError for lists and None, as TF
        for shape in (ts, ss):
            if shape.rank is not None and shape.rank < 2:
                raise ValueError(f"Shape {shape} must have rank at least 2")
        if ts[0] != ss[0]:
            raise ValueError(f"Need first dimension of target shape ({ts}) and source shape ({ss}) to match.")
        tshape, sshape = tuple(ts.as_list()), tuple(ss.as_list())
        batch = tshape[0]
        row = int(np.prod(tshape[1:], dtype=np.int64))
        with self._ensure_recording():
            flat_target = reshape(target, [batch, row])
        if experimental_use_pfor:
            unconnected = _pfor_unconnected(unconnected_gradients, "batch_jacobian")
            (rows,) = self._vectorised_rows(flat_target, [source], unconnected, batch_axis=True)
            if parallel_iterations is not None:
                _check_parallel_iterations(parallel_iterations, "batch_jacobian")
                if parallel_iterations < row and not self._persistent:
                    raise RuntimeError(_in_user_code(
                        "RuntimeError", "GradientTape must be created with persistent=True to compute the "
                        "batch_jacobian with parallel_iterations."))
        else:
            if not self._persistent:
                raise RuntimeError(
                    "GradientTape must be created with persistent=True to compute the batch_jacobian with eager "
                    "execution enabled and  with experimental_use_pfor set to False.")
            (rows,) = self._looped_rows(flat_target, [source], unconnected_gradients, batch_axis=True)
        new_shape = list(tshape) + list(sshape[1:])
        if rows is None:
            # TF returns zeros here (not None), whatever unconnected_gradients says.
            return _wrap_as(np.zeros(new_shape, dtype=target.dtype.as_numpy_dtype), target.dtype)
        rows = reshape(rows, [row, batch, -1])
        return reshape(transpose(rows, [1, 0, 2]), new_shape)

    def _vectorised_rows(self, flat_target: Tensor, sources: list, unconnected: Any, batch_axis: bool) -> list:
        """All rows of the jacobian in ONE backward pass: the output gradient is a stack of one-hot
        seeds, shape `(n,) + flat_target.shape`; each source gets `(n,) + source.shape` (or None)."""
        self._prepare()
        shape = flat_target._value.shape
        n = shape[1] if batch_axis else shape[0]
        seeds = np.zeros((n,) + shape, dtype=flat_target._value.dtype)
        if batch_axis:
            seeds[np.arange(n), :, np.arange(n)] = 1
        else:
            seeds[np.arange(n), np.arange(n)] = 1
        rows = imperative_grad(self._tape, [flat_target], sources,  # type: ignore[arg-type]
                               [_wrap_as(seeds, flat_target._dtype)], unconnected, batch=n,
                               consume=not self._persistent)
        self._release()
        return rows

    def _looped_rows(self, flat_target: Tensor, sources: list, unconnected: Any, batch_axis: bool) -> list:
        """TF's `for_loop` path: one backward pass per row, stacked (also the reference in tests)."""
        from tfshim.ops.array_ops import stack

        self._prepare()
        shape = flat_target._value.shape
        n = shape[1] if batch_axis else shape[0]
        per_source: list[list] = [[] for _ in sources]
        for i in range(n):
            seed = np.zeros(shape, dtype=flat_target._value.dtype)
            if batch_axis:
                seed[:, i] = 1
            else:
                seed[i] = 1
            g = imperative_grad(self._tape, [flat_target], sources,  # type: ignore[arg-type]
                                [_wrap_as(seed, flat_target._dtype)], unconnected)
            for k, gk in enumerate(g):
                per_source[k].append(gk)
        self._release()
        out = []
        for s, gs in zip(sources, per_source):
            if n == 0:
                out.append(_wrap_as(np.zeros((0,) + s._value.shape, dtype=s._value.dtype), s._dtype))
            elif all(g is None for g in gs):
                out.append(None)
            else:
                out.append(stack([_zeros_like(s) if g is None else g for g in gs]))
        return out


_PFOR_FAILED = ("Encountered an exception while vectorizing the %s computation. Vectorization can be disabled "
                "by setting experimental_use_pfor to False.")


def _in_user_code(cls_name: str, message: str) -> str:
    """The text TF gives errors raised while tracing a function (pfor traces the jacobian's loop)."""
    return f"in user code:\n\n\n    {cls_name}: {message}\n"


def _check_traced_sources(sources: list) -> None:
    for s in sources:
        if not isinstance(s, (Tensor, Variable)):
            try:  # TF's IsTrainable reads a non-tensor source as a dtype first
                dtypes.as_dtype(s)
            except TypeError as e:
                raise TypeError(_in_user_code("TypeError", str(e))) from None
            raise AttributeError(_in_user_code(
                "AttributeError", f"'{type(s).__name__}' object has no attribute 'dtype'"))


def _pfor_unconnected(value: Any, what: str) -> UnconnectedGradients:
    try:
        return UnconnectedGradients(value)
    except ValueError:
        cause = ValueError(f"Unknown value for unconnected_gradients: {value!r}")
        raise ValueError(_PFOR_FAILED % what) from cause


def _check_parallel_iterations(p: Any, what: str) -> None:
    """pfor's checks, which it runs after tracing the loop (so a non-persistent tape is used up)."""
    if p < 1:
        cause = ValueError(f"Argument `parallel_iterations` must be None or a positive integer. Received: {p}.")
    elif p == 1:
        cause = ValueError("Found `parallel_iterations == 1`. Use `for_loop` instead.")
    else:
        return
    raise ValueError(_PFOR_FAILED % what) from cause


# ----- vectorised jacobians: batched vector-Jacobian products ------------------------------------
#
# `jacobian` seeds ONE backward pass with n one-hot output gradients stacked on a new leading axis.
# Every gradient on the way then has shape (n,) + shape. An op's own gradient function computes
# the batched product when it is shown a *lifted* op: its inputs and outputs broadcast to
# (n,) + shape (free NumPy views, recorded as BroadcastTo so that outer tapes can differentiate
# the jacobian), and axis-valued attrs shifted by one. BATCH_RULES says how to lift each op.
# Ops without an entry (custom gradients, ops added later) run their gradient once per row.


def _attrs_same(ctx: Any, n: int) -> dict:
    return ctx.attrs


def _attrs_axis(ctx: Any, n: int) -> dict:
    return dict(ctx.attrs, axis=ctx.attrs["axis"] + 1)


def _attrs_reduction_axes(ctx: Any, n: int) -> dict:
    from tfshim.ops.math_ops import _canonical_axes

    axes = _canonical_axes(ctx.attrs["axis"], ctx.inputs[0]._value.ndim)
    return dict(ctx.attrs, axis=[a + 1 for a in axes])


def _attrs_perm(ctx: Any, n: int) -> dict:
    return dict(ctx.attrs, perm=(0,) + tuple(p + 1 for p in ctx.attrs["perm"]))


def _attrs_key(ctx: Any, n: int) -> dict:
    attrs = dict(ctx.attrs, key=(slice(None),) + tuple(ctx.attrs["key"]))
    if "shape" in attrs:
        attrs["shape"] = (n,) + tuple(attrs["shape"])
    return attrs

# How each op's gradient runs batched:
#   "pass": the gradient only transforms `grad` elementwise; call it as is.
#   "cwise": broadcasting elementwise op: inputs/outputs are lifted to (n,) + the output's rank
#            (size-1 axes padded in), so `reduce_to_shape` keeps the batch axis.
#   a function f(ctx, n): structural op: inputs/outputs lifted to (n,) + shape, attrs = f(ctx, n).
BATCH_RULES: dict[str, Any] = {
    **dict.fromkeys(["Identity", "ReadVariableOp", "Neg", "Conj", "Cast", "Snapshot"], "pass"),
    **dict.fromkeys([
        "AddV2", "Add", "Sub", "Mul", "RealDiv", "Div", "DivNoNan", "FloorMod", "Pow", "Maximum", "Minimum",
        "SquaredDifference", "Abs", "Sign", "Square", "Exp", "Expm1", "Log", "Log1p", "Reciprocal", "Inv",
        "Sqrt", "Rsqrt", "SelectV2", "Select", "BroadcastTo", "Tanh", "Sigmoid", "Sin", "Cos", "Tan", "Sinh",
        "Cosh", "Asin", "Acos", "Atan", "Asinh", "Acosh", "Atanh", "Relu", "Relu6", "Elu", "Selu", "LeakyRelu",
        "Softplus", "Softsign", "Erf", "Erfc", "Xlogy", "Xdivy", "Atan2", "AddN", "ClipByValue",
    ], "cwise"),
    "Sum": _attrs_reduction_axes,
    "Mean": _attrs_reduction_axes,
    "Reshape": _attrs_same,
    "Transpose": _attrs_perm,
    "Pack": _attrs_axis,
    "Unpack": _attrs_axis,
    "StridedSlice": _attrs_key,
    "StridedSliceGrad": _attrs_key,
}


# How many op gradients ran lifted / row by row, by op name (tests check what vectorised).
BATCH_STATS: Counter = Counter()


class _NotBatchable(Exception):
    """A lifted gradient gave a result of the wrong shape: run that op row by row instead."""


def batched_vjp(ctx: Any, grads: list, n: int) -> list:
    """The op's gradient for n stacked output gradients at once: list of `(n,) + input.shape` or None."""
    rule = BATCH_RULES.get(ctx.op.name) if getattr(ctx.op, "batchable", True) else None
    if ctx.op.name == "MatMul" and {"transpose_a", "transpose_b"} <= set(ctx.attrs):
        rule = _matmul_batched_vjp
    if rule is not None:
        try:
            out = rule(ctx, grads, n) if rule is _matmul_batched_vjp else _lifted_vjp(ctx, grads, n, rule)
            BATCH_STATS["lifted:" + ctx.op.name] += 1
            return out
        except Exception:  # noqa: BLE001 - a gradient that cannot run lifted still runs row by row
            pass
    BATCH_STATS["rowwise:" + ctx.op.name] += 1
    return _rowwise_vjp(ctx, grads, n)


def _lift(t: Any, n: int, rank: int | None = None) -> Tensor:
    from tfshim.ops.array_ops import BroadcastTo

    shape = t._value.shape
    if rank is not None:
        shape = (1,) * (rank - len(shape)) + shape
    return BroadcastTo(t, shape=(n,) + shape)


def _lifted_vjp(ctx: Any, grads: list, n: int, rule: Any) -> list:
    from tfshim.ops.op import OpContext

    if rule == "pass":
        lifted = ctx
    else:
        rank = max(o._value.ndim for o in ctx.outputs) if rule == "cwise" else None
        inputs = tuple(_lift(t, n, rank) for t in ctx.inputs)
        outputs = tuple(_lift(t, n, rank) for t in ctx.outputs)
        attrs = ctx.attrs if rule == "cwise" else rule(ctx, n)
        lifted = OpContext(ctx.op, inputs, outputs, attrs)
        lifted.skip_input_indices = ctx.skip_input_indices
    in_grads = ctx.op.grad(lifted, *grads)
    if not isinstance(in_grads, (list, tuple)):
        in_grads = (in_grads,)
    return [_batched_shape(g, t, n) for g, t in zip(in_grads, ctx.inputs)]


def _batched_shape(g: Any, t: Any, n: int) -> Any:
    """Checks a lifted gradient is `(n,) + t.shape`; drops the size-1 axes that "cwise" lifting padded in."""
    from tfshim.ops.array_ops import reshape

    if g is None:
        return None
    want = (n,) + t._value.shape
    got = g._value.shape
    if got == want:
        return g
    if got[:1] == (n,) and int(np.prod(got)) == int(np.prod(want)):
        return reshape(g, want)
    raise _NotBatchable(f"gradient of shape {got} for an input of shape {want}")


def _rowwise_vjp(ctx: Any, grads: list, n: int) -> list:
    """The fallback: the op's gradient once per row, stacked (ops with no batch rule)."""
    from tfshim.ops.array_ops import stack

    if n == 0:
        return [None if t._dtype not in dtypes.TRAINABLE else _zeros_like(t, 0) for t in ctx.inputs]
    rows = []
    for i in range(n):
        r = ctx.op.grad(ctx, *[g[i] for g in grads])
        rows.append(r if isinstance(r, (list, tuple)) else (r,))
    out = []
    for k, t in enumerate(ctx.inputs):
        col = [r[k] if k < len(r) else None for r in rows]
        if all(g is None for g in col):
            out.append(None)
        else:
            out.append(stack([_zeros_like(t) if g is None else g for g in col]))
    return out


def _matmul_batched_vjp(ctx: Any, grads: list, n: int) -> list:
    """MatMul with a batch of output gradients G (n, m, p), as 2-D MatMuls on reshaped G:
    dA = G @ B^T and dB = A^T @ G (A, B the transposed-as-asked inputs)."""
    from tfshim.ops.array_ops import reshape, transpose

    a, b = ctx.inputs
    ta, tb = bool(ctx.attrs["transpose_a"]), bool(ctx.attrs["transpose_b"])
    (g,) = grads
    _, m, p = g._value.shape
    attrs = {k: v for k, v in ctx.attrs.items() if k not in ("transpose_a", "transpose_b")}
    if a._dtype.is_complex:
        return _rowwise_vjp(ctx, grads, n)
    skip = ctx.skip_input_indices
    ga = gb = None
    if 0 not in skip:
        da = ctx.op(reshape(g, [n * m, p]), b, transpose_a=False, transpose_b=not tb, **attrs)
        da = reshape(da, [n, m, -1])  # (n, m, k)
        ga = transpose(da, [0, 2, 1]) if ta else da
    if 1 not in skip:
        gt = reshape(transpose(g, [1, 0, 2]), [m, n * p])
        db = ctx.op(a, gt, transpose_a=not ta, transpose_b=False, **attrs)  # (k, n * p)
        db = transpose(reshape(db, [-1, n, p]), [1, 0, 2])  # (n, k, p)
        gb = transpose(db, [0, 2, 1]) if tb else db
    return [ga, gb]


@tf_export("gradients")
def gradients(ys: Any, xs: Any, grad_ys: Any = None, name: str = "gradients", gate_gradients: bool = False,
              aggregation_method: Any = None, stop_gradients: Any = None,
              unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
    """TF: tf.gradients, which is graph-only: in eager mode (always, in tfshim) it raises."""
    raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.")


@tf_export("hessians")
def hessians(ys: Any, xs: Any, gate_gradients: bool = False, aggregation_method: Any = None,
             name: str = "hessians") -> Any:
    """TF: tf.hessians, built on tf.gradients, so graph-only: in eager mode it raises tf.gradients' RuntimeError.

    tfshim differs inside a tf.function, where TF computes the Hessians and tfshim raises the same error
    (tfshim has no symbolic tf.gradients); tf.GradientTape's nested tapes or `jacobian` give Hessians eagerly.
    """
    return gradients(ys, xs, gate_gradients=gate_gradients, aggregation_method=aggregation_method)


@tf_export("AggregationMethod")
class AggregationMethod:
    """TF: tf.AggregationMethod, how tf.gradients sums several gradients of one tensor (all give equal values
    here: tfshim's tapes sum with AddN)."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2
