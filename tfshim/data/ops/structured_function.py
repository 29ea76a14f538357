"""User functions passed to tf.data transformations (TF: data/ops/structured_function.py).

TF traces the function once into a graph, with placeholders `args_0`, `args_1`, ... of the input
element_spec, infers the output element_spec by shape inference, and runs the graph per element.
tfshim runs the Python function eagerly per element. The trace is emulated by two probe calls on
stand-in tensors built from the input spec (unknown dimensions of size 1 then 2, entries 0 then 1):
an output dimension equal in both probes is static, one that differs is None, which is what TF's
shape inference gives for the common cases (`tf.fill([x], x)`, slicing a batch of unknown size).
The first probe is TF's trace: its prints show the arguments as TF's symbolic tensors; prints of
the second probe and of the per-element calls are discarded, as TF runs no Python then.

Differences (documented): a function whose probes fail (e.g. indexing a stand-in string split) is
traced on the first real element instead, and its output shapes are then that element's; Python
side effects other than writes to stdout (appending to lists, random draws) run once per probe and
per element; tensors computed inside the function cannot be printed while it traces.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from tfshim.data.util import structure
from tfshim.eager import def_function as _df
from tfshim.framework import errors
from tfshim.framework.tensor import Tensor


def _should_unpack(value: Any) -> bool:
    return type(value) is tuple


def call_with_element(func: Callable, element: Any) -> Any:
    """TF's calling convention: a plain tuple element is unpacked into positional arguments."""
    return func(*element) if _should_unpack(element) else func(element)


def _symbolic_element(spec: Any, unknown: int, fill: int) -> Any:
    from tfshim.data.ops.dataset_ops import DatasetSpec, _VariantDataset

    flat = structure.flatten(spec)
    out: list = []
    for i, s in enumerate(flat):
        if isinstance(s, DatasetSpec):
            row = structure.flatten(_symbolic_element(s.element_spec, unknown, fill))
            out.append(_VariantDataset(s.element_spec, [[_plain(x) for x in row]] * unknown))
            continue
        t = structure.dummy_value(s, unknown, fill)
        # composites (RaggedTensor, SparseTensor) are passed as stand-in values, not as symbolic tensors
        out.append(_df._symbolic_arg(t, f"args_{i}", s.shape) if isinstance(s, _df.TensorSpec) else t)
    return structure.pack_as(spec, out)


def _plain(x: Any) -> Any:
    return _df._plain(x) if isinstance(x, _df._SymbolicArg) else x


def normalize_output(ret: Any, transformation_name: str) -> Any:
    """The returned structure as tf.data keeps it: lists become tuples, leaves tensors (or datasets)."""
    if isinstance(ret, list):
        ret = tuple(ret)
    try:
        return structure.map_structure(lambda x: _plain(structure.normalize_leaf(x)), ret)
    except (ValueError, TypeError):
        raise TypeError(f"Unsupported return value from function passed to {transformation_name}: {ret}.") from None


class StructuredFunction:
    """A user function with its input and (traced) output element_spec."""

    def __init__(self, func: Callable, transformation_name: str, input_structure: Any,
                 first_element: Callable[[], Any] | None = None) -> None:
        self._func = func
        self._transformation_name = transformation_name
        self.input_structure = input_structure
        self.output_structure = self._trace(first_element)

    # -- tracing
    def _run(self, element: Any, discard: bool) -> Any:
        real = sys.stdout
        if discard:
            sys.stdout = _df._DiscardStdout(real.real if isinstance(real, _df._DiscardStdout) else real)
        _df._state.depth += 1
        try:
            if discard:
                ret = call_with_element(self._func, element)
            else:
                with _df._Tracing():
                    ret = call_with_element(self._func, element)
        finally:
            _df._state.depth -= 1
            sys.stdout = real
        return normalize_output(ret, self._transformation_name)

    def _trace(self, first_element: Callable[[], Any] | None) -> Any:
        try:
            out1 = self._run(_symbolic_element(self.input_structure, 1, 0), discard=False)
        except Exception as e:
            if isinstance(e, TypeError) and str(e).startswith("Unsupported return value"):
                raise
            if isinstance(e, errors.InvalidArgumentError) and "cannot compute" in str(e):
                # a dtype mismatch is found while TF builds the graph: a TypeError there
                raise TypeError(f"in user code:\n\n\n    TypeError: {e.message}\n") from None
            if (isinstance(e, NotImplementedError) and ".numpy()" in str(e)) or (
                    isinstance(e, AttributeError) and str(e) == "'SymbolicTensor' object has no attribute 'numpy'"):
                # TF traces with symbolic tensors, which have no .numpy()
                raise AttributeError("in user code:\n\n\n    AttributeError: 'SymbolicTensor' object has no "
                                     "attribute 'numpy'\n") from None
            if first_element is None:
                raise
            element = first_element()
            if element is None:
                raise
            try:
                out = self._run(element, discard=True)
            except Exception:
                raise e from None
            return structure.type_spec_from_value(out)
        spec1 = structure.type_spec_from_value(out1)
        try:
            out2 = self._run(_symbolic_element(self.input_structure, 2, 1), discard=True)
        except Exception:
            return spec1
        spec2 = structure.type_spec_from_value(out2)
        if not structure.same_structure(spec1, spec2):
            return spec1
        flat = []
        for a, b in zip(structure.flatten(spec1), structure.flatten(spec2)):
            merged = structure.spec_supertype(a, b)
            flat.append(a if merged is None else merged)
        return structure.pack_as(spec1, flat)

    # -- per element
    def __call__(self, element: Any) -> Any:
        """Runs the function on one element (nested tensors); its prints are discarded."""
        return self._run(element, discard=True)


def is_tensor_leaf(x: Any) -> bool:
    return isinstance(x, Tensor)
