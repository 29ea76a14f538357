"""Element structures of tf.data (TF: data/util/structure.py and data/util/nest.py).

As in tf.data, tuples, namedtuples and dicts are structures and lists are atoms (a list becomes a
tensor). An element is held internally as the flat list of its components in `flatten` order;
`element_spec` is the same structure with a spec per component.

Composite values: `type_spec_from_value` turns one leaf into its spec and `normalize_leaf` into the
value tf.data carries. Dense tensors (`TensorSpec`), nested datasets (`DatasetSpec`), RaggedTensors
(`RaggedTensorSpec`) and SparseTensors (`SparseTensorSpec`) are leaves; a composite travels whole
(TF encodes it as variant tensors, tfshim keeps the object). `batch_spec`/`unbatch_spec`,
`value_rows` and `stack_rows` are TF's BatchableTypeSpec rules for each kind.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.eager.def_function import TensorSpec
from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.sparse_tensor import SparseTensor, SparseTensorSpec, SparseTensorValue
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.type_spec import TypeSpec
from tfshim.framework.variables import Variable
from tfshim.util.tf_export import tf_export


def is_structure(x: Any) -> bool:
    return isinstance(x, (tuple, dict))


def flatten(structure: Any) -> list:
    """Leaves in tf.data order: dicts by sorted key, tuples in order, everything else a leaf."""
    if isinstance(structure, dict):
        out: list = []
        for k in sorted(structure):
            out.extend(flatten(structure[k]))
        return out
    if isinstance(structure, tuple):
        out = []
        for c in structure:
            out.extend(flatten(c))
        return out
    return [structure]


def _pack(structure: Any, flat: list, i: int) -> tuple[Any, int]:
    if isinstance(structure, dict):
        values = {}
        for k in sorted(structure):
            values[k], i = _pack(structure[k], flat, i)
        return type(structure)((k, values[k]) for k in structure), i
    if isinstance(structure, tuple):
        items = []
        for c in structure:
            v, i = _pack(c, flat, i)
            items.append(v)
        return (type(structure)(*items) if hasattr(structure, "_fields") else tuple(items)), i
    return flat[i], i + 1


def pack_as(structure: Any, flat: list) -> Any:
    """Rebuilds `structure` (dict key order kept, as TF's nest) from its flat leaves."""
    return _pack(structure, list(flat), 0)[0]


def map_structure(fn: Any, structure: Any) -> Any:
    return pack_as(structure, [fn(x) for x in flatten(structure)])


def same_structure(a: Any, b: Any) -> bool:
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and sorted(a) == sorted(b)
                and all(same_structure(a[k], b[k]) for k in a))
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b)
                and all(same_structure(x, y) for x, y in zip(a, b)))
    return True


@tf_export("NoneTensorSpec")
class NoneTensorSpec(TypeSpec):
    """TF: tf.NoneTensorSpec, the spec of a None inside a structure (it has no components; tf.data yields None
    for it). tfshim differs: `value_type` is type(None) (TF: its internal NoneTensor class)."""

    __slots__ = ()
    value_type = type(None)  # type: ignore[assignment]
    shape = None

    def _serialize(self) -> tuple:
        return ()

    @property
    def _component_specs(self) -> list:
        return []

    def _to_components(self, value: Any) -> list:
        return []

    def _from_components(self, components: Any) -> None:
        return None


def num_components(spec: Any) -> int:
    """TF's component count: a None has none."""
    return sum(not isinstance(s, NoneTensorSpec) for s in flatten(spec))


def normalize_leaf(value: Any, dtype: Any = None) -> Any:
    """The value tf.data carries for one leaf: a dataset or None as is, anything else a tensor."""
    from tfshim.data.ops.dataset_ops import DatasetV2

    if value is None or isinstance(value, (DatasetV2, SparseTensor)) or is_ragged(value):
        return value
    if isinstance(value, SparseTensorValue):
        return SparseTensor.from_value(value)
    if isinstance(value, Variable):
        value = value.value()
    if isinstance(value, Tensor) and (dtype is None or value._dtype == dtype):
        return value
    return convert_to_tensor(value, dtype=dtype)


def normalize_element(element: Any) -> Any:
    """TF's structure.normalize_element: every leaf converted (lists become tensors)."""
    return map_structure(normalize_leaf, element)


def type_spec_from_value(element: Any) -> Any:
    """The spec structure of a normalized element (TF: structure.type_spec_from_value)."""
    from tfshim.data.ops.dataset_ops import DatasetSpec, DatasetV2

    def leaf(x: Any) -> Any:
        if isinstance(x, DatasetV2):
            return DatasetSpec(x.element_spec)
        if isinstance(x, Tensor):
            return TensorSpec(x.shape, x.dtype)
        if x is None:
            return NoneTensorSpec()
        if isinstance(x, SparseTensor):
            return SparseTensorSpec.from_value(x)
        if is_ragged(x):
            from tfshim.ops.ragged.ragged_tensor import RaggedTensorSpec

            return RaggedTensorSpec.from_value(x)
        raise TypeError(f"Could not build a `TypeSpec` for {x} with type {type(x).__name__}")

    return map_structure(leaf, element)


def is_ragged(x: Any) -> bool:
    from tfshim.ops.ragged.ragged_tensor import RaggedTensor

    return isinstance(x, RaggedTensor)


def is_ragged_spec(spec: Any) -> bool:
    from tfshim.ops.ragged.ragged_tensor import RaggedTensorSpec

    return isinstance(spec, RaggedTensorSpec)


