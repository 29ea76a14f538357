"""tf.SparseTensor: a dense tensor given by `indices`, `values` and `dense_shape`
(TF: python/framework/sparse_tensor.py).

The three components are ordinary tensors, so gradients flow into `values` through
the sparse ops that consume them (ops/sparse_ops.py). As in TF, a SparseTensor is not
a `tf.Tensor`: converting one to a dense tensor needs `tf.sparse.to_dense`.
"""

from __future__ import annotations

from typing import Any

from tfshim.framework import dtypes
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.type_spec import TypeSpec
from tfshim.util.tf_export import tf_export


class _TFClassRepr(type):
    """Shows the class as TF's (`<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>`), as TF's
    messages that name a value's type (e.g. convert_to_tensor's "unsupported type") print it."""

    def __repr__(cls) -> str:
        return "<class '%s.%s'>" % (cls._tf_module, cls.__name__)


@tf_export("sparse.SparseTensor", "SparseTensor")
class SparseTensor(metaclass=_TFClassRepr):
    """Represents `dense[indices[i]] = values[i]` over a `dense_shape` tensor of zeros."""

    _tf_module = "tensorflow.python.framework.sparse_tensor"
    _tf_native_object = True  # a composite tensor: tf.is_tensor is True for it, as in TF
    _tf_dispatch = True  # util/dispatch.py: TF's unary math ops map its values (ops/sparse_ops.py)

    @classmethod
    def from_value(cls, sparse_tensor_value: Any) -> SparseTensor:
        if not is_sparse(sparse_tensor_value):
            raise TypeError(f"Argument sparse_tensor_value={sparse_tensor_value} "
                            "is neither a SparseTensor nor SparseTensorValue.")
        return SparseTensor(sparse_tensor_value.indices, sparse_tensor_value.values,
                            sparse_tensor_value.dense_shape)

    def __init__(self, indices: Any, values: Any, dense_shape: Any) -> None:
        from tfshim.framework.constant_op import convert_to_tensor

        indices = convert_to_tensor(indices, dtype=dtypes.int64)
        values = convert_to_tensor(values)
        dense_shape = convert_to_tensor(dense_shape, dtype=dtypes.int64)
        self._indices, self._values, self._dense_shape = indices, values, dense_shape
        indices_shape = indices.shape.with_rank(2)
        values_shape = values.shape.with_rank(1)
        shape_shape = dense_shape.shape.with_rank(1)
        _assert_dims_compatible(indices_shape[0], values_shape[0])
        _assert_dims_compatible(indices_shape[1], shape_shape[0])
        self._shape = TensorShape([int(d) if d >= 0 else None for d in dense_shape._value.tolist()])

    indices = property(lambda self: self._indices, doc="The int64 [N, ndims] indices of the values.")
    values = property(lambda self: self._values, doc="The [N] values.")
    dense_shape = property(lambda self: self._dense_shape, doc="The int64 [ndims] shape of the dense tensor.")

    @property
    def dtype(self) -> dtypes.DType:
        return self._values._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    def get_shape(self) -> TensorShape:
        return self._shape

    @property
    def op(self) -> Any:
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    @property
    def graph(self) -> Any:
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    def set_shape(self, shape: Any) -> None:
        """An assertion in eager mode: ValueError when `shape` is incompatible with the dense shape."""
        self._shape = self._shape.merge_with(TensorShape(shape))

    def with_values(self, new_values: Any) -> SparseTensor:
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def consumers(self) -> list:
        return []

    def _numpy(self) -> Any:
        return SparseTensorValue(self._indices.numpy(), self._values.numpy(), self._dense_shape.numpy())

    def __repr__(self) -> str:
        return "SparseTensor(indices=%s, values=%s, dense_shape=%s)" % (
            self._indices, self._values, self._dense_shape)

    @staticmethod
    def _override_operator(operator: str, func: Any) -> None:
        setattr(SparseTensor, operator, func)


