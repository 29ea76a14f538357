"""tf.RaggedTensor and tf.RaggedTensorSpec (TF: ops/ragged/ragged_tensor.py).

A RaggedTensor is `values` (a Tensor or another RaggedTensor) partitioned into rows by a
RowPartition. Values stay tfshim Tensors, so every op on them is recorded on tapes and
gradients flow through `flat_values`; row partitions are concrete NumPy-backed tensors.
Operators and TF's public ops on ragged arguments are attached by ragged_operators.py and
ragged_dispatch.py, as in TF.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape, as_shape
from tfshim.framework.type_spec import TypeSpec
from tfshim.ops.ragged.row_partition import RowPartition, _from_splits_np, _tensor
from tfshim.util.tf_export import tf_export


def _convert_values(values: Any) -> Any:
    if isinstance(values, RaggedTensor):
        return values
    from tfshim.framework.variables import Variable

    if isinstance(values, Variable):
        return values.value()
    return convert_to_tensor(values)


def _check_validate(validate: Any) -> None:
    if not isinstance(validate, bool):
        raise TypeError(f"Argument `validate` must have type bool. Received {validate}.")


@tf_export("RaggedTensor")
class RaggedTensor:
    """Represents a ragged tensor: values partitioned into rows of varying length."""

    __array_priority__ = 200  # `ndarray + rt` and `tensor + rt` defer to RaggedTensor's operators
    _tf_dispatch = True  # util/dispatch.py: TF's public ops hand this type to its registered handlers
    _tf_native_object = True  # a composite tensor: tf.is_tensor is True for it, as in TF

    def __init__(self, values: Any, row_partition: Any, internal: bool = False) -> None:
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the factory methods "
                             "instead (e.g., RaggedTensor.from_row_lengths())")
        if not isinstance(row_partition, RowPartition):
            raise TypeError(f"Argument `row_partition` must be a RowPartition. Received {row_partition}.")
        self._values = values
        self._row_partition = row_partition

    # --- factories ---------------------------------------------------------------------------------

    @classmethod
    def _from_row_partition(cls, values: Any, row_partition: RowPartition, validate: bool = True) -> RaggedTensor:
        if not isinstance(row_partition, RowPartition):
            raise TypeError(f"Argument `row_partition` must be a RowPartition. Received {row_partition}.")
        _check_validate(validate)
        values = _convert_values(values)
        if isinstance(values, RaggedTensor) and values.row_splits.dtype is not row_partition.dtype:
            raise ValueError("dtype mismatch: %s vs %s" % (values.row_splits.dtype, row_partition.dtype))
        if values.shape.rank == 0:
            raise ValueError("Shape () must have rank at least 1")
        nvals = values.nrows_static() if isinstance(values, RaggedTensor) else values.shape[0]
        if validate and row_partition.static_nvals != nvals:
            from tfshim.ops.ragged import ragged_check

            ragged_check.assert_equal(
                np.array(row_partition.static_nvals, row_partition.dtype.as_numpy_dtype),
                np.array(nvals, row_partition.dtype.as_numpy_dtype),
                "Arguments to _from_row_partition do not form a valid RaggedTensor")
        return cls(values, row_partition, internal=True)

    @classmethod
    def from_value_rowids(cls, values: Any, value_rowids: Any, nrows: Any = None, name: Any = None,
                          validate: bool = True) -> RaggedTensor:
        """Creates a RaggedTensor with rows partitioned by `value_rowids`."""
        _check_validate(validate)
        partition = RowPartition.from_value_rowids(value_rowids, nrows, validate=validate,
                                                   dtype_hint=_splits_dtype_hint(values))
        return cls._from_row_partition(values, partition, validate=validate)

    @classmethod
    def from_row_splits(cls, values: Any, row_splits: Any, name: Any = None, validate: bool = True) -> RaggedTensor:
        """Creates a RaggedTensor with rows partitioned by `row_splits`."""
        _check_validate(validate)
        partition = RowPartition.from_row_splits(row_splits, validate=validate, dtype_hint=_splits_dtype_hint(values))
        return cls._from_row_partition(values, partition, validate=validate)

    @classmethod
    def from_row_lengths(cls, values: Any, row_lengths: Any, name: Any = None, validate: bool = True) -> RaggedTensor:
        """Creates a RaggedTensor with rows partitioned by `row_lengths`."""
        _check_validate(validate)
        partition = RowPartition.from_row_lengths(row_lengths, validate=validate,
                                                  dtype_hint=_splits_dtype_hint(values))
        return cls._from_row_partition(values, partition, validate=validate)

    @classmethod
    def from_row_starts(cls, values: Any, row_starts: Any, name: Any = None, validate: bool = True) -> RaggedTensor:
        """Creates a RaggedTensor with rows partitioned by `row_starts`."""
        _check_validate(validate)
        values = _convert_values(values)
        nvals = values.nrows_static() if isinstance(values, RaggedTensor) else values.shape[0]
        partition = RowPartition.from_row_starts(row_starts, nvals, validate=validate,
                                                 dtype_hint=_splits_dtype_hint(values))
        return cls._from_row_partition(values, partition, validate=validate)

    @classmethod
    def from_row_limits(cls, values: Any, row_limits: Any, name: Any = None, validate: bool = True) -> RaggedTensor:
        """Creates a RaggedTensor with rows partitioned by `row_limits`."""
        _check_validate(validate)
        partition = RowPartition.from_row_limits(row_limits, validate=validate,
                                                 dtype_hint=_splits_dtype_hint(values))
        return cls._from_row_partition(values, partition, validate=validate)

    @classmethod
    def from_uniform_row_length(cls, values: Any, uniform_row_length: Any, nrows: Any = None,
                                validate: bool = True, name: Any = None) -> RaggedTensor:
        """Creates a RaggedTensor whose rows all have length `uniform_row_length`."""
        _check_validate(validate)
        values = _convert_values(values)
        nvals = values.nrows_static() if isinstance(values, RaggedTensor) else values.shape[0]
        partition = RowPartition.from_uniform_row_length(uniform_row_length, nvals=nvals, nrows=nrows,
                                                         validate=validate, dtype_hint=_splits_dtype_hint(values))
        return cls._from_row_partition(values, partition, validate=validate)

    @classmethod
    def from_nested_value_rowids(cls, flat_values: Any, nested_value_rowids: Any, nested_nrows: Any = None,
                                 name: Any = None, validate: bool = True) -> Any:
        _check_validate(validate)
        if isinstance(nested_value_rowids, Tensor):
            raise TypeError(f"Argument `nested_value_rowids` must be a list of Tensors. "
                            f"Received {nested_value_rowids}.")
        if nested_nrows is None:
            nested_nrows = [None] * len(nested_value_rowids)
        else:
            if isinstance(nested_nrows, Tensor):
                raise TypeError(f"Argument `nested_nrows` must be a list of Tensors. Received {nested_nrows}.")
            if len(nested_nrows) != len(nested_value_rowids):
                raise ValueError(
                    f"Argument `nested_nrows` must have the same length as argument `nested_value_rowids`. "
                    f"len(nested_nrows) = {len(nested_nrows)} vs. len(nested_values_rowids) = "
                    f"{len(nested_value_rowids)}.")
        result = flat_values
        for rowids, nrows in reversed(list(zip(nested_value_rowids, nested_nrows))):
            result = cls.from_value_rowids(result, rowids, nrows, validate=validate)
        return result

    @classmethod
    def from_nested_row_splits(cls, flat_values: Any, nested_row_splits: Any, name: Any = None,
                               validate: bool = True) -> Any:
        _check_validate(validate)
        if isinstance(nested_row_splits, Tensor):
            raise TypeError(f"Argument `nested_row_splits` must be a list of Tensors. Received {nested_row_splits}.")
        result = flat_values
        for splits in reversed(nested_row_splits):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values: Any, nested_row_lengths: Any, name: Any = None,
                                validate: bool = True) -> Any:
        _check_validate(validate)
        if isinstance(nested_row_lengths, Tensor):
            raise TypeError(f"Argument `nested_row_lengths` must be a list of Tensors. "
                            f"Received {nested_row_lengths}.")
        result = flat_values
        for lengths in reversed(nested_row_lengths):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def _from_nested_row_partitions(cls, flat_values: Any, partitions: Any, validate: bool = True) -> Any:
        result = flat_values
        for p in reversed(partitions):
            result = cls._from_row_partition(result, p, validate=validate)
        return result

    # --- properties --------------------------------------------------------------------------------

    @property
    def dtype(self) -> dtypes.DType:
        return self._values.dtype

    @property
    def shape(self) -> TensorShape:
        nrows = self._row_partition.static_nrows
        ncols = self._row_partition.static_uniform_row_length
        return TensorShape([nrows, ncols]).concatenate(self._values.shape[1:])

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ragged_rank(self) -> int:
        values_is_ragged = isinstance(self._values, RaggedTensor)
        return self._values.ragged_rank + 1 if values_is_ragged else 1

    @property
    def values(self) -> Any:
        return self._values

    @property
    def _nested_row_partitions(self) -> list:
        partitions = [self._row_partition]
        rt = self._values
        while isinstance(rt, RaggedTensor):
            partitions.append(rt._row_partition)
            rt = rt._values
        return partitions

    @property
    def row_splits(self) -> Tensor:
        return self._row_partition.row_splits()

    @property
    def uniform_row_length(self) -> Tensor | None:
        return self._row_partition.uniform_row_length()

    @property
    def flat_values(self) -> Tensor:
        rt = self._values
        while isinstance(rt, RaggedTensor):
            rt = rt._values
        return rt

    @property
    def nested_row_splits(self) -> tuple:
        return tuple(p.row_splits() for p in self._nested_row_partitions)

    def value_rowids(self, name: Any = None) -> Tensor:
        return self._row_partition.value_rowids()

    def nested_value_rowids(self, name: Any = None) -> tuple:
        return tuple(p.value_rowids() for p in self._nested_row_partitions)

    def nrows(self, out_type: Any = None, name: Any = None) -> Tensor:
        n = self._row_partition.nrows()
        return n if out_type is None else _tensor(n._value, dtypes.as_dtype(out_type))

    def nrows_static(self) -> int:
        return self._row_partition.static_nrows

    def row_starts(self, name: Any = None) -> Tensor:
        return self._row_partition.row_starts()

    def row_limits(self, name: Any = None) -> Tensor:
        return self._row_partition.row_limits()

    def row_lengths(self, axis: int = 1, name: Any = None) -> Any:
        """The lengths of the rows along ragged dimension `axis` (ragged for axis > 1)."""
        if axis == 0:
            return self._row_partition.nrows()
        if axis == 1:
            return self._row_partition.row_lengths()
        axis = _normalize_axis(axis, self.shape.rank, "axis")
        if axis == 0:
            return self.nrows()
        if axis == 1:
            return self._row_partition.row_lengths()
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        shape = self._values.shape
        return self.with_values(_tensor(np.full(shape[:axis - 1], shape[axis - 1]), self.row_splits.dtype))

    def nested_row_lengths(self, name: Any = None) -> tuple:
        return tuple(p.row_lengths() for p in self._nested_row_partitions)

    def bounding_shape(self, axis: Any = None, name: Any = None, out_type: Any = None) -> Tensor:
        """The tightest dense shape that contains this ragged tensor."""
        out_type = self.row_splits.dtype if out_type is None else dtypes.as_dtype(out_type)
        dims = [self.nrows_static()]
        for p in self._nested_row_partitions:
            s = p._splits()
            dims.append(int(np.max(s[1:] - s[:-1])) if len(s) > 1 else 0)
        dims.extend(int(d) for d in self.flat_values._value.shape[1:])
        result = np.array(dims, out_type.as_numpy_dtype)
        if axis is not None:
            result = result[np.asarray(axis)]
        return _tensor(result, out_type)

    # --- transformations ---------------------------------------------------------------------------

    def with_values(self, new_values: Any) -> RaggedTensor:
        new_values = _convert_values(new_values)
        nvals = self._row_partition.static_nvals
        rows = new_values.nrows_static() if isinstance(new_values, RaggedTensor) else new_values.shape[0]
        if new_values.shape.rank == 0 or rows != nvals:
            raise ValueError("Shapes (%d,) and %s are incompatible" % (nvals, "()" if new_values.shape.rank == 0
                                                                     else "(%d,)" % rows))
        if isinstance(new_values, RaggedTensor) and self.row_splits.dtype is not new_values.row_splits.dtype:
            raise ValueError("self and new_values have mismatched row_splits dtypes; use "
                             "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")
        return RaggedTensor(new_values, self._row_partition, internal=True)

    def with_flat_values(self, new_values: Any) -> RaggedTensor:
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype: Any) -> RaggedTensor:
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (dtypes.int32, dtypes.int64):
            raise ValueError(f"Argument `row_splits` dtype must be int32 or int64. Received {dtype}.")
        if self.row_splits.dtype is dtype:
            return self
        values = self._values
        if isinstance(values, RaggedTensor):
            values = values.with_row_splits_dtype(dtype)
        return RaggedTensor(values, self._row_partition.with_dtype(dtype), internal=True)

    def merge_dims(self, outer_axis: int, inner_axis: int) -> Any:
        """Merges dimensions outer_axis..inner_axis into a single dimension."""
        rank = self.shape.rank
        outer_axis = _normalize_axis(outer_axis, rank, "outer_axis")
        inner_axis = _normalize_axis(inner_axis, rank, "inner_axis")
        if not outer_axis <= inner_axis:
            raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal to "
                             f"inner_axis ({inner_axis}).")
        return _merge_dims(self, outer_axis, inner_axis)

    def to_tensor(self, default_value: Any = None, name: Any = None, shape: Any = None) -> Tensor:
        """A dense Tensor padded with `default_value` (optionally cut or padded to `shape`)."""
        from tfshim.ops.ragged import ragged_conversion_ops

        return ragged_conversion_ops.ragged_to_tensor(self, default_value, shape)

    @classmethod
    def from_tensor(cls, tensor: Any, lengths: Any = None, padding: Any = None, ragged_rank: int = 1,
                    name: Any = None, row_splits_dtype: Any = dtypes.int64) -> RaggedTensor:
        """Converts a dense tensor to a RaggedTensor, dropping padding or keeping `lengths` per row."""
        from tfshim.ops.ragged import ragged_conversion_ops

        return ragged_conversion_ops.ragged_from_tensor(tensor, lengths, padding, ragged_rank, row_splits_dtype)

    def to_sparse(self, name: Any = None) -> Any:
        from tfshim.ops.ragged import ragged_conversion_ops

        return ragged_conversion_ops.ragged_to_sparse(self)

    @classmethod
    def from_sparse(cls, st_input: Any, name: Any = None, row_splits_dtype: Any = dtypes.int64) -> RaggedTensor:
        from tfshim.ops.ragged import ragged_conversion_ops

        return ragged_conversion_ops.ragged_from_sparse(st_input, row_splits_dtype)

    # --- eager values and printing -----------------------------------------------------------------

    def numpy(self) -> np.ndarray:
        """TF: rows as NumPy arrays in an object array (a regular array when all rows have one length)."""
        values = self._values.numpy()
        splits = self.row_splits._value
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        ragged_rows = any(len(row) != len(rows[0]) for row in rows)
        if ragged_rows:
            out = np.empty(len(rows), dtype=object)
            out[:] = rows
            return out
        return np.array(rows)

    def to_list(self) -> list:
        splits = self.row_splits._value.tolist()
        values = self._values
        if isinstance(values, RaggedTensor):
            inner = values.to_list()
        else:
            inner = values.numpy().tolist()
        return [inner[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]

    def __repr__(self) -> str:
        # TF prints rows with NumPy, each element through `_formatter`, so nested rows
        # are separated by commas without array prefixes.
        with np.printoptions(formatter={"all": _formatter}):
            text = _formatter(self.numpy())
        return f"<tf.RaggedTensor {text}>"

    def __bool__(self) -> bool:
        raise TypeError("RaggedTensor may not be used as a boolean.")

    __hash__ = None  # type: ignore[assignment]

    def __getitem__(self, key: Any) -> Any:
        from tfshim.ops.ragged import ragged_getitem

        return ragged_getitem.ragged_tensor_getitem(self, key)

    # --- gradients (eager/backprop.py: composite targets and sources) ------------------------------

    def _tf_gradient_components(self) -> list:
        """The differentiable tensors inside: the flat values (row partitions are integers)."""
        return [self.flat_values]

    def _tf_with_gradient_components(self, grads: list) -> Any:
        """TF's gradient with respect to a RaggedTensor: a RaggedTensor with the same partitions, or None."""
        from tfshim.framework.indexed_slices import IndexedSlices

        g = grads[0]
        if g is None:
            return None
        if isinstance(g, IndexedSlices):
            from tfshim.framework.constant_op import convert_to_tensor as _to_dense

            g = _to_dense(g)
        return self.with_flat_values(g)

    # --- misc TF API -------------------------------------------------------------------------------

    def consumers(self) -> list:
        return []

    @property
    def _type_spec(self) -> RaggedTensorSpec:
        return RaggedTensorSpec.from_value(self)

    def __tf_tracing_type__(self, context: Any) -> RaggedTensorSpec:
        return self._type_spec


