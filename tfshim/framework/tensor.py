"""tf.Tensor and EagerTensor: an immutable NumPy value plus a DType.

The repr texts and `numpy_text` follow TF's framework/ops.py exactly. Operators
(`+`, `*`, `==`, `[]`, ...) are attached by ops/math_ops.py and ops/array_ops.py,
as TF attaches them with `Tensor._override_operator`.
"""

from __future__ import annotations

import dis
import itertools
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.tensor_shape import TensorShape
from tfshim.kernels import native
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
        if self._dtype._q:
            v = _field(v)
        if v.ndim == 0:
            return v[()]
        return v.copy()

    def _numpy(self) -> Any:
        v = self._value
        if self._dtype._q:
            v = _field(v)
        return v[()] if v.ndim == 0 else v

    @property
    def __array_interface__(self) -> dict:
        # NumPy reads TF's EagerTensor through its C buffer protocol (a 0-d tensor is a 0-d array to np.asarray),
        # never through __array__, which returns a NumPy scalar for it; the array interface is Python's way to that.
        return (_field(self._value) if self._dtype._q else self._value).__array_interface__

    def __array__(self, dtype: Any = None) -> np.ndarray:
        # TF: `_numpy()` itself without a dtype (a NumPy scalar for a 0-d tensor), else np.array(a, dtype=dtype)
        a = self._numpy()
        if not dtype:
            return a
        return np.array(a, dtype=dtype)

    def __len__(self) -> int:
        if self._value.ndim == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __bool__(self) -> bool:
        x = self._numpy()
        if isinstance(x, np.ndarray):  # TF: an empty tensor is False (NumPy 2.2+ would raise)
            return bool(x.size > 0 and x)
        return bool(x)

    __nonzero__ = __bool__  # TF keeps Python 2's name too

    def __float__(self) -> float:
        return float(self._scalar())

    def __int__(self) -> int:
        return int(self._scalar())

    def __index__(self) -> int:
        # TF: self._numpy().__index__(), so NumPy answers (a float scalar has no __index__: AttributeError)
        return self._numpy().__index__()

    def _scalar(self) -> Any:
        if self._value.ndim != 0:
            # NumPy >= 2 wording, which TF 2.21 shows; NumPy 1.26 says "length-1".
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return self._numpy()

    def __iter__(self) -> Iterator:
        if self._value.ndim == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        for i in range(self._value.shape[0]):
            yield self[i]

    def __hash__(self) -> int:
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __setitem__(self, key: Any, value: Any) -> None:
        # TF's EagerTensor (a C type) has no __setitem__: `t[0] = 1` is Python's TypeError, while the attribute
        # `t.__setitem__` is an AttributeError. Which of the two the caller did shows in its current opcode.
        caller = sys._getframe(1)
        if caller.f_code.co_code[caller.f_lasti] in _STORE_OPCODES:
            raise TypeError("'tensorflow.python.framework.ops.EagerTensor' object does not support item assignment")
        raise AttributeError(
            "'tensorflow.python.framework.ops.EagerTensor' object has no attribute '__setitem__'"
        )

    def __getattr__(self, name: str) -> Any:
        # Reached for missing attributes, and when a property raised AttributeError (Tensor.name in eager mode):
        # that property's own error is TF's, so it is raised again. TF points at NumPy behaviour for NumPy's names.
        if isinstance(getattr(type(self), name, None), property):
            return object.__getattribute__(self, name)
        if name in _NUMPY_METHOD_NAMES:
            raise AttributeError(
                f"{type(self).__name__} object has no attribute '{name}'. " + """
        If you are looking for numpy-related methods, please run the following:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
      """)
        raise AttributeError(f"'tensorflow.python.framework.ops.EagerTensor' object has no attribute '{name}'")

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
        # TF formats the NumPy value: f"{t}" is "[1 2]", not str(t).
        if not format_spec:
            value = self._numpy()
            return _numpy24_text(value) if _NUMPY_BEFORE_2_3 else format(value, "")
        return format(self._numpy(), format_spec)

    @classmethod
    def _override_operator(cls, operator: str, func: Any) -> None:
        setattr(cls, operator, func)


class EagerTensor(Tensor):
    """The concrete tensor class (type name as in TF: `EagerTensor`)."""

    __slots__ = ()


# `type(t)` and `tf.Tensor` print as in TF
Tensor.__module__ = "tensorflow.python.framework.tensor"
EagerTensor.__module__ = "tensorflow.python.framework.ops"
_STORE_OPCODES = frozenset(dis.opmap[n] for n in ("STORE_SUBSCR", "STORE_SLICE") if n in dis.opmap)  # 3.12: slices
_NUMPY_METHOD_NAMES = frozenset({"T", "astype", "ravel", "transpose", "reshape", "clip", "size", "tolist", "data"})


def _field(value: np.ndarray) -> np.ndarray:
    """A quantized tensor's record array seen as its integers (TF's .numpy() of a tf.qint8 tensor is int8)."""
    return value.view(value.dtype[0])


def numpy_text(tensor: Any, is_repr: bool = False) -> str:
    """TF: framework/ops.numpy_text. Scalars print through `.item()` in repr."""
    value = tensor._numpy()
    if is_repr:
        if np.isscalar(value) and not isinstance(value, bytes):
            text = repr(value.item())
        elif _NUMPY_BEFORE_2_3:
            text = _numpy24_text(value, is_repr=True)
        else:
            text = repr(value)
    else:
        text = _numpy24_text(value) if _NUMPY_BEFORE_2_3 else str(value)
    if "\n" in text:
        text = "\n" + text
    return text


