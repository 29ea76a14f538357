"""tf.GradientTape and the reverse pass (TF: python/eager/backprop.py, imperative_grad.py).

All of TF's user-facing tape checks and texts live in GradientTape, as in TF.
`imperative_grad` is the walk: find the ops between targets and the tape's
tracked tensors, count uses, then apply each op's gradient in reverse order,
accumulating gradients for tensors used several times.
"""

from __future__ import annotations

import contextlib
import enum
from typing import Any, Iterator

import numpy as np

from tfshim.eager import tape as tape_lib
from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.variables import Variable
from tfshim.ops.op import NOT_DIFFERENTIABLE
from tfshim.util import nest
from tfshim.util.tf_export import tf_export
from tfshim.util.tf_logging import log_first_n


@tf_export("UnconnectedGradients")
class UnconnectedGradients(enum.Enum):
    """What `gradient` returns for sources the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


def _zeros_like(x: Any) -> Tensor:
    return _wrap_as(np.zeros(x._value.shape, dtype=x._value.dtype), x._dtype)


def _ones_like(x: Any) -> Tensor:
    return _wrap_as(np.ones(x._value.shape, dtype=x._value.dtype), x._dtype)


def _aggregate(grads: list) -> Tensor:
    """Sums the gradients reaching one tensor, in arrival order (TF: AddN)."""
    from tfshim.ops.math_ops import add

    g = grads[0]
    for h in grads[1:]:
        g = add(g, h)
    return g


def imperative_grad(tape: tape_lib.Tape, targets: list, sources: list, output_gradients: Any,
                    unconnected_gradients: Any = UnconnectedGradients.NONE) -> list:
    """Computes d(sum of targets)/d(source) for each source, walking `tape` backwards."""
    try:
        unconnected = UnconnectedGradients(unconnected_gradients)
    except ValueError:
        raise ValueError("Unknown value for unconnected_gradients: %r" % unconnected_gradients) from None
    tensor_tape = tape.tensor_tape
    source_ids = {s._id for s in sources}

    # Ops between the targets and the tracked tensors, and how often each tensor is used.
    entries: dict[int, tuple] = {}
    usage: dict[int, int] = {}
    stack = [t._id for t in targets]
    while stack:
        entry = tensor_tape.get(stack.pop())
        if entry is None or id(entry) in entries:
            continue
        entries[id(entry)] = entry
        for i in entry[1]:
            usage[i] = usage.get(i, 0) + 1
            stack.append(i)
    missing = {k: sum(usage.get(o._id, 0) for o in e[0].outputs) for k, e in entries.items()}

    grads: dict[int, list] = {}
    for i, t in enumerate(targets):
        g = output_gradients[i] if output_gradients is not None else None
        grads.setdefault(t._id, []).append(_ones_like(t) if g is None else g)

    ready = [e for k, e in entries.items() if missing[k] == 0]
    while ready:
        ctx, input_ids = entry = ready.pop()
        out_grads: list = []
        for o in ctx.outputs:
            gl = grads.get(o._id) if o._id in source_ids else grads.pop(o._id, None)
            out_grads.append(_aggregate(gl) if gl else None)
        if any(g is not None for g in out_grads):
            grad_fn = ctx.op.grad
            if grad_fn is None:
                raise LookupError("gradient registry has no entry for: %s" % ctx.op.name)
            if grad_fn is not NOT_DIFFERENTIABLE:
                out_grads = [_zeros_like(o) if g is None else g for o, g in zip(ctx.outputs, out_grads)]
                ctx.skip_input_indices = tuple(
                    i for i, t in enumerate(input_ids) if t not in tensor_tape and t not in source_ids)
                in_grads = grad_fn(ctx, *out_grads)
                if not isinstance(in_grads, (list, tuple)):
                    in_grads = (in_grads,)
                for i, g in zip(input_ids, in_grads):
                    if g is not None:
                        grads.setdefault(i, []).append(g)
        for i in input_ids:
            producer = tensor_tape.get(i)
            if producer is not None and id(producer) in missing:
                missing[id(producer)] -= 1
                if missing[id(producer)] == 0:
                    ready.append(producer)
        del entry, ctx

    result = []
    for s in sources:
        gl = grads.get(s._id)
        if gl and s._dtype in dtypes.TRAINABLE:
            result.append(_aggregate(gl))
        elif unconnected is UnconnectedGradients.ZERO:
            result.append(_zeros_like(s))
        else:
            result.append(None)
    return result


def _extract_tensors_and_variables(structure: Any) -> Iterator:
    for obj in nest.flatten(structure):
        if isinstance(obj, (Tensor, Variable)):
            yield obj
        else:
            raise ValueError(
                f"Passed in object {obj} of type {type(obj).__name__!r}, not tf.Tensor or tf.Variable or ExtensionType."
            )


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
        for t in nest.flatten(target):
            if not isinstance(t, (Tensor, Variable)):
                if isinstance(t, np.ndarray):
                    raise AttributeError("'numpy.ndarray' object has no attribute '_id'")
                t = convert_to_tensor(t)
            flat_targets.append(t)
        flat_sources = list(_extract_tensors_and_variables(sources))
        if output_gradients is not None:
            output_gradients = [None if g is None else convert_to_tensor(g) for g in nest.flatten(output_gradients)]
        flat_grad = imperative_grad(self._tape, flat_targets, flat_sources,  # type: ignore[arg-type]
                                    output_gradients, unconnected_gradients)
        self._release()
        return nest.pack_sequence_as(sources, flat_grad)

    def jacobian(self, target: Any, sources: Any, unconnected_gradients: Any = UnconnectedGradients.NONE,
                 parallel_iterations: Any = None, experimental_use_pfor: bool = True) -> Any:
        """Computes the jacobian: for each source, shape `target.shape + source.shape`."""
        if self._tape is None:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)"
            )
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the jacobian with eager execution "
                "enabled and with  experimental_use_pfor set to False."
            )
        from tfshim.ops.array_ops import reshape

        flat_sources = list(_extract_tensors_and_variables(sources))
        target = convert_to_tensor(target)
        with self._ensure_recording():
            flat_target = reshape(target, [-1])
        if self._recording and not self._persistent:
            self._pop_tape()
        rows = _jacobian_rows(self._tape, flat_target, flat_sources, unconnected_gradients)  # type: ignore[arg-type]
        self._release()
        out = []
        for s, r in zip(flat_sources, rows):
            out.append(None if r is None else reshape(r, list(target._value.shape) + list(s._value.shape)))
        return nest.pack_sequence_as(sources, out)

    def batch_jacobian(self, target: Any, source: Any, unconnected_gradients: Any = UnconnectedGradients.NONE,
                       parallel_iterations: Any = None, experimental_use_pfor: bool = True) -> Any:
        """Jacobian of each batch row: shape `target.shape + source.shape[1:]`."""
        if self._tape is None:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used tocompute one set of gradients (or jacobians)"
            )
        target = convert_to_tensor(target)
        ts, ss = target._value.shape, source._value.shape
        if len(ts) < 2 or len(ss) < 2 or ts[0] != ss[0]:
            raise ValueError(
                "Need first dimension of target shape (%s) and source shape (%s) to match." % (target.shape, source.shape)
            )
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the batch_jacobian with eager "
                "execution enabled and  with experimental_use_pfor set to False."
            )
        from tfshim.ops.array_ops import reshape

        batch = ts[0]
        row = int(np.prod(ts[1:], dtype=np.int64))
        with self._ensure_recording():
            flat_target = reshape(target, [batch, row])
        if self._recording and not self._persistent:
            self._pop_tape()
        (rows,) = _jacobian_rows(self._tape, flat_target, [source], unconnected_gradients, batch_axis=True)
        self._release()
        if rows is None:
            return _wrap_as(np.zeros(ts + ss[1:], dtype=target._value.dtype), target._dtype)
        return reshape(_rows_to_batch_major(rows), list(ts) + list(ss[1:]))


def _jacobian_rows(tape: tape_lib.Tape, flat_target: Tensor, sources: list, unconnected: Any,
                   batch_axis: bool = False) -> list:
    """One backward pass per target element (per column for batch_jacobian), stacked."""
    from tfshim.ops.array_ops import stack

    shape = flat_target._value.shape
    n = shape[1] if batch_axis else shape[0]
    per_source: list[list] = [[] for _ in sources]
    for i in range(n):
        seed = np.zeros(shape, dtype=flat_target._value.dtype)
        if batch_axis:
            seed[:, i] = 1
        else:
            seed[i] = 1
        g = imperative_grad(tape, [flat_target], sources, [_wrap_as(seed, flat_target._dtype)], unconnected)
        for k, gk in enumerate(g):
            per_source[k].append(gk)
    out = []
    for s, gs in zip(sources, per_source):
        if n == 0:
            out.append(_wrap_as(np.zeros((0,) + s._value.shape, dtype=s._value.dtype), s._dtype))
        elif all(g is None for g in gs):
            out.append(None)
        else:
            out.append(stack([_zeros_like(s) if g is None else g for g in gs]))
    return out


def _rows_to_batch_major(rows: Tensor) -> Tensor:
    """[row, batch, ...] -> [batch, row, ...]. Seeding column i in every batch row at once gives
    d target[b, i] / d source[b] for all b, since rows of a batch do not mix (TF assumes the same)."""
    from tfshim.ops.array_ops import transpose

    return transpose(rows, [1, 0] + list(range(2, rows._value.ndim)))