class _Boxed:
    """Holds a tensor inside a variant element (so that NumPy never looks into it)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _boxed(value: Any) -> _Boxed:
    return value if isinstance(value, _Boxed) else _Boxed(value)


def _unboxed(value: Any) -> Any:
    return value.value if isinstance(value, _Boxed) else value


def _variant(array: np.ndarray) -> Tensor:
    from tfshim.framework.tensor import _wrap_as

    return _wrap_as(array, dtypes.variant)


def _shape_is_subtype(a: TensorShape, b: TensorShape) -> bool:
    if b.rank is None:
        return True
    if a.rank != b.rank:
        return False
    return all(db is None or da == db for da, db in zip(a.as_list(), b.as_list()))


def _common_shape(a: TensorShape, b: TensorShape) -> TensorShape:
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([da if da == db else None for da, db in zip(a.as_list(), b.as_list())])


def _formatter(x: Any) -> str:
    """TF: ragged_tensor._formatter. Elements of a row array, separated by commas."""
    if isinstance(x, np.ndarray):
        if x.size != 0:
            return np.array2string(x, separator=", ")
        return repr(x.tolist())
    if isinstance(x, (np.float16, np.float32, np.complex64)):
        # NumPy 2.3 changed when float32 scalars print in scientific notation: print as TF with NumPy 2.4 does,
        # whatever NumPy is installed (as tensors do, framework/tensor.py)
        from tfshim.framework.tensor import _numpy24_text

        return _numpy24_text(np.asarray(x))
    return str(x)


def _splits_dtype_hint(values: Any) -> Any:
    """Nested partitions must share the values' row_splits dtype (TF: dtype_hint from values)."""
    if isinstance(values, RaggedTensor):
        return values.row_splits.dtype
    return dtypes.int64


