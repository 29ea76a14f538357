"""tf.Tensor and EagerTensor: an immutable NumPy value plus a DType.

The repr texts and `numpy_text` follow TF's framework/ops.py exactly. Operators
(`+`, `*`, `==`, `[]`, ...) are attached by ops/math_ops.py and ops/array_ops.py,
as TF attaches them with `Tensor._override_operator`.
"""

from __future__ import annotations

import itertools
from typing import Any, Iterator

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.tensor_shape import TensorShape
from tfshim.util.tf_export import tf_export

_next_id = itertools.count(1).__next__

_DEVICE_NAME = "/job:localhost/replica:0/task:0/device:CPU:0"


@tf_export("Tensor")
class Tensor:
    """A tf.Tensor. In eager mode every tensor is an EagerTensor."""

    __slots__ = ("_value", "_dtype", "_id", "__weakref__")
    __array_priority__ = 100  # so that `ndarray + tensor` calls Tensor.__radd__

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape._from_tuple(self._value.shape)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ndim(self) -> int:
        return self._value.ndim

    @property
    def device(self) -> str:
        return _DEVICE_NAME

    backing_device = device

    @property
    def name(self) -> str:
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    def numpy(self) -> Any:
        """The value as a NumPy array (a NumPy scalar for 0-d tensors), a copy as in TF."""
        v = self._value
        if v.ndim == 0:
            return v[()]
        return v.copy()

    def _numpy(self) -> Any:
        v = self._value
        return v[()] if v.ndim == 0 else v

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        a = np.asarray(self._value, dtype=dtype)
        return a.copy() if copy else a

    def __len__(self) -> int:
        if self._value.ndim == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __bool__(self) -> bool:
        return bool(self._numpy())

    def __float__(self) -> float:
        return float(self._scalar())

    def __int__(self) -> int:
        return int(self._scalar())

    def __index__(self) -> int:
        if not self._dtype.is_integer:
            raise TypeError(
                "only integer scalar arrays can be converted to a scalar index"
            )
        return int(self._scalar())

    def _scalar(self) -> Any:
        if self._value.ndim != 0:
            # NumPy >= 2 wording, which TF 2.21 shows; NumPy 1.26 says "length-1".
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return self._value[()]

    def __iter__(self) -> Iterator:
        if self._value.ndim == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        for i in range(self._value.shape[0]):
            yield self[i]

    def __hash__(self) -> int:
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __setitem__(self, key: Any, value: Any) -> None:
        raise AttributeError(
            "'tensorflow.python.framework.ops.EagerTensor' object has no attribute '__setitem__'"
        )

    def __copy__(self) -> Tensor:
        return self

    def __deepcopy__(self, memo: Any) -> Tensor:
        return self

    def __reduce__(self) -> Any:
        from tfshim.framework.constant_op import convert_to_tensor

        return convert_to_tensor, (self._numpy(),)

    def ref(self) -> Reference:
        return Reference(self)

    experimental_ref = ref

    def cpu(self) -> Tensor:
        return self

    def __str__(self) -> str:
        return "tf.Tensor(%s, shape=%s, dtype=%s)" % (numpy_text(self), self.shape, self._dtype.name)

    def __repr__(self) -> str:
        return "<tf.Tensor: shape=%s, dtype=%s, numpy=%s>" % (
            self.shape, self._dtype.name, numpy_text(self, is_repr=True))

    def __format__(self, format_spec: str) -> str:
        if not format_spec:
            return str(self)
        return format(self._numpy(), format_spec)

    @classmethod
    def _override_operator(cls, operator: str, func: Any) -> None:
        setattr(cls, operator, func)


class EagerTensor(Tensor):
    """The concrete tensor class (type name as in TF: `EagerTensor`)."""

    __slots__ = ()


def numpy_text(tensor: Any, is_repr: bool = False) -> str:
    """TF: framework/ops.numpy_text. Scalars print through `.item()` in repr."""
    value = tensor._numpy()
    if is_repr:
        if np.isscalar(value) and not isinstance(value, bytes):
            text = repr(value.item())
        else:
            text = repr(value)
    else:
        text = str(value)
    if "\n" in text:
        text = "\n" + text
    return text


def _wrap(value: Any) -> EagerTensor:
    """Wraps a kernel result (ndarray or NumPy scalar) as an EagerTensor."""
    t = EagerTensor.__new__(EagerTensor)
    if type(value) is not np.ndarray:
        value = np.asarray(value)
    t._value = value
    t._dtype = dtypes._BY_NP.get(value.dtype) or dtypes.from_numpy(value.dtype)
    t._id = _next_id()
    return t


def _wrap_as(value: np.ndarray, dtype: dtypes.DType) -> EagerTensor:
    t = EagerTensor.__new__(EagerTensor)
    t._value = value
    t._dtype = dtype
    t._id = _next_id()
    return t


class Reference:
    """TF: Tensor.ref(): a hashable handle comparing by identity."""

    __slots__ = ("_wrapped",)

    def __init__(self, wrapped: Any) -> None:
        self._wrapped = wrapped

    def deref(self) -> Any:
        return self._wrapped

    def __hash__(self) -> int:
        return id(self._wrapped)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reference) and self._wrapped is other._wrapped

    def __repr__(self) -> str:
        return "<Reference wrapping %r>" % (self._wrapped,)


def is_tensor_like(x: Any) -> bool:
    from tfshim.framework.variables import Variable

    return isinstance(x, (Tensor, Variable))


@tf_export("is_tensor")
def is_tensor(x: Any) -> bool:
    """TF: tf.is_tensor. True for tensors and variables."""
    return is_tensor_like(x)
