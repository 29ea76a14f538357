"""tf.custom_gradient and tf.recompute_grad (TF: ops/custom_gradient.py, eager mode).

`f(*args)` returns `(result, grad_fn)`. As in TF's `_eager_mode_decorator`, `f` runs under the
active tapes, its results pass through a fresh identity, and that identity is recorded as one
op whose inputs are the tensor arguments plus the trainable variables `f` read, and whose
gradient is `grad_fn`. Ops inside `grad_fn` are tfshim ops, so an outer tape records them
(second order through a custom gradient works where TF's does).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from tfshim.eager import tape as tape_lib
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.variables import Variable
from tfshim.ops.op import Op
from tfshim.util import nest
from tfshim.util.tf_export import tf_export


class _VariableWatcher:
    """TF: record.VariableWatcher. Sits on the tape stack and notes the trainable variables read.

    It tracks no tensors, so `record_operation` never records on it.
    """

    persistent = False
    watch_accessed_variables = True

    def __init__(self) -> None:
        self.tensor_tape: dict = {}
        self.variables: dict[int, Variable] = {}

    def watch(self, t: Any) -> None:
        pass

    def watch_variable(self, v: Variable) -> None:
        self.variables.setdefault(v._id, v)

    def __enter__(self) -> _VariableWatcher:
        tape_lib.push_tape(self)  # type: ignore[arg-type]
        return self

    def __exit__(self, *exc: Any) -> None:
        tape_lib.pop_tape(self)  # type: ignore[arg-type]


class CustomGradientOp(Op):
    """The op a custom-gradient call records: named after the function, gradient = its grad_fn."""

    __slots__ = ()
    batchable = False  # vectorised jacobians run grad_fn row by row, never lifted


def _eager_mode_decorator(f: Callable, args: tuple, kwargs: dict) -> Any:
    with _VariableWatcher() as watcher:
        result, grad_fn = f(*args, **kwargs)
    flat_args = nest.flatten(args)
    all_inputs = flat_args + nest.flatten(kwargs)
    # The variables grad_fn must return gradients for: those read by f that are not inputs.
    # (TF collects them through a set, so its order is arbitrary; tfshim keeps the order of first read.)
    variables = [v for v in watcher.variables.values() if all(v is not i for i in all_inputs)]
    spec = inspect.getfullargspec(grad_fn)
    if variables and "variables" not in spec.args and "variables" not in spec.kwonlyargs and not spec.varkw:
        raise TypeError(
            "@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function uses "
            f"variables: {variables}")
    flat_result = [convert_to_tensor(r) for r in nest.flatten(result)]
    # TF: gen_array_ops.identity(x) for each result; the identity is what the tape sees.
    outputs = tuple(_wrap_as(r._value, r._dtype) for r in flat_result)
    # TF: convert_to_tensor of each input; reading the variables here, under the active tapes,
    # is what makes a tape watch a variable that `f` read (even under stop_recording).
    inputs = tuple(x.value() if isinstance(x, Variable) else x if isinstance(x, Tensor) else convert_to_tensor(x)
                   for x in flat_args + variables)
    arg_count = len(flat_args)

    def actual_grad_fn(op: Any, *result_grads: Any) -> list:
        result_grads = list(result_grads)
        if variables:
            input_grads, variable_grads = grad_fn(*result_grads, variables=variables)
            if len(variable_grads) != len(variables):
                raise ValueError("Must return gradient for each variable from @custom_gradient grad_fn.")
        else:
            input_grads = grad_fn(*result_grads)
            variable_grads = []
        flat_grads = nest.flatten(input_grads)
        if len(flat_grads) != arg_count:
            raise ValueError(
                f"custom_gradient function expected to return {arg_count} gradients, but returned "
                f"{len(flat_grads)} instead.")
        return [None if g is None else convert_to_tensor(g) for g in flat_grads] + list(variable_grads)

    if tape_lib._state.tapes:
        op = CustomGradientOp(getattr(f, "__name__", "CustomGradient"), kernel=None,
                              multi_output=len(outputs) > 1)
        op.grad = actual_grad_fn
        tape_lib.record_operation(op, inputs, outputs, {})
    return nest.pack_sequence_as(result, list(outputs))


class _CustomGradientFunction:
    """What `@tf.custom_gradient` returns (TF: a `Bind` object wrapped by tf_decorator)."""

    def __init__(self, f: Callable) -> None:
        self._f = f
        functools.update_wrapper(self, f)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _eager_mode_decorator(self._f, args, kwargs)

    def __get__(self, instance: Any, owner: Any) -> Any:
        if instance is None:
            return self
        return functools.partial(self.__call__, instance)


@tf_export("custom_gradient")
def custom_gradient(f: Callable | None = None) -> Any:
    """Decorator to define a function with a custom gradient (TF: tf.custom_gradient).

    `f(*x)` returns `(y, grad_fn)`; `grad_fn(*dy)` returns the gradients for `x` and, when `f`
    reads trainable variables, takes `variables=` and returns `(input_grads, variable_grads)`.
    tfshim differs from TF in that `variables` come in order of first read (TF: set order).
    Inside a vectorised jacobian the grad_fn runs once per row (TF traces it once).
    """
    if f is None:
        return lambda f: custom_gradient(f=f)
    return _CustomGradientFunction(f)


@tf_export("recompute_grad")
def recompute_grad(f: Callable) -> Callable:
    """TF: tf.recompute_grad. Runs `f` unrecorded; the gradient reruns it under a local tape.

    Eager only: memory is saved as in TF (the tape keeps only inputs), values are identical.
    """

    @custom_gradient
    def inner(*args: Any, **kwargs: Any) -> Any:
        with _stop_recording():
            result = f(*args, **kwargs)

        def grad_wrapper(*wrapper_args: Any, variables: Any = None) -> Any:
            @custom_gradient
            def inner_recompute_grad(*dresult: Any) -> Any:
                from tfshim.eager.backprop import GradientTape, UnconnectedGradients
                from tfshim.ops.array_ops import identity

                with GradientTape() as t:
                    id_args = nest.map_structure(identity, args)
                    t.watch(id_args)
                    if variables is not None:
                        t.watch(variables)
                    recomputed_result = f(*id_args, **kwargs)
                kw_vars = list(variables) if variables is not None else []
                grads = t.gradient(recomputed_result, list(id_args) + kw_vars, output_gradients=list(dresult),
                                   unconnected_gradients=UnconnectedGradients.ZERO)

                def transpose(*t_args: Any, **t_kwargs: Any) -> Any:
                    raise NotImplementedError(
                        f"recompute_grad tried to transpose grad of {f.__name__}. Consider not using recompute_grad in "
                        "forward modeautodiff")

                return (grads[:len(id_args)], grads[len(id_args):]), transpose

            return inner_recompute_grad(*wrapper_args)

        return result, grad_wrapper

    return functools.wraps(f)(inner)


class _stop_recording:  # noqa: N801 - TF: record.stop_recording
    """Pauses every active tape (TF: record.stop_recording)."""

    def __enter__(self) -> None:
        # Variable watchers keep watching (TF keeps them apart from the tape set).
        self._saved = list(tape_lib._state.tapes)
        tape_lib._state.tapes[:] = [t for t in self._saved if isinstance(t, _VariableWatcher)]

    def __exit__(self, *exc: Any) -> None:
        tape_lib._state.tapes[:] = self._saved




@tf_export("grad_pass_through")
def grad_pass_through(f: Callable) -> Callable:
    """TF: tf.grad_pass_through(f): `f` forward, the identity backward (straight-through estimators).

    As in TF, the upstream gradients are returned as they are, one per output of `f`; variables `f` reads get None.
    """

    @custom_gradient
    def _grad_pass_through_op(*args: Any, **kwargs: Any) -> Any:
        def grad(*dys: Any, **grad_kwargs: Any) -> Any:
            variables = grad_kwargs.get("variables")
            if variables is not None:
                return dys, [None] * len(variables)
            return dys

        return f(*args, **kwargs), grad

    functools.update_wrapper(_grad_pass_through_op, f)
    return _grad_pass_through_op