def _normalize_axis(axis: Any, rank: int | None, name: str) -> int:
    if rank is not None:
        if not -rank <= axis < rank:
            raise ValueError(f"{name}={axis} out of bounds: expected {-rank}<={name}<{rank}")
        if axis < 0:
            axis += rank
    return axis


def _merge_dims(rt: Any, outer: int, inner: int) -> Any:
    """Merges dims outer..inner of a RaggedTensor or dense Tensor."""
    if outer == inner:
        return rt
    if not isinstance(rt, RaggedTensor):
        from tfshim.ops import array_ops

        shp = rt._value.shape
        new = shp[:outer] + (int(np.prod(shp[outer:inner + 1])),) + shp[inner + 1:]
        return array_ops.reshape(rt, new)
    if outer == 0:  # rows of rt's values are the merged rows of dims 0 and 1
        return _merge_dims(rt.values, 0, inner - 1)
    if outer == 1:  # rt's rows now index the values merged down (inner - 1) levels
        idx = rt.row_splits._value
        v = rt.values
        for _ in range(inner - 1):
            if isinstance(v, RaggedTensor):
                idx = v.row_splits._value[idx]
                v = v.values
            else:
                idx = idx * v._value.shape[1]
                v = _merge_dims(v, 0, 1)
        new_values = _merge_dims(rt.values, 0, inner - 1)
        partition = _from_splits_np(idx, rt.row_splits.dtype)
        return RaggedTensor._from_row_partition(new_values, partition, validate=False)
    return rt.with_values(_merge_dims(rt.values, outer - 1, inner - 1))


