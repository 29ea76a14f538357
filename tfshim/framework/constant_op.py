"""tf.constant and tf.convert_to_tensor: TF's conversion of Python and NumPy values.

TF infers dtypes in C++ (python/lib/core/py_seq_tensor.cc): Python floats are
float32, ints int32 (int64 when out of range), NumPy arrays keep their dtype, and
a requested dtype never silently truncates a Python float.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.dtypes import DType
from tfshim.framework.indexed_slices import IndexedSlices
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.util.tf_export import tf_export

_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1
_UINT64_MAX = 2**64 - 1
# TF's Python-scalar converter has bool paths to these dtypes only through int32/int64/uint64/float/complex128:
# True converts to tf.float16 or tf.int32 but not to tf.uint8 or tf.complex64 (measured on TF 2.21).
_NO_BOOL_CONVERSION = (dtypes.int8, dtypes.int16, dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.complex64)
_F32_MAX = float(np.finfo(np.float32).max)


def _unsupported(value: Any) -> ValueError:
    return ValueError(
        f"Attempt to convert a value ({value!r}) with an unsupported type ({type(value)!r}) to a Tensor."
    )


def _cannot_convert(value: Any, dtype: DType) -> TypeError:
    return TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype._cname}")


# Leaf kinds, in TF's order of precedence for a Python sequence.
_BOOL, _INT, _FLOAT, _COMPLEX, _STR = range(5)


def _leaf_kind(x: Any) -> tuple[int, Any]:
    """(kind, explicit numpy float dtype or None) of one Python/NumPy scalar."""
    if isinstance(x, (bool, np.bool_)):
        return _BOOL, None
    if isinstance(x, np.floating):
        return _FLOAT, x.dtype
    if isinstance(x, numbers.Integral):
        return _INT, None
    if isinstance(x, numbers.Real):
        return _FLOAT, None
    if isinstance(x, numbers.Complex):
        return _COMPLEX, None
    if isinstance(x, (str, bytes)):
        return _STR, None
    raise _unsupported(x)


def _flatten_rectangular(value: Any) -> tuple[list, tuple]:
    """Flattens a nested Python sequence as TF's converter does: the shape from the first element at each level,
    then every element checked against it (a sequence where a scalar belongs is "mixed types"; nothing is read
    below a zero-length dimension)."""
    shape = []
    v = value
    while isinstance(v, (list, tuple)):
        shape.append(len(v))
        if not v:
            break
        v = v[0]
    flat: list = []

    def fill(v: Any, depth: int) -> None:
        if depth == len(shape):
            if isinstance(v, (list, tuple)):
                raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
            flat.append(v)
            return
        if 0 in shape[depth:]:
            return
        if not isinstance(v, (list, tuple)) or len(v) != shape[depth]:
            raise ValueError("Can't convert non-rectangular Python sequence to Tensor.")
        for e in v:
            fill(e, depth + 1)

    fill(value, 0)
    return flat, tuple(shape)


def _contains_tensor(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_contains_tensor(v) for v in value)
    from tfshim.framework.variables import Variable

    return isinstance(value, (Tensor, Variable))


def _python_to_numpy(value: Any, dtype: DType | None) -> tuple[np.ndarray, DType]:
    """Converts a Python scalar or nested sequence as TF's C++ converter does."""
    if isinstance(value, range):
        value = list(value)
    flat, shape = _flatten_rectangular(value)
    kinds = [_leaf_kind(x) for x in flat]
    kind_set = {k for k, _ in kinds}
    # TF infers the dtype from the first element: a bool after a number reads as an int, a number after a bool is
    # mixed (unless a numeric dtype is asked for and all are bools and ints); strings mix with nothing
    if len(kind_set) > 1 and (_STR in kind_set or (kinds[0][0] == _BOOL and (
            dtype is None or dtype.is_bool or not kind_set <= {_BOOL, _INT}))):
        raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
    kind = max(kind_set) if kind_set else _FLOAT
    if not flat:
        dtype = dtype or dtypes.float32
    elif dtype is None:
        if kind == _BOOL:
            dtype = dtypes.bool
        elif kind == _INT:
            ints = [int(x) for x in flat]
            if all(_INT32_MIN <= i <= _INT32_MAX for i in ints):
                dtype = dtypes.int32
            elif all(_INT64_MIN <= i <= _INT64_MAX for i in ints):
                dtype = dtypes.int64
            else:
                raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        elif kind == _FLOAT:
            np_floats = [d for _, d in kinds if d is not None]
            dtype = dtypes.from_numpy(max(np_floats, key=lambda d: d.itemsize)) if np_floats else dtypes.float32
            if dtype is dtypes.float32 and any(abs(float(x)) > _F32_MAX and np.isfinite(float(x)) for x in flat):
                raise ValueError(
                    "Can't convert Python sequence with a value out of range for a double-precision float."
                )
        elif kind == _COMPLEX:
            dtype = dtypes.complex128
        else:
            dtype = dtypes.string
    else:
        if (dtype is dtypes.string or dtype.is_bool) and kind == _INT and not all(
                _INT64_MIN <= int(x) <= _INT64_MAX for x in flat):  # read as int64 first, as for any dtype
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        if dtype is dtypes.string:
            if kind != _STR and flat:
                raise _cannot_convert(value, dtype)
        elif kind == _STR:
            raise _cannot_convert(value, dtype)
        elif dtype.is_bool:
            if kind != _BOOL and flat:
                raise _cannot_convert(value, dtype)
        elif dtype.is_integer:
            if kind > _INT or (kind == _BOOL and dtype in _NO_BOOL_CONVERSION):
                raise _cannot_convert(value, dtype)
        elif dtype.is_quantized:  # from Python ints only (TF refuses True and 1.5)
            if kind != _INT and flat:
                raise _cannot_convert(value, dtype)
        elif dtype.is_floating:
            if kind > _FLOAT:
                raise _cannot_convert(value, dtype)
        elif not dtype.is_complex or (kind == _BOOL and dtype in _NO_BOOL_CONVERSION):
            raise _cannot_convert(value, dtype)
    if dtype is dtypes.string:
        arr = np.empty(len(flat), dtype=object)
        arr[:] = [x.encode("utf-8") if isinstance(x, str) else bytes(x) for x in flat]
        return arr.reshape(shape), dtype
    if (dtype.is_integer or dtype.is_complex or dtype.is_quantized) and kind == _INT:
        # TF's converter reads Python ints as int64 (uint64 as uint64) before casting: beyond that range it
        # refuses, whatever the target dtype (`tf.constant([1, 2]) + 2**64` raises).
        ints = [int(x) for x in flat]
        if dtype is dtypes.uint64:
            if any(not 0 <= i <= _UINT64_MAX for i in ints):  # TF 2.21's converter fails with this internal error
                raise SystemError("<class 'tensorflow.python.framework.ops.EagerTensor'> returned a result with an "
                                  "exception set")
        elif not all(_INT64_MIN <= i <= _INT64_MAX for i in ints):
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if dtype.is_integer or dtype.is_quantized:
        # Python ints wrap, as TF's conversion does (300 -> int8 44).
        arr = np.array([int(x) for x in flat], dtype=object)
        bits = dtype.size * 8
        arr = np.array([int(x) & ((1 << bits) - 1) for x in arr], dtype=np.uint64 if bits == 64 else np.int64)
        if dtype.is_quantized:
            return arr.astype(dtype._np[0]).view(dtype._np).reshape(shape), dtype
        return arr.astype(dtype.as_numpy_dtype).reshape(shape), dtype
    with np.errstate(over="ignore", invalid="ignore"):
        arr = np.array(flat, dtype=dtype.as_numpy_dtype).reshape(shape)
    return arr, dtype