def _assert_dims_compatible(a: Any, b: Any) -> None:
    if a is not None and b is not None and a != b:
        raise ValueError(f"Dimensions {a} and {b} are not compatible")


class SparseTensorValue:
    """TF: tf.compat.v1.SparseTensorValue, the NumPy triple of a SparseTensor."""

    def __init__(self, indices: Any, values: Any, dense_shape: Any) -> None:
        self.indices, self.values, self.dense_shape = indices, values, dense_shape

    def __repr__(self) -> str:
        return "SparseTensorValue(indices=%r, values=%r, dense_shape=%r)" % (
            self.indices, self.values, self.dense_shape)


def is_sparse(x: Any) -> bool:
    """TF: sparse_tensor.is_sparse."""
    return isinstance(x, (SparseTensor, SparseTensorValue))


def convert_to_sparse(value: Any, arg: str = "sp_input") -> SparseTensor:
    """A SparseTensor, or TF's TypeError for anything else (TF: _convert_to_sparse_tensor)."""
    if isinstance(value, SparseTensorValue):
        return SparseTensor.from_value(value)
    if not isinstance(value, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    return value


def is_dense(x: Any) -> bool:
    return isinstance(x, Tensor)


@tf_export("SparseTensorSpec")
@TypeSpec.register
class SparseTensorSpec:
    """TF: tf.SparseTensorSpec, the type of a SparseTensor: its dense shape (dims may be None) and dtype.

    tfshim: a virtual subclass of tf.TypeSpec (registered), not a subclass."""

    __slots__ = ("_shape", "_dtype")

    def __init__(self, shape: Any = None, dtype: Any = dtypes.float32) -> None:
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    value_type = property(lambda self: SparseTensor)

    @classmethod
    def from_value(cls, value: Any) -> SparseTensorSpec:
        value = convert_to_sparse(value)
        return cls(value.shape, value.dtype)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = spec_or_value
        if isinstance(other, (SparseTensor, SparseTensorValue)):
            other = SparseTensorSpec.from_value(other)
        return (isinstance(other, SparseTensorSpec) and self._dtype is other._dtype
                and self._shape.is_compatible_with(other._shape))

    def most_specific_common_supertype(self, others: Any) -> SparseTensorSpec | None:
        dims = self._shape._dims
        for o in others:
            if not isinstance(o, SparseTensorSpec) or o._dtype is not self._dtype:
                return None
            od = o._shape._dims
            if dims is None or od is None or len(dims) != len(od):
                dims = None
            else:
                dims = tuple(a if a == b else None for a, b in zip(dims, od))
        return SparseTensorSpec(None if dims is None else list(dims), self._dtype)

    def placeholder_value(self, placeholder_context: Any) -> SparseTensor:
        """TF: the value a traced function sees for an argument of this spec. TF's is symbolic; tfshim's is a
        SparseTensor with no values whose unknown dimensions have size 1."""
        import numpy as np

        from tfshim.framework.tensor import _wrap_as

        dims = [1] if self._shape.rank is None else [1 if d is None else d for d in self._shape.as_list()]
        np_dtype = object if self._dtype == dtypes.string else self._dtype.as_numpy_dtype
        return SparseTensor(_wrap_as(np.zeros((0, len(dims)), np.int64), dtypes.int64),
                            _wrap_as(np.zeros(0, np_dtype), self._dtype),
                            _wrap_as(np.array(dims, np.int64), dtypes.int64))

    def __eq__(self, other: object) -> bool:
        return (type(other) is SparseTensorSpec and self._dtype is other._dtype  # type: ignore[attr-defined]
                and self._shape == other._shape)  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self._shape, self._dtype.name))

    def __repr__(self) -> str:
        return "SparseTensorSpec(%r, %r)" % (self._shape, self._dtype)


SparseTensor._type_spec = property(lambda self: SparseTensorSpec(self._shape, self.dtype))  # type: ignore[attr-defined]