def is_batchable(spec: Any) -> bool:
    """The specs Dataset.batch/unbatch/from_tensor_slices accept (TF's BatchableTypeSpecs)."""
    return isinstance(spec, (TensorSpec, SparseTensorSpec, NoneTensorSpec)) or is_ragged_spec(spec)


def batch_spec(spec: Any, dim: int | None) -> Any:
    """The spec of a batch of `dim` (None: unknown) elements of `spec` (TF: TypeSpec._batch)."""
    if isinstance(spec, TensorSpec):
        return TensorSpec(TensorShape([dim]).concatenate(spec.shape), spec.dtype)
    if isinstance(spec, SparseTensorSpec):
        return SparseTensorSpec(TensorShape([dim]).concatenate(spec.shape), spec.dtype)
    if is_ragged_spec(spec):
        return spec._batch(dim)
    return with_shape(spec, TensorShape([dim]))


def unbatch_spec(spec: Any) -> Any:
    """The spec of one row of a value of `spec` (TF: TypeSpec._unbatch)."""
    if isinstance(spec, (TensorSpec, SparseTensorSpec)):
        return type(spec)(TensorShape(None) if spec.shape.rank is None else spec.shape[1:], spec.dtype)
    if is_ragged_spec(spec):
        return spec._unbatch()
    return spec


def value_rows(value: Any) -> list:
    """The rows of a batched value along dimension 0 (what from_tensor_slices and unbatch yield)."""
    if isinstance(value, SparseTensor):
        from tfshim.ops.sparse_ops import unbatch_rows

        return unbatch_rows(value)
    if is_ragged(value):
        return [value[i] for i in range(value.nrows_static())]
    from tfshim.framework.tensor import _wrap_as

    v, d = value._value, value._dtype
    return [_wrap_as(v[i] if v.dtype.kind != "O" else np.asarray(v[i], dtype=object), d) for i in range(v.shape[0])]


def num_rows(value: Any) -> int:
    if isinstance(value, SparseTensor):
        return int(value.dense_shape._value[0])
    if is_ragged(value):
        return value.nrows_static()
    return value._value.shape[0]


def stack_rows(rows: list, spec: Any) -> Any:
    """One value batching `rows`, elements of `spec` that is not a TensorSpec (TF: the batch kernels on the
    variant encodings of SparseTensors and RaggedTensors)."""
    if isinstance(spec, SparseTensorSpec):
        from tfshim.ops.sparse_ops import batch_rows

        return batch_rows(rows)
    from tfshim.ops.ragged.ragged_array_ops import _stack_rows

    return _stack_rows(rows, spec.row_splits_dtype, spec.dtype, spec.shape)


def spec_shape(spec: Any) -> TensorShape:
    return spec.shape if isinstance(spec, (TensorSpec, SparseTensorSpec)) or is_ragged_spec(spec) \
        else spec._dataset_shape


def with_shape(spec: Any, shape: TensorShape) -> Any:
    """The spec with another shape (the batch and unbatch rules); TensorSpec only for now."""
    if isinstance(spec, TensorSpec):
        return TensorSpec(shape, spec.dtype)
    if isinstance(spec, NoneTensorSpec):
        return spec
    raise TypeError(f"tfshim: tf.data cannot batch or unbatch elements of type {spec!r} yet")


def most_specific_compatible_shape(a: TensorShape, b: TensorShape) -> TensorShape:
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


def spec_supertype(a: Any, b: Any) -> Any:
    """The most specific spec compatible with both (None if the dtypes differ)."""
    if isinstance(a, TensorSpec) and isinstance(b, TensorSpec):
        if a.dtype != b.dtype:
            return None
        return TensorSpec(most_specific_compatible_shape(a.shape, b.shape), a.dtype)
    if isinstance(a, SparseTensorSpec) or is_ragged_spec(a):
        return a.most_specific_common_supertype([b])
    return a if a == b else None


def shape_is_compatible(spec: TensorShape, shape: tuple) -> bool:
    if spec.rank is None:
        return True
    dims = spec.as_list()
    return len(dims) == len(shape) and all(d is None or d == s for d, s in zip(dims, shape))


def dummy_value(spec: Any, unknown: int, fill: int) -> Any:
    """A tensor matching `spec`, unknown dims of size `unknown`, every entry `fill` (the probes
    that stand in for TF's shape inference when tracing a dataset function)."""
    from tfshim.framework.tensor import _wrap_as

    if isinstance(spec, SparseTensorSpec):
        # every position of the stand-in dense shape holds a value
        dense = dummy_value(TensorSpec(spec.shape, spec.dtype), unknown, fill)
        grid = np.indices(dense._value.shape).reshape(dense._value.ndim, -1).T.astype(np.int64)
        return SparseTensor(grid, _wrap_as(dense._value.reshape(-1), spec.dtype),
                            np.array(dense._value.shape, np.int64))
    if is_ragged_spec(spec):
        from tfshim.ops.ragged.ragged_tensor import RaggedTensor

        dense = dummy_value(TensorSpec(spec.shape, spec.dtype), unknown, fill)
        if spec.ragged_rank == 0:
            return dense
        rt = RaggedTensor.from_tensor(dense, ragged_rank=spec.ragged_rank)
        return rt.with_row_splits_dtype(spec.row_splits_dtype)
    shape = spec.shape
    dims = [unknown] if shape.rank is None else [unknown if d is None else d for d in shape.as_list()]
    dt = spec.dtype
    if dt == dtypes.string:
        value = np.full(dims, b"" if fill == 0 else b"1", dtype=object)
    else:
        value = np.full(dims, fill, dtype=dt.as_numpy_dtype)
    return _wrap_as(value, dt)