def _numpy_to_tensor_value(value: np.ndarray, dtype: DType | None) -> tuple[np.ndarray, DType]:
    if value.dtype.kind in "SUO":
        flat = [x.encode("utf-8") if isinstance(x, str) else x for x in value.ravel().tolist()]
        bad = next((x for x in flat if not isinstance(x, bytes)), None)
        if bad is not None:
            raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                             f"{type(bad).__name__}).")
        arr = np.empty(len(flat), dtype=object)
        arr[:] = flat
        src = dtypes.string
        value = arr.reshape(value.shape)
    else:
        src = dtypes.from_numpy(value.dtype)
    if dtype is None or dtype is src:
        return value.copy(), src
    if dtype is dtypes.string:  # TF reads the array's elements as strings
        if not value.size:
            return np.empty(value.shape, dtype=object), dtype
        raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                         f"{type(value.flat[0].item()).__name__}).")
    if (dtype is dtypes.string) != (src is dtypes.string):
        raise _cannot_convert(value, dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        if dtype.is_quantized or src.is_quantized:  # between a quantized type's integers and other numbers
            if src.is_quantized:
                value = value.view(src._np[0])
            if not dtype.is_quantized:
                return value.astype(dtype.as_numpy_dtype), dtype
            if value.dtype.kind == "c":
                raise _cannot_convert(value, dtype)
            return value.astype(dtype._np[0]).view(dtype._np), dtype
        return value.astype(dtype.as_numpy_dtype), dtype


def _scalar_fast_path(value: Any, dtype: DType | None) -> Tensor | None:
    """Python float/int scalars into float or int32 tensors, the common case of `x * 2.0`.
    Returns None where the general converter must decide (and raise TF's errors)."""
    if dtype is not None and dtype._np is None:
        return None  # bfloat16, resource, variant: the general path refuses them
    t = type(value)
    if t is float:
        if dtype is None:
            if abs(value) > _F32_MAX and value == value and abs(value) != float("inf"):
                return None
            dtype = dtypes.float32
        elif not dtype.is_floating:
            return None
    elif t is int:
        if dtype is None:
            if not _INT32_MIN <= value <= _INT32_MAX:
                return None
            dtype = dtypes.int32
        elif not (dtype.is_floating or (dtype in (dtypes.int32, dtypes.int64) and _INT32_MIN <= value <= _INT32_MAX)):
            return None
    else:
        return None
    if dtype is dtypes.int32 or dtype is dtypes.float64 or (dtype is dtypes.float32 and not abs(value) > _F32_MAX):
        return _wrap_as(np.array(value, dtype=dtype._np), dtype)  # cannot overflow: no error-state switch (~3 us)
    with np.errstate(over="ignore"):
        return _wrap_as(np.array(value, dtype=dtype._np), dtype)


def _first_tensor_dtype(values: Any) -> DType | None:
    """TF: array_ops._get_dtype_from_nested_lists (depth first)."""
    for v in values:
        if isinstance(v, (list, tuple)):
            d = _first_tensor_dtype(v)
            if d is not None:
                return d
        elif _contains_tensor(v):
            return v.dtype
    return None


def _autopack_conversion(value: Any, dtype: DType | None, name: Any) -> Tensor:
    """TF: array_ops._autopacking_conversion_function. A (nested) list holding tensors is packed; with a `dtype`
    other than the first tensor's, every tensor in it is cast first."""
    inferred = _first_tensor_dtype(value)
    if dtype is None:
        dtype = inferred
    elif dtype is not inferred:
        from tfshim.ops.math_ops import cast

        def cast_all(v: Any) -> Any:
            if isinstance(v, (list, tuple)):
                return [cast_all(e) for e in v]
            return cast(v, dtype) if _contains_tensor(v) and v.dtype is not dtype else v

        value = cast_all(value)
    return _autopack(value, dtype, name or "packed")


def _autopack(values: Any, dtype: DType, name: str) -> Any:
    """TF: array_ops._autopacking_helper (eager): a list of only tensors is one Pack named `name`; otherwise nested
    lists are packed first (named by their index), the other values become constants of `dtype`, and the Pack
    is unnamed (eager name scopes are empty)."""
    from tfshim.ops.array_ops import pack

    if all(_contains_tensor(v) and not isinstance(v, (list, tuple)) for v in values):
        return pack(list(values), name=name)
    must_pack, converted = False, []
    for i, elem in enumerate(values):
        if isinstance(elem, (list, tuple)):
            elem = _autopack(elem, dtype, str(i))
            must_pack = must_pack or isinstance(elem, Tensor)
        elif _contains_tensor(elem):
            if elem.dtype is not dtype:
                raise TypeError(f"Cannot convert a list containing a tensor of dtype {elem.dtype} to {dtype} "
                                f"(Tensor is: {elem!r})")
            must_pack = True
        converted.append(elem)
    if not must_pack:
        return converted
    return pack([e if _contains_tensor(e) else constant(e, dtype=dtype) for e in converted], name="")


def _to_tensor(value: Any, dtype: DType | None, name: Any = None) -> Tensor:
    """Converts a non-Tensor value, with `dtype` required if given."""
    fast = _scalar_fast_path(value, dtype)
    if fast is not None:
        return fast
    if isinstance(value, np.ndarray):
        arr, d = _numpy_to_tensor_value(value, dtype)
    elif isinstance(value, np.generic):
        arr, d = _numpy_to_tensor_value(np.asarray(value), dtype)
    elif isinstance(value, TensorShape):
        arr, d = _python_to_numpy(value.as_list(), dtype or dtypes.int32)
    elif isinstance(value, (list, tuple)) and _contains_tensor(value):
        return _autopack_conversion(value, dtype, name)
    elif value is None or isinstance(value, (dict, set)):
        raise _unsupported(value)
    else:
        arr, d = _python_to_numpy(value, dtype)
    return _wrap_as(arr, d)


class _NoVariableYet:
    """Stands for tf.Variable until tfshim.framework.variables (which imports this module) defines it."""


_Variable: Any = _NoVariableYet  # tfshim.framework.variables sets the Variable class here once it is defined


@tf_export("convert_to_tensor")
def convert_to_tensor(value: Any, dtype: Any = None, dtype_hint: Any = None, name: Any = None) -> Tensor:
    """TF: tf.convert_to_tensor. `dtype` is a requirement, `dtype_hint` a preference."""
    if isinstance(value, Tensor):
        if dtype is not None and value._dtype is not dtypes.as_dtype(dtype):
            msg = (f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for Tensor with dtype "
                   f"{value._dtype.name}: {value!r}")
            raise ValueError(msg if name is None else f"{name}: {msg}")  # TF: _add_error_prefix
        return value
    if isinstance(value, _Variable):
        if dtype is not None and value._dtype is not dtypes.as_dtype(dtype):  # TF: _dense_var_to_tensor
            raise ValueError(f"Incompatible type conversion requested to type {dtypes.as_dtype(dtype).name} for "
                             f"`tf.Variable of type {value._dtype.name}. (Variable: {value!r})")
        return value.value()
    if isinstance(value, IndexedSlices):  # TF: _indexed_slices_to_tensor (a gradient made dense)
        return value._to_tensor(dtype)
    if dtype is not None:
        return _to_tensor(value, dtypes.as_dtype(dtype), name)
    if dtype_hint is not None:
        try:
            return _to_tensor(value, dtypes.as_dtype(dtype_hint), name)
        except (TypeError, ValueError):
            pass
    return _to_tensor(value, None, name)




def match_inputs(values: Any, allowed: Any = None, default: Any = None, slow: bool | None = None,
                 convert_tensors: bool = False) -> list:
    """TF: execute.args_to_matching_eager. Non-tensors take the dtype of the first tensor
    (or of the first value), strictly: `tf.constant(1) * 1.5` is a TypeError. With no tensor among them, a value
    whose own dtype is not in `allowed` converts to `default` (the type attr's default) where it can.
    `convert_tensors`: tensors of another dtype convert too (TF's slow path after its fast path failed: a
    ValueError)."""
    if slow is None:  # `slow`: whether the op's call takes TF's slow path (see ops.op._took_slow_path)
        slow = any(isinstance(v, (list, tuple, str, bytes)) for v in values)
    if not slow:
        # TF's eager fast path (no Python sequence or string among the inputs) reads a variable as the tensor it
        # holds: it fixes the dtype like any tensor, and a dtype mismatch is the kernel's input check
        values = [v.value() if isinstance(v, _Variable) else v for v in values]
    dtype = None
    for v in values:
        if isinstance(v, Tensor):  # slow path: only eager tensors fix the dtype, a Variable converts like a value
            dtype = v._dtype
            break
    all_tensors = all(isinstance(v, Tensor) for v in values)
    out = []
    for v in values:
        if isinstance(v, _Variable):
            if dtype is not None and v._dtype is not dtype:
                raise ValueError(f"Incompatible type conversion requested to type {dtype.name} for `tf.Variable of "
                                 f"type {v._dtype.name}. (Variable: {v!r})")
            v = v.value()
        elif isinstance(v, Tensor):
            if dtype is not None and v._dtype is not dtype and (convert_tensors or (slow and not all_tensors)):
                # TF's slow path converts every input to the first tensor's dtype (a ValueError for a tensor),
                # unless all are tensors (then the kernel checks)
                v = convert_to_tensor(v, dtype)
        else:
            t = None
            if dtype is None and allowed:
                try:
                    t = convert_to_tensor(v)
                except (TypeError, ValueError):  # TF's fast path converts such a value (2**64) to the default
                    t = None
                if t is not None and t._dtype not in allowed:
                    t = None
            v = t if t is not None else convert_to_tensor(v, dtype, dtype_hint=default)
        if dtype is None:
            dtype = v._dtype
        out.append(v)
    return out


def convert_index_input(value: Any, slow: bool = False) -> Tensor:
    """An op input typed by an int32/int64 type attr (an axis, a dim), converted as TF's eager fast path does: a
    tensor (or variable) as it is, a Python float strictly to int32 (1.5 is a TypeError), anything else to int32
    where it converts, else to its own dtype (a string, a list of floats), which then fails the attr check.
    On TF's slow path (`slow`: a list or string among the op's inputs) a Python float converts like a list."""
    if hasattr(value, "assign"):
        return value.value()
    if isinstance(value, Tensor):
        return value
    if isinstance(value, float) and not slow:
        return convert_to_tensor(value, dtypes.int32)
    if isinstance(value, (list, tuple)):  # TF's slow path (args_to_matching_eager) keeps an inferred int64
        t = convert_to_tensor(value)
        if t._dtype is dtypes.int64:
            return t
    try:
        return convert_to_tensor(value, dtypes.int32)
    except (TypeError, ValueError):
        return convert_to_tensor(value)


@tf_export("constant")
def constant(value: Any, dtype: Any = None, shape: Any = None, name: str = "Const") -> Tensor:
    """TF: tf.constant. `shape=` fills from a scalar or reshapes an equal-sized value."""
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    if isinstance(value, Tensor):
        if dtype is not None and value._dtype is not dtype:
            raise TypeError(
                f"Expected tensor {value._numpy()} with dtype {dtype!r}, but got dtype {value._dtype!r}."
            )
        t = value
    else:
        t = convert_to_tensor(value, dtype)
    if shape is None:
        return t if t is not value else _wrap_as(t._value, t._dtype)
    shape = tuple(TensorShape(shape).as_list())
    n = int(np.prod(shape, dtype=np.int64))
    v = t._value
    if v.size == n:
        return _wrap_as(v.reshape(shape), t._dtype)
    if v.size == 1:
        return _wrap_as(np.full(shape, v.reshape(()), dtype=v.dtype), t._dtype)
    raise TypeError(
        f"Eager execution of tf.constant with unsupported shape. Tensor {t._numpy()} (converted from {value!r}) "
        f"has {v.size} elements, but got `shape` {shape} with {n} elements)."
    )