# TF 2.21's outputs are recorded with NumPy 2.4; older NumPys print some arrays differently, so there tfshim
# formats them as NumPy 2.4 does (its arrayprint._array_repr_implementation and FloatingFormat.fillFormat):
#  - NumPy 2.2 added `shape=(...)` to the repr of a summarised array (size > threshold); 1.26 to 2.1 omit it.
#  - NumPy 2.3 prints float16/float32 (and complex64's parts) in scientific notation from 10**precision up
#    (1e3, 1e6) instead of from 1e8, in arrays and scalars: `[1.234567e+06]`, not `[1234567.]`.
# A user-set print option `legacy` keeps the installed NumPy's own text.
_NUMPY_VERSION = tuple(int(v) for v in np.__version__.split(".")[:2])
_NUMPY_BEFORE_2_3 = _NUMPY_VERSION < (2, 3)


def _sci_from(dtype: np.dtype) -> float:
    return 10.0 ** min(8, np.finfo(dtype).precision)


def _numpy23_sci(data: np.ndarray) -> bool:
    if data.dtype not in (np.float16, np.float32):
        return False
    finite = np.abs(data[np.isfinite(data)])
    return bool(finite.size) and bool(finite.max() >= _sci_from(data.dtype))


def _numpy23_sci_scalar(x: Any) -> bool:
    return type(x) in (np.float16, np.float32) and bool(np.isfinite(x)) and _sci_from(x.dtype) <= abs(float(x)) < 1e16


def _numpy23_scalar_str(x: Any, sign: bool = False) -> str:
    """A float16/float32 scalar's str() (complex parts: without a trailing `.0`) as NumPy 2.4 prints it."""
    if _numpy23_sci_scalar(x) or (np.isfinite(x) and 0 < abs(float(x)) < 1e-4):
        return np.format_float_scientific(x, trim="-", sign=sign)
    return np.format_float_positional(x, trim="-", sign=sign)


def _numpy24_text(value: Any, is_repr: bool = False) -> str:
    options = np.get_printoptions()
    plain = repr if is_repr else str
    if options["legacy"] is not False or type(value) not in (np.ndarray, np.float16, np.float32, np.complex64):
        return plain(value)
    if value.ndim == 0:  # str() of a scalar (repr() of one goes through .item())
        x = value[()]
        if type(x) is np.complex64 and (_numpy23_sci_scalar(x.real) or _numpy23_sci_scalar(x.imag)):
            imag = _numpy23_scalar_str(x.imag, sign=True) + "j"
            if x.real == 0 and not np.signbit(x.real):
                return imag.lstrip("+")
            return "(" + _numpy23_scalar_str(x.real) + imag + ")"
        return _numpy23_scalar_str(x) if _numpy23_sci_scalar(x) else plain(value)
    try:
        from numpy._core import arrayprint  # NumPy 2.0 to 2.2
    except ImportError:
        from numpy.core import arrayprint  # NumPy 1.26

    summarised = value.size > options["threshold"]
    data = arrayprint._leading_trailing(value, options["edgeitems"]) if summarised else value
    formatter = None
    if value.dtype in (np.float16, np.float32, np.complex64) and value.size:
        parts = (data,) if value.dtype.kind == "f" else (data.real, data.imag)
        if any(_numpy23_sci(part) for part in parts):

            class Format(arrayprint.FloatingFormat):
                def fillFormat(self, d: np.ndarray) -> None:
                    self.exp_format = self.exp_format or _numpy23_sci(d)
                    super().fillFormat(d)

            args = (options["precision"], options["floatmode"], options["suppress"])
            legacy = sys.maxsize  # NumPy's internal value for "no legacy mode"
            if value.dtype.kind == "f":
                formatter = {"float_kind": Format(data, *args, sign=options["sign"], legacy=legacy)}
            else:
                fmt = arrayprint.ComplexFloatingFormat(data, *args, sign=options["sign"], legacy=legacy)
                fmt.real_format = Format(data.real, *args, sign=options["sign"], legacy=legacy)
                fmt.imag_format = Format(data.imag, *args, sign="+", legacy=legacy)
                formatter = {"complex_kind": fmt}
    if not is_repr:
        return str(value) if formatter is None else np.array2string(value, separator=" ", formatter=formatter)
    if formatter is None and not (summarised and _NUMPY_VERSION < (2, 2)):
        return repr(value)
    prefix, width = "array(", options["linewidth"]
    body = prefix + np.array2string(value, width, separator=", ", prefix=prefix, suffix=")", formatter=formatter)
    extras = [f"shape={value.shape}"] if summarised else []
    if not arrayprint.dtype_is_implied(value.dtype):
        extras.append(f"dtype={arrayprint.dtype_short_repr(value.dtype)}")
    if not extras:
        return body + ")"
    extra = ", ".join(extras) + ")"
    last_line = len(body) + 1 - (body.rfind("\n") + 1)
    return body + "," + ("\n" + " " * len(prefix) if last_line + len(extra) + 1 > width else " ") + extra


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


_wrap_py, _wrap_as_py = _wrap, _wrap_as  # (tests compare them with the C twins)
if native.eager is not None:  # the C twins (tfshim/_eager.c wrap, wrap_as): ~0.5 us less per op
    native.eager.setup(eager_tensor=EagerTensor, ndarray=np.ndarray, asarray=np.asarray, by_np=dtypes._BY_NP,
                       from_numpy=dtypes.from_numpy, next_id=_next_id)
    _wrap, _wrap_as = native.eager.wrap, native.eager.wrap_as  # noqa: F811


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
    """TF: tf.is_tensor. True for tensors, variables and composite tensors (SparseTensor, ...)."""
    return is_tensor_like(x) or getattr(type(x), "_tf_native_object", False)
