"""tf.map_fn (TF: map_fn.py), as TF runs it eagerly: the elements are unstacked into TensorArrays,
`fn` runs once per element, and each output is written to a TensorArray and stacked. The ops run on
the active tapes, so gradients flow through `fn` as in TF.

Composite values (RaggedTensor, ...) plug in through TF's batchable type-spec protocol: a value whose
`_type_spec` is not a TensorSpec is split into component tensors with `_to_batched_tensor_list`, each
element rebuilt with `spec._unbatch()._from_compatible_tensor_list`, and results packed with
`spec._to_tensor_list` / `spec._batch(n)._from_compatible_tensor_list`, exactly the methods TF's
BatchableTypeSpec has (with `_flat_tensor_specs`). Dense tensors take the TensorSpec path below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.op import tf_export
from tfshim.util import nest


def _tensor_spec(shape: Any, dtype: Any) -> Any:
    from tfshim.eager.def_function import TensorSpec

    return TensorSpec(shape, dtype)


def _is_tensor_spec(spec: Any) -> bool:
    from tfshim.eager.def_function import TensorSpec

    return isinstance(spec, TensorSpec)


def type_spec_from_value(value: Any) -> Any:
    """TF: type_spec.type_spec_from_value: a composite's own spec, else the TensorSpec of the converted value."""
    spec = getattr(value, "_type_spec", None)
    if spec is not None and not callable(spec):
        return spec
    t = value if isinstance(value, Tensor) else convert_to_tensor(value)
    return _tensor_spec(t.shape, t.dtype)


def _dtype_to_spec(d: Any) -> Any:
    if _is_tensor_spec(d) or hasattr(d, "_flat_tensor_specs"):
        return d
    return _tensor_spec(None, dtypes.as_dtype(d))


def _most_general_type_spec(elem: Any) -> Any:
    spec = type_spec_from_value(elem)
    if _is_tensor_spec(spec):
        return _tensor_spec(None, spec.dtype)
    try:
        return elem._shape_invariant_to_type_spec(TensorShape(None))
    except (AttributeError, NotImplementedError):
        return spec


def _unbatch(spec: Any) -> Any:
    return _tensor_spec(spec.shape[1:], spec.dtype) if _is_tensor_spec(spec) else spec._unbatch()


def _flat_specs(spec: Any) -> list:
    return [spec] if _is_tensor_spec(spec) else list(spec._flat_tensor_specs)


def _elems_flat_to_batchable(elems_flat: list) -> list:
    out: list = []
    for e in elems_flat:
        spec = type_spec_from_value(e)
        if _is_tensor_spec(spec):
            out.append(e)
        elif hasattr(spec, "_to_batched_tensor_list"):
            out.extend(spec._to_batched_tensor_list(e))
        else:
            raise TypeError("map_fn can not consume %s inputs: got %r" % (spec, e))
    return out


def _elems_value_batchable_to_flat(values: list, signature: list) -> list:
    out, i = [], 0
    for spec in signature:
        if _is_tensor_spec(spec):
            out.append(values[i])
            i += 1
        else:
            spec = spec._unbatch()
            n = len(spec._flat_tensor_specs)
            out.append(spec._from_compatible_tensor_list(values[i:i + n]))
            i += n
    return out


def _result_value_flat_to_batchable(values: list, signature: list) -> list:
    out: list = []
    for value, spec in zip(values, signature):
        if _is_tensor_spec(spec):
            out.append(value)
            continue
        if not spec.is_compatible_with(value):
            raise ValueError(
                "Error in map_fn:\n  Expected `fn` to return a:\n    %s\n  But it returned a:\n    %s\n    (value=%s)\n"
                "  To fix, update the `fn_output_signature` (or `dtype`) argument to `map_fn`."
                % (spec, type_spec_from_value(value), value))
        out.extend(spec._to_tensor_list(value))
    return out


def _result_batchable_to_flat(values: list, signature: list, batch_size: Any) -> list:
    out, i = [], 0
    for spec in signature:
        if _is_tensor_spec(spec):
            out.append(values[i])
            i += 1
        else:
            n = len(spec._flat_tensor_specs)
            out.append(spec._batch(batch_size)._from_compatible_tensor_list(values[i:i + n]))
            i += n
    return out


def check_leading_dims(tensors: list) -> None:
    """TF: every element's leading dimension must equal the first's (Dimension.assert_is_compatible_with)."""
    dims = []
    for t in tensors:
        if t.shape.ndims is not None and t.shape.ndims < 1:
            raise ValueError("Shape %s must have rank at least 1" % t.shape)
        dims.append(t.shape[0])
    for d in dims[1:]:
        if d is not None and dims[0] is not None and d != dims[0]:
            raise ValueError("Dimensions %s and %s are not compatible" % (dims[0], d))


def _variables_to_tensors(structure: Any) -> Any:
    from tfshim.framework.variables import Variable

    return nest.map_structure(lambda v: v.read_value() if isinstance(v, Variable) else v, structure)


@tf_export("map_fn")
def map_fn(fn: Callable, elems: Any, dtype: Any = None, parallel_iterations: Any = None, back_prop: bool = True,
           swap_memory: bool = False, infer_shape: bool = True, name: Any = None,
           fn_output_signature: Any = None) -> Any:
    """TF: tf.map_fn. `fn_output_signature` (or the deprecated `dtype`) gives the output's structure and
    dtypes when they differ from `elems`'; each output element's shape must agree with the first."""
    from tfshim.ops.tensor_array_ops import TensorArray

    if fn_output_signature is None:
        fn_output_signature = dtype
    if not callable(fn):
        raise TypeError(f"The provided function {fn.__name__} is not callable.fn must be callable.")
    elems = _variables_to_tensors(elems)
    elems_flat = nest.flatten(elems)
    if len(elems_flat) == 0:
        raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors. "
                         f"Got {elems}, which does not contain any Tensors.")
    elems_signature = [type_spec_from_value(e) for e in elems_flat]
    if fn_output_signature is None:
        result_signature = [_unbatch(_most_general_type_spec(e)) for e in elems_flat]

        def result_unflatten(x: list) -> Any:
            return nest.pack_sequence_as(elems, x)
    else:
        result_signature = [_dtype_to_spec(d) for d in nest.flatten(fn_output_signature)]

        def result_unflatten(x: list) -> Any:
            return nest.pack_sequence_as(fn_output_signature, x)

    elems_flat = [e if hasattr(e, "_type_spec") and not isinstance(e, Tensor) else convert_to_tensor(e)
                  for e in elems_flat]
    first = elems_flat[0]
    if first.shape.ndims is not None and first.shape.ndims < 1:
        raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    batchable = _elems_flat_to_batchable(elems_flat)
    check_leading_dims(batchable)
    n = int(batchable[0]._value.shape[0])
    elems_tas = [TensorArray(t.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(t) for t in batchable]
    result_specs = [s for spec in result_signature for s in _flat_specs(spec)]
    result_tas = [TensorArray(s.dtype, size=n, dynamic_size=False, infer_shape=infer_shape, element_shape=s.shape)
                  for s in result_specs]
    for i in range(n):
        value = nest.pack_sequence_as(
            elems, _elems_value_batchable_to_flat([ta.read(i) for ta in elems_tas], elems_signature))
        result = fn(value)
        nest.assert_same_structure(fn_output_signature or elems, result)
        flat = _result_value_flat_to_batchable(nest.flatten(result), result_signature)
        for ta, v in zip(result_tas, flat):
            ta.write(i, v)
    stacked = [ta.stack() for ta in result_tas]
    return result_unflatten(_result_batchable_to_flat(stacked, result_signature, n))