def is_ragged(value: Any) -> bool:
    return isinstance(value, RaggedTensor)


def convert_to_tensor_or_ragged_tensor(value: Any, dtype: Any = None, name: Any = None) -> Any:
    if isinstance(value, RaggedTensor):
        if dtype is not None and not dtypes.as_dtype(dtype) == value.dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for "
                             f"RaggedTensor with dtype {value.dtype.name}: {value}.")
        return value
    from tfshim.framework.variables import Variable

    if isinstance(value, Variable):
        return value.value()
    return convert_to_tensor(value, dtype)


def match_row_splits_dtypes(*tensors: Any) -> list:
    """TF: ragged_tensor.match_row_splits_dtypes (auto-cast off): mixed dtypes are an error."""
    has_int32 = any(isinstance(t, RaggedTensor) and t.row_splits.dtype is dtypes.int32 for t in tensors)
    has_int64 = any(isinstance(t, RaggedTensor) and t.row_splits.dtype is dtypes.int64 for t in tensors)
    if has_int32 and has_int64:
        raise ValueError("Input RaggedTensors have mismatched row_splits dtypes; use "
                         "RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.")
    return list(tensors)


@tf_export("RaggedTensorSpec")
@TypeSpec.register
class RaggedTensorSpec:
    """Type specification for a `tf.RaggedTensor`."""

    def __init__(self, shape: Any = None, dtype: Any = dtypes.float32, ragged_rank: Any = None,
                 row_splits_dtype: Any = dtypes.int64, flat_values_spec: Any = None) -> None:
        self._shape = as_shape(shape) if shape is not None else TensorShape(None)
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        if flat_values_spec is not None:
            if dtype is None:
                dtype = flat_values_spec.dtype
            elif dtypes.as_dtype(dtype) != flat_values_spec.dtype:
                raise ValueError("dtype must be the same as flat_values_spec.dtype")
        elif dtype is None:
            raise ValueError("At least one of dtype or flat_values_spec must be provided")
        self._dtype = dtypes.as_dtype(dtype)
        self._flat_values_spec = flat_values_spec
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank.")
            ragged_rank = rank - 1
        self._ragged_rank = ragged_rank
        if not isinstance(self._ragged_rank, int):
            raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
        if rank is not None:
            if ragged_rank >= rank:
                raise ValueError(f"Argument `ragged_rank` ({ragged_rank}) must be less than rank ({rank}).")

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def ragged_rank(self) -> int:
        return self._ragged_rank

    @property
    def row_splits_dtype(self) -> dtypes.DType:
        return self._row_splits_dtype

    @property
    def flat_values_spec(self) -> Any:
        return self._flat_values_spec

    @property
    def value_type(self) -> type:
        return RaggedTensor if self._ragged_rank > 0 else Tensor

    def _serialize(self) -> tuple:
        if self._flat_values_spec is None:
            return (self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype)
        return (self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype, self._flat_values_spec)

    def __repr__(self) -> str:
        return "RaggedTensorSpec%s" % (self._serialize(),)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._serialize() == other._serialize()  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((str(self._shape), self._dtype, self._ragged_rank, self._row_splits_dtype))

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        from tfshim.framework.tensor_spec import TensorSpec

        if self._ragged_rank == 0 and isinstance(spec_or_value, (Tensor, TensorSpec)):
            # TF: a spec of ragged rank 0 stands for its flat values, a dense tensor
            return TensorSpec(self._shape, self._dtype).is_compatible_with(spec_or_value)
        if isinstance(spec_or_value, RaggedTensor):
            spec_or_value = RaggedTensorSpec.from_value(spec_or_value)
        if not isinstance(spec_or_value, RaggedTensorSpec):
            return False
        return (self._dtype == spec_or_value._dtype and self._ragged_rank == spec_or_value._ragged_rank
                and self._row_splits_dtype == spec_or_value._row_splits_dtype
                and self._shape.is_compatible_with(spec_or_value._shape))

    def is_subtype_of(self, other: Any) -> bool:
        """TF's tracing relation: same dtype and ragged structure, a shape at least as specific."""
        return (type(other) is type(self) and self._dtype == other._dtype
                and self._ragged_rank == other._ragged_rank and self._row_splits_dtype == other._row_splits_dtype
                and _shape_is_subtype(self._shape, other._shape))

    def most_specific_common_supertype(self, others: Any) -> RaggedTensorSpec | None:
        shape = self._shape
        for other in others:
            if not (type(other) is type(self) and self._dtype == other._dtype
                    and self._ragged_rank == other._ragged_rank
                    and self._row_splits_dtype == other._row_splits_dtype):
                return None
            shape = _common_shape(shape, other._shape)
        return RaggedTensorSpec(shape, self._dtype, self._ragged_rank, self._row_splits_dtype)

    # --- TF's BatchableTypeSpec protocol (tf.map_fn, tf.data batching) ----------------------------
    # TF encodes each row as a scalar `variant` tensor (RaggedTensorToVariant). tfshim's variant
    # tensors hold the row objects themselves in a NumPy object array.

    @property
    def _flat_tensor_specs(self) -> list:
        from tfshim.eager.def_function import TensorSpec

        return [TensorSpec(None, dtypes.variant)]

    def _to_tensor_list(self, value: Any) -> list:
        return [_variant(np.array(_boxed(value), dtype=object).reshape(()))]

    def _to_batched_tensor_list(self, value: Any) -> list:
        """One variant element per row of `value` (a RaggedTensor of this spec's ragged rank)."""
        rows = [value[i] for i in range(value.nrows_static())]
        array = np.empty(len(rows), dtype=object)
        array[:] = [_boxed(r) for r in rows]
        return [_variant(array)]

    def _from_compatible_tensor_list(self, tensor_list: list) -> Any:
        """The value encoded by `tensor_list[0]`: one row (0-d) or a batch of rows stacked (1-d)."""
        array = np.asarray(tensor_list[0]._value)
        if array.ndim == 0:
            return _unboxed(array[()])
        rows = [_unboxed(v) for v in array.reshape(-1)]
        if self._ragged_rank == 0:
            from tfshim.ops import array_ops

            return array_ops.stack(rows)
        from tfshim.ops.ragged.ragged_array_ops import _stack_rows

        return _stack_rows(rows, self._row_splits_dtype, self._dtype, self._shape[1:])

    def _batch(self, batch_size: Any) -> RaggedTensorSpec:
        size = None if batch_size is None else int(batch_size)
        return RaggedTensorSpec(TensorShape([size]).concatenate(self._shape), self._dtype, self._ragged_rank + 1,
                                self._row_splits_dtype)

    def _unbatch(self) -> RaggedTensorSpec:
        return RaggedTensorSpec(self._shape[1:], self._dtype, self._ragged_rank - 1, self._row_splits_dtype)

    def placeholder_value(self, placeholder_context: Any) -> Any:
        """TF: the value a traced function sees for an argument of this spec. TF's is symbolic; tfshim's is a
        RaggedTensor of ones (empty strings) whose unknown dimensions have size 1."""
        dims = [1] * (self._ragged_rank + 1) if self._shape.rank is None else \
            [1 if d is None else d for d in self._shape.as_list()]
        if self._dtype == dtypes.string:
            dense = _tensor(np.full(dims, b"", dtype=object), self._dtype)
        else:
            dense = _tensor(np.ones(dims, dtype=self._dtype.as_numpy_dtype), self._dtype)
        if self._ragged_rank == 0:
            return dense
        return RaggedTensor.from_tensor(dense, ragged_rank=self._ragged_rank,
                                        row_splits_dtype=self._row_splits_dtype)

    @classmethod
    def from_value(cls, value: Any) -> RaggedTensorSpec:
        if isinstance(value, RaggedTensor):
            return cls(shape=value.shape, dtype=value.values.dtype if not isinstance(value.values, RaggedTensor)
                       else value.dtype, ragged_rank=value.ragged_rank, row_splits_dtype=value.row_splits.dtype)
        return cls(shape=value.shape, dtype=value.dtype, ragged_rank=0)




# As in TF, RaggedTensor brings its ops, dispatch handlers and operators with it.
from tfshim.ops.ragged import ragged_ops  # noqa: E402, F401
